import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { ResolvedMerchant } from '../../../modules/merchant/merchant.service.ts';
import {
  CASE_NOTE_LENGTH_MAX,
  E_WALLET_PROVIDERS,
  type PayoutAccountRow,
  WITHDRAWAL_PAGE_SIZE_MAX,
  type WithdrawalRow,
} from '../../../modules/payment/withdrawal.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { multipartBody, readUploadedFile } from '../../../platform/http/upload.ts';
import type { ImageStore } from '../../../platform/storage/image-store.ts';
import {
  bindPayoutAccount,
  describeWithdrawal,
  requestWithdrawal,
  type WithdrawDeps,
} from '../../../workflows/withdraw.ts';
import {
  autoReceiptAt,
  PROOF_BYTES_MAX,
  reportWithdrawalNotReceived,
} from '../../../workflows/withdrawal-confirmation.ts';
import { requirePositiveAmount } from '../../amount.ts';
import { requireMember, requireMerchantMember } from '../../member-session.ts';
import { sealedCall } from '../sealed-call.ts';
import { ERROR_RESPONSES, Nullable, StringOf } from '../system/system-schemas.ts';
import { DefaultedPageFields, MerchantLanguageQuery, PageOf } from '../wps-schemas.ts';

const TAGS = ['payment'];
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['500.00'] });
const WITHDRAWAL_STATUSES = ['review', 'paying', 'paid', 'rejected', 'failed'] as const;
const ACCOUNT_NUMBER_VISIBLE_DIGITS = 4;

const PayoutAccountItem = Type.Object({
  id: Type.String(),
  kind: StringOf(['bank', 'ewallet']),
  provider: Type.String(),
  accountName: Type.String(),
  /** Only the last four digits: the page never needs the whole number back. */
  accountNumberMasked: Type.String(),
});

const CONFIRMATIONS = ['awaiting', 'received', 'not_received', 'auto_received'] as const;

const WithdrawalItem = Type.Object({
  id: Type.String(),
  amount: Money,
  currency: Type.String(),
  status: StringOf(WITHDRAWAL_STATUSES),
  payoutAccount: Nullable(PayoutAccountItem),
  reason: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  paidAt: Nullable(Type.String({ format: 'date-time' })),
  /** The member's word once paid out (spec §4 withdrawal confirmation); null before. */
  confirmation: Nullable(StringOf(CONFIRMATIONS)),
  /** What the member has said arrived, and what is still to come (spec §3). */
  receivedAmount: Nullable(Money),
  remainingAmount: Nullable(Money),
  /** When an unconfirmed payout will count as received. */
  autoReceiptAt: Nullable(Type.String({ format: 'date-time' })),
  caseStatus: Nullable(StringOf(['open', 'resolved'])),
  caseResolution: Nullable(Type.String()),
});

const ConfirmBody = Type.Object({
  /** fully_paid: the whole amount arrived; received: part of it, receivedAmount in total so far. */
  outcome: StringOf(['received', 'fully_paid']),
  receivedAmount: Type.Optional(Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16 })),
});

const BindBody = Type.Object({
  kind: StringOf(['bank', 'ewallet']),
  /** A bank's name, or an e-wallet's code. */
  provider: Type.String({ minLength: 2, maxLength: 60 }),
  accountName: Type.String({ minLength: 2, maxLength: 80 }),
  accountNumber: Type.String({ minLength: 6, maxLength: 34, pattern: '^[0-9][0-9 -]*[0-9]$' }),
});

const RequestBody = Type.Object({
  payoutAccountId: Type.String({ minLength: 1, maxLength: 64 }),
  amount: Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16 }),
  paymentPassword: Type.String({ minLength: 1, maxLength: 128 }),
  /**
   * Gives up what the bonus wallet holds (the active bonus is cancelled with the withdrawal);
   * required while it holds money, else CONFLICT BONUS_ACTIVE with `bonusAmount`.
   */
  forfeitBonus: Type.Optional(Type.Boolean()),
});

const PageQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  ...DefaultedPageFields(WITHDRAWAL_PAGE_SIZE_MAX, 10),
});
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** The not-received report's form as the document describes it; the handler reads and checks it. */
const NotReceivedForm = Type.Object({
  note: Type.Optional(Type.String({ maxLength: CASE_NOTE_LENGTH_MAX })),
  proof: Type.String({
    format: 'binary',
    description: 'The proof photo (PNG, JPEG or WebP), after the note',
  }),
});

