import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/schema.ts';
import type { GameService, VendorRow } from '../modules/game/game.service.ts';
import type { TransferVendorClient, TransferVendorResult } from '../modules/game/transfer-vendor-client.ts';
import {
  countVendorTransferAttempt,
  findSettleableTransfers,
  findTransfersOfMember,
  findTransferVendors,
  findVendorIdsUsedBy,
  findVendorTransferById,
  findVendorTransferByRequest,
  finishVendorTransfer,
  insertVendorTransfer,
  type VendorTransferRow,
} from '../modules/game/vendor-transfer.repository.ts';
import type { ResponsibleGamingService } from '../modules/responsible-gaming/responsible-gaming.service.ts';
import type { AccountRef, WalletService } from '../modules/wallet/wallet.service.ts';
import { AppError, isAppError } from '../platform/errors/errors.ts';
import { present } from '../platform/errors/invariant.ts';
import { defineScheduledJob, type JobDefinition } from '../platform/jobs/job-runner.ts';

/**
 * Money between a member's main wallet (the ledger's cash account) and the wallets that
 * transfer-mode vendors keep for them (protocol: modules/game/transfer-vendor-client.ts). Each
 * move is one vendor_transfers row whose id is the transferId the vendor sees and the root of its
 * ledger keys:
 *
 * - into a vendor: cash → the vendor's clearing account (`vendor-transfer:<id>:in`), then the
 *   vendor's deposit. OK: done. A definite refusal (or a vendor we could not even connect to):
 *   the money comes back (`:refund`) and the transfer fails. No answer: it stays pending.
 * - out of a vendor: the vendor's withdraw first. OK: clearing → cash (`:out`), done. A refusal:
 *   failed, nothing moved. No answer: pending.
 * - pending transfers older than SETTLE_AFTER_MS are settled by a job that asks the vendor
 *   (`status`): applied finishes the ledger side, not applied refunds (in) or fails (out). The
 *   vendor refuses a transferId for good once it has answered "not applied", so a late delivery
 *   cannot land after the refund. After SETTLE_ATTEMPTS_MAX questions a transfer stays pending
 *   for an operator.
 *
 * Every ledger move is keyed, so two paths finishing one transfer (a late request and the job)
 * move money once; the row's pending → done/failed change is conditional, so the first ending
 * stands. Members hear of each cash change through the wallet's balance event.
 *
 * Responsible gaming: these vendors report no rounds, so what a member moves into them less what
 * comes back counts as lost towards their loss limits (wallet.sumGameLossSince). A move into a
 * vendor is a stake: refused during a break or self-exclusion, when session time is used up, or
 * when it would take the period's loss past a limit, checked in the move's own transaction under
 * the member's play lock. Money coming home is always allowed.
 */
export const SETTLE_AFTER_MS = 30_000;
export const SETTLE_ATTEMPTS_MAX = 10;
const SETTLE_BATCH_MAX = 100;
const MEMBER_TRANSFERS_LISTED = 50;
export const SETTLE_VENDOR_TRANSFERS_JOB_NAME = 'vendor-transfers.settle-pending';
/** The wallet page's name for the main wallet in a transfer's from and to. */
export const MAIN_WALLET = 'MAIN';

export type VendorWalletStatus = 'OK' | 'UNAVAILABLE' | 'MAINTENANCE';
export type VendorWalletView = {
  vendor: VendorRow;
  balanceMinor: bigint | null;
  status: VendorWalletStatus;
};
export type MerchantWalletView = { cashMinor: bigint; vendors: VendorWalletView[] };

export type TransferAnswer = {
  transferId: string;
  status: 'DONE' | 'PENDING';
  cashMinor: bigint;
  vendor: VendorRow;
  vendorBalanceMinor: bigint | null;
};

type Merchant = { id: string; currency: string };
type Member = { id: string; status: string };

const keyOf = (row: { id: string }, step: 'in' | 'refund' | 'out') => `vendor-transfer:${row.id}:${step}`;
const clearingOf = (vendor: VendorRow, memberId: string): AccountRef => ({
  house: `vendor_wallet:${vendor.vassalage.toLowerCase()}`,
  shardKey: memberId,
});
const cashOf = (memberId: string): AccountRef => ({ memberId, wallet: 'cash' });

export type VendorTransfers = ReturnType<typeof createVendorTransfers>;

