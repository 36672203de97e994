import { formatAmount } from '@panalo/money/amount.ts';
import type { Transaction } from 'kysely';
import { LOYALTY_GAME_TYPES, type LoyaltyGameType, POINT_TYPE_OF_GAME_TYPE } from '../../db/loyalty-rules.ts';
import type { Database } from '../../db/schema.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import {
  type BetDayKey,
  type EarningRow,
  findChangedKeys,
  findEarnedDepositKeys,
  findMerchantIds,
  findUnearnedDeposits,
  lockMerchantEarning,
  readBetDayFactsIn,
  readWatermark,
  writeEarningsIn,
  writeWatermark,
} from './points-earning.repository.ts';
import { applyDeltasIn, type PointsDelta } from './points-ledger.repository.ts';
import {
  earningDeltaOf,
  PLAIN_MULTIPLIER_BP,
  type PointsPolicy,
  type PointsRule,
  pointsOf,
  type ReadPointsMerchant,
} from './points-policy.ts';

/**
 * How far before its watermark the job reads again. A settlement's changed_at (and a deposit's
 * credited_at) is taken before its transaction commits, so a slow commit can land behind rows
 * already read; reading a row twice earns nothing twice (earnings and keys), missing it would.
 */
export const EARN_WATERMARK_OVERLAP_MS = 5 * 60_000;
/** Changed (member, day, game type) keys earned per transaction: a few statements each. */
export const EARN_KEYS_PER_BATCH = 10_000;
/** Deposits earned per transaction. */
export const EARN_DEPOSITS_PER_BATCH = 10_000;

/** What one run earned, in all merchants. */
export type EarnSummary = {
  merchants: number;
  /** (member, day, game type) keys whose valid bet changed, earning or not. */
  days: number;
  /** Records written for valid bet: earned, and clawed back. */
  earned: number;
  clawedBack: number;
  deposits: number;
};

export type PointsEarning = ReturnType<typeof createPointsEarning>;

/** The rule each game type earns by: its point type's, when that earns anything. */
function gameTypeRulesOf(policy: PointsPolicy): Map<string, PointsRule> {
  return new Map(
    LOYALTY_GAME_TYPES.flatMap((gameType) => {
      const rule = policy.earn[POINT_TYPE_OF_GAME_TYPE[gameType]];
      return rule && rule.perMinor > 0n && rule.points > 0 ? [[gameType, rule] as const] : [];
    }),
  );
}

/** The record of a day's change: its point type's when earned, a claw-back when given back. */
function deltaOf(fact: BetDayKey & { validBetMinor: bigint }, delta: bigint, revision: number): PointsDelta {
  const pointType = POINT_TYPE_OF_GAME_TYPE[fact.gameType as LoyaltyGameType];
  assertInvariant(delta < 0n || pointType !== undefined, 'only a game type with a point type earns points');
  const detail: Record<string, string> = {
    day: fact.day,
    gameType: fact.gameType,
    validBet: formatAmount(fact.validBetMinor),
  };
  if (delta > 0n) detail.earned = delta.toString();
  else detail.clawedBack = (-delta).toString();
  return {
    memberId: fact.memberId,
    type: delta > 0n ? pointType : 'clawback',
    delta,
    key: `bet:${fact.memberId}:${fact.day}:${fact.gameType}:${revision}`,
    detail,
  };
}

/**
 * Earns a batch of changed keys in the caller's transaction (the merchant's earning lock held):
 * writes what each day has now earned and answers the records of the changes, in key order.
 */
async function earnKeysIn(
  trx: Transaction<Database>,
  merchantId: string,
  keys: readonly BetDayKey[],
  rules: ReadonlyMap<string, PointsRule>,
  at: Date,
): Promise<PointsDelta[]> {
  const facts = await readBetDayFactsIn(trx, keys);
  const earnings: EarningRow[] = [];
  const deltas: PointsDelta[] = [];
  for (const fact of facts) {
    if (fact.validBetMinor === (fact.earned?.validBetMinor ?? 0n)) continue;
    const delta = earningDeltaOf({
      validBetMinor: fact.validBetMinor,
      earned: fact.earned,
      rule: rules.get(fact.gameType) ?? null,
      multiplierBp: fact.multiplierBp ?? PLAIN_MULTIPLIER_BP,
    });
    // A day that never earned and earns nothing now needs no row: it starts from nothing again.
    if (fact.earned === null && delta === 0n) continue;
    const revision = (fact.earned?.revision ?? 0) + 1;
    earnings.push({
      memberId: fact.memberId,
      day: fact.day,
      gameType: fact.gameType,
      validBetMinor: fact.validBetMinor,
      points: (fact.earned?.points ?? 0n) + delta,
      revision,
    });
    if (delta !== 0n) deltas.push(deltaOf(fact, delta, revision));
  }
  await writeEarningsIn(trx, merchantId, earnings, at);
  return deltas;
}

function sinceOf(watermark: Date | null): Date | null {
  return watermark === null ? null : new Date(watermark.getTime() - EARN_WATERMARK_OVERLAP_MS);
}