export function payoutAccountItem(account: PayoutAccountRow) {
  return {
    id: account.id,
    kind: account.kind,
    provider: account.provider,
    accountName: account.account_name,
    accountNumberMasked: `•••• ${account.account_number.slice(-ACCOUNT_NUMBER_VISIBLE_DIGITS)}`,
  };
}

export function withdrawalItem(
  withdrawal: WithdrawalRow,
  account: PayoutAccountRow | undefined,
  merchant: ResolvedMerchant,
) {
  const received = withdrawal.received_minor;
  return {
    id: withdrawal.id,
    amount: formatAmount(withdrawal.amount_minor),
    currency: withdrawal.currency,
    status: withdrawal.status,
    payoutAccount: account ? payoutAccountItem(account) : null,
    reason: withdrawal.reason,
    createdAt: withdrawal.created_at.toISOString(),
    paidAt: withdrawal.paid_at?.toISOString() ?? null,
    confirmation: withdrawal.confirmation,
    receivedAmount: received === null ? null : formatAmount(received),
    remainingAmount: received === null ? null : formatAmount(withdrawal.amount_minor - received),
    autoReceiptAt: autoReceiptAt(merchant, withdrawal)?.toISOString() ?? null,
    caseStatus: withdrawal.case_status,
    caseResolution: withdrawal.case_resolution,
  };
}

/**
 * The member's side of withdrawals (spec §2 withdraw, security centre): payout accounts, what a
 * withdrawal needs, requesting one (sealed: it carries the payment password), and their history.
 */
