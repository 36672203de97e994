import { formatAmount } from '@panalo/money/amount.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { AppError } from '../../platform/errors/errors.ts';

/**
 * What an active bonus asks of every bet (docs/promotions.md "Maximum stake"): while a bonus with
 * a maximum stake is active, a bet above it is refused before any money moves, on every path —
 * our one-step rounds (the one-step statement sends such a member the full way), mines and
 * blackjack and their further stakes, and seamless vendors' debits — whichever wallet would pay.
 */

/** The member's active bonus as a stake reads it: its id and its maximum stake (null: none). */
export type ActiveBonusStake = { bonusId: string; maxStakeMinor: bigint | null };

/** The member's active bonus (at most one is active, migration 0145), or null. */
export async function findActiveBonusStake(
  executor: Executor,
  memberId: string,
): Promise<ActiveBonusStake | null> {
  const row = await executor
    .selectFrom('member_bonuses')
    .select(['id', 'max_stake_minor'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!row) return null;
  return {
    bonusId: row.id,
    maxStakeMinor: row.max_stake_minor === null ? null : BigInt(row.max_stake_minor),
  };
}

/**
 * Refuses a stake above the maximum stake of the member's active bonus: 422 LIMIT_REACHED with
 * `value.limit = 'bonus'` and `value.max`, the maximum as a wire amount. Run in the stake's own
 * transaction, beside the responsible-gaming check, so that nothing is taken when it refuses.
 */
export async function checkBonusStakeIn(
  executor: Executor,
  memberId: string,
  stakeMinor: bigint,
): Promise<void> {
  const active = await findActiveBonusStake(executor, memberId);
  if (active?.maxStakeMinor == null || stakeMinor <= active.maxStakeMinor) return;
  throw new AppError('LIMIT_REACHED', { value: { limit: 'bonus', max: formatAmount(active.maxStakeMinor) } });
}
