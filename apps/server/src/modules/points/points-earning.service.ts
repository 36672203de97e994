import { formatAmount } from '@panalo/money/amount.ts';
import { LOYALTY_GAME_TYPES, POINT_TYPE_OF_GAME_TYPE } from '../../db/loyalty-rules.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import {
  earnChangedDaysIn,
  findChangedMembers,
  findEarnedDepositKeys,
  findMerchantIds,
  findUnearnedDeposits,
  type GameTypeRule,
  lockMerchantEarning,
  readWatermark,
  writeWatermark,
} from './points-earning.repository.ts';
import { applyDeltasIn, type PointsDelta } from './points-ledger.repository.ts';
import { type PointsPolicy, pointsOf, type ReadPointsMerchant } from './points-policy.ts';

/**
 * How far before its watermark the job reads again. A settlement's changed_at (and a deposit's
 * credited_at) is taken before its transaction commits, so a slow commit can land behind rows
 * already read; reading a row twice earns nothing twice (earnings and keys), missing it would.
 */
export const EARN_WATERMARK_OVERLAP_MS = 5 * 60_000;
/** Members earned per transaction: a few statements each, whatever the batch's size. */
export const EARN_MEMBERS_PER_BATCH = 2000;
/** Deposits earned per transaction. */
export const EARN_DEPOSITS_PER_BATCH = 2000;

/** What one run earned, in all merchants. */
export type EarnSummary = {
  merchants: number;
  members: number;
  /** Records written for valid bet: earned, and clawed back. */
  earned: number;
  clawedBack: number;
  deposits: number;
};

export type PointsEarning = ReturnType<typeof createPointsEarning>;

/** The statement's rules: each game type whose point type has a rule that earns. */
function gameTypeRulesOf(policy: PointsPolicy): GameTypeRule[] {
  return LOYALTY_GAME_TYPES.flatMap((gameType) => {
    const rule = policy.earn[POINT_TYPE_OF_GAME_TYPE[gameType]];
    return rule && rule.perMinor > 0n && rule.points > 0
      ? [{ gameType, perMinor: rule.perMinor, points: rule.points }]
      : [];
  });
}

function sinceOf(watermark: Date | null): Date | null {
  return watermark === null ? null : new Date(watermark.getTime() - EARN_WATERMARK_OVERLAP_MS);
}

/**
 * The points earning job's work (docs/loyalty.md "Points"): valid bet per member, merchant day and
 * game type earns by its point type's rule and the member's level multiplier, and a later change
 * of the day earns or claws back the difference; each credited deposit earns once. Batches of
 * members run in transactions under the merchant's earning lock, so that two runs at once earn
 * nothing twice, and every batch is a few set-based statements.
 */
export function createPointsEarning(deps: ServiceDeps<{ readMerchant: ReadPointsMerchant }>) {
  const { db, readMerchant } = deps;
  const now = clockOf(deps);

  async function earnBets(merchantId: string, policy: PointsPolicy, summary: EarnSummary): Promise<void> {
    const watermark = await readWatermark(db, merchantId);
    const since = sinceOf(watermark.betsChangedAt);
    const changed = await findChangedMembers(db, merchantId, since);
    const rules = gameTypeRulesOf(policy);
    for (let start = 0; start < changed.memberIds.length; start += EARN_MEMBERS_PER_BATCH) {
      const memberIds = changed.memberIds.slice(start, start + EARN_MEMBERS_PER_BATCH);
      await db.transaction().execute(async (trx) => {
        await lockMerchantEarning(trx, merchantId);
        const at = now();
        const changes = await earnChangedDaysIn(trx, { merchantId, memberIds, since, rules, now: at });
        const deltas = changes.map((change): PointsDelta => {
          const pointType = POINT_TYPE_OF_GAME_TYPE[change.gameType as keyof typeof POINT_TYPE_OF_GAME_TYPE];
          assertInvariant(
            change.delta < 0n || pointType !== undefined,
            'only a game type with a point type earns points',
          );
          const detail: Record<string, string> = {
            day: change.day,
            gameType: change.gameType,
            validBet: formatAmount(change.validBetMinor),
          };
          if (change.delta > 0n) detail.earned = change.delta.toString();
          else detail.clawedBack = (-change.delta).toString();
          return {
            memberId: change.memberId,
            type: change.delta > 0n && pointType ? pointType : 'clawback',
            delta: change.delta,
            key: `bet:${change.memberId}:${change.day}:${change.gameType}:${change.revision}`,
            detail,
          };
        });
        await applyDeltasIn(trx, merchantId, deltas, at);
        for (const delta of deltas) {
          if (delta.delta > 0n) summary.earned += 1;
          else summary.clawedBack += 1;
        }
      });
      summary.members += memberIds.length;
    }
    if (changed.newestChangeAt)
      await writeWatermark(db, merchantId, 'bets_changed_at', changed.newestChangeAt);
  }

  async function earnDeposits(merchantId: string, policy: PointsPolicy, summary: EarnSummary): Promise<void> {
    const rule = policy.deposit;
    if (!rule || rule.perMinor <= 0n || rule.points <= 0) {
      // Deposits credited while the merchant gives no points for them never earn later.
      await writeWatermark(db, merchantId, 'deposits_credited_at', now());
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
      const summary: EarnSummary = { merchants: 0, members: 0, earned: 0, clawedBack: 0, deposits: 0 };
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
