import { formatAmount } from '@panalo/money/amount.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, RebateBasis, RebateMode } from '../../db/schema.ts';
import { readVipBenefits } from '../../db/vip-benefits.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import type { Executor, NewRow } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { present } from '../../platform/errors/invariant.ts';
import { addDays, dayIn, isCalendarDay, startOfDay } from '../../platform/time/zoned-day.ts';
import {
  type AutoCandidate,
  findAutoCandidates,
  findCoveredMembers,
  findDoneDays,
  findLastDoneDay,
  findMemberPayoutsPage,
  findMemberRebateState,
  findMerchantIds,
  findPayoutsPage,
  finishRun,
  insertPayouts,
  lockMembers,
  type PayoutFilter,
  startRun,
  sumMemberBasis,
  sumPaidByDay,
} from './rebate.repository.ts';
import {
  type RebateBonusTerms,
  type RebateLineMinor,
  type RebatePolicy,
  rebateLinesOf,
  rebateTermsOf,
  storedLinesOf,
} from './rebate-rules.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Members paid in one transaction of a day's run: their rows, balances and grants in one batch. */
export const REBATE_GRANTS_PER_TRANSACTION = 1000;
/**
 * A closed day is paid from an hour after it ends (bets a transfer vendor's feed brings late land
 * in it first) and, should the job stop or a budget run out, for seven days after that; an older
 * day is paid only by an operator's run.
 */
export const REBATE_SETTLE_DELAY_MS = 60 * MINUTE_MS;
export const REBATE_CATCH_UP_DAYS = 7;
/** A claim (or what accrued) reaches back at most this far, which also bounds the bet record's read. */
export const REBATE_ACCRUAL_DAYS_MAX = 30;
/**
 * A claim counts bets settled up to this long before its moment: a bet settling meanwhile may not
 * have committed yet, and is counted by the next claim instead of never.
 */
export const REBATE_CLAIM_SETTLE_MARGIN_MS = 10_000;
export const REBATE_HISTORY_PAGE_SIZE_MAX = 50;
export const REBATE_LIST_PAGE_SIZE_MAX = 100;
/** The widest range the back office's list reads, and how far back an operator may run a day. */
export const REBATE_DAYS_MAX = 366;
/** PostgreSQL's deadlock: a batch and a member's own work met in a circle; tried once more. */
const DEADLOCK_CODE = '40P01';

/** Why the bonus engine left a member of a batch out. */
type Refusal = 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' | 'BUDGET_EXHAUSTED';

/**
 * What rebates need of the bonus engine (modules/bonus/bonus-api.ts): the engine passes for it as
 * it is. A rebate is a bonus of source `rebate`, activated under the ledger code `rebate`.
 */
export type RebateEngine = {
  grantIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      source: 'rebate';
      amountMinor: bigint;
      terms: RebateBonusTerms;
      language: string;
    },
  ): Promise<{ bonusId: string; announce: () => void }>;
  grantManyIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      currency: string;
      source: 'rebate';
      terms: RebateBonusTerms;
      language: string;
      grants: readonly { memberId: string; amountMinor: bigint }[];
    },
  ): Promise<{
    granted: readonly { memberId: string; bonusId: string }[];
    refused: readonly { memberId: string; reason: Refusal }[];
    announce: () => void;
  }>;
  isMarketable(
    memberId: string,
  ): Promise<{ ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' }>;
};

/**
 * A merchant's transfer vendors whose feeds are behind (the report module's import status): a
 * closed day waits while one of them has not imported past its end.
 */
export type FeedsBehind = (
  merchantIds: readonly string[],
) => Promise<readonly { merchantId: string; lastImportedAt: Date | null }[]>;

/** What paying one merchant day did. */
export type RebateDayOutcome = {
  merchantId: string;
  day: string;
  paid: number;
  paidMinor: bigint;
  /** Members recorded unpaid because promotions could not reach them. */
  skipped: number;
  /** The merchant's budget ran out: the members left are paid by a later run. */
  budgetExhausted: boolean;
  /** Every member of the day is paid or recorded: the day will not be run again by the job. */
  done: boolean;
};

/** What one pass of the job did. */
export type RebateRunSummary = {
  days: RebateDayOutcome[];
  /** Merchant days held for a vendor's feed (`<merchantId>:<day>`). */
  held: string[];
};

