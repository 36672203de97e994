import { formatAmount } from '@panalo/money/amount.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, PlayLimitKind, PlayLimitPeriod } from '../../db/schema.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { startOfDayIn, wallClockIn } from '../../platform/time/zoned-day.ts';
import {
  findEndedExclusions,
  findLimits,
  findMerchantMoney,
  findSettings,
  lockMemberPlay,
  type PlayLimitRow,
  saveLimit,
  saveSettings,
} from './responsible-gaming.repository.ts';

export type { PlayLimitKind, PlayLimitPeriod };
export const PLAY_LIMIT_KINDS: readonly PlayLimitKind[] = ['deposit', 'loss', 'session'];
export const PLAY_LIMIT_PERIODS: readonly PlayLimitPeriod[] = ['day', 'week', 'month'];

/** A raise or removal of a limit waits this long, so that it is not made in the heat of play. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
/** Bounds of what a member may set: money in minor units, session time in minutes. */
export const MONEY_LIMIT_MINOR_MAX = 100_000_000_000n;
export const SESSION_LIMIT_MINUTES_MAX = 31n * 24n * 60n;
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;

/** Breaks and self-exclusions a member may take, and how long each lasts. */
export const EXCLUSION_LENGTHS = {
  break_1d: { days: 1 },
  break_1w: { days: 7 },
  break_1m: { months: 1 },
  break_2m: { months: 2 },
  break_3m: { months: 3 },
  exclusion_6m: { months: 6 },
  exclusion_1y: { months: 12 },
  exclusion_5y: { months: 60 },
} as const satisfies Record<string, { days: number } | { months: number }>;
export type ExclusionKind = keyof typeof EXCLUSION_LENGTHS;
export const EXCLUSION_KINDS = Object.keys(EXCLUSION_LENGTHS) as ExclusionKind[];

export type Exclusion = { kind: ExclusionKind; endsAt: Date };

/** A limit as the member sees it, with what the current period has used of it. */
export type PlayLimitView = {
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  /** Minor units for deposit and loss, minutes for session; null: no limit in force. */
  value: bigint | null;
  /** A raise waiting for `pendingAt`; null with a `pendingAt`: the limit's removal is waiting. */
  pendingValue: bigint | null;
  pendingAt: Date | null;
  /** Used in the current period: deposited or lost (minor units), or minutes logged in. */
  used: bigint;
};

export type PlayOverview = {
  limits: PlayLimitView[];
  realityCheckMinutes: number | null;
  exclusion: Exclusion | null;
  /** False while deposits are refused now: a break or self-exclusion, or a deposit limit used up. */
  canDeposit: boolean;
};

/**
 * Whether deposits are taken now: none during a break or self-exclusion, nor once a deposit limit
 * of the period is used up (the same rules checkDepositAllowed refuses by), so that the site can
 * hide its deposit buttons instead of offering what the server would refuse.
 */
export function isDepositOpen(limits: readonly PlayLimitView[], exclusion: Exclusion | null): boolean {
  if (exclusion) return false;
  return limits.every(
    (limit) => limit.kind !== 'deposit' || limit.value === null || limit.used < limit.value,
  );
}

/** Who is asking: a member of a merchant. */
export type PlayMember = { memberId: string; merchantId: string };

/** The database, or a transaction in which a check runs with the member's play lock held. */
type Executor = Kysely<Database>;

/**
 * What the limits are measured against; app.ts hands in the ledger, payments and sessions. Each
 * reads through the executor it is given, so that a check made under the member's play lock reads
 * in the transaction that holds it.
 */
export type PlayMeasures = {
  depositedSince: (memberId: string, since: Date, executor: Executor) => Promise<bigint>;
  lostSince: (
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      since: Date;
    },
    executor: Executor,
  ) => Promise<bigint>;
  loggedInMsSince: (memberId: string, since: Date, executor: Executor) => Promise<number>;
};

export type ResponsibleGamingService = ReturnType<typeof createResponsibleGamingService>;

/**
 * When the current day, week (from Monday) or month began in the merchant's time zone. Noon UTC
 * of a calendar date lies on that date in every zone from UTC−12 to UTC+11, Manila's included.
 */
export function startOfPeriodIn(timeZone: string, period: PlayLimitPeriod, at: Date): Date {
  const local = wallClockIn(timeZone, at);
  const day = period === 'day' ? local.day : period === 'week' ? local.day - local.weekday : 1;
  return startOfDayIn(timeZone, new Date(Date.UTC(local.year, local.month - 1, day, 12)));
}

