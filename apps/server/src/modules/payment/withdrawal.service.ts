import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, PayoutAccountKind, WithdrawalCaseStatus, WithdrawalStatus } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant, present } from '../../platform/errors/invariant.ts';
import { GATEWAY_REQUEST_TIMEOUT_MS } from './hosted-gateway.ts';
import {
  confirmAwaitingPaidBefore,
  countOpenWithdrawals,
  findLastPaidAt,
  findMerchantsAwaitingConfirmation,
  findPayoutAccount,
  findPayoutAccounts,
  findWithdrawal,
  findWithdrawalsPage,
  insertPayoutAccount,
  insertWithdrawal,
  markPayoutResent,
  moveAwaitingConfirmation,
  moveWithdrawal,
  type PayoutAccountRow,
  removePayoutAccount,
  resolveOpenCase,
  sumCreditedDeposits,
  type WithdrawalRow,
} from './withdrawal.repository.ts';

export type { PayoutAccountRow, WithdrawalRow };

export const PAYOUT_ACCOUNTS_PER_MEMBER_MAX = 5;
export const WITHDRAWAL_PAGE_SIZE_MAX = 50;
export const E_WALLET_PROVIDERS = ['GCASH', 'MAYA'] as const;
/** How much a member may write about a payout that did not arrive. */
export const CASE_NOTE_LENGTH_MAX = 300;

/**
 * A payout the gateway never answered may be sent again this long after the last send: well past
 * the gateway call's timeout, so that the attempt before has ended and two sends never overlap.
 */
export const PAYOUT_RESEND_AFTER_MS = 6 * GATEWAY_REQUEST_TIMEOUT_MS;

/** The confirmation a withdrawal starts with once the money has gone out (spec §4). */
const AWAITING_CONFIRMATION = { confirmation: 'awaiting', received_minor: 0n } as const;

/** The ledger hold of a withdrawal: the amount is out of play from request to payout or refusal. */
export const withdrawalHoldKey = (withdrawalId: string) => `withdrawal:${withdrawalId}`;

/** Names compare as people write them: case, accents and spacing aside. */
export function isSameName(left: string, right: string): boolean {
  const normal = (text: string) =>
    text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return normal(left) === normal(right);
}

/** A name as it is stored: trimmed, with single spaces between its words. */
export function normalizeName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * A withdrawal's states and the only moves between them. An operator decides a withdrawal in
 * review: pay it out through a gateway (paying), mark it paid by other means, or refuse it. A
 * payout in flight at a gateway (paying) ends only by the gateway's word, paid or failed, or by
 * its refusal to take the payout (back to review); never by an operator's hand, since the money
 * may be on its way already and must not leave twice. Paid, rejected and failed are final.
 */
export const WITHDRAWAL_MOVES = {
  review: ['paying', 'paid', 'rejected'],
  paying: ['paid', 'failed', 'review'],
  paid: [],
  rejected: [],
  failed: [],
} as const satisfies Record<WithdrawalStatus, readonly WithdrawalStatus[]>;