/** What accrued to a member and is not paid yet (docs/loyalty.md "Rebates", the wire's `accrued`). */
export type RebateAccrual = {
  mode: RebateMode;
  basis: RebateBasis;
  lines: RebateLineMinor[];
  totalMinor: bigint;
  minimumMinor: bigint;
  /** Manual mode: when the next claim may be made, while the interval runs; null otherwise. */
  nextClaimAt: Date | null;
  /** Manual mode: the last claim; automatic: the last rebate paid. */
  lastClaimAt: Date | null;
  /** The bet record's settlement times the accrual covers, from (included) to (excluded). */
  from: Date;
  to: Date;
};

export type RebateService = ReturnType<typeof createRebateService>;

/**
 * Rebates (docs/loyalty.md "Rebates"): a share of each member's valid bet (or theoretical loss) by
 * game type, paid as a bonus of source `rebate`. In automatic mode the daily job pays each closed
 * merchant day once per member (a payout row unique on member and day, written with the grant),
 * computed for the whole day in one statement and granted in batches; in manual mode the member
 * claims what accrued since their last rebate, under their lock, at most once per interval.
 * A bet is never paid twice across modes: a claim starts where the member's latest payout (of
 * either mode) or the merchant's latest fully paid day ends, and a day's automatic payment leaves
 * out members whose claim reached into that day.
 */
