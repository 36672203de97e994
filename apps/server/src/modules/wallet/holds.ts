import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, LedgerHoldStatus } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import { assertAmount, assertKey, type BalanceChange, type Ledger } from './ledger.ts';
import {
  applyTransfer,
  findHoldByKey,
  HOLD_KEY_INDEX,
  type HoldRow,
  insertHold,
  isUniqueViolation,
  lockHold,
  settleHold,
  sumHeldForMember,
  TRANSFER_KEY_INDEX,
} from './wallet.repository.ts';

/** A withdrawal's amount, held out of the member's cash until the withdrawal is decided. */
export type Hold = {
  id: string;
  key: string;
  memberId: string;
  currency: string;
  amountMinor: bigint;
  status: LedgerHoldStatus;
  reference: string | null;
  holdTransferId: string;
  settleTransferId: string | null;
  createdAt: Date;
  settledAt: Date | null;
};
export type HoldOutcome = { hold: Hold; duplicate: boolean };

function toHold(row: HoldRow): Hold {
  return {
    id: row.id,
    key: row.idempotency_key,
    memberId: row.member_id,
    currency: row.currency,
    amountMinor: BigInt(row.amount_minor),
    status: row.status,
    reference: row.reference,
    holdTransferId: row.hold_transfer_id,
    settleTransferId: row.settle_transfer_id,
    createdAt: row.created_at,
    settledAt: row.settled_at,
  };
}

/**
 * The holds of withdrawals: a request moves the amount from the member's cash to the withdrawal
 * clearing account, and its decision either gives it back or pays it out. Each step is a ledger
 * transfer, idempotent on the caller's key.
 */
