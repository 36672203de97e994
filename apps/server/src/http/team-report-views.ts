import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import {
  DATE_PRESETS,
  type DatePreset,
  type DayRange,
  lengthOf,
  REPORT_DAYS_MAX,
  rangeOfPreset,
} from '../modules/report/date-range.ts';
import type { BetFigures, TeamOverview } from '../modules/report/team-report.service.ts';
import { AppError } from '../platform/errors/errors.ts';
import { Nullable, StringOf } from './wps/system/system-schemas.ts';
import { DayRangeFields } from './wps/wps-schemas.ts';

/**
 * The wire of an agent's team reports, shared by the agent centre (/wps/agent/overview,
 * /profit-loss) and the back office (/bo/agents/:id/overview, /profit-loss/…): one computation
 * (team-report.service.ts) and one shape, so that both read the same figures.
 */

export const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['100.00'] });
export const SignedMoney = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['-50.00'] });

export const ReportRangeFields = {
  /** A date preset of spec §9 in the merchant's days; else `from` and `to` (the last 30 days when neither). */
  preset: Type.Optional(StringOf(DATE_PRESETS)),
  ...DayRangeFields,
};

const CountAndAmount = Type.Object({ count: Type.Integer(), amount: Money });

const OverviewDay = Type.Object({
  day: Type.String(),
  validBet: Money,
  /** The team's result: win less stake, negative when the house won. */
  profitLoss: SignedMoney,
  deposits: Money,
  withdrawals: Money,
});

export const TeamOverviewView = Type.Object({
  /** Every member below the agent now, at any depth (the agent not counted). */
  teamSize: Type.Integer(),
  /** Team members who registered in the range. */
  newMembers: Type.Integer(),
  /** Team members with bets settled in the range. */
  activeMembers: Type.Integer(),
  /** Team members whose first credited deposit ever was credited in the range. */
  firstDeposits: CountAndAmount,
  /** Credited deposits of the team, by credit time. */
  deposits: CountAndAmount,
  /** Paid withdrawals of the team, by payout time. */
  withdrawals: CountAndAmount,
  validBet: Money,
  /** The team's result over the range: win less stake, negative when the house won. */
  teamProfitLoss: SignedMoney,
  /** Every day of the range, oldest first, for the chart. */
  days: Type.Array(OverviewDay),
  /**
   * Up to when the betting figures are complete (the team rollups are rebuilt every minute); null
   * before the first rebuild.
   */
  asOf: Nullable(Type.String({ format: 'date-time' })),
  /** The days the figures cover, in the merchant's time zone. */
  from: Type.String(),
  to: Type.String(),
});

export const FigureFields = {
  betCount: Type.Integer(),
  validBet: Money,
  stake: Money,
  /** What the bets paid back. */
  payout: Money,
  /** Payout less stake: the members' result, negative when the house won. */
  profitLoss: SignedMoney,
};

export const GameTypeFiguresView = Type.Object({
  /** The lobby's game type code; the client shows its translated name. */
  gameType: Type.String(),
  ...FigureFields,
});

export function figuresView(figures: BetFigures) {
  return {
    betCount: figures.betCount,
    validBet: formatAmount(figures.validBetMinor),
    stake: formatAmount(figures.stakeMinor),
    payout: formatAmount(figures.winMinor),
    profitLoss: formatAmount(figures.winMinor - figures.stakeMinor),
  };
}

export function teamOverviewView(overview: TeamOverview, range: DayRange) {
  const countAndAmount = (moved: { count: number; amountMinor: bigint }) => ({
    count: moved.count,
    amount: formatAmount(moved.amountMinor),
  });
  return {
    teamSize: overview.teamSize,
    newMembers: overview.newMembers,
    activeMembers: overview.activeMembers,
    firstDeposits: countAndAmount(overview.firstDeposits),
    deposits: countAndAmount(overview.deposits),
    withdrawals: countAndAmount(overview.withdrawals),
    validBet: formatAmount(overview.validBetMinor),
    teamProfitLoss: formatAmount(overview.profitLossMinor),
    days: overview.days.map((day) => ({
      day: day.day,
      validBet: formatAmount(day.validBetMinor),
      profitLoss: formatAmount(day.profitLossMinor),
      deposits: formatAmount(day.depositMinor),
      withdrawals: formatAmount(day.withdrawalMinor),
    })),
    asOf: overview.asOf?.toISOString() ?? null,
    from: range.from,
    to: range.to,
  };
}

/**
 * The days a report query asks for: its preset, else both its days (at most REPORT_DAYS_MAX, the
 * first not after the last), else the last 30 days, in the merchant's time zone.
 */
export function reportRangeOf(
  query: { preset?: DatePreset | undefined; from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date,
): DayRange {
  if (query.preset) return rangeOfPreset(query.preset, timeZone, now);
  if (!query.from && !query.to) return rangeOfPreset('past30Days', timeZone, now);
  if (
    !query.from ||
    !query.to ||
    query.from > query.to ||
    lengthOf({ from: query.from, to: query.to }) > REPORT_DAYS_MAX
  ) {
    throw new AppError('VALIDATION', { value: { fields: { from: 'range' } } });
  }
  return { from: query.from, to: query.to };
}