export function createRebateService(
  deps: ServiceDeps<{
    engine: RebateEngine;
    readPolicy: (merchantId: string) => Promise<RebatePolicy>;
    recordChange: RecordChange;
    feedsBehind?: FeedsBehind;
  }>,
) {
  const { db, engine, readPolicy, recordChange } = deps;
  const now = clockOf(deps);

  /** A member's least amount worth paying: the merchant's minimum, and never nothing. */
  const minimumOf = (policy: RebatePolicy) => (policy.minimumMinor > 0n ? policy.minimumMinor : 1n);

  /** Runs work once more after a deadlock (a member's own grant or claim met the batch in a circle). */
  async function retryingDeadlock<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== DEADLOCK_CODE) throw error;
      return work();
    }
  }

  /**
   * Pays one batch of a day's members in one transaction: their rows locked, those a payout or a
   * claim covered meanwhile left out, the rest granted by the engine in one batch, and each
   * member's payout (or, where promotions could not reach them, their unpaid record) written with
   * the grants.
   */
  async function payBatch(
    policy: RebatePolicy,
    day: { day: string; startsAt: Date; endsAt: Date },
    batch: readonly AutoCandidate[],
    terms: RebateBonusTerms,
  ): Promise<{ paid: number; paidMinor: bigint; skipped: number; budgetExhausted: boolean }> {
    const memberIds = batch.map((candidate) => candidate.memberId);
    const result = await db.transaction().execute(async (trx) => {
      await lockMembers(trx, memberIds);
      const covered = await findCoveredMembers(trx, { memberIds, day: day.day, dayStart: day.startsAt });
      const open = batch.filter((candidate) => !covered.has(candidate.memberId));
      const outcome = await engine.grantManyIn(trx, {
        merchantId: policy.merchantId,
        currency: policy.currency,
        source: 'rebate',
        terms,
        language: policy.defaultLanguage,
        grants: open.map((candidate) => ({
          memberId: candidate.memberId,
          amountMinor: candidate.amountMinor,
        })),
      });
      const candidateOf = new Map(open.map((candidate) => [candidate.memberId, candidate]));
      const at = now();
      const rowOf = (memberId: string): NewRow<'rebate_payouts'> => {
        const candidate = present(candidateOf.get(memberId), 'a granted member was a candidate');
        return {
          id: uuidv7(),
          merchant_id: policy.merchantId,
          member_id: memberId,
          mode: 'auto',
          day: day.day,
          covered_from: day.startsAt,
          covered_to: day.endsAt,
          basis: policy.basis,
          amount_minor: candidate.amountMinor,
          lines: candidate.linesJson,
          status: 'paid',
          skip_reason: null,
          bonus_id: null,
          created_at: at,
        };
      };
      const paid = outcome.granted.map((granted) => ({
        ...rowOf(granted.memberId),
        bonus_id: granted.bonusId,
      }));
      // Not paid for play while promotions could not reach the member, nor later as an incentive
      // to come back: recorded, so that the day never pays them.
      const skipped = outcome.refused.flatMap((refused) =>
        refused.reason === 'BUDGET_EXHAUSTED'
          ? []
          : [{ ...rowOf(refused.memberId), status: 'skipped' as const, skip_reason: refused.reason }],
      );
      await insertPayouts(trx, [...paid, ...skipped]);
      return {
        announce: outcome.announce,
        paid: paid.length,
        paidMinor: paid.reduce((sum, row) => sum + row.amount_minor, 0n),
        skipped: skipped.length,
        budgetExhausted: outcome.refused.some((refused) => refused.reason === 'BUDGET_EXHAUSTED'),
      };
    });
    // The members' open pages learn of their bonuses once they are committed.
    result.announce();
    return result;
  }

  /**
   * Pays one closed merchant day: every member's rebate computed in one statement, then paid in
   * batches; the day is marked paid in full unless the merchant's budget ran out, when the members
   * left wait for a later run. Overlapping runs of one day pay nobody twice (members locked, the
   * payout unique on member and day).
   */
  async function payDay(policy: RebatePolicy, day: string): Promise<RebateDayOutcome> {
    const span = {
      day,
      startsAt: startOfDay(policy.timeZone, day),
      endsAt: startOfDay(policy.timeZone, addDays(day, 1)),
    };
    await startRun(db, { merchantId: policy.merchantId, day, now: now() });
    const candidates = await findAutoCandidates(db, {
      merchantId: policy.merchantId,
      day,
      dayStart: span.startsAt,
      basis: policy.basis,
      ratesBp: policy.ratesBp,
      houseEdgesBp: policy.houseEdgesBp,
      minimumMinor: minimumOf(policy),
    });
    const terms = rebateTermsOf(policy);
    const outcome: RebateDayOutcome = {
      merchantId: policy.merchantId,
      day,
      paid: 0,
      paidMinor: 0n,
      skipped: 0,
      budgetExhausted: false,
      done: false,
    };
    for (let start = 0; start < candidates.length; start += REBATE_GRANTS_PER_TRANSACTION) {
      const batch = candidates.slice(start, start + REBATE_GRANTS_PER_TRANSACTION);
      const paid = await retryingDeadlock(() => payBatch(policy, span, batch, terms));
      outcome.paid += paid.paid;
      outcome.paidMinor += paid.paidMinor;
      outcome.skipped += paid.skipped;
      if (paid.budgetExhausted) {
        outcome.budgetExhausted = true;
        return outcome;
      }
    }
    await finishRun(db, { merchantId: policy.merchantId, day, now: now() });
    outcome.done = true;
    return outcome;
  }

  /** The closed days the job pays now, oldest first: ended at least the delay ago, within the catch-up. */
  function dueDays(policy: RebatePolicy, at: Date): string[] {
    const today = dayIn(policy.timeZone, at);
    const days: string[] = [];
    for (let back = REBATE_CATCH_UP_DAYS; back >= 1; back -= 1) {
      const day = addDays(today, -back);
      const endsAt = startOfDay(policy.timeZone, addDays(day, 1));
      if (endsAt.getTime() + REBATE_SETTLE_DELAY_MS <= at.getTime()) days.push(day);
    }
    return days;
  }

  /** Pays a merchant's due days in order; stops at a day held for a feed or short of budget. */
  async function payMerchant(merchantId: string, at: Date, summary: RebateRunSummary): Promise<void> {
    const policy = await readPolicy(merchantId);
    if (policy.mode !== 'auto') return;
    const days = dueDays(policy, at);
    const first = days[0];
    const last = days.at(-1);
    if (first === undefined || last === undefined) return;
    const done = await findDoneDays(db, { merchantId, from: first, to: last });
    const lags = deps.feedsBehind ? await deps.feedsBehind([merchantId]) : [];
    for (const day of days) {
      if (done.has(day)) continue;
      const endsAt = startOfDay(policy.timeZone, addDays(day, 1));
      const isHeld = lags.some(
        (lag) =>
          lag.merchantId === merchantId && (lag.lastImportedAt === null || lag.lastImportedAt < endsAt),
      );
      if (isHeld) {
        // Later days end later still: they wait too.
        summary.held.push(`${merchantId}:${day}`);
        return;
      }
      const outcome = await payDay(policy, day);
      summary.days.push(outcome);
      if (outcome.budgetExhausted) return;
    }
  }

  /** Where a member's accrual starts: after their latest rebate, the merchant's latest paid day, and the window. */
  async function accrualStartOf(
    executor: Executor,
    policy: RebatePolicy,
    coveredTo: Date | null,
    at: Date,
  ): Promise<Date> {
    const lastDoneDay = await findLastDoneDay(executor, policy.merchantId);
    const starts = [
      at.getTime() - REBATE_ACCRUAL_DAYS_MAX * DAY_MS,
      coveredTo?.getTime() ?? 0,
      lastDoneDay === null ? 0 : startOfDay(policy.timeZone, addDays(lastDoneDay, 1)).getTime(),
    ];
    return new Date(Math.max(...starts));
  }

  /** What accrued to a member over a span, by game type, at their level's rates (else the merchant's). */
  async function accrualOf(
    executor: Executor,
    policy: RebatePolicy,
    memberId: string,
    span: { from: Date; to: Date },
  ): Promise<{ lines: RebateLineMinor[]; totalMinor: bigint }> {
    const basis =
      span.to > span.from
        ? await sumMemberBasis(executor, {
            memberId,
            from: span.from,
            to: span.to,
            basis: policy.basis,
            houseEdgesBp: policy.houseEdgesBp,
          })
        : new Map<string, bigint>();
    const level = await readVipBenefits(executor, memberId);
    const lines = rebateLinesOf(basis, { merchantBp: policy.ratesBp, levelBp: level?.rebateRatesBp ?? null });
    return { lines, totalMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0n) };
  }

  return {
    /**
     * The job's pass: for every merchant in automatic mode, each closed day not yet paid in full,
     * oldest first. One merchant's failure does not stop the others: the pass finishes them, then
     * fails with what went wrong, so that the job logs it and runs again.
     */
    async runDue(): Promise<RebateRunSummary> {
      const at = now();
      const summary: RebateRunSummary = { days: [], held: [] };
      const failures: unknown[] = [];
      for (const merchantId of await findMerchantIds(db)) {
        try {
          await payMerchant(merchantId, at, summary);
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1) throw new AggregateError(failures, 'rebates: several merchants failed');
      return summary;
    },

    /**
     * An operator's "run the closed day now": the daily job's work for one day at once, whether or
     * not the job has run it (nobody is paid twice), audited with what it paid. Refused for a day
     * not yet closed (CONFLICT NOT_CLOSED with `closesAt`) and in manual mode (MANUAL_MODE).
     */
    async runDay(actor: ChangeActor, input: { merchantId: string; day: string }): Promise<RebateDayOutcome> {
      const policy = await readPolicy(input.merchantId);
      const at = now();
      if (!isCalendarDay(input.day)) {
        throw new AppError('VALIDATION', { value: { fields: { day: 'format' } } });
      }
      const today = dayIn(policy.timeZone, at);
      if (input.day < addDays(today, -REBATE_DAYS_MAX) || input.day > addDays(today, REBATE_DAYS_MAX)) {
        throw new AppError('VALIDATION', { value: { fields: { day: 'range' } } });
      }
      const closesAt = startOfDay(policy.timeZone, addDays(input.day, 1));
      if (at < closesAt) {
        throw new AppError('CONFLICT', { value: { reason: 'NOT_CLOSED', closesAt: closesAt.toISOString() } });
      }
      if (policy.mode !== 'auto') throw new AppError('CONFLICT', { value: { reason: 'MANUAL_MODE' } });
      const outcome = await payDay(policy, input.day);
      await db.transaction().execute((trx) =>
        recordChange(trx, {
          ...actorOf(actor),
          merchantId: input.merchantId,
          action: 'rebate.run',
          target: { type: 'rebate_day', id: `${input.merchantId}:${input.day}` },
          before: null,
          after: {
            day: input.day,
            paid: outcome.paid,
            paidAmount: formatAmount(outcome.paidMinor),
            skipped: outcome.skipped,
            budgetExhausted: outcome.budgetExhausted,
            done: outcome.done,
          },
        }),
      );
      return outcome;
    },

    /** What accrued to the member since their last rebate and is not paid yet, by game type. */
    async accrued(input: { merchantId: string; memberId: string }): Promise<RebateAccrual> {
      const policy = await readPolicy(input.merchantId);
      const at = now();
      const state = await findMemberRebateState(db, input.memberId);
      const from = await accrualStartOf(db, policy, state.coveredTo, at);
      const to = new Date(at.getTime() - REBATE_CLAIM_SETTLE_MARGIN_MS);
      const { lines, totalMinor } = await accrualOf(db, policy, input.memberId, { from, to });
      const nextClaimAt =
        policy.mode === 'manual' && state.lastClaimAt
          ? new Date(state.lastClaimAt.getTime() + policy.claimIntervalMinutes * MINUTE_MS)
          : null;
      return {
        mode: policy.mode,
        basis: policy.basis,
        lines,
        totalMinor,
        minimumMinor: minimumOf(policy),
        nextClaimAt: nextClaimAt && nextClaimAt > at ? nextClaimAt : null,
        lastClaimAt: policy.mode === 'manual' ? state.lastClaimAt : state.lastPaidAt,
        from,
        to: to > from ? to : from,
      };
    },

    /**
     * A manual claim: what accrued since the member's last rebate, paid at once as a bonus, at most
     * once per interval. One transaction under the member's lock reads their rebates, computes and
     * grants, and writes the payout, so that a burst of claims pays once. CONFLICT AUTO_MODE while
     * rebates are automatic, TOO_SOON (with `nextClaimAt`) within the interval, NOTHING below the
     * minimum; FORBIDDEN NOT_MARKETABLE for a member promotions may not reach.
     */
    async claim(input: {
      merchantId: string;
      memberId: string;
      language: string;
    }): Promise<{ amountMinor: bigint; bonusId: string }> {
      const policy = await readPolicy(input.merchantId);
      if (policy.mode !== 'manual') throw new AppError('CONFLICT', { value: { reason: 'AUTO_MODE' } });
      const marketable = await engine.isMarketable(input.memberId);
      if (!marketable.ok) {
        throw marketable.reason === 'TRIAL_ACCOUNT'
          ? new AppError('TRIAL_ACCOUNT', { value: { reason: marketable.reason } })
          : new AppError('FORBIDDEN', { value: { reason: marketable.reason } });
      }
      const claimed = await db.transaction().execute(async (trx) => {
        const merchantOf = await lockMembers(trx, [input.memberId]);
        if (merchantOf.get(input.memberId) !== input.merchantId) throw new AppError('NOT_FOUND');
        const at = now();
        const state = await findMemberRebateState(trx, input.memberId);
        if (state.lastClaimAt) {
          const nextClaimAt = new Date(state.lastClaimAt.getTime() + policy.claimIntervalMinutes * MINUTE_MS);
          if (at < nextClaimAt) {
            throw new AppError('CONFLICT', {
              value: { reason: 'TOO_SOON', nextClaimAt: nextClaimAt.toISOString() },
            });
          }
        }
        const from = await accrualStartOf(trx, policy, state.coveredTo, at);
        const to = new Date(at.getTime() - REBATE_CLAIM_SETTLE_MARGIN_MS);
        const { lines, totalMinor } = await accrualOf(trx, policy, input.memberId, { from, to });
        if (to <= from || totalMinor < minimumOf(policy)) {
          throw new AppError('CONFLICT', {
            value: {
              reason: 'NOTHING',
              total: formatAmount(totalMinor),
              minimum: formatAmount(minimumOf(policy)),
            },
          });
        }
        const grant = await engine.grantIn(trx, {
          merchantId: input.merchantId,
          memberId: input.memberId,
          currency: policy.currency,
          source: 'rebate',
          amountMinor: totalMinor,
          terms: rebateTermsOf(policy),
          language: input.language,
        });
        await insertPayouts(trx, [
          {
            id: uuidv7(),
            merchant_id: input.merchantId,
            member_id: input.memberId,
            mode: 'manual',
            day: null,
            covered_from: from,
            covered_to: to,
            basis: policy.basis,
            amount_minor: totalMinor,
            lines: JSON.stringify(storedLinesOf(lines)),
            status: 'paid',
            skip_reason: null,
            bonus_id: grant.bonusId,
            created_at: at,
          },
        ]);
        return { amountMinor: totalMinor, bonusId: grant.bonusId, announce: grant.announce };
      });
      claimed.announce();
      return { amountMinor: claimed.amountMinor, bonusId: claimed.bonusId };
    },

    /** A page of the member's rebates paid, newest first. */
    async history(input: { memberId: string; page: number; pageSize: number }) {
      const pageSize = Math.min(input.pageSize, REBATE_HISTORY_PAGE_SIZE_MAX);
      const page = await findMemberPayoutsPage(db, {
        memberId: input.memberId,
        limit: pageSize,
        offset: (input.page - 1) * pageSize,
      });
      return { rows: page.rows, totalPages: Math.ceil(page.total / pageSize) };
    },

    /** The back office's list of payouts, with the filter's totals. */
    async listPayouts(filter: PayoutFilter, paging: { page: number; pageSize: number }) {
      const pageSize = Math.min(paging.pageSize, REBATE_LIST_PAGE_SIZE_MAX);
      const page = await findPayoutsPage(db, filter, {
        limit: pageSize,
        offset: (paging.page - 1) * pageSize,
      });
      return { ...page, totalPages: Math.ceil(page.total / pageSize) };
    },

    /** A member's own rebates paid per merchant day (the agent centre's income beside its contracts). */
    paidByDay(input: { memberId: string; from: Date; to: Date; timeZone: string }) {
      return sumPaidByDay(db, input);
    },
  };
}