export function createHolds(deps: {
  db: Kysely<Database>;
  ledger: Ledger;
  onBalanceChanged?: (change: BalanceChange) => void;
}) {
  const { db, ledger, onBalanceChanged } = deps;

  /** A withdrawal request: the amount leaves the member's cash for the withdrawal clearing account. */
  async function hold(input: {
    merchantId: string;
    memberId: string;
    currency: string;
    key: string;
    amountMinor: bigint;
    reference?: string | null;
  }): Promise<HoldOutcome> {
    ledger.checkInput(input);
    assertAmount(input.amountMinor);
    const reference = input.reference ?? null;
    const sameHold = (row: HoldRow): HoldOutcome => {
      const found = toHold(row);
      const isSame =
        found.memberId === input.memberId &&
        found.currency === input.currency &&
        found.amountMinor === input.amountMinor &&
        found.reference === reference;
      if (!isSame) throw new AppError('CONFLICT', { value: { reason: 'KEY_REUSED' } });
      return { hold: found, duplicate: true };
    };
    const known = await findHoldByKey(db, input.merchantId, input.key);
    if (known) return sameHold(known);
    const [debit, credit] = await Promise.all([
      ledger.resolvePlayerAccount(input.merchantId, input.memberId, input.currency, 'cash'),
      ledger.resolveHouseAccount(input.merchantId, 'withdrawal_clearing', input.currency, input.memberId),
    ]);
    const transferId = uuidv7();
    try {
      const created = await db.transaction().execute(async (trx) => {
        const applied = await applyTransfer(trx, {
          id: transferId,
          merchantId: input.merchantId,
          key: `hold:${input.key}`,
          code: 'withdrawal_hold',
          reference,
          debitAccountId: debit.id,
          creditAccountId: credit.id,
          currency: input.currency,
          amountMinor: input.amountMinor,
          reversesKey: null,
        });
        if (!applied) return null;
        const row = await insertHold(trx, {
          id: uuidv7(),
          merchantId: input.merchantId,
          key: input.key,
          memberId: input.memberId,
          currency: input.currency,
          amountMinor: input.amountMinor,
          reference,
          holdTransferId: transferId,
        });
        return { row, balanceMinor: applied.debitBalanceAfterMinor };
      });
      if (!created) {
        const balanceMinor = await ledger.readCash(input.merchantId, input.memberId, input.currency);
        throw new AppError('INSUFFICIENT_FUNDS', { value: { balanceMinor: String(balanceMinor) } });
      }
      onBalanceChanged?.({
        merchantId: input.merchantId,
        memberId: input.memberId,
        currency: input.currency,
        wallet: 'cash',
        balanceMinor: created.balanceMinor,
      });
      return { hold: toHold(created.row), duplicate: false };
    } catch (error) {
      // A concurrent request with the same key committed first.
      if (!isUniqueViolation(error, TRANSFER_KEY_INDEX) && !isUniqueViolation(error, HOLD_KEY_INDEX))
        throw error;
      const winner = await findHoldByKey(db, input.merchantId, input.key);
      assertInvariant(winner !== undefined, 'wallet: the winning hold exists');
      return sameHold(winner);
    }
  }

  /**
   * Ends a hold: released gives the money back to the member (a rejected withdrawal), captured
   * pays it out (an approved one). Repeating the same ending answers the first result; the
   * other ending after it is CONFLICT.
   */
  async function settle(
    input: { merchantId: string; key: string },
    status: 'released' | 'captured',
  ): Promise<HoldOutcome> {
    assertKey(input.key, 'key');
    const known = await findHoldByKey(db, input.merchantId, input.key);
    if (!known) throw new AppError('NOT_FOUND');
    // Accounts are resolved before the transaction: creating one uses its own connection, and
    // PGlite has only one.
    const clearing = await ledger.resolveHouseAccount(
      input.merchantId,
      'withdrawal_clearing',
      known.currency,
      known.member_id,
    );
    const target =
      status === 'released'
        ? await ledger.resolvePlayerAccount(input.merchantId, known.member_id, known.currency, 'cash')
        : await ledger.resolveHouseAccount(
            input.merchantId,
            'withdrawal_paid',
            known.currency,
            known.member_id,
          );
    const settled = await db.transaction().execute(async (trx) => {
      const locked = await lockHold(trx, known.id);
      assertInvariant(locked !== undefined, 'wallet: a found hold exists');
      if (locked.status !== 'held') return { row: locked, duplicate: true, balanceMinor: null };
      const transferId = uuidv7();
      const applied = await applyTransfer(trx, {
        id: transferId,
        merchantId: input.merchantId,
        key: `${status === 'released' ? 'release' : 'capture'}:${locked.idempotency_key}`,
        code: status === 'released' ? 'withdrawal_release' : 'withdrawal',
        reference: locked.reference,
        debitAccountId: clearing.id,
        creditAccountId: target.id,
        currency: locked.currency,
        amountMinor: BigInt(locked.amount_minor),
        reversesKey: null,
      });
      assertInvariant(applied !== null, 'wallet: a held amount can always leave the clearing account');
      const row = await settleHold(trx, locked.id, status, transferId);
      assertInvariant(row !== undefined, 'wallet: a locked hold is still held');
      return {
        row,
        duplicate: false,
        balanceMinor: status === 'released' ? applied.creditBalanceAfterMinor : null,
      };
    });
    if (settled.duplicate && settled.row.status !== status) {
      throw new AppError('CONFLICT', { value: { reason: `ALREADY_${settled.row.status.toUpperCase()}` } });
    }
    if (settled.balanceMinor !== null) {
      onBalanceChanged?.({
        merchantId: input.merchantId,
        memberId: settled.row.member_id,
        currency: settled.row.currency,
        wallet: 'cash',
        balanceMinor: settled.balanceMinor,
      });
    }
    return { hold: toHold(settled.row), duplicate: settled.duplicate };
  }

  const release = (input: { merchantId: string; key: string }) => settle(input, 'released');
  const capture = (input: { merchantId: string; key: string }) => settle(input, 'captured');

  return {
    hold,
    release,
    capture,
    /** What the member has on hold: withdrawals still waiting for a decision. */
    sumHeld: (input: { merchantId: string; memberId: string; currency: string }) =>
      sumHeldForMember(db, input),
  };
}