export function registerWithdrawalRoutes(app: TypedApp, deps: WithdrawDeps & { images: ImageStore }): void {
  /** A withdrawal as the member sees it, with the account it is paid to. */
  const withdrawalWithAccount = async (withdrawal: WithdrawalRow, merchant: ResolvedMerchant) =>
    withdrawalItem(
      withdrawal,
      await deps.withdrawals.findPayoutAccount(withdrawal.payout_account_id),
      merchant,
    );

  app.get(
    '/wps/member/payoutAccounts',
    {
      schema: {
        tags: TAGS,
        summary: "The member's bank and e-wallet accounts for payouts",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(PayoutAccountItem) })), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMember(request, deps.members);
      return ok({ list: (await deps.withdrawals.listPayoutAccounts(member.id)).map(payoutAccountItem) });
    },
  );

  app.post(
    '/wps/member/payoutAccounts',
    {
      schema: {
        tags: TAGS,
        summary: 'Bind a bank or e-wallet account in the member’s own name',
        querystring: MerchantLanguageQuery,
        body: BindBody,
        response: { 200: Envelope(PayoutAccountItem), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { body } = request;
      const provider = body.kind === 'ewallet' ? body.provider.toUpperCase() : body.provider.trim();
      if (body.kind === 'ewallet' && !(E_WALLET_PROVIDERS as readonly string[]).includes(provider)) {
        throw new AppError('VALIDATION', { value: { fields: { provider: 'unknown' } } });
      }
      return ok(payoutAccountItem(await bindPayoutAccount(deps, merchant, member, { ...body, provider })));
    },
  );

  app.delete(
    '/wps/member/payoutAccounts/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove a payout account (withdrawals already made keep it)',
        params: IdParams,
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Type.Object({})), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMember(request, deps.members);
      await deps.withdrawals.removePayoutAccount(member.id, request.params.id);
      return ok({});
    },
  );

  app.get(
    '/wps/payment/withdrawals/overview',
    {
      schema: {
        tags: TAGS,
        summary: 'What a withdrawal needs: the range, the balance, turnover left, accounts, payment password',
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(
            Type.Object({
              minAmount: Money,
              maxAmount: Money,
              balance: Money,
              /** What a withdrawal request would accept now (0 while one is open or turnover is left). */
              withdrawable: Money,
              turnoverLeft: Money,
              /** What a withdrawal now would forfeit: the bonus wallet's balance (0.00 when empty). */
              bonusToForfeit: Money,
              hasPaymentPassword: Type.Boolean(),
              hasOpenWithdrawal: Type.Boolean(),
              accounts: Type.Array(PayoutAccountItem),
            }),
          ),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const overview = await describeWithdrawal(deps, merchant, member);
      return ok({
        minAmount: formatAmount(overview.minMinor),
        maxAmount: formatAmount(overview.maxMinor),
        balance: formatAmount(overview.balanceMinor),
        withdrawable: formatAmount(overview.withdrawableMinor),
        turnoverLeft: formatAmount(overview.turnoverLeftMinor),
        bonusToForfeit: formatAmount(overview.bonusToForfeitMinor),
        hasPaymentPassword: overview.hasPaymentPassword,
        hasOpenWithdrawal: overview.hasOpenWithdrawal,
        accounts: overview.accounts.map(payoutAccountItem),
      });
    },
  );

  app.post(
    '/wps/payment/withdrawals',
    sealedCall(
      TAGS,
      'Request a withdrawal; the amount is held until an operator pays or refuses it (sealed body)',
      RequestBody,
      WithdrawalItem,
    ),
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { body } = request;
      const amountMinor = requirePositiveAmount(body.amount, 'amount');
      const withdrawal = await requestWithdrawal(deps, merchant, member, {
        payoutAccountId: body.payoutAccountId,
        amountMinor,
        paymentPassword: body.paymentPassword,
        forfeitBonus: body.forfeitBonus ?? false,
      });
      return ok(await withdrawalWithAccount(withdrawal, merchant));
    },
  );

  app.get(
    '/wps/payment/withdrawals',
    {
      schema: {
        tags: TAGS,
        summary: "The member's withdrawals, newest first",
        querystring: PageQuery,
        response: { 200: Envelope(PageOf(WithdrawalItem)), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { query } = request;
      const [page, accounts] = await Promise.all([
        deps.withdrawals.listMemberWithdrawals(member.id, query.page, query.pageSize),
        deps.withdrawals.listPayoutAccounts(member.id),
      ]);
      const accountOf = new Map(accounts.map((account) => [account.id, account]));
      const missing = page.rows.filter((row) => !accountOf.has(row.payout_account_id));
      for (const row of missing) {
        const account = await deps.withdrawals.findPayoutAccount(row.payout_account_id);
        if (account) accountOf.set(account.id, account);
      }
      return ok({
        list: page.rows.map((row) => withdrawalItem(row, accountOf.get(row.payout_account_id), merchant)),
        totalPages: Math.ceil(page.total / query.pageSize),
      });
    },
  );

  app.post(
    '/wps/payment/withdrawals/:id/confirmation',
    {
      schema: {
        tags: TAGS,
        summary:
          'Confirm a paid-out withdrawal arrived: fully_paid, or received with the amount received so far',
        querystring: MerchantLanguageQuery,
        params: IdParams,
        body: ConfirmBody,
        response: { 200: Envelope(WithdrawalItem), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { id } = request.params;
      const { body } = request;
      let receivedMinor: bigint;
      if (body.outcome === 'fully_paid') {
        const row = await deps.withdrawals.findWithdrawal(id);
        if (!row || row.member_id !== member.id) throw new AppError('NOT_FOUND');
        receivedMinor = row.amount_minor;
      } else {
        receivedMinor = requirePositiveAmount(body.receivedAmount, 'receivedAmount');
      }
      const confirmed = await deps.withdrawals.confirmReceipt({ memberId: member.id, id, receivedMinor });
      return ok(await withdrawalWithAccount(confirmed, merchant));
    },
  );

  app.post(
    '/wps/payment/withdrawals/:id/notReceived',
    {
      schema: {
        tags: TAGS,
        summary:
          'Report a paid-out withdrawal as not received: a proof photo (the one file) and an optional note field (multipart); opens a case',
        consumes: ['multipart/form-data'],
        body: multipartBody(NotReceivedForm),
        querystring: MerchantLanguageQuery,
        params: IdParams,
        response: { 200: Envelope(WithdrawalItem), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { id } = request.params;
      const upload = await readUploadedFile(request, PROOF_BYTES_MAX);
      const note = upload.fields.note?.trim() ?? '';
      if (note.length > CASE_NOTE_LENGTH_MAX) {
        throw new AppError('VALIDATION', { value: { fields: { note: 'length' } } });
      }
      const reported = await reportWithdrawalNotReceived(deps, member, {
        id,
        proof: upload.data,
        note: note || null,
      });
      return ok(await withdrawalWithAccount(reported, merchant));
    },
  );
}
