import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';

/**
 * The wallet's readings of the bet record (game_rounds, docs/agents.md "The bet record"): the one
 * definition of what a member wagered and lost, ours and every seamless vendor's bets alike.
 */

/**
 * Valid bet of a member's bets settled since a moment (all time when null): the stakes of bets
 * settled or adjusted; rolled back, void and open bets count nothing. Withdrawal turnover reads it.
 */
export async function sumValidBetSince(
  db: Executor,
  input: { memberId: string; currency: string; since: Date | null },
): Promise<bigint> {
  let query = db
    .selectFrom('game_rounds')
    .select(sql<string>`coalesce(sum(valid_bet_minor), 0)`.as('total'))
    .where('member_id', '=', input.memberId)
    .where('currency', '=', input.currency)
    .where('status', 'in', ['settled', 'resettled']);
  if (input.since) query = query.where('settled_at', '>=', input.since);
  const row = await query.executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/**
 * What a member has lost in bets since a moment: GGR of the bets settled since (stakes less what
 * they paid back; negative when ahead), plus the stakes of bets placed since that are still open,
 * since that money is at risk until they settle (a sports ticket may stay open for days).
 * `exceptTransferVendors` leaves out the bets imported from transfer-wallet vendors' feeds, for a
 * sum that counts the money moved to those vendors instead (loss limits): never both.
 */
export async function sumBetLossSince(
  db: Executor,
  input: { memberId: string; currency: string; since: Date; exceptTransferVendors?: boolean },
): Promise<bigint> {
  let query = db
    .selectFrom('game_rounds')
    .select(
      sql<string>`coalesce(sum(case
        when status in ('settled', 'resettled') and settled_at >= ${input.since} then stake_minor - win_minor
        when status = 'open' and opened_at >= ${input.since} then stake_minor
        else 0 end), 0)`.as('total'),
    )
    .where('member_id', '=', input.memberId)
    .where('currency', '=', input.currency)
    .where((where) =>
      where.or([where('settled_at', '>=', input.since), where('opened_at', '>=', input.since)]),
    );
  if (input.exceptTransferVendors) {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('game_vendors')
            .select('game_vendors.id')
            .whereRef('game_vendors.id', '=', 'game_rounds.vendor_id')
            .where('game_vendors.wallet_mode', '=', 'transfer'),
        ),
      ),
    );
  }
  const row = await query.executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/**
 * Adds a stake's bonus part to its round, in the stake's transaction (the round already holds the
 * stake): a vendor's round accumulates the bonus parts of its debits (docs/promotions.md "The money
 * rules").
 */
export async function addRoundBonusStake(
  db: Executor,
  round: { vendorId: string; vendorRoundId: string },
  bonusStakeMinor: bigint,
): Promise<void> {
  const result = await db
    .updateTable('game_rounds')
    .set({ bonus_stake_minor: sql<bigint>`bonus_stake_minor + ${bonusStakeMinor}` })
    .where('vendor_id', '=', round.vendorId)
    .where('vendor_round_id', '=', round.vendorRoundId)
    .executeTakeFirst();
  assertInvariant(result.numUpdatedRows === 1n, 'bet record: a bonus stake without its round');
}

/** Sets what of a round's win was bonus money (at most the win, which the table's check holds). */
export async function setRoundBonusWin(db: Executor, roundId: string, bonusWinMinor: bigint): Promise<void> {
  await db
    .updateTable('game_rounds')
    .set({ bonus_win_minor: bonusWinMinor })
    .where('id', '=', roundId)
    .execute();
}
