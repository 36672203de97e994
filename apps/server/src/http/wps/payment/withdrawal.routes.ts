import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import {
  E_WALLET_PROVIDERS,
  type PayoutAccountRow,
  WITHDRAWAL_PAGE_SIZE_MAX,
  type WithdrawalRow,
} from '../../../modules/payment/withdrawal.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import { AppError } from '../../../platform/http/errors.ts';
import {
  bindPayoutAccount,
  describeWithdrawal,
  requestWithdrawal,
  type WithdrawDeps,
} from '../../../workflows/withdraw.ts';
import { requireMember } from '../../member-session.ts';
import { requireMerchant } from '../../merchant-context.ts';
import {
  ERROR_RESPONSES,
  LanguageQuery,
  MerchantQuery,
  Nullable,
  StringOf,
} from '../system/system-schemas.ts';

const TAGS = ['payment'];
const Query = Type.Object({ ...MerchantQuery, ...LanguageQuery });
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

const WithdrawalItem = Type.Object({
  id: Type.String(),
  amount: Money,
  currency: Type.String(),
  status: StringOf(WITHDRAWAL_STATUSES),
  payoutAccount: Nullable(PayoutAccountItem),
  reason: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  paidAt: Nullable(Type.String({ format: 'date-time' })),
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
});

const PageQuery = Type.Object({
  ...MerchantQuery,
  ...LanguageQuery,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: WITHDRAWAL_PAGE_SIZE_MAX, default: 10 })),
});
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export function payoutAccountItem(account: PayoutAccountRow) {
  return {
    id: account.id,
    kind: account.kind,
    provider: account.provider,
    accountName: account.account_name,
    accountNumberMasked: `•••• ${account.account_number.slice(-ACCOUNT_NUMBER_VISIBLE_DIGITS)}`,
  };
}

export function withdrawalItem(withdrawal: WithdrawalRow, account: PayoutAccountRow | undefined) {
  return {
    id: withdrawal.id,
    amount: formatAmount(withdrawal.amount_minor),
    currency: withdrawal.currency,
    status: withdrawal.status,
    payoutAccount: account ? payoutAccountItem(account) : null,
    reason: withdrawal.reason,
    createdAt: withdrawal.created_at.toISOString(),
    paidAt: withdrawal.paid_at?.toISOString() ?? null,
  };
}

/**
 * The member's side of withdrawals (spec §2 withdraw, security centre): payout accounts, what a
 * withdrawal needs, requesting one (sealed: it carries the payment password), and their history.
 */
export function registerWithdrawalRoutes(app: FastifyInstance, deps: WithdrawDeps): void {
  app.get(
    '/wps/member/payoutAccounts',
    {
      schema: {
        tags: TAGS,
        summary: "The member's bank and e-wallet accounts for payouts",
        querystring: Query,
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
        querystring: Query,
        body: BindBody,
        response: { 200: Envelope(PayoutAccountItem), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { member } = await requireMember(request, deps.members);
      const body = request.body as Static<typeof BindBody>;
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
        querystring: Query,
        response: { 200: Envelope(Type.Object({})), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMember(request, deps.members);
      await deps.withdrawals.removePayoutAccount(member.id, (request.params as Static<typeof IdParams>).id);
      return ok({});
    },
  );

  app.get(
    '/wps/payment/withdrawals/overview',
    {
      schema: {
        tags: TAGS,
        summary: 'What a withdrawal needs: the range, the balance, turnover left, accounts, payment password',
        querystring: Query,
        response: {
          200: Envelope(
            Type.Object({
              minAmount: Money,
              maxAmount: Money,
              balance: Money,
              turnoverLeft: Money,
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
      const merchant = requireMerchant(request);
      const { member } = await requireMember(request, deps.members);
      const overview = await describeWithdrawal(deps, merchant, member);
      return ok({
        minAmount: formatAmount(overview.minMinor),
        maxAmount: formatAmount(overview.maxMinor),
        balance: formatAmount(overview.balanceMinor),
        turnoverLeft: formatAmount(overview.turnoverLeftMinor),
        hasPaymentPassword: overview.hasPaymentPassword,
        hasOpenWithdrawal: overview.hasOpenWithdrawal,
        accounts: overview.accounts.map(payoutAccountItem),
      });
    },
  );

  app.post(
    '/wps/payment/withdrawals',
    {
      config: { encrypted: true },
      schema: {
        tags: TAGS,
        summary:
          'Request a withdrawal; the amount is held until an operator pays or refuses it (sealed body)',
        querystring: Query,
        body: RequestBody,
        response: { 200: Envelope(WithdrawalItem), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { member } = await requireMember(request, deps.members);
      const body = request.body as Static<typeof RequestBody>;
      const amount = parseAmount(body.amount);
      if (!amount.ok || amount.minor <= 0n) {
        throw new AppError('VALIDATION', { value: { fields: { amount: 'amount' } } });
      }
      const withdrawal = await requestWithdrawal(deps, merchant, member, {
        payoutAccountId: body.payoutAccountId,
        amountMinor: amount.minor,
        paymentPassword: body.paymentPassword,
      });
      return ok(
        withdrawalItem(withdrawal, await deps.withdrawals.findPayoutAccount(withdrawal.payout_account_id)),
      );
    },
  );

  app.get(
    '/wps/payment/withdrawals',
    {
      schema: {
        tags: TAGS,
        summary: "The member's withdrawals, newest first",
        querystring: PageQuery,
        response: {
          200: Envelope(Type.Object({ list: Type.Array(WithdrawalItem), totalPages: Type.Integer() })),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { member } = await requireMember(request, deps.members);
      const query = request.query as Static<typeof PageQuery>;
      const pageSize = query.pageSize ?? 10;
      const [page, accounts] = await Promise.all([
        deps.withdrawals.listMemberWithdrawals(member.id, query.page ?? 1, pageSize),
        deps.withdrawals.listPayoutAccounts(member.id),
      ]);
      const accountOf = new Map(accounts.map((account) => [account.id, account]));
      const missing = page.rows.filter((row) => !accountOf.has(row.payout_account_id));
      for (const row of missing) {
        const account = await deps.withdrawals.findPayoutAccount(row.payout_account_id);
        if (account) accountOf.set(account.id, account);
      }
      return ok({
        list: page.rows.map((row) => withdrawalItem(row, accountOf.get(row.payout_account_id))),
        totalPages: Math.ceil(page.total / pageSize),
      });
    },
  );
}