export function createVendorTransfers(deps: {
  db: Kysely<Database>;
  games: GameService;
  wallet: WalletService;
  responsibleGaming: ResponsibleGamingService;
  client: TransferVendorClient;
  now?: () => Date;
}) {
  const { db, games, wallet, responsibleGaming, client } = deps;
  const now = deps.now ?? (() => new Date());

  const readCash = async (merchant: Merchant, memberId: string) =>
    (await wallet.getBalances({ merchantId: merchant.id, memberId, currency: merchant.currency })).cashMinor;

  /** One vendor's balance for a member, or null with UNAVAILABLE when it does not answer in time. */
  async function readVendorWallet(merchant: Merchant, memberId: string, vendor: VendorRow) {
    const reply = await client.call(vendor, 'balance', { playerId: memberId, currency: merchant.currency });
    const balanceMinor = reply.kind === 'answered' && reply.status === 'OK' ? reply.balanceMinor : null;
    const status: VendorWalletStatus =
      balanceMinor === null ? 'UNAVAILABLE' : vendor.status === 'maintenance' ? 'MAINTENANCE' : 'OK';
    return { vendor, balanceMinor, status } satisfies VendorWalletView;
  }

  /** The main wallet and every transfer-mode vendor's wallet, the vendors asked in parallel. */
  async function merchantWallet(merchant: Merchant, memberId: string): Promise<MerchantWalletView> {
    const vendors = await findTransferVendors(db, merchant.id);
    const [cashMinor, views] = await Promise.all([
      readCash(merchant, memberId),
      Promise.all(vendors.map((vendor) => readVendorWallet(merchant, memberId, vendor))),
    ]);
    return { cashMinor, vendors: views };
  }

  /**
   * The vendor wallets that may hold the member's money (vendors they have moved money to), for
   * sums such as the consolidated funds; vendors that do not answer are left out.
   */
  async function heldAtVendors(merchant: Merchant, memberId: string): Promise<VendorWalletView[]> {
    const used = await findVendorIdsUsedBy(db, memberId);
    if (used.size === 0) return [];
    const vendors = (await findTransferVendors(db, merchant.id)).filter((vendor) => used.has(vendor.id));
    const views = await Promise.all(vendors.map((vendor) => readVendorWallet(merchant, memberId, vendor)));
    return views.filter((view) => view.balanceMinor !== null);
  }

  /** The transfer-mode vendor a wallet name names, or VALIDATION on the given field. */
  async function vendorNamed(
    merchant: Merchant,
    vassalage: string,
    field: 'from' | 'to',
  ): Promise<VendorRow> {
    const vendor = vassalage.length <= 32 ? await games.findVendor(merchant.id, vassalage) : undefined;
    if (vendor?.wallet_mode !== 'transfer' || vendor.status === 'disabled') {
      throw new AppError('VALIDATION', { value: { fields: { [field]: 'unknown' } } });
    }
    return vendor;
  }

  /** The answer a transfer gives, now or to a repeat of its request id. */
  async function answerOf(
    merchant: Merchant,
    row: VendorTransferRow,
    vendor: VendorRow,
  ): Promise<TransferAnswer> {
    if (row.status === 'failed') {
      const code = row.failure_code === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : 'CONFLICT';
      throw new AppError(code, { value: { reason: row.failure_code ?? 'VENDOR_REFUSED' } });
    }
    return {
      transferId: row.id,
      status: row.status === 'done' ? 'DONE' : 'PENDING',
      cashMinor: await readCash(merchant, row.member_id),
      vendor,
      vendorBalanceMinor: row.status === 'done' ? row.vendor_balance_minor : null,
    };
  }

  const reread = async (id: string) => {
    return present(await findVendorTransferById(db, id), 'vendor transfers: a transfer disappeared');
  };

  /**
   * Moves a transfer's amount from the vendor's clearing account back to the member's cash: an
   * outbound transfer the vendor applied ('out') or a refused inbound one given back ('refund').
   * Each leg has its own key, so each is booked at most once however often it is repeated.
   */
  async function bringLegHome(
    row: VendorTransferRow,
    vendor: VendorRow,
    leg: 'refund' | 'out',
  ): Promise<void> {
    await wallet.transfer({
      merchantId: row.merchant_id,
      currency: row.currency,
      key: keyOf(row, leg),
      code: 'vendor_transfer',
      reference: `${vendor.vassalage}:${row.id}`,
      from: clearingOf(vendor, row.member_id),
      to: cashOf(row.member_id),
      amountMinor: BigInt(row.amount_minor),
    });
  }

  /**
   * Gives an inbound transfer's money back (only if it had left the cash) and fails it. The refund
   * comes first: a process that stops between the two leaves the transfer pending, and the job
   * repeats both (the refund is keyed). No other path can have finished it as done meanwhile: the
   * vendor, having refused it or never seen it, answers "not applied" to everyone from then on.
   */
  async function refundIn(row: VendorTransferRow, vendor: VendorRow, failureCode: string): Promise<void> {
    const left = await wallet.findTransfer({ merchantId: row.merchant_id, key: keyOf(row, 'in') });
    if (left) await bringLegHome(row, vendor, 'refund');
    await finishVendorTransfer(db, row.id, { status: 'failed', failureCode, at: now() });
  }

  /** Books an outbound transfer the vendor has applied: its money arrives in the cash. */
  async function completeOut(row: VendorTransferRow, vendor: VendorRow, vendorBalanceMinor: bigint | null) {
    await bringLegHome(row, vendor, 'out');
    await finishVendorTransfer(db, row.id, { status: 'done', vendorBalanceMinor, at: now() });
  }

  /** What a vendor's answer to deposit or withdraw means for the transfer. */
  /** Asks the vendor to move, or about, the transfer `row`, named by its id. */
  const callAbout = (row: VendorTransferRow, vendor: VendorRow, action: 'deposit' | 'withdraw' | 'status') =>
    client.call(vendor, action, {
      playerId: row.member_id,
      currency: row.currency,
      transferId: row.id,
      amountMinor: BigInt(row.amount_minor),
    });

  function verdictOf(result: TransferVendorResult): 'applied' | 'refused' | 'unknown' {
    if (result.kind === 'unreachable') return 'refused';
    if (result.kind === 'unknown' || result.status === 'ERROR') return 'unknown';
    return result.status === 'OK' ? 'applied' : 'refused';
  }

  async function moveIn(
    merchant: Merchant,
    row: VendorTransferRow,
    vendor: VendorRow,
  ): Promise<VendorTransferRow> {
    const amountMinor = BigInt(row.amount_minor);
    const player = { memberId: row.member_id, merchantId: merchant.id };
    try {
      await wallet.transferAfterCheck(
        {
          merchantId: merchant.id,
          currency: merchant.currency,
          key: keyOf(row, 'in'),
          code: 'vendor_transfer',
          reference: `${vendor.vassalage}:${row.id}`,
          from: cashOf(row.member_id),
          to: clearingOf(vendor, row.member_id),
          amountMinor,
        },
        (trx) => responsibleGaming.checkBetAllowedIn(trx, player, amountMinor),
      );
    } catch (error) {
      if (!isAppError(error)) throw error;
      const isLimit = error.code === 'LIMIT_REACHED' || error.code === 'SELF_EXCLUDED';
      if (error.code !== 'INSUFFICIENT_FUNDS' && !isLimit) throw error;
      await finishVendorTransfer(db, row.id, { status: 'failed', failureCode: error.code, at: now() });
      // A limit reached by another move meanwhile: the member hears which, as if checked first.
      if (isLimit) throw error;
      return reread(row.id);
    }
    // A request stalled past SETTLE_AFTER_MS may find the job has already given up on it.
    if ((await reread(row.id)).status !== 'pending') {
      await refundIn(row, vendor, 'VENDOR_REFUSED');
      return reread(row.id);
    }
    const result = await callAbout(row, vendor, 'deposit');
    const verdict = verdictOf(result);
    if (verdict === 'applied') {
      await finishVendorTransfer(db, row.id, {
        status: 'done',
        vendorBalanceMinor: result.kind === 'answered' ? result.balanceMinor : null,
        at: now(),
      });
    } else if (verdict === 'refused') {
      await refundIn(row, vendor, result.kind === 'unreachable' ? 'VENDOR_UNAVAILABLE' : 'VENDOR_REFUSED');
    }
    return reread(row.id);
  }

  async function moveOut(row: VendorTransferRow, vendor: VendorRow): Promise<VendorTransferRow> {
    const result = await callAbout(row, vendor, 'withdraw');
    const verdict = verdictOf(result);
    if (verdict === 'applied') {
      await completeOut(row, vendor, result.kind === 'answered' ? result.balanceMinor : null);
    } else if (verdict === 'refused') {
      const failureCode =
        result.kind === 'answered' && result.status === 'INSUFFICIENT_FUNDS'
          ? 'INSUFFICIENT_FUNDS'
          : result.kind === 'unreachable'
            ? 'VENDOR_UNAVAILABLE'
            : 'VENDOR_REFUSED';
      await finishVendorTransfer(db, row.id, { status: 'failed', failureCode, at: now() });
    }
    return reread(row.id);
  }

  /**
   * Moves money between the main wallet and one vendor's (`from`/`to`: MAIN or a vendor code,
   * exactly one of them MAIN). The member's request id makes it happen once: a repeat answers the
   * first outcome.
   */
  async function transfer(
    merchant: Merchant,
    member: Member,
    input: { from: string; to: string; amountMinor: bigint; requestId: string },
  ): Promise<TransferAnswer> {
    const isIn = input.from === MAIN_WALLET && input.to !== MAIN_WALLET;
    const isOut = input.to === MAIN_WALLET && input.from !== MAIN_WALLET;
    if (!isIn && !isOut) throw new AppError('VALIDATION', { value: { fields: { to: 'one_side_main' } } });
    if (input.amountMinor <= 0n) throw new AppError('VALIDATION', { value: { fields: { amount: 'range' } } });
    const vendor = await vendorNamed(merchant, isIn ? input.to : input.from, isIn ? 'to' : 'from');
    const direction = isIn ? 'in' : 'out';

    const seen = await findVendorTransferByRequest(db, member.id, input.requestId);
    if (seen) return answerRepeat(merchant, seen, { vendor, direction, amountMinor: input.amountMinor });
    if (vendor.status === 'maintenance') {
      throw new AppError('CONFLICT', { value: { reason: 'VENDOR_MAINTENANCE' } });
    }
    // Money into a game vendor is a stake (responsible gaming); out of one is always allowed.
    if (isIn && member.status === 'self_excluded') throw new AppError('SELF_EXCLUDED');
    if (isIn) {
      await responsibleGaming.checkBetAllowed(
        { memberId: member.id, merchantId: merchant.id },
        input.amountMinor,
      );
    }

    const at = now();
    const row = {
      id: uuidv7(),
      merchant_id: merchant.id,
      member_id: member.id,
      vendor_id: vendor.id,
      direction,
      currency: merchant.currency,
      amount_minor: input.amountMinor,
      request_id: input.requestId,
      created_at: at,
      updated_at: at,
    } as const;
    if (!(await insertVendorTransfer(db, row))) {
      // The same request, sent twice at once: the other one is moving the money.
      const winner = present(
        await findVendorTransferByRequest(db, member.id, input.requestId),
        'vendor transfers: a taken request id has no transfer',
      );
      return answerRepeat(merchant, winner, { vendor, direction, amountMinor: input.amountMinor });
    }
    const inserted = await reread(row.id);
    const finished = isIn ? await moveIn(merchant, inserted, vendor) : await moveOut(inserted, vendor);
    return answerOf(merchant, finished, vendor);
  }

  function answerRepeat(
    merchant: Merchant,
    row: VendorTransferRow,
    expected: { vendor: VendorRow; direction: 'in' | 'out'; amountMinor: bigint },
  ): Promise<TransferAnswer> {
    const isSame =
      row.vendor_id === expected.vendor.id &&
      row.direction === expected.direction &&
      BigInt(row.amount_minor) === expected.amountMinor;
    if (!isSame) throw new AppError('CONFLICT', { value: { reason: 'REQUEST_ID_REUSED' } });
    return answerOf(merchant, row, expected.vendor);
  }

  /**
   * Moves every vendor balance above zero back to the main wallet (`requestId` made unique per
   * vendor). Vendors under maintenance are left alone; a vendor that does not answer or refuses
   * keeps its balance and shows UNAVAILABLE. Answers the wallets after the recall.
   */
  async function recall(
    merchant: Merchant,
    member: Member,
    requestId: string,
    options: { exceptVendorId?: string } = {},
  ): Promise<MerchantWalletView> {
    const vendors = await findTransferVendors(db, merchant.id);
    const views = await Promise.all(
      vendors.map(async (vendor): Promise<VendorWalletView> => {
        const view = await readVendorWallet(merchant, member.id, vendor);
        const skip =
          vendor.id === options.exceptVendorId ||
          vendor.status === 'maintenance' ||
          view.balanceMinor === null;
        if (skip || view.balanceMinor === null || view.balanceMinor <= 0n) return view;
        try {
          const moved = await transfer(merchant, member, {
            from: vendor.vassalage,
            to: MAIN_WALLET,
            amountMinor: view.balanceMinor,
            requestId: `${requestId}:${vendor.vassalage}`,
          });
          return moved.status === 'DONE'
            ? { vendor, balanceMinor: moved.vendorBalanceMinor ?? 0n, status: 'OK' }
            : { vendor, balanceMinor: null, status: 'UNAVAILABLE' };
        } catch (error) {
          if (!isAppError(error)) throw error;
          return { ...view, status: 'UNAVAILABLE' };
        }
      }),
    );
    return { cashMinor: await readCash(merchant, member.id), vendors: views };
  }

  /**
   * A launch of a transfer vendor's game in a one-wallet merchant: the other vendors' money comes
   * home, then the whole main wallet goes to this vendor, so the player plays with everything.
   * CONFLICT when the vendor cannot take it now; an unconfirmed move still launches (the vendor's
   * page shows what arrived, and the job settles the rest).
   */
  async function moveAllInto(merchant: Merchant, member: Member, vendor: VendorRow): Promise<void> {
    const requestId = `launch:${uuidv7()}`;
    await recall(merchant, member, requestId, { exceptVendorId: vendor.id });
    const cashMinor = await readCash(merchant, member.id);
    // A loss limit lets only what it leaves go to the vendor; the rest stays in the main wallet.
    const allowanceMinor = await responsibleGaming.findLossAllowance({
      memberId: member.id,
      merchantId: merchant.id,
    });
    const amountMinor = allowanceMinor !== null && allowanceMinor < cashMinor ? allowanceMinor : cashMinor;
    if (amountMinor <= 0n) return;
    try {
      await transfer(merchant, member, {
        from: MAIN_WALLET,
        to: vendor.vassalage,
        amountMinor,
        requestId: `${requestId}:in`,
      });
    } catch (error) {
      // Cash that changed meanwhile (a bet elsewhere, or another move that used the loss limit)
      // is no reason to refuse the game.
      const isShort =
        isAppError(error) &&
        (error.code === 'INSUFFICIENT_FUNDS' ||
          (error.code === 'LIMIT_REACHED' && error.value?.limit === 'loss'));
      if (isShort) return;
      throw error;
    }
  }

  /**
   * A launch of any other game in a one-wallet merchant: what the member left at transfer vendors
   * comes home first, so that the one wallet holds it again (members who never used a transfer
   * vendor cost one query).
   */
  async function bringHome(merchant: Merchant, member: Member): Promise<void> {
    if ((await findVendorIdsUsedBy(db, member.id)).size === 0) return;
    await recall(merchant, member, `launch:${uuidv7()}`);
  }

  /** Asks the vendors about pending transfers older than `minAgeMs` and finishes what they answer. */
  async function settlePending(
    options: { minAgeMs?: number } = {},
  ): Promise<{ settled: number; left: number }> {
    const rows = await findSettleableTransfers(db, {
      createdBefore: new Date(now().getTime() - (options.minAgeMs ?? SETTLE_AFTER_MS)),
      attemptsBelow: SETTLE_ATTEMPTS_MAX,
      limit: SETTLE_BATCH_MAX,
    });
    let settled = 0;
    for (const row of rows) {
      const vendor = await games.findVendorById(row.vendor_id);
      if (!vendor) continue;
      await countVendorTransferAttempt(db, row.id, now());
      const result = await callAbout(row, vendor, 'status');
      if (result.kind !== 'answered') continue;
      if (result.status === 'OK') {
        if (row.direction === 'in') {
          await finishVendorTransfer(db, row.id, {
            status: 'done',
            vendorBalanceMinor: result.balanceMinor,
            at: now(),
          });
        } else {
          await completeOut(row, vendor, result.balanceMinor);
        }
        settled += 1;
      } else if (result.status === 'TRANSFER_NOT_FOUND') {
        if (row.direction === 'in') await refundIn(row, vendor, 'VENDOR_REFUSED');
        else
          await finishVendorTransfer(db, row.id, {
            status: 'failed',
            failureCode: 'VENDOR_REFUSED',
            at: now(),
          });
        settled += 1;
      }
    }
    return { settled, left: rows.length - settled };
  }

  return {
    /**
     * What a transfer vendor's launch checks (responsible gaming): no break or self-exclusion in
     * force, and session time left.
     */
    checkLaunchAllowed: (merchant: Merchant, memberId: string) =>
      responsibleGaming.checkPlayAllowed({ memberId, merchantId: merchant.id }),
    merchantWallet,
    heldAtVendors,
    transfer,
    recall,
    moveAllInto,
    bringHome,
    settlePending,
    /** A member's latest transfers, pending first (the back office's player page). */
    listOfMember: (memberId: string) => findTransfersOfMember(db, memberId, MEMBER_TRANSFERS_LISTED),
  };
}

/** Every minute: pending vendor transfers older than SETTLE_AFTER_MS are asked about and finished. */
export function createSettleVendorTransfersJob(deps: {
  vendorTransfers: VendorTransfers;
}): JobDefinition<object> {
  return defineScheduledJob({
    name: SETTLE_VENDOR_TRANSFERS_JOB_NAME,
    cron: '* * * * *',
    retry: { limit: 2, delaySeconds: 10, backoff: false },
    timeoutSeconds: 300,
    run: () => deps.vendorTransfers.settlePending(),
  });
}
