import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import {
  type AccountRef,
  type BoundLedger,
  houseShardOf,
  type Ledger,
  type ResolvedAccount,
  type TransferCode,
  type TransferOutcome,
} from './ledger.ts';
import { findAccountById } from './wallet.repository.ts';

/** Transfers one batch may name accounts for at most (a settlement's payees, payers and houses). */
export const BOUND_ACCOUNTS_MAX = 100_000;

/** A transfer made inside a batch's transaction (the merchant and currency are the batch's). */
export type BoundTransferInput = {
  key: string;
  code: TransferCode;
  reference?: string | null;
  from: AccountRef;
  to: AccountRef;
  amountMinor: bigint;
};

/**
 * The money moves of one batch, bound to its transaction: `move` is a transfer (INSUFFICIENT_FUNDS
 * when the debit side is short, which leaves the transaction usable, so that the caller may decide
 * what to do instead), `cashOf` a member's cash as the transaction sees it.
 */
export type TransferBatch = {
  move(input: BoundTransferInput): Promise<TransferOutcome>;
  cashOf(memberId: string): Promise<bigint>;
  /**
   * Many transfers in order, in one statement: only what the balances read by `lockCashOf` cover
   * (a player side short at any step breaks an invariant; nothing answers INSUFFICIENT_FUNDS).
   */
  moveMany(inputs: readonly BoundTransferInput[]): Promise<TransferOutcome[]>;
  /** Members' cash, locked until the batch's transaction ends (a settlement's payers), by member id. */
  lockCashOf(memberIds: readonly string[]): Promise<Map<string, bigint>>;
};

function refKey(ref: AccountRef): string {
  return 'house' in ref ? `h|${ref.house}|${houseShardOf(ref.shardKey)}` : `p|${ref.memberId}|${ref.wallet}`;
}

/**
 * Many transfers of one merchant and currency in one database transaction with the caller's own
 * writes (agent contract settlements pay a whole tree of uplines and downlines at once): they all
 * commit together or none does. The accounts are named and resolved before the transaction opens
 * (creating one takes a connection of its own, and PGlite has only one); members hear of their new
 * balances once the transaction has committed.
 */
export function createTransferBatches(deps: { db: Kysely<Database>; ledger: Ledger }) {
  const { db, ledger } = deps;

  return async function withTransfers<T>(
    batch: { merchantId: string; currency: string; accounts: readonly AccountRef[] },
    work: (transfers: TransferBatch, trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    const { merchantId, currency } = batch;
    ledger.checkInput({ key: 'batch', currency });
    assertInvariant(
      batch.accounts.length <= BOUND_ACCOUNTS_MAX,
      'wallet: a batch names a bounded set of accounts',
    );
    // The members' accounts in a few reads, not one each: a settlement names thousands.
    await ledger.resolvePlayerAccounts(
      merchantId,
      [...new Set(batch.accounts.flatMap((ref) => ('memberId' in ref ? [ref.memberId] : [])))],
      currency,
    );
    const resolved = new Map<string, ResolvedAccount>();
    for (const ref of batch.accounts) {
      const key = refKey(ref);
      if (resolved.has(key)) continue;
      resolved.set(
        key,
        'house' in ref
          ? await ledger.resolveHouseAccount(merchantId, ref.house, currency, ref.shardKey)
          : await ledger.resolvePlayerAccount(merchantId, ref.memberId, currency, ref.wallet),
      );
    }
    const accountOf = (ref: AccountRef): ResolvedAccount => {
      const account = resolved.get(refKey(ref));
      assertInvariant(account !== undefined, 'wallet: a batch moves money between the accounts it named');
      return account;
    };

    const committed: Array<() => void> = [];
    const result = await db.transaction().execute((trx) => {
      const bound: BoundLedger = { trx, committed };
      return work(
        {
          move: (input) => {
            ledger.checkInput({ ...input, currency });
            return ledger.execute(
              {
                merchantId,
                currency,
                key: input.key,
                code: input.code,
                reference: input.reference ?? null,
                debit: accountOf(input.from),
                credit: accountOf(input.to),
                amountMinor: input.amountMinor,
                reversesKey: null,
              },
              bound,
            );
          },
          moveMany: async (inputs) => {
            const prepared = inputs.map((input) => {
              ledger.checkInput({ ...input, currency });
              return {
                merchantId,
                currency,
                key: input.key,
                code: input.code,
                reference: input.reference ?? null,
                debit: accountOf(input.from),
                credit: accountOf(input.to),
                amountMinor: input.amountMinor,
                reversesKey: null,
              };
            });
            const transfers = await ledger.executeMany(prepared, bound);
            return transfers.map((transfer) => ({ transfer, duplicate: false }));
          },
          lockCashOf: async (memberIds) => {
            const accounts = memberIds.map((memberId) => accountOf({ memberId, wallet: 'cash' }));
            const balances = await ledger.lockBalances(bound, accounts);
            return new Map(
              memberIds.map((memberId, index) => {
                const balance = balances.get(accounts[index]?.id ?? '');
                assertInvariant(balance !== undefined, 'wallet: a resolved account exists');
                return [memberId, balance];
              }),
            );
          },
          cashOf: async (memberId) => {
            const account = await findAccountById(trx, accountOf({ memberId, wallet: 'cash' }).id);
            assertInvariant(account !== undefined, 'wallet: a resolved account exists');
            return BigInt(account.balance_minor);
          },
        },
        trx,
      );
    });
    for (const tell of committed) tell();
    return result;
  };
}
