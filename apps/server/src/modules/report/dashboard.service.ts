import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { addDays, dayIn } from './date-range.ts';
import { countOnlineMembers, findFirstMerchantTimeZone, sumReviewQueues } from './report.repository.ts';
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
export function createDashboardService(deps: ServiceDeps<{ reports: ReportService }>) {
  const { db, reports } = deps;
  const now = clockOf(deps);

  async function queues(scope: readonly string[] | null) {
    const { withdrawals, bankDeposits } = await sumReviewQueues(db, scope);
    return {
      withdrawalsInReview: Number(withdrawals.count),
      withdrawalsInReviewMinor: BigInt(withdrawals.total),
      bankDepositsInReview: Number(bankDeposits.count),
      bankDepositsInReviewMinor: BigInt(bankDeposits.total),
    };
  }

  function onlinePlayers(scope: readonly string[] | null): Promise<number> {
    const since = new Date(now().getTime() - ONLINE_WINDOW_MINUTES * 60_000);
    return countOnlineMembers(db, scope, { since, at: now() });
  }

  return {
    /** Days are the first merchant's in scope (by code), as the reports' presets read them. */
    async read(input: { scope: readonly string[] | null }): Promise<Dashboard> {
      const timeZone = (await findFirstMerchantTimeZone(db, input.scope)) ?? 'UTC';
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
