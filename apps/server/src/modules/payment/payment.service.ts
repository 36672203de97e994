import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type {
  Database,
  DepositStatus,
  PaymentBankAccount,
  PaymentGatewaySettings,
  PaymentMethodKind,
} from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { present } from '../../platform/errors/invariant.ts';
import { startOfDayIn } from '../../platform/time/zoned-day.ts';
import {
  type CallbackCheck,
  createHostedGateway,
  type PaymentGateway,
  type PayoutRequest,
  readHostedCallback,
  readHostedPayoutCallback,
} from './hosted-gateway.ts';
import {
  type DepositRow,
  findAllMethods,
  findDeposit,
  findDepositsPage,
  findMemberDeposits,
  findMethodById,
  findMethods,
  insertCallback,
  insertDeposit,
  insertMethod,
  moveDeposit,
  type PaymentMethodRow,
  setDepositOrder,
  sumMemberDepositsSince,
} from './payment.repository.ts';

export type { DepositRow, PaymentMethodRow };

export const DEPOSIT_PAGE_SIZE_MAX = 50;
export const METHOD_CODE_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;

export type NewPaymentMethod = {
  merchantId: string;
  code: string;
  kind: PaymentMethodKind;
  names: Record<string, string>;
  minMinor: bigint;
  maxMinor: bigint;
  playerDailyMaxMinor: bigint | null;
  sortOrder?: number;
  gateway?: PaymentGatewaySettings & { secret: string };
  bankAccount?: PaymentBankAccount;
};

export type PaymentService = ReturnType<typeof createPaymentService>;

/**
 * Deposit methods, deposits and gateway callbacks: the rules of paying in, apart from the money
 * itself, which only the wallet moves. A deposit moves along pending → credited | failed (gateway)
 * or review → credited | rejected (bank transfer), never back.
 */
