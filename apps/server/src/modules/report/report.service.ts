import type { Kysely } from 'kysely';
import { PLAYER_REWARD_CODES } from '../../db/reward-codes.ts';
import type { Database, MemberType } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import {
  type DatePreset,
  type DayRange,
  daysOf,
  lengthOf,
  REPORT_DAYS_MAX,
  rangeOfPreset,
} from './date-range.ts';
import { listOverdueVendorRounds } from './overdue-vendor-rounds.repository.ts';
import {
  countLoginsByDay,
  countRegistrationsByDay,
  findMerchantsInScope,
  type ReportWindow,
  sumCreditedDepositsByDay,
  sumFirstDepositsByDay,
  sumGgrByDay,
  sumHousePayoutsByDay,
  sumPaidWithdrawalsByDay,
  sumSettledRoundsByDay,
  sumSettledRoundsByGameType,
  sumSettledRoundsByVendor,
  sumSettledRoundsOfTopGames,
} from './report.repository.ts';

/** Reports: read-only queries over a range of days, each day in the merchant's own time zone. */
export type ReportService = ReturnType<typeof createReportService>;

/** What every report is asked for: whose merchants, and which days (a preset, or from and to). */
export type ReportRequest = {
  scope: readonly string[] | null;
  preset?: DatePreset | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export type PlayerActivityRow = {
  day: string;
  merchantId: string;
  merchantCode: string;
  registrations: number;
  logins: number;
  activePlayers: number;
};

export type MoneyRow = {
  day: string;
  merchantId: string;
  merchantCode: string;
  deposits: number;
  depositsMinor: bigint;
  firstDeposits: number;
  firstDepositsMinor: bigint;
  withdrawals: number;
  withdrawalsMinor: bigint;
  /** Deposits less withdrawals paid. */
  netMinor: bigint;
  /** Gross gaming revenue of the rounds settled that day: bets less wins (as the game report). */
  ggrMinor: bigint;
  /**
   * Rewards the house paid players that day (PLAYER_REWARD_CODES: bonuses granted, cashback,
   * prizes), less what came back (bonuses forfeited); a conversion to cash is not counted again.
   */
  bonusesMinor: bigint;
  /** Net gaming revenue: GGR less the rewards paid. */
  ngrMinor: bigint;
  /**
   * Agents' salary and dividends paid that day. Shown beside NGR, not taken from it: it is the
   * cost of the agent channel, not a reward to the players whose play made the GGR.
   */
  agentPayMinor: bigint;
};

/** Ledger codes of money the house gives agents (shown apart); players' rewards come off NGR. */
const AGENT_PAY_CODES = ['salary', 'dividend'] as const;

const TRIAL_TYPE: MemberType = 4;

/** How the game report groups settled rounds: per day, per game type, per vendor, or top games. */
export const GAME_REPORT_GROUPS = ['day', 'gameType', 'vendor', 'game'] as const;
export type GameReportGroup = (typeof GAME_REPORT_GROUPS)[number];
/** The top-games view lists this many games, largest bets first. */
export const TOP_GAMES_MAX = 20;

/** What names a group of the game report other than its day: the game type, the vendor, or the game. */
type GameGroup = Pick<GameReportRow, 'gameType' | 'vassalage' | 'vendorName' | 'nodeId' | 'gameName'>;

/** Settled rounds' sums as the database answers them (text, for BigInt). */
type SettledTotals = { bets: string; wins: string; rounds: string; players: string };

export type GameReportRow = {
  merchantId: string;
  merchantCode: string;
  /** Set per grouping: the day, the game type, the vendor (code and name), or the game. */
  day?: string;
  gameType?: string;
  vassalage?: string;
  vendorName?: string;
  nodeId?: string;
  gameName?: string;
  betsMinor: bigint;
  winsMinor: bigint;
  /** Gross gaming revenue: bets less wins. */
  ggrMinor: bigint;
  rounds: number;
  players: number;
};

export function createReportService(deps: { db: Kysely<Database>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The range asked for: a preset, or from/to (checked and bounded), in the time zone given. */
  function resolveRange(
    input: { preset?: DatePreset | undefined; from?: string | undefined; to?: string | undefined },
    timeZone: string,
  ): DayRange {
    const range =
      input.from && input.to
        ? { from: input.from, to: input.to }
        : rangeOfPreset(input.preset ?? 'past7Days', timeZone, now());
    const length = lengthOf(range);
    if (length < 1 || length > REPORT_DAYS_MAX) {
      throw new AppError('VALIDATION', {
        value: { fields: { to: `a range of 1 to ${REPORT_DAYS_MAX} days` } },
      });
    }
    return range;
  }

  /**
   * The merchants a report covers and its range of days. Presets are read in the first merchant's
   * time zone (a platform owner across time zones picks explicit dates when that matters). Each
   * row's day is counted in its merchant's time zone; the UTC bounds, widened by a day on each
   * side, keep the indexes usable before the exact day filter.
   */
  async function scopeAndRange(input: ReportRequest) {
    const merchants = await findMerchantsInScope(db, input.scope);
    const range = resolveRange(input, merchants[0]?.time_zone ?? 'UTC');
    const ids = merchants.map((merchant) => merchant.id);
    const lower = new Date(Date.parse(`${range.from}T00:00:00Z`) - 86_400_000);
    const upper = new Date(Date.parse(`${range.to}T00:00:00Z`) + 2 * 86_400_000);
    const window: ReportWindow = { ids, range, lower, upper };
    return { merchants, range, window };
  }

  return {
    resolveRange,

    /**
     * Bets, wins, GGR (bets less wins), rounds and distinct players from settled rounds (rolled
     * back and open rounds never count), each round on the day it settled in its merchant's time
     * zone; grouped per day (every day of the range, zeros included), per game type, per vendor,
     * or as the top games by bets.
     */
    async games(
      input: ReportRequest & { groupBy: GameReportGroup },
    ): Promise<{ range: DayRange; rows: GameReportRow[] }> {
      const { merchants, range, window } = await scopeAndRange(input);
      if (merchants.length === 0) return { range, rows: [] };
      const totalsOf = (row: SettledTotals) => {
        const betsMinor = BigInt(row.bets);
        const winsMinor = BigInt(row.wins);
        return {
          betsMinor,
          winsMinor,
          ggrMinor: betsMinor - winsMinor,
          rounds: Number(row.rounds),
          players: Number(row.players),
        };
      };
      /** Each group's row: its merchant, what names the group (`groupOf`), and its totals. */
      const groupRowsOf = <Row extends SettledTotals & { merchantId: string; merchantCode: string }>(
        found: Row[],
        groupOf: (row: Row) => GameGroup,
      ): GameReportRow[] =>
        found.map((row) => ({
          merchantId: row.merchantId,
          merchantCode: row.merchantCode,
          ...groupOf(row),
          ...totalsOf(row),
        }));
      switch (input.groupBy) {
        case 'day': {
          const found = await sumSettledRoundsByDay(db, window);
          const byKey = new Map(found.map((row) => [`${row.merchantId}|${row.day}`, row]));
          const rows: GameReportRow[] = [];
          for (const day of daysOf(range)) {
            for (const merchant of merchants) {
              const row = byKey.get(`${merchant.id}|${day}`);
              rows.push({
                merchantId: merchant.id,
                merchantCode: merchant.code,
                day,
                ...totalsOf(row ?? { bets: '0', wins: '0', rounds: '0', players: '0' }),
              });
            }
          }
          return { range, rows };
        }
        case 'gameType': {
          const found = await sumSettledRoundsByGameType(db, window);
          return { range, rows: groupRowsOf(found, (row) => ({ gameType: row.gameType })) };
        }
        case 'vendor': {
          const found = await sumSettledRoundsByVendor(db, window);
          return {
            range,
            rows: groupRowsOf(found, (row) => ({ vassalage: row.vassalage, vendorName: row.vendorName })),
          };
        }
        case 'game': {
          const found = await sumSettledRoundsOfTopGames(db, window, TOP_GAMES_MAX);
          return {
            range,
            rows: groupRowsOf(found, ({ nodeId, gameName, gameType, vassalage }) => ({
              nodeId,
              gameName,
              gameType,
              vassalage,
            })),
          };
        }
      }
    },

    /**
     * Money in and out per day and merchant: deposits credited, first deposits (a member's first
     * credited deposit ever), withdrawals paid, and the net of the two; GGR, the bonuses the house
     * paid and NGR (GGR less bonuses), with agents' pay beside it; days without any are zeros.
     * Bonuses are not tied to a game, so NGR is answered per day and merchant only, never per game
     * type or vendor. Manual adjustments carry no bonus mark (only a free-text reason), so they
     * stay out of NGR: they correct balances rather than reward play.
     */
    async money(input: ReportRequest): Promise<{ range: DayRange; rows: MoneyRow[] }> {
      const { merchants, range, window } = await scopeAndRange(input);
      if (merchants.length === 0) return { range, rows: [] };
      const [deposits, firsts, withdrawals, ggr, rewards] = await Promise.all([
        sumCreditedDepositsByDay(db, window),
        sumFirstDepositsByDay(db, window),
        sumPaidWithdrawalsByDay(db, window),
        sumGgrByDay(db, window),
        sumHousePayoutsByDay(db, window, [...PLAYER_REWARD_CODES, ...AGENT_PAY_CODES]),
      ]);
      const sumOf = (rows: { merchantId: string; day: string; total: string | null }[]) => {
        const totals = new Map<string, bigint>();
        for (const row of rows) {
          const key = `${row.merchantId}|${row.day}`;
          totals.set(key, (totals.get(key) ?? 0n) + BigInt(row.total ?? 0));
        }
        return totals;
      };
      const isPlayerReward = (code: string) => (PLAYER_REWARD_CODES as readonly string[]).includes(code);
      const ggrOf = sumOf(ggr);
      const bonusesOf = sumOf(rewards.filter((row) => isPlayerReward(row.code)));
      const agentPayOf = sumOf(rewards.filter((row) => !isPlayerReward(row.code)));
      const byKey = (rows: { merchantId: string; day: string; count: string; total: string }[]) =>
        new Map(rows.map((row) => [`${row.merchantId}|${row.day}`, row]));
      const [depositOf, firstOf, withdrawalOf] = [byKey(deposits), byKey(firsts), byKey(withdrawals)];
      const rows: MoneyRow[] = [];
      for (const day of daysOf(range)) {
        for (const merchant of merchants) {
          const key = `${merchant.id}|${day}`;
          const deposit = depositOf.get(key);
          const first = firstOf.get(key);
          const withdrawal = withdrawalOf.get(key);
          const depositsMinor = BigInt(deposit?.total ?? 0);
          const withdrawalsMinor = BigInt(withdrawal?.total ?? 0);
          const ggrMinor = ggrOf.get(key) ?? 0n;
          const bonusesMinor = bonusesOf.get(key) ?? 0n;
          rows.push({
            day,
            merchantId: merchant.id,
            merchantCode: merchant.code,
            deposits: Number(deposit?.count ?? 0),
            depositsMinor,
            firstDeposits: Number(first?.count ?? 0),
            firstDepositsMinor: BigInt(first?.total ?? 0),
            withdrawals: Number(withdrawal?.count ?? 0),
            withdrawalsMinor,
            netMinor: depositsMinor - withdrawalsMinor,
            ggrMinor,
            bonusesMinor,
            ngrMinor: ggrMinor - bonusesMinor,
            agentPayMinor: agentPayOf.get(key) ?? 0n,
          });
        }
      }
      return { range, rows };
    },

    /**
     * Vendors' rounds opened on the range's days and still without a credit past their merchant's
     * hours (setting `vendorRounds.overdueHours`, 24 by default), the oldest first.
     */
    async overdueVendorRounds(input: ReportRequest) {
      const { range, window } = await scopeAndRange(input);
      return { range, rows: await listOverdueVendorRounds(db, { ids: window.ids, range, now: now() }) };
    },

    /**
     * Daily registrations (trial accounts left out), sign-ins and active players (members who
     * signed in that day) per merchant; days without any are answered as zeros, so that a chart
     * shows the gaps.
     */
    async playerActivity(input: ReportRequest): Promise<{ range: DayRange; rows: PlayerActivityRow[] }> {
      const { merchants, range, window } = await scopeAndRange(input);
      if (merchants.length === 0) return { range, rows: [] };
      const [registrations, logins] = await Promise.all([
        countRegistrationsByDay(db, window, TRIAL_TYPE),
        countLoginsByDay(db, window),
      ]);
      const key = (merchantId: string, day: string) => `${merchantId}|${day}`;
      const registered = new Map(
        registrations.map((row) => [key(row.merchantId, row.day), Number(row.count)]),
      );
      const signedIn = new Map(logins.map((row) => [key(row.merchantId, row.day), row]));
      const rows: PlayerActivityRow[] = [];
      for (const day of daysOf(range)) {
        for (const merchant of merchants) {
          const login = signedIn.get(key(merchant.id, day));
          rows.push({
            day,
            merchantId: merchant.id,
            merchantCode: merchant.code,
            registrations: registered.get(key(merchant.id, day)) ?? 0,
            logins: Number(login?.count ?? 0),
            activePlayers: Number(login?.active ?? 0),
          });
        }
      }
      return { range, rows };
    },
  };
}
