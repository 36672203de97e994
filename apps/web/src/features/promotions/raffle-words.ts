import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api/api-error';
import { type Countdown, countdownOf } from '../../lib/bonus/bonus-progress';
import { spinRuleLineOf } from '../../lib/bonus/spin-rule';
import { formatMoney } from '../../lib/format';
import { centavosToWire, toCentavos } from '../../lib/money';
import type { PromotionDetail, PromotionRules } from './api/promotions';
import type { RafflePrize, RafflePrizeTier, RaffleView, RaffleWinner } from './api/raffle';

// A raffle in the member's words and numbers (docs/promotions.md "Raffles"): how tickets come, the
// prizes by place, the way to the next ticket, the draw's moment and each prize's claim.

type Words = { t: TFunction; symbol: string };

/** Ticket numbers shown as chips; the rest are counted ("and 12 more"). */
export const SHOWN_TICKETS_MAX = 20;
/** Winners listed before "Show all"; the member's own are listed as well. */
export const SHOWN_WINNERS_MAX = 20;
/** While a joined member looks at an open raffle, their tickets are read again this often. */
export const TICKETS_POLL_MS = 60_000;
/** Once the draw is due, the detail is read again this often until it shows the winners. */
export const DRAW_DUE_POLL_MS = 30_000;

function gameNamesOf(gameTypes: readonly string[], t: TFunction): string {
  return gameTypes.map((gameType) => t(`games.${gameType}`, { defaultValue: gameType })).join(', ');
}

/** How a raffle's tickets are earned and its prizes claimed, a sentence each. */
export function raffleRulesLinesOf(rules: PromotionRules, words: Words): string[] {
  const { t, symbol } = words;
  const isByDeposit = rules.ticketBy === 'deposit';
  const lines: string[] = [];
  if (rules.ticketEvery) {
    lines.push(
      t(isByDeposit ? 'promotions.raffle.rules.ticketPerDeposit' : 'promotions.raffle.rules.ticketPerBet', {
        amount: formatMoney(rules.ticketEvery, symbol),
      }),
    );
  }
  if (rules.maxTickets) lines.push(t('promotions.raffle.rules.maxTickets', { count: rules.maxTickets }));
  if (!isByDeposit && rules.gameTypes && rules.gameTypes.length > 0) {
    lines.push(t('promotions.raffle.rules.gameTypes', { games: gameNamesOf(rules.gameTypes, t) }));
  }
  const spinRule = spinRuleLineOf(rules, words);
  if (spinRule) lines.push(spinRule);
  lines.push(
    t(isByDeposit ? 'promotions.raffle.rules.afterJoinDeposit' : 'promotions.raffle.rules.afterJoinBet'),
  );
  lines.push(t('promotions.raffle.rules.draw'));
  if (rules.claimDays) lines.push(t('promotions.raffle.rules.claimDays', { count: rules.claimDays }));
  return lines;
}

/** A tier of the prize table: the places it covers, how many prizes, each prize's amount. */
export type PrizeRow = { rankFrom: number; rankTo: number; count: number; amount: string };

export function prizeRowsOf(prizes: readonly RafflePrizeTier[]): PrizeRow[] {
  return prizes.map((tier) => ({
    rankFrom: tier.rank,
    rankTo: tier.rank + tier.count - 1,
    count: tier.count,
    amount: tier.amount,
  }));
}

/** Every prize's amount added up, as a wire amount. */
export function prizePoolOf(prizes: readonly RafflePrizeTier[]): string {
  const total = prizes.reduce((sum, tier) => sum + (toCentavos(tier.amount) ?? 0n) * BigInt(tier.count), 0n);
  return centavosToWire(total);
}

/** A tier's places in words: "1", "2–4". */
export function placesOf(row: Pick<PrizeRow, 'rankFrom' | 'rankTo'>): string {
  return row.rankFrom === row.rankTo ? String(row.rankFrom) : `${row.rankFrom}–${row.rankTo}`;
}

export type TicketProgress = {
  /** Whole percent of the way from the last ticket to the next, floored. */
  percent: number;
  /** Centavos still to count before the next ticket. */
  leftMinor: bigint;
};

/**
 * The way to the member's next ticket: from the amount that earned the last one (the next one's
 * amount less one ticket's) to the next one's.
 */