export function createPaymentService(deps: {
  db: Kysely<Database>;
  secretBox: SecretBox;
  /** Writes an operator's decision to the audit log in the transaction that makes it. */
  recordChange: RecordChange;
  now?: () => Date;
  /** The gateway of a method; tests may put a double here, the default speaks the hosted protocol. */
  gatewayFor?: (settings: PaymentGatewaySettings & { secret: string }) => PaymentGateway;
}) {
  const { db, secretBox } = deps;
  const now = deps.now ?? (() => new Date());
  const gatewayFor = deps.gatewayFor ?? ((settings) => createHostedGateway(settings));

  function secretOf(method: PaymentMethodRow): string {
    return secretBox.open(
      present(method.gateway_secret_sealed, `payment method ${method.id} has no gateway secret`),
    );
  }

  return {
    listMethods: (merchantId: string) => findMethods(db, merchantId),
    /** Every merchant's methods, for a platform owner's view. */
    listAllMethods: () => findAllMethods(db),
    findMethod: (id: string) => findMethodById(db, id),

    async createMethod(input: NewPaymentMethod): Promise<PaymentMethodRow> {
      if (!METHOD_CODE_PATTERN.test(input.code)) {
        throw new AppError('VALIDATION', { value: { fields: { code: 'format' } } });
      }
      if (input.maxMinor < input.minMinor || input.minMinor <= 0n) {
        throw new AppError('VALIDATION', { value: { fields: { maxAmount: 'range' } } });
      }
      const id = uuidv7();
      const { secret, ...gateway } = input.gateway ?? { secret: null };
      await insertMethod(db, {
        id,
        merchant_id: input.merchantId,
        code: input.code,
        kind: input.kind,
        names: JSON.stringify(input.names),
        min_minor: input.minMinor,
        max_minor: input.maxMinor,
        player_daily_max_minor: input.playerDailyMaxMinor,
        sort_order: input.sortOrder ?? 0,
        gateway: input.gateway ? JSON.stringify(gateway) : null,
        gateway_secret_sealed: secret ? secretBox.seal(secret) : null,
        bank_account: input.bankAccount ? JSON.stringify(input.bankAccount) : null,
      });
      return present(await findMethodById(db, id), 'the new payment method is missing');
    },

    /**
     * The amount rules of a method for one member: its minimum and maximum, and what the member
     * may still deposit through it today (the merchant's day). LIMIT_REACHED names the limit.
     * Checked in the transaction that records the deposit (`executor`), under the member's lock,
     * the daily maximum holds for simultaneous deposits too.
     */
    async checkAmount(
      input: {
        method: PaymentMethodRow;
        memberId: string;
        amountMinor: bigint;
        timeZone: string;
      },
      executor: Kysely<Database> = db,
    ): Promise<void> {
      const { method, amountMinor } = input;
      if (amountMinor < method.min_minor || amountMinor > method.max_minor) {
        throw new AppError('LIMIT_REACHED', {
          value: { limit: amountMinor < method.min_minor ? 'minimum' : 'maximum' },
        });
      }
      if (method.player_daily_max_minor !== null) {
        const today = await sumMemberDepositsSince(executor, {
          memberId: input.memberId,
          methodId: method.id,
          since: startOfDayIn(input.timeZone, now()),
        });
        if (today + amountMinor > method.player_daily_max_minor) {
          throw new AppError('LIMIT_REACHED', { value: { limit: 'daily' } });
        }
      }
    },

    /** What a member has deposited (pending, in review or credited) since a moment, all methods. */
    sumDepositsSince: (memberId: string, since: Date, executor: Kysely<Database> = db) =>
      sumMemberDepositsSince(executor, { memberId, since }),

    /** Records a deposit; in `executor`, the transaction whose checks allowed it. */
    async createDeposit(
      input: {
        merchantId: string;
        memberId: string;
        method: PaymentMethodRow;
        currency: string;
        amountMinor: bigint;
        status: Extract<DepositStatus, 'pending' | 'review'>;
        reference?: string | null;
        receiptPath?: string | null;
      },
      executor: Kysely<Database> = db,
    ): Promise<DepositRow> {
      const id = uuidv7();
      await insertDeposit(executor, {
        id,
        merchant_id: input.merchantId,
        member_id: input.memberId,
        method_id: input.method.id,
        currency: input.currency,
        amount_minor: input.amountMinor,
        status: input.status,
        reference: input.reference ?? null,
        receipt_path: input.receiptPath ?? null,
        created_at: now(),
        updated_at: now(),
      });
      return present(await findDeposit(executor, id), 'the new deposit is missing');
    },

    /** Opens the payment at the method's gateway and remembers its order. */
    async openGatewayOrder(input: {
      method: PaymentMethodRow;
      deposit: DepositRow;
      notifyUrl: string;
      returnUrl: string;
      description: string;
    }): Promise<{ gatewayOrderId: string; payUrl: string }> {
      const settings = present(input.method.gateway, `payment method ${input.method.id} is not a gateway`);
      const gateway = gatewayFor({ ...settings, secret: secretOf(input.method) });
      const order = await gateway.createOrder({
        orderId: input.deposit.id,
        amountMinor: input.deposit.amount_minor,
        currency: input.deposit.currency,
        notifyUrl: input.notifyUrl,
        returnUrl: input.returnUrl,
        description: input.description,
      });
      await setDepositOrder(db, input.deposit.id, order);
      return order;
    },

    /** Asks the method's gateway to pay a payee; the result comes by callback. */
    async openPayout(
      input: PayoutRequest & { method: PaymentMethodRow },
    ): Promise<{ gatewayPayoutId: string }> {
      const { method, ...payout } = input;
      const settings = present(method.gateway, `payment method ${method.id} is not a gateway`);
      return gatewayFor({ ...settings, secret: secretOf(method) }).createPayout(payout);
    },

    /** Checks a payout callback against the method's secret. */
    readPayoutCallback(
      method: PaymentMethodRow,
      input: { timestamp: string | undefined; signature: string | undefined; rawBody: string },
    ) {
      return readHostedPayoutCallback({
        secret: secretOf(method),
        ...input,
        nowSeconds: Math.floor(now().getTime() / 1000),
      });
    },

    /** Checks a callback against the method's secret; answers what it says, or why it is refused. */
    readCallback(
      method: PaymentMethodRow,
      input: { timestamp: string | undefined; signature: string | undefined; rawBody: string },
    ): CallbackCheck {
      return readHostedCallback({
        secret: secretOf(method),
        ...input,
        nowSeconds: Math.floor(now().getTime() / 1000),
      });
    },

    /** Keeps every callback as it came, with what became of it. */
    recordCallback: (input: { methodId: string; depositId: string | null; body: string; outcome: string }) =>
      insertCallback(db, { id: uuidv7(), ...input }),

    findDeposit: (id: string) => findDeposit(db, id),

    listMemberDeposits: (input: {
      memberId: string;
      status?: DepositStatus;
      from?: Date;
      to?: Date;
      page: number;
      pageSize: number;
    }) => findMemberDeposits(db, { ...input, pageSize: Math.min(input.pageSize, DEPOSIT_PAGE_SIZE_MAX) }),

    markCredited: (id: string, transferId: string, reviewedBy: string | null = null) =>
      moveDeposit(db, id, ['pending', 'review', 'failed'], {
        status: 'credited',
        transfer_id: transferId,
        credited_at: now(),
        reviewed_by: reviewedBy,
      }),

    markFailed: (id: string, reason: string) =>
      moveDeposit(db, id, ['pending'], { status: 'failed', failure_reason: reason.slice(0, 300) }),

    /**
     * An operator's decision on a bank transfer in review, with its audit row: credited (the
     * wallet credits it right after) or rejected. CONFLICT when another decision came first.
     */
    async decideDeposit(
      actor: ChangeActor,
      id: string,
      decision: { status: 'credited' } | { status: 'rejected'; reason: string },
    ): Promise<DepositRow> {
      return db.transaction().execute(async (trx) => {
        const before = await findDeposit(trx, id);
        if (!before) throw new AppError('NOT_FOUND');
        const after = await moveDeposit(
          trx,
          id,
          ['review'],
          decision.status === 'credited'
            ? { status: 'credited', credited_at: now(), reviewed_by: actor.username }
            : {
                status: 'rejected',
                failure_reason: decision.reason.slice(0, 300),
                reviewed_by: actor.username,
              },
        );
        if (!after) throw new AppError('CONFLICT', { value: { status: before.status } });
        await deps.recordChange(trx, {
          ...actorOf(actor),
          merchantId: after.merchant_id,
          action: decision.status === 'credited' ? 'deposit.approve' : 'deposit.reject',
          target: { type: 'deposit', id },
          before: { status: before.status },
          after: { status: after.status, reason: after.failure_reason },
        });
        return after;
      });
    },

    /** Records the ledger transfer of a credited deposit. */
    async attachTransfer(id: string, transferId: string): Promise<DepositRow> {
      const updated = await moveDeposit(db, id, ['credited'], { transfer_id: transferId });
      return present(updated, `deposit ${id} is not credited`);
    },

    listQueue: (input: {
      merchantIds: readonly string[] | null;
      status: DepositStatus;
      page: number;
      pageSize: number;
    }) => findDepositsPage(db, { ...input, pageSize: Math.min(input.pageSize, DEPOSIT_PAGE_SIZE_MAX) }),
  };
}