/**
 * When an exclusion taken at `from` ends: calendar months, or days. A month from a 31st runs into
 * the following month's first days (Date's overflow): a break may come out a little longer, never
 * shorter.
 */
export function exclusionEndOf(kind: ExclusionKind, from: Date): Date {
  const length: { days?: number; months?: number } = EXCLUSION_LENGTHS[kind];
  const end = new Date(from);
  if (length.months) end.setUTCMonth(end.getUTCMonth() + length.months);
  if (length.days) end.setUTCDate(end.getUTCDate() + length.days);
  return end;
}

function maxValueOf(kind: PlayLimitKind): bigint {
  return kind === 'session' ? SESSION_LIMIT_MINUTES_MAX : MONEY_LIMIT_MINOR_MAX;
}

/**
 * Responsible gaming (issue 5): a member's deposit, loss and session-time limits per day, week
 * and month, a reality-check interval, and breaks and self-exclusions. A lower limit applies at
 * once; a higher one, or none, only after LIMIT_RAISE_DELAY_MS. An exclusion cannot be shortened
 * and lifts itself when read after its end. Deposits call `checkDepositAllowed`; every stake,
 * ours or a vendor's, calls `checkBetAllowed`.
 */
export function createResponsibleGamingService(deps: ServiceDeps<{ measures: PlayMeasures }>) {
  const { db, measures } = deps;
  const now = clockOf(deps);

  /** The member's limits with every raise whose waiting time is over applied (and stored). */
  async function loadLimits(member: PlayMember, executor: Executor = db): Promise<PlayLimitRow[]> {
    const at = now();
    const rows = await findLimits(executor, member.memberId);
    const current: PlayLimitRow[] = [];
    for (const row of rows) {
      if (row.pending_at !== null && row.pending_at <= at) {
        await saveLimit(executor, {
          memberId: row.member_id,
          merchantId: row.merchant_id,
          kind: row.kind,
          period: row.period,
          value: row.pending_value,
          pendingValue: null,
          pendingAt: null,
          at,
        });
        if (row.pending_value !== null) {
          current.push({ ...row, value: row.pending_value, pending_value: null, pending_at: null });
        }
      } else {
        current.push(row);
      }
    }
    return current;
  }

  async function usedOf(
    member: PlayMember,
    merchant: { time_zone: string; currency: string },
    kind: PlayLimitKind,
    period: PlayLimitPeriod,
    executor: Executor = db,
  ): Promise<bigint> {
    const since = startOfPeriodIn(merchant.time_zone, period, now());
    if (kind === 'deposit') return measures.depositedSince(member.memberId, since, executor);
    if (kind === 'loss') {
      return measures.lostSince({ ...member, currency: merchant.currency, since }, executor);
    }
    const loggedInMs = await measures.loggedInMsSince(member.memberId, since, executor);
    return BigInt(Math.floor(loggedInMs / 60_000));
  }

  /** The break or self-exclusion in force; one that has run out is cleared here. */
  async function findActiveExclusion(member: PlayMember, executor: Executor = db): Promise<Exclusion | null> {
    const settings = await findSettings(executor, member.memberId);
    if (!settings?.exclusion_ends_at || !settings.exclusion_kind) return null;
    if (settings.exclusion_ends_at > now()) {
      return { kind: settings.exclusion_kind as ExclusionKind, endsAt: settings.exclusion_ends_at };
    }
    await saveSettings(executor, {
      ...member,
      changes: { exclusion_kind: null, exclusion_ends_at: null },
      at: now(),
    });
    return null;
  }

  async function refuseIfExcluded(member: PlayMember, executor: Executor = db): Promise<void> {
    const exclusion = await findActiveExclusion(member, executor);
    if (exclusion) {
      throw new AppError('SELF_EXCLUDED', {
        value: { until: exclusion.endsAt.toISOString(), kind: exclusion.kind },
      });
    }
  }

  /** Refuses with LIMIT_REACHED when `amountMinor` more would pass a limit of the kind. */
  async function checkLimits(
    member: PlayMember,
    limits: PlayLimitRow[],
    kind: PlayLimitKind,
    amountMinor: bigint,
    limitName: string,
    executor: Executor = db,
  ): Promise<void> {
    const rows = limits.filter((row) => row.kind === kind && row.value !== null);
    if (rows.length === 0) return;
    const merchant = await findMerchantMoney(executor, member.merchantId);
    for (const row of rows) {
      const limit = row.value as bigint;
      const used = await usedOf(member, merchant, kind, row.period, executor);
      // Session time refuses once the time is used up; money refuses what would pass the limit.
      const isOver = kind === 'session' ? used >= limit : used + amountMinor > limit;
      if (isOver) {
        throw new AppError('LIMIT_REACHED', {
          value: {
            limit: limitName,
            kind,
            period: row.period,
            // What is left of the limit this period: a wire amount, or minutes for session time.
            remaining: kind === 'session' ? '0' : formatAmount(limit > used ? limit - used : 0n),
          },
        });
      }
    }
  }

  async function checkStake(member: PlayMember, stakeMinor: bigint, executor: Executor): Promise<void> {
    await refuseIfExcluded(member, executor);
    // One read of the limits serves both checks: this runs on every stake.
    const limits = await loadLimits(member, executor);
    await checkLimits(member, limits, 'loss', stakeMinor, 'loss', executor);
    await checkLimits(member, limits, 'session', 0n, 'session', executor);
  }

  return {
    findActiveExclusion: (member: PlayMember) => findActiveExclusion(member),

    async getOverview(member: PlayMember): Promise<PlayOverview> {
      const rows = await loadLimits(member);
      const merchant = await findMerchantMoney(db, member.merchantId);
      const limits: PlayLimitView[] = [];
      for (const row of rows) {
        limits.push({
          kind: row.kind,
          period: row.period,
          value: row.value,
          pendingValue: row.pending_value,
          pendingAt: row.pending_at,
          used: await usedOf(member, merchant, row.kind, row.period),
        });
      }
      const settings = await findSettings(db, member.memberId);
      const exclusion = await findActiveExclusion(member);
      return {
        limits,
        realityCheckMinutes: settings?.reality_check_minutes ?? null,
        exclusion,
        canDeposit: isDepositOpen(limits, exclusion),
      };
    },

    /**
     * Sets one limit (null removes it). Lowering, or setting one where none was, applies at once
     * and drops a waiting raise; raising or removing waits LIMIT_RAISE_DELAY_MS, the limit in
     * force staying until then.
     */
    async setLimit(
      member: PlayMember,
      input: { kind: PlayLimitKind; period: PlayLimitPeriod; value: bigint | null },
    ): Promise<void> {
      if (input.value !== null && (input.value <= 0n || input.value > maxValueOf(input.kind))) {
        throw new AppError('VALIDATION', { value: { fields: { value: 'range' } } });
      }
      const at = now();
      const current = (await loadLimits(member)).find(
        (row) => row.kind === input.kind && row.period === input.period,
      );
      const inForce = current?.value ?? null;
      const isTighter = input.value !== null && (inForce === null || input.value <= inForce);
      const base = { ...member, kind: input.kind, period: input.period, at };
      if (isTighter) {
        await saveLimit(db, { ...base, value: input.value, pendingValue: null, pendingAt: null });
      } else if (inForce === null) {
        // Removing a limit that is not in force only drops what was waiting.
        await saveLimit(db, { ...base, value: null, pendingValue: null, pendingAt: null });
      } else {
        await saveLimit(db, {
          ...base,
          value: inForce,
          pendingValue: input.value,
          pendingAt: new Date(at.getTime() + LIMIT_RAISE_DELAY_MS),
        });
      }
    },

    async setRealityCheck(member: PlayMember, minutes: number | null): Promise<void> {
      if (minutes !== null && !(REALITY_CHECK_MINUTES as readonly number[]).includes(minutes)) {
        throw new AppError('VALIDATION', { value: { fields: { minutes: 'range' } } });
      }
      await saveSettings(db, { ...member, changes: { reality_check_minutes: minutes }, at: now() });
    },

    /**
     * Starts a break or self-exclusion and answers the one in force. One already running that
     * ends later stays as it is: a break can be lengthened, never shortened.
     */
    async startExclusion(member: PlayMember, kind: ExclusionKind): Promise<Exclusion> {
      const at = now();
      const endsAt = exclusionEndOf(kind, at);
      const running = await findActiveExclusion(member);
      if (running && running.endsAt >= endsAt) return running;
      await saveSettings(db, { ...member, changes: { exclusion_kind: kind, exclusion_ends_at: endsAt }, at });
      return { kind, endsAt };
    },

    /**
     * Deposits: refused during a break or self-exclusion (SELF_EXCLUDED with `until`), and when
     * the amount would pass a deposit limit (LIMIT_REACHED with `limit: 'responsible'`). This
     * answers before anything is written; the check that holds is checkDepositAllowedIn, made
     * again in the transaction that records the deposit.
     */
    async checkDepositAllowed(member: PlayMember, amountMinor: bigint): Promise<void> {
      await refuseIfExcluded(member);
      await checkLimits(member, await loadLimits(member), 'deposit', amountMinor, 'responsible');
    },

    /**
     * Runs `work` in one transaction that holds the member's play lock from its start: what
     * `work` checks (checkDepositAllowedIn, checkBetAllowedIn) and what it then records commit
     * together, and the member's other limited moves wait for it.
     */
    withPlayLock<T>(member: PlayMember, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        await lockMemberPlay(trx, member.memberId);
        return work(trx);
      });
    },

    /**
     * checkDepositAllowed inside the caller's transaction, under the member's play lock (taken
     * here if the caller has not): the deposit the caller records in `trx` counts for the next
     * check, so simultaneous deposits cannot pass a limit together. A deposit counts from its
     * creation (pending or in review) and stops counting when it fails or is rejected.
     */
    async checkDepositAllowedIn(trx: Transaction<Database>, member: PlayMember, amountMinor: bigint) {
      await lockMemberPlay(trx, member.memberId);
      await refuseIfExcluded(member, trx);
      const limits = await loadLimits(member, trx);
      await checkLimits(member, limits, 'deposit', amountMinor, 'responsible', trx);
    },

    /**
     * Clears the breaks and self-exclusions that have run out (at most `limit` of them) and
     * answers whose they were, so that their accounts can be let in again.
     */
    async clearEndedExclusions(limit: number): Promise<PlayMember[]> {
      const ended = await findEndedExclusions(db, now(), limit);
      const cleared: PlayMember[] = [];
      for (const row of ended) {
        const member = { memberId: row.member_id, merchantId: row.merchant_id };
        // Read again: a new exclusion may have started since the list was read.
        if ((await findActiveExclusion(member)) === null) cleared.push(member);
      }
      return cleared;
    },

    /**
     * The check every stake passes, for our games and vendors' alike: refused during a break or
     * self-exclusion (SELF_EXCLUDED), when the stake could take the period's game loss past a
     * loss limit (LIMIT_REACHED, `limit: 'loss'`), or when the period's logged-in time has used
     * up a session-time limit (LIMIT_REACHED, `limit: 'session'`). This one answers early; the
     * one that holds is checkBetAllowedIn, in the transaction that takes the stake.
     */
    async checkBetAllowed(member: PlayMember, stakeMinor: bigint): Promise<void> {
      await checkStake(member, stakeMinor, db);
    },

    /**
     * checkBetAllowed inside the transaction that takes the stake, under the member's play lock:
     * the stakes of simultaneous bets are checked one after the other, each against the losses
     * the others committed, on every path (our games, vendors' debits, money moved into a
     * transfer-wallet vendor).
     */
    async checkBetAllowedIn(trx: Transaction<Database>, member: PlayMember, stakeMinor: bigint) {
      await lockMemberPlay(trx, member.memberId);
      await checkStake(member, stakeMinor, trx);
    },

    /**
     * What the member's loss limits still allow this period (the least of them, never below
     * zero), or null without a loss limit: how much a launch may move to a transfer vendor.
     */
    async findLossAllowance(member: PlayMember): Promise<bigint | null> {
      const rows = (await loadLimits(member)).filter((row) => row.kind === 'loss' && row.value !== null);
      if (rows.length === 0) return null;
      const merchant = await findMerchantMoney(db, member.merchantId);
      let allowance: bigint | null = null;
      for (const row of rows) {
        const left = (row.value as bigint) - (await usedOf(member, merchant, 'loss', row.period));
        const bounded = left > 0n ? left : 0n;
        if (allowance === null || bounded < allowance) allowance = bounded;
      }
      return allowance;
    },

    /**
     * What a game's launch checks: no break or self-exclusion in force (SELF_EXCLUDED) and
     * session time left (LIMIT_REACHED, `limit: 'session'`).
     */
    async checkPlayAllowed(member: PlayMember): Promise<void> {
      await refuseIfExcluded(member);
      await checkLimits(member, await loadLimits(member), 'session', 0n, 'session');
    },
  };
}