/**
 * The points earning job's work (docs/loyalty.md "Points"): valid bet per member, merchant day and
 * game type earns by its point type's rule and the member's level multiplier, and a later change
 * of the day earns or claws back the difference; each credited deposit earns once. The changed
 * (member, day, game type) keys are read in one statement, then earned in batches, each in a
 * transaction under the merchant's earning lock (so that two runs at once earn nothing twice) and
 * a few set-based statements.
 */
export function createPointsEarning(deps: ServiceDeps<{ readMerchant: ReadPointsMerchant }>) {
  const { db, readMerchant } = deps;
  const now = clockOf(deps);

  async function earnBets(merchantId: string, policy: PointsPolicy, summary: EarnSummary): Promise<void> {
    const watermark = await readWatermark(db, merchantId);
    const since = sinceOf(watermark.betsChangedAt);
    const changed = await findChangedKeys(db, merchantId, since);
    const rules = gameTypeRulesOf(policy);
    for (let start = 0; start < changed.keys.length; start += EARN_KEYS_PER_BATCH) {
      const keys = changed.keys.slice(start, start + EARN_KEYS_PER_BATCH);
      await db.transaction().execute(async (trx) => {
        await lockMerchantEarning(trx, merchantId);
        const at = now();
        const deltas = await earnKeysIn(trx, merchantId, keys, rules, at);
        await applyDeltasIn(trx, merchantId, deltas, at);
        for (const delta of deltas) {
          if (delta.delta > 0n) summary.earned += 1;
          else summary.clawedBack += 1;
        }
      });
      summary.days += keys.length;
    }
    if (changed.newestChangeAt)
      await writeWatermark(db, merchantId, 'bets_changed_at', changed.newestChangeAt);
  }

  async function earnDeposits(merchantId: string, policy: PointsPolicy, summary: EarnSummary): Promise<void> {
    const rule = policy.deposit;
    if (!rule || rule.perMinor <= 0n || rule.points <= 0) {
      // Deposits credited while the merchant gives no points for them never earn later: the next
      // read starts at this run's time, with no look-back (the overlap is added here so that
      // sinceOf takes it off again), so a deposit credited before it, a slow commit among them,
      // is not read once points are turned on.
      await writeWatermark(
        db,
        merchantId,
        'deposits_credited_at',
        new Date(now().getTime() + EARN_WATERMARK_OVERLAP_MS),
      );
      return;
    }
    const watermark = await readWatermark(db, merchantId);
    const since = sinceOf(watermark.depositsCreditedAt);
    let after: { creditedAt: Date; id: string } | null = null;
    let newest: Date | null = null;
    for (;;) {
      const page = await findUnearnedDeposits(db, {
        merchantId,
        since,
        after,
        limit: EARN_DEPOSITS_PER_BATCH,
      });
      const last = page.at(-1);
      if (!last) break;
      after = { creditedAt: last.creditedAt, id: last.id };
      newest = last.creditedAt;
      const earning = page
        .map((deposit) => ({ deposit, points: pointsOf(deposit.amountMinor, rule, deposit.multiplierBp) }))
        .filter((each) => each.points > 0n);
      if (earning.length > 0) {
        await db.transaction().execute(async (trx) => {
          await lockMerchantEarning(trx, merchantId);
          // Read again under the lock: another run may have earned some of the page since.
          const done = await findEarnedDepositKeys(
            trx,
            earning.map(({ deposit }) => `deposit:${deposit.id}`),
          );
          const deltas = earning
            .filter(({ deposit }) => !done.has(`deposit:${deposit.id}`))
            .map(
              ({ deposit, points }): PointsDelta => ({
                memberId: deposit.memberId,
                type: 'deposit',
                delta: points,
                key: `deposit:${deposit.id}`,
                detail: { amount: formatAmount(deposit.amountMinor), earned: points.toString() },
              }),
            );
          await applyDeltasIn(trx, merchantId, deltas, now());
          summary.deposits += deltas.length;
        });
      }
      if (page.length < EARN_DEPOSITS_PER_BATCH) break;
    }
    if (newest) await writeWatermark(db, merchantId, 'deposits_credited_at', newest);
  }

  return {
    /**
     * One run over every merchant. One merchant's failure does not stop the others: the run
     * finishes them, then fails with what went wrong, so that the job logs it and runs again.
     */
    async earn(): Promise<EarnSummary> {
      const summary: EarnSummary = { merchants: 0, days: 0, earned: 0, clawedBack: 0, deposits: 0 };
      const failures: unknown[] = [];
      for (const merchantId of await findMerchantIds(db)) {
        try {
          const merchant = await readMerchant(merchantId);
          if (!merchant) continue;
          await earnBets(merchantId, merchant.policy, summary);
          await earnDeposits(merchantId, merchant.policy, summary);
          summary.merchants += 1;
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1) throw new AggregateError(failures, 'points earning: several merchants failed');
      return summary;
    },
  };
}
