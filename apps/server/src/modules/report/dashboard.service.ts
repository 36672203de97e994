import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addDays, dayIn } from './date-range.ts';
import type { ReportService } from './report.service.ts';

/** A member seen within this is counted as online. */
export const ONLINE_WINDOW_MINUTES = 15;
/** The days the dashboard's trend covers, today included. */
export const DASHBOARD_DAYS = 7;

/** One day of the dashboard, summed over the merchants in scope. */
export type DashboardDay = {
  day: string;
  registrations: number;
  activePlayers: number;
  deposits: number;
  depositsMinor: bigint;
  firstDeposits: number;
  withdrawalsMinor: bigint;
  netMinor: bigint;
  betsMinor: bigint;
  /** Gross gaming revenue: bets less wins of the rounds settled that day. */
  ggrMinor: bigint;
  rounds: number;
};

export type Dashboard = {
  today: string;
  days: DashboardDay[];
  onlinePlayers: number;
  queues: {
    withdrawalsInReview: number;
    withdrawalsInReviewMinor: bigint;
    bankDepositsInReview: number;
    bankDepositsInReviewMinor: bigint;
  };
};

const emptyDay = (day: string): DashboardDay => ({
  day,
  registrations: 0,
  activePlayers: 0,
  deposits: 0,
  depositsMinor: 0n,
  firstDeposits: 0,
  withdrawalsMinor: 0n,
  netMinor: 0n,
  betsMinor: 0n,
  ggrMinor: 0n,
  rounds: 0,
});

/**
 * The back office's first screen: the last seven days of the daily reports (players, money and
 * games) summed over the merchants in scope, who is online now, and the queues waiting for an
 * operator.
 */
export function createDashboardService(deps: {
  db: Kysely<Database>;
  reports: ReportService;
  now?: () => Date;
}) {
  const { db, reports } = deps;
  const now = deps.now ?? (() => new Date());

  async function queues(scope: readonly string[] | null) {
    let withdrawals = db
      .selectFrom('withdrawals')
      .select([sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(amount_minor), 0)`.as('total')])
      .where('status', '=', 'review');
    let deposits = db
      .selectFrom('deposits')
      .innerJoin('payment_methods', 'payment_methods.id', 'deposits.method_id')
      .select([
        sql<string>`count(*)`.as('count'),
        sql<string>`coalesce(sum(deposits.amount_minor), 0)`.as('total'),
      ])
      .where('payment_methods.kind', '=', 'bank_transfer')
      .where('deposits.status', '=', 'review');
    if (scope) {
      withdrawals = withdrawals.where('merchant_id', 'in', [...scope, '']);
      deposits = deposits.where('deposits.merchant_id', 'in', [...scope, '']);
    }
    const [withdrawal, deposit] = await Promise.all([
      withdrawals.executeTakeFirstOrThrow(),
      deposits.executeTakeFirstOrThrow(),
    ]);
    return {
      withdrawalsInReview: Number(withdrawal.count),
      withdrawalsInReviewMinor: BigInt(withdrawal.total),
      bankDepositsInReview: Number(deposit.count),
      bankDepositsInReviewMinor: BigInt(deposit.total),
    };
  }

  async function onlinePlayers(scope: readonly string[] | null): Promise<number> {
    const since = new Date(now().getTime() - ONLINE_WINDOW_MINUTES * 60_000);
    let query = db
      .selectFrom('member_sessions')
      .select(sql<string>`count(distinct member_id)`.as('count'))
      .where('ended_at', 'is', null)
      .where('last_seen_at', '>=', since)
      .where('expires_at', '>', now());
    if (scope) query = query.where('merchant_id', 'in', [...scope, '']);
    return Number((await query.executeTakeFirstOrThrow()).count);
  }

  return {
    /** Days are the first merchant's in scope (by code), as the reports' presets read them. */
    async read(input: { scope: readonly string[] | null }): Promise<Dashboard> {
      let firstMerchant = db.selectFrom('merchants').select('time_zone').orderBy('code').limit(1);
      if (input.scope) firstMerchant = firstMerchant.where('id', 'in', [...input.scope, '']);
      const timeZone = (await firstMerchant.executeTakeFirst())?.time_zone ?? 'UTC';
      const today = dayIn(timeZone, now());
      const range = { from: addDays(today, 1 - DASHBOARD_DAYS), to: today };
      const [activity, money, games, online, waiting] = await Promise.all([
        reports.playerActivity({ scope: input.scope, ...range }),
        reports.money({ scope: input.scope, ...range }),
        reports.games({ scope: input.scope, ...range, groupBy: 'day' }),
        onlinePlayers(input.scope),
        queues(input.scope),
      ]);
      const days = new Map<string, DashboardDay>();
      const dayOf = (day: string) => {
        const found = days.get(day) ?? emptyDay(day);
        days.set(day, found);
        return found;
      };
      for (const row of activity.rows) {
        const day = dayOf(row.day);
        day.registrations += row.registrations;
        day.activePlayers += row.activePlayers;
      }
      for (const row of money.rows) {
        const day = dayOf(row.day);
        day.deposits += row.deposits;
        day.depositsMinor += row.depositsMinor;
        day.firstDeposits += row.firstDeposits;
        day.withdrawalsMinor += row.withdrawalsMinor;
        day.netMinor += row.netMinor;
      }
      for (const row of games.rows) {
        if (!row.day) continue;
        const day = dayOf(row.day);
        day.betsMinor += row.betsMinor;
        day.ggrMinor += row.ggrMinor;
        day.rounds += row.rounds;
      }
      return {
        today,
        days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
        onlinePlayers: online,
        queues: waiting,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
