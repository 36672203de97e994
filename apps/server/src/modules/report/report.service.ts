import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import {
  type DatePreset,
  type DayRange,
  daysOf,
  lengthOf,
  REPORT_DAYS_MAX,
  rangeOfPreset,
} from './date-range.ts';

/** Reports: read-only queries over a range of days, each day in the merchant's own time zone. */
export type ReportService = ReturnType<typeof createReportService>;

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
  /** Rewards the house paid players that day: bonus transfers out of the house, less any taken back. */
  bonusesMinor: bigint;
  /** Net gaming revenue: GGR less the bonuses paid. */
  ngrMinor: bigint;
  /**
   * Agents' salary and dividends paid that day. Shown beside NGR, not taken from it: it is the
   * cost of the agent channel, not a reward to the players whose play made the GGR.
   */
  agentPayMinor: bigint;
};

/** Ledger codes of money the house gives away: to players (NGR) and to agents (shown apart). */
const PLAYER_REWARD_CODES = ['bonus'] as const;
const AGENT_PAY_CODES = ['salary', 'dividend'] as const;

const TRIAL_TYPE = 4;

/** How the game report groups settled rounds: per day, per game type, per vendor, or top games. */
export const GAME_REPORT_GROUPS = ['day', 'gameType', 'vendor', 'game'] as const;
export type GameReportGroup = (typeof GAME_REPORT_GROUPS)[number];
/** The top-games view lists this many games, largest bets first. */
export const TOP_GAMES_MAX = 20;

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
  async function scopeAndRange(input: {
    scope: readonly string[] | null;
    preset?: DatePreset | undefined;
    from?: string | undefined;
    to?: string | undefined;
  }) {
    let merchantsQuery = db.selectFrom('merchants').select(['id', 'code', 'time_zone']).orderBy('code');
    if (input.scope) merchantsQuery = merchantsQuery.where('id', 'in', [...input.scope, '']);
    const merchants = await merchantsQuery.execute();
    const range = resolveRange(input, merchants[0]?.time_zone ?? 'UTC');
    const ids = merchants.map((merchant) => merchant.id);
    const lower = new Date(Date.parse(`${range.from}T00:00:00Z`) - 86_400_000);
    const upper = new Date(Date.parse(`${range.to}T00:00:00Z`) + 2 * 86_400_000);
    return { merchants, range, ids, lower, upper };
  }

  /**
   * Settled rounds of the merchants on the days of the range, each on the day it settled in its
   * merchant's time zone (rolled back and open rounds never count): what GGR is made of.
   */
  function settledRounds(ids: readonly string[], range: DayRange, lower: Date, upper: Date) {
    const dayOfRound = sql<string>`to_char(game_rounds.settled_at at time zone merchants.time_zone, 'YYYY-MM-DD')`;
    const query = db
      .selectFrom('game_rounds')
      .innerJoin('merchants', 'merchants.id', 'game_rounds.merchant_id')
      .where('game_rounds.merchant_id', 'in', ids)
      .where('game_rounds.status', '=', 'settled')
      .where('game_rounds.settled_at', '>=', lower)
      .where('game_rounds.settled_at', '<', upper)
      .where(dayOfRound, '>=', range.from)
      .where(dayOfRound, '<=', range.to);
    return { query, dayOfRound };
  }

  return {
    resolveRange,

    /**
     * Bets, wins, GGR (bets less wins), rounds and distinct players from settled rounds (rolled
     * back and open rounds never count), each round on the day it settled in its merchant's time
     * zone; grouped per day (every day of the range, zeros included), per game type, per vendor,
     * or as the top games by bets.
     */
    async games(input: {
      scope: readonly string[] | null;
      preset?: DatePreset | undefined;
      from?: string | undefined;
      to?: string | undefined;
      groupBy: GameReportGroup;
    }): Promise<{ range: DayRange; rows: GameReportRow[] }> {
      const { merchants, range, ids, lower, upper } = await scopeAndRange(input);
      if (merchants.length === 0) return { range, rows: [] };
      const rounds = settledRounds(ids, range, lower, upper);
      const dayOfRound = rounds.dayOfRound;
      const base = rounds.query
        .innerJoin('games', 'games.id', 'game_rounds.game_id')
        .innerJoin('game_vendors', 'game_vendors.id', 'game_rounds.vendor_id')
        .select([
          'game_rounds.merchant_id as merchantId',
          'merchants.code as merchantCode',
          sql<string>`coalesce(sum(game_rounds.stake_minor), 0)`.as('bets'),
          sql<string>`coalesce(sum(game_rounds.win_minor), 0)`.as('wins'),
          sql<string>`count(*)`.as('rounds'),
          sql<string>`count(distinct game_rounds.member_id)`.as('players'),
        ])
        .groupBy(['game_rounds.merchant_id', 'merchants.code']);
      const totalsOf = (row: { bets: string; wins: string; rounds: string; players: string }) => {
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
      switch (input.groupBy) {
        case 'day': {
          const found = await base.select(dayOfRound.as('day')).groupBy('day').execute();
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
          const found = await base
            .select('games.game_type as gameType')
            .groupBy('games.game_type')
            .orderBy('merchants.code')
            .orderBy(sql`sum(game_rounds.stake_minor)`, 'desc')
            .orderBy('games.game_type')
            .execute();
          return {
            range,
            rows: found.map((row) => ({
              merchantId: row.merchantId,
              merchantCode: row.merchantCode,
              gameType: row.gameType,
              ...totalsOf(row),
            })),
          };
        }
        case 'vendor': {
          const found = await base
            .select(['game_vendors.vassalage', 'game_vendors.name as vendorName'])
            .groupBy(['game_vendors.vassalage', 'game_vendors.name'])
            .orderBy('merchants.code')
            .orderBy(sql`sum(game_rounds.stake_minor)`, 'desc')
            .orderBy('game_vendors.vassalage')
            .execute();
          return {
            range,
            rows: found.map((row) => ({
              merchantId: row.merchantId,
              merchantCode: row.merchantCode,
              vassalage: row.vassalage,
              vendorName: row.vendorName,
              ...totalsOf(row),
            })),
          };
        }
        case 'game': {
          const found = await base
            .select([
              'games.node_id as nodeId',
              'games.game_type as gameType',
              'games.vassalage',
              sql<string>`coalesce(games.names->>'EN', games.names->>'TY', games.node_id)`.as('gameName'),
            ])
            .groupBy(['games.id', 'games.node_id', 'games.game_type', 'games.vassalage', 'games.names'])
            .orderBy(sql`sum(game_rounds.stake_minor)`, 'desc')
            .orderBy('games.node_id')
            .limit(TOP_GAMES_MAX)
            .execute();
          return {
            range,
            rows: found.map((row) => ({
              merchantId: row.merchantId,
              merchantCode: row.merchantCode,
              nodeId: row.nodeId,
              gameName: row.gameName,
              gameType: row.gameType,
              vassalage: row.vassalage,
              ...totalsOf(row),
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
    async money(input: {
      scope: readonly string[] | null;
      preset?: DatePreset | undefined;
      from?: string | undefined;
      to?: string | undefined;
    }): Promise<{ range: DayRange; rows: MoneyRow[] }> {
      const { merchants, range, ids, lower, upper } = await scopeAndRange(input);
      if (merchants.length === 0) return { range, rows: [] };
      const dayOf = (column: string) =>
        sql<string>`to_char(${sql.ref(column)} at time zone merchants.time_zone, 'YYYY-MM-DD')`;
      const rounds = settledRounds(ids, range, lower, upper);
      // A reward moves from a house account to a member; one moved back (a bonus forfeited)
      // counts against the day it went back. Transfers between two house accounts are neither.
      const paidOut = sql<string>`sum(case
        when debit.kind = 'house' and credit.kind <> 'house' then ledger_transfers.amount_minor
        when credit.kind = 'house' and debit.kind <> 'house' then -ledger_transfers.amount_minor
        else 0 end)`;
      const [deposits, firsts, withdrawals, ggr, rewards] = await Promise.all([
        db
          .selectFrom('deposits')
          .innerJoin('merchants', 'merchants.id', 'deposits.merchant_id')
          .select([
            'deposits.merchant_id as merchantId',
            dayOf('deposits.credited_at').as('day'),
            sql<string>`count(*)`.as('count'),
            sql<string>`sum(deposits.amount_minor)`.as('total'),
          ])
          .where('deposits.merchant_id', 'in', ids)
          .where('deposits.status', '=', 'credited')
          .where('deposits.credited_at', '>=', lower)
          .where('deposits.credited_at', '<', upper)
          .groupBy(['deposits.merchant_id', 'day'])
          .execute(),
        db
          .selectFrom(
            db
              .selectFrom('deposits')
              .select(['merchant_id', 'member_id', 'amount_minor', 'credited_at'])
              .select(
                sql<number>`row_number() over (partition by member_id order by credited_at, id)`.as('rank'),
              )
              .where('status', '=', 'credited')
              .where('merchant_id', 'in', ids)
              .as('ranked'),
          )
          .innerJoin('merchants', 'merchants.id', 'ranked.merchant_id')
          .select([
            'ranked.merchant_id as merchantId',
            dayOf('ranked.credited_at').as('day'),
            sql<string>`count(*)`.as('count'),
            sql<string>`sum(ranked.amount_minor)`.as('total'),
          ])
          .where('ranked.rank', '=', 1)
          .where('ranked.credited_at', '>=', lower)
          .where('ranked.credited_at', '<', upper)
          .groupBy(['ranked.merchant_id', 'day'])
          .execute(),
        db
          .selectFrom('withdrawals')
          .innerJoin('merchants', 'merchants.id', 'withdrawals.merchant_id')
          .select([
            'withdrawals.merchant_id as merchantId',
            dayOf('withdrawals.paid_at').as('day'),
            sql<string>`count(*)`.as('count'),
            sql<string>`sum(withdrawals.amount_minor)`.as('total'),
          ])
          .where('withdrawals.merchant_id', 'in', ids)
          .where('withdrawals.status', '=', 'paid')
          .where('withdrawals.paid_at', '>=', lower)
          .where('withdrawals.paid_at', '<', upper)
          .groupBy(['withdrawals.merchant_id', 'day'])
          .execute(),
        rounds.query
          .select([
            'game_rounds.merchant_id as merchantId',
            rounds.dayOfRound.as('day'),
            sql<string>`coalesce(sum(game_rounds.stake_minor - game_rounds.win_minor), 0)`.as('total'),
          ])
          .groupBy(['game_rounds.merchant_id', 'day'])
          .execute(),
        db
          .selectFrom('ledger_transfers')
          .innerJoin('merchants', 'merchants.id', 'ledger_transfers.merchant_id')
          .innerJoin('ledger_accounts as debit', 'debit.id', 'ledger_transfers.debit_account_id')
          .innerJoin('ledger_accounts as credit', 'credit.id', 'ledger_transfers.credit_account_id')
          .select([
            'ledger_transfers.merchant_id as merchantId',
            'ledger_transfers.code as code',
            dayOf('ledger_transfers.created_at').as('day'),
            paidOut.as('total'),
          ])
          .where('ledger_transfers.merchant_id', 'in', ids)
          .where('ledger_transfers.code', 'in', [...PLAYER_REWARD_CODES, ...AGENT_PAY_CODES])
          .where('ledger_transfers.created_at', '>=', lower)
          .where('ledger_transfers.created_at', '<', upper)
          .groupBy(['ledger_transfers.merchant_id', 'ledger_transfers.code', 'day'])
          .execute(),
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
     * Daily registrations (trial accounts left out), sign-ins and active players (members who
     * signed in that day) per merchant; days without any are answered as zeros, so that a chart
     * shows the gaps.
     */
    async playerActivity(input: {
      scope: readonly string[] | null;
      preset?: DatePreset | undefined;
      from?: string | undefined;
      to?: string | undefined;
    }): Promise<{ range: DayRange; rows: PlayerActivityRow[] }> {
      const { merchants, range, ids, lower, upper } = await scopeAndRange(input);
      if (merchants.length === 0) return { range, rows: [] };
      const [registrations, logins] = await Promise.all([
        db
          .selectFrom('members')
          .innerJoin('merchants', 'merchants.id', 'members.merchant_id')
          .select([
            'members.merchant_id as merchantId',
            sql<string>`to_char(members.created_at at time zone merchants.time_zone, 'YYYY-MM-DD')`.as('day'),
            (eb) => eb.fn.countAll<string>().as('count'),
          ])
          .where('members.merchant_id', 'in', ids)
          .where('members.type', '<>', TRIAL_TYPE)
          .where('members.created_at', '>=', lower)
          .where('members.created_at', '<', upper)
          .groupBy(['members.merchant_id', 'day'])
          .execute(),
        db
          .selectFrom('member_logins')
          .innerJoin('merchants', 'merchants.id', 'member_logins.merchant_id')
          .select([
            'member_logins.merchant_id as merchantId',
            sql<string>`to_char(member_logins.created_at at time zone merchants.time_zone, 'YYYY-MM-DD')`.as(
              'day',
            ),
            (eb) => eb.fn.countAll<string>().as('count'),
            sql<string>`count(distinct member_logins.member_id)`.as('active'),
          ])
          .where('member_logins.merchant_id', 'in', ids)
          .where('member_logins.created_at', '>=', lower)
          .where('member_logins.created_at', '<', upper)
          .groupBy(['member_logins.merchant_id', 'day'])
          .execute(),
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