export function ticketProgressOf(
  progress: { counted: string; nextTicketAt: string },
  ticketEvery: string,
): TicketProgress | null {
  const counted = toCentavos(progress.counted);
  const next = toCentavos(progress.nextTicketAt);
  const every = toCentavos(ticketEvery);
  if (counted === null || next === null || every === null || every <= 0n) return null;
  const left = next > counted ? next - counted : 0n;
  const done = left > every ? 0n : every - left;
  return { percent: Number((done * 100n) / every), leftMinor: left };
}

/** The member's ticket numbers to show as chips, and how many more they hold. */
export function shownTicketsOf(
  raffle: Pick<RaffleView, 'myTickets' | 'myTicketCount'>,
  max = SHOWN_TICKETS_MAX,
): { shown: string[]; moreCount: number } {
  const shown = raffle.myTickets.slice(0, max);
  return { shown, moreCount: Math.max(0, raffle.myTicketCount - shown.length) };
}

/**
 * The winners to list, by place: the first `max`, and the member's own further down, unless all
 * are asked for.
 */
export function shownWinnersOf(
  winners: readonly RaffleWinner[],
  isAll: boolean,
  max = SHOWN_WINNERS_MAX,
): RaffleWinner[] {
  const byRank = [...winners].sort((left, right) => left.rank - right.rank);
  if (isAll) return byRank;
  return byRank.filter((winner, index) => index < max || winner.mine);
}

/** Where the draw stands: to come (with the time left), due and being made, or made. */
export type DrawMoment =
  | { kind: 'upcoming'; countdown: Countdown }
  | { kind: 'due' }
  | { kind: 'drawn'; drawnAt: string }
  | { kind: 'withdrawn' };

export function drawMomentOf(
  raffle: Pick<RaffleView, 'drawAt' | 'drawnAt' | 'withdrawn'>,
  now: Date,
): DrawMoment {
  if (raffle.drawnAt) return { kind: 'drawn', drawnAt: raffle.drawnAt };
  if (raffle.withdrawn) return { kind: 'withdrawn' };
  const countdown = countdownOf(raffle.drawAt, now);
  return countdown ? { kind: 'upcoming', countdown } : { kind: 'due' };
}

/** What the member may do about a prize: claim it, or nothing more (claimed, or too late). */
export type PrizeClaimState = 'claimable' | 'claimed' | 'expired';

/**
 * A prize's claim as the member can act on it: a prize still `won` whose time has passed reads as
 * expired before the server's job marks it so.
 */
export function prizeClaimStateOf(
  prize: Pick<RafflePrize, 'status' | 'claimBy'>,
  now: Date,
): PrizeClaimState {
  if (prize.status === 'claimed') return 'claimed';
  if (prize.status === 'expired') return 'expired';
  return new Date(prize.claimBy).getTime() > now.getTime() ? 'claimable' : 'expired';
}

/** The failures of a claim that have words of their own (docs/promotions.md "Claiming"). */
const claimFailureReasons = ['PRIZE_CLAIMED', 'PRIZE_EXPIRED', 'BUDGET_EXHAUSTED', 'NOT_MARKETABLE'] as const;

/**
 * The locale key of a refused claim's reason, or null where the server's own message says it (a
 * network failure, a validation). The server answers these as a generic CONFLICT or FORBIDDEN
 * with `value.reason`.
 */
export function claimFailureKeyOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'NOT_FOUND') return 'promotions.raffle.claimFailed.NOT_FOUND';
  const reason = (error.value as { reason?: unknown } | undefined)?.reason;
  return claimFailureReasons.some((known) => known === reason)
    ? `promotions.raffle.claimFailed.${String(reason)}`
    : null;
}

/**
 * How often an open detail is read again: while the draw is due, until it shows the winners; while
 * a joined member waits for tickets, now and then; otherwise never.
 */
export function raffleRefetchMsOf(
  detail: Pick<PromotionDetail, 'state' | 'raffle'> | undefined,
  now: Date,
): number | false {
  const raffle = detail?.raffle;
  if (!raffle || raffle.drawnAt || raffle.withdrawn) return false;
  if (new Date(raffle.drawAt).getTime() <= now.getTime()) return DRAW_DUE_POLL_MS;
  return detail.state === 'JOINED' ? TICKETS_POLL_MS : false;
}