export function canMoveWithdrawal(from: WithdrawalStatus, to: WithdrawalStatus): boolean {
  return (WITHDRAWAL_MOVES[from] as readonly WithdrawalStatus[]).includes(to);
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;

/**
 * Payout accounts and withdrawals: which accounts a member may be paid to, and the withdrawal's
 * life (WITHDRAWAL_MOVES) — review → paying → paid | failed, or review → paid (paid by hand) |
 * rejected. Every move is one guarded statement (`UPDATE … WHERE status = <from>`), so of
 * simultaneous moves one wins and the others answer CONFLICT. Money moves only through the
 * wallet's hold, in the workflows, after the move that allows it; every operator decision writes
 * an audit row in the transaction that makes it.
 *
 * A paid withdrawal then waits for the member's confirmation (spec §4): awaiting → received (the
 * whole amount arrived, possibly over several partial confirmations) | not_received (with proof;
 * opens a case: open → resolved by an operator) | auto_received (the merchant's timeout passed).
 * Confirmation never moves money: the payout has already left the ledger.
 */
export function createWithdrawalService(deps: ServiceDeps<{ recordChange: RecordChange }>) {
  const { db, recordChange } = deps;
  const now = clockOf(deps);

  /** Moves a withdrawal along one edge of WITHDRAWAL_MOVES if it is still in `from`; the row if it moved. */
  function move(
    executor: Kysely<Database>,
    id: string,
    edge: { from: WithdrawalStatus; to: WithdrawalStatus },
    changes: Partial<WithdrawalRow> = {},
  ): Promise<WithdrawalRow | undefined> {
    assertInvariant(
      canMoveWithdrawal(edge.from, edge.to),
      `withdrawal: there is no move from ${edge.from} to ${edge.to}`,
    );
    return moveWithdrawal(executor, id, [edge.from], { ...changes, status: edge.to });
  }

  /** NOT_FOUND for a withdrawal that is not there; else CONFLICT, with the state it has moved on to. */
  async function refuseUnmoved(executor: Kysely<Database>, id: string): Promise<never> {
    const current = await findWithdrawal(executor, id);
    if (!current) throw new AppError('NOT_FOUND');
    throw new AppError('CONFLICT', { value: { status: current.status } });
  }

  /** The audit row of an operator's change to a withdrawal, written in the transaction that makes it. */
  function recordWithdrawalChange(
    trx: Kysely<Database>,
    actor: ChangeActor,
    withdrawal: WithdrawalRow,
    action: string,
    change: { before: unknown; after: unknown },
  ): Promise<void> {
    return recordChange(trx, {
      ...actorOf(actor),
      merchantId: withdrawal.merchant_id,
      action,
      target: { type: 'withdrawal', id: withdrawal.id },
      ...change,
    });
  }

  /** An operator's move of a withdrawal, with its audit row, or CONFLICT when its state has moved on. */
  async function decide(input: {
    actor: ChangeActor;
    id: string;
    from: WithdrawalStatus;
    to: WithdrawalStatus;
    changes: Partial<WithdrawalRow>;
    action: string;
  }): Promise<WithdrawalRow> {
    return db.transaction().execute(async (trx) => {
      const after = await move(
        trx,
        input.id,
        { from: input.from, to: input.to },
        { ...input.changes, reviewed_by: input.actor.username, reviewed_at: now() },
      );
      if (!after) return refuseUnmoved(trx, input.id);
      await recordWithdrawalChange(trx, input.actor, after, input.action, {
        before: { status: input.from },
        after: { status: after.status, reason: after.reason },
      });
      return after;
    });
  }

  return {
    listPayoutAccounts: (memberId: string) => findPayoutAccounts(db, memberId),
    findPayoutAccount: (id: string) => findPayoutAccount(db, id),

    async bindPayoutAccount(input: {
      merchantId: string;
      memberId: string;
      kind: PayoutAccountKind;
      provider: string;
      accountName: string;
      accountNumber: string;
    }): Promise<PayoutAccountRow> {
      const existing = await findPayoutAccounts(db, input.memberId);
      if (existing.length >= PAYOUT_ACCOUNTS_PER_MEMBER_MAX) {
        throw new AppError('LIMIT_REACHED', {
          value: { limit: 'accounts', max: PAYOUT_ACCOUNTS_PER_MEMBER_MAX },
        });
      }
      const accountNumber = input.accountNumber.replace(/[\s-]/g, '');
      if (existing.some((row) => row.provider === input.provider && row.account_number === accountNumber)) {
        throw new AppError('VALIDATION', { value: { fields: { accountNumber: 'taken' } } });
      }
      const id = uuidv7();
      try {
        await insertPayoutAccount(db, {
          id,
          merchant_id: input.merchantId,
          member_id: input.memberId,
          kind: input.kind,
          provider: input.provider,
          account_name: normalizeName(input.accountName),
          account_number: accountNumber,
          created_at: now(),
        });
      } catch (error) {
        // The same account bound twice at once: the read above saw neither, the unique index
        // (payout_accounts_member_uq) lets one in, and the other is the taken account it would
        // have been a moment later, not a server error.
        if ((error as { code?: unknown }).code === '23505') {
          throw new AppError('VALIDATION', { value: { fields: { accountNumber: 'taken' } } });
        }
        throw error;
      }
      return present(await findPayoutAccount(db, id), 'the new payout account is missing');
    },

    async removePayoutAccount(memberId: string, id: string): Promise<void> {
      if (!(await removePayoutAccount(db, memberId, id, now()))) throw new AppError('NOT_FOUND');
    },

    countOpen: (memberId: string) => countOpenWithdrawals(db, memberId),

    /**
     * What the member must still wager before withdrawing: the deposits credited since the last
     * paid withdrawal times the merchant's multiplier, against what was wagered since (given).
     */
    async turnoverSince(memberId: string): Promise<{ since: Date | null; depositedMinor: bigint }> {
      const since = await findLastPaidAt(db, memberId);
      return { since, depositedMinor: await sumCreditedDeposits(db, memberId, since) };
    },

    /**
     * Records a withdrawal in review. A member has one open withdrawal at a time, a rule the
     * database holds (a partial unique index), so that simultaneous requests cannot all pass a
     * check read before the insert: the others are refused with CONFLICT WITHDRAWAL_OPEN.
     * `alsoIn` is work another area does in the withdrawal's own transaction (the bonus a member
     * gives up to withdraw): it lands with the withdrawal or, failing, takes it back with it.
     */
    async createWithdrawal(input: {
      id: string;
      merchantId: string;
      memberId: string;
      payoutAccountId: string;
      currency: string;
      amountMinor: bigint;
      alsoIn?: (trx: Transaction<Database>) => Promise<void>;
    }): Promise<WithdrawalRow> {
      const { alsoIn } = input;
      if (alsoIn) {
        await db.transaction().execute(async (trx) => {
          await insertOrRefuse(trx);
          await alsoIn(trx);
        });
      } else {
        await insertOrRefuse(db);
      }
      return present(await findWithdrawal(db, input.id), 'the new withdrawal is missing');

      async function insertOrRefuse(executor: Kysely<Database>): Promise<void> {
        const isInserted = await insertWithdrawal(executor, {
          id: input.id,
          merchant_id: input.merchantId,
          member_id: input.memberId,
          payout_account_id: input.payoutAccountId,
          currency: input.currency,
          amount_minor: input.amountMinor,
          status: 'review',
          hold_key: withdrawalHoldKey(input.id),
          created_at: now(),
          updated_at: now(),
        });
        if (!isInserted) throw new AppError('CONFLICT', { value: { reason: 'WITHDRAWAL_OPEN' } });
      }
    },

    findWithdrawal: (id: string) => findWithdrawal(db, id),

    listMemberWithdrawals: (memberId: string, page: number, pageSize: number) =>
      findWithdrawalsPage(db, { memberId, page, pageSize: Math.min(pageSize, WITHDRAWAL_PAGE_SIZE_MAX) }),

    listQueue: (input: {
      merchantIds: readonly string[] | null;
      statuses: readonly WithdrawalStatus[];
      caseStatus?: WithdrawalCaseStatus;
      page: number;
      pageSize: number;
    }) => findWithdrawalsPage(db, { ...input, pageSize: Math.min(input.pageSize, WITHDRAWAL_PAGE_SIZE_MAX) }),

    /** An operator refuses a withdrawal in review; CONFLICT once it is anything else (a payout in flight too). */
    reject: (actor: ChangeActor, id: string, reason: string) =>
      decide({
        actor,
        id,
        from: 'review',
        to: 'rejected',
        changes: { reason },
        action: 'withdrawal.reject',
      }),

    /** An operator paid a withdrawal in review by other means; CONFLICT once a gateway has it. */
    markPaid: (actor: ChangeActor, id: string, reason: string | null) =>
      decide({
        actor,
        id,
        from: 'review',
        to: 'paid',
        changes: { paid_at: now(), reason, ...AWAITING_CONFIRMATION },
        action: 'withdrawal.paid',
      }),

    /** An operator hands a withdrawal in review to a gateway; from here only the gateway ends it. */
    startPayout: (actor: ChangeActor, id: string, payoutMethodId: string) =>
      decide({
        actor,
        id,
        from: 'review',
        to: 'paying',
        changes: { payout_method_id: payoutMethodId },
        action: 'withdrawal.approve',
      }),

    /**
     * An operator sends again a payout the gateway never answered (in flight, no gateway id yet),
     * through the method it went to, once the last send is PAYOUT_RESEND_AFTER_MS old: the gateway
     * takes the same payout id as the same payout. Not a move, but audited; CONFLICT otherwise.
     */
    resendPayout: (actor: ChangeActor, id: string, payoutMethodId: string) =>
      db.transaction().execute(async (trx) => {
        const row = await markPayoutResent(trx, {
          id,
          payoutMethodId,
          sentBefore: new Date(now().getTime() - PAYOUT_RESEND_AFTER_MS),
          reviewedBy: actor.username,
          at: now(),
        });
        if (!row) return refuseUnmoved(trx, id);
        await recordWithdrawalChange(trx, actor, row, 'withdrawal.payout.resend', {
          before: { status: row.status },
          after: { status: row.status },
        });
        return row;
      }),

    /** The gateway did not answer a payout: it stays in flight, with why, until the gateway says. */
    notePayoutUnanswered: (id: string, reason: string) =>
      moveWithdrawal(db, id, ['paying'], { reason: reason.slice(0, 300) }),

    setGatewayPayout: (id: string, gatewayPayoutId: string) =>
      moveWithdrawal(db, id, ['paying'], { gateway_payout_id: gatewayPayoutId }),

    /** The gateway refused to take the payout (so nothing left): back to review, with why. */
    returnToReview: (id: string, reason: string) =>
      move(db, id, { from: 'paying', to: 'review' }, { reason: reason.slice(0, 300) }),

    /**
     * The gateway's word on a payout in flight: paid, or failed (and the hold goes back). Only the
     * first word moves it; a repeated or later one finds it moved and answers nothing.
     */
    settlePayout: (id: string, status: 'paid' | 'failed') =>
      move(
        db,
        id,
        { from: 'paying', to: status },
        status === 'paid'
          ? { paid_at: now(), ...AWAITING_CONFIRMATION }
          : { reason: 'the gateway reported the payout failed' },
      ),

    /**
     * The member says the money arrived: all of it (`receivedMinor` equal to the amount), or part
     * so far (more than they said before). The whole amount closes the confirmation.
     */
    async confirmReceipt(input: {
      memberId: string;
      id: string;
      receivedMinor: bigint;
    }): Promise<WithdrawalRow> {
      const row = await findWithdrawal(db, input.id);
      if (!row || row.member_id !== input.memberId) throw new AppError('NOT_FOUND');
      if (row.status !== 'paid' || row.confirmation !== 'awaiting') {
        throw new AppError('CONFLICT', { value: { confirmation: row.confirmation } });
      }
      const before = row.received_minor ?? 0n;
      if (input.receivedMinor <= before || input.receivedMinor > row.amount_minor) {
        throw new AppError('VALIDATION', { value: { fields: { receivedAmount: 'range' } } });
      }
      const isWhole = input.receivedMinor === row.amount_minor;
      const moved = await moveAwaitingConfirmation(
        db,
        { id: row.id, memberId: input.memberId, receivedMinor: before },
        {
          received_minor: input.receivedMinor,
          ...(isWhole ? { confirmation: 'received', confirmed_at: now() } : {}),
        },
      );
      if (!moved) throw new AppError('CONFLICT');
      return moved;
    },

    /** The member says the payout did not arrive, with a photo as proof: a case opens. */
    async reportNotReceived(input: {
      memberId: string;
      id: string;
      proofPath: string;
      note: string | null;
    }): Promise<WithdrawalRow> {
      const row = await findWithdrawal(db, input.id);
      if (!row || row.member_id !== input.memberId) throw new AppError('NOT_FOUND');
      if (row.status !== 'paid' || row.confirmation !== 'awaiting') {
        throw new AppError('CONFLICT', { value: { confirmation: row.confirmation } });
      }
      const moved = await moveAwaitingConfirmation(
        db,
        { id: row.id, memberId: input.memberId, receivedMinor: row.received_minor ?? 0n },
        {
          confirmation: 'not_received',
          confirmed_at: now(),
          proof_path: input.proofPath,
          case_note: input.note?.slice(0, CASE_NOTE_LENGTH_MAX) ?? null,
          case_status: 'open',
        },
      );
      if (!moved) throw new AppError('CONFLICT');
      return moved;
    },

    /** Merchants whose payouts still wait for confirmation (the auto-receipt job visits each). */
    listMerchantsAwaitingConfirmation: () => findMerchantsAwaitingConfirmation(db),

    /**
     * Payouts of a merchant left unconfirmed for `timeoutMinutes` count as received in full
     * (spec §4: forced receipt). Answers the withdrawals it confirmed.
     */
    confirmOverdue: (merchantId: string, timeoutMinutes: number) => {
      const at = now();
      return confirmAwaitingPaidBefore(db, {
        merchantId,
        paidBefore: new Date(at.getTime() - timeoutMinutes * 60_000),
        at,
      });
    },

    /** An operator closes a not-received case with what was found or done; audited. */
    resolveCase: (actor: ChangeActor, id: string, resolution: string) =>
      db.transaction().execute(async (trx) => {
        const before = await findWithdrawal(trx, id);
        if (!before) throw new AppError('NOT_FOUND');
        const after = await resolveOpenCase(trx, {
          id,
          resolution,
          resolvedBy: actor.username,
          at: now(),
        });
        if (!after) throw new AppError('CONFLICT', { value: { caseStatus: before.case_status } });
        await recordWithdrawalChange(trx, actor, after, 'withdrawal.case.resolve', {
          before: { caseStatus: before.case_status },
          after: { caseStatus: after.case_status, resolution },
        });
        return after;
      }),
  };
}
