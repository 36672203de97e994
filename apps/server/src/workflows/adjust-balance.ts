import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MemberRow } from '../modules/member/member.service.ts';
import type { WalletService } from '../modules/wallet/wallet.service.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../platform/audit/record-change.ts';

export type AdjustBalanceDeps = { wallet: WalletService; db: Kysely<Database>; recordChange: RecordChange };

/**
 * A manual balance adjustment by an operator, always with a reason: money into the member's cash
 * from the merchant's adjustment account, or out of it (never below zero). The operator's request
 * id makes it once-only: a repeated request changes nothing and writes no second audit row.
 */
export async function adjustBalance(
  deps: AdjustBalanceDeps,
  actor: ChangeActor,
  input: {
    member: MemberRow;
    direction: 'credit' | 'debit';
    amountMinor: bigint;
    reason: string;
    requestId: string;
  },
): Promise<{ balanceMinor: bigint; duplicate: boolean }> {
  // Balances are kept in the merchant's one currency.
  const { currency } = await deps.db
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', input.member.merchant_id)
    .executeTakeFirstOrThrow();
  const member = { memberId: input.member.id, wallet: 'cash' as const };
  const house = { house: 'adjustment' as const, shardKey: input.member.id };
  const { transfer, duplicate } = await deps.wallet.transfer({
    merchantId: input.member.merchant_id,
    currency,
    key: `adjustment:${input.requestId}`,
    code: 'adjustment',
    reference: input.reason.slice(0, 128),
    from: input.direction === 'credit' ? house : member,
    to: input.direction === 'credit' ? member : house,
    amountMinor: input.amountMinor,
  });
  const balanceMinor =
    input.direction === 'credit' ? transfer.creditBalanceAfterMinor : transfer.debitBalanceAfterMinor;
  if (!duplicate) {
    await deps.recordChange(deps.db, {
      ...actorOf(actor),
      merchantId: input.member.merchant_id,
      action: 'balance.adjust',
      target: { type: 'member', id: input.member.id },
      before: {
        balanceMinor: (
          balanceMinor +
          (input.direction === 'credit' ? -1n : 1n) * input.amountMinor
        ).toString(),
      },
      after: {
        balanceMinor: balanceMinor.toString(),
        direction: input.direction,
        amountMinor: input.amountMinor.toString(),
        reason: input.reason,
      },
    });
  }
  return { balanceMinor, duplicate };
}
