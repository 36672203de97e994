import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { DepositStatus } from '../../../db/schema.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { merchantOriginOf } from '../../../modules/merchant/merchant.service.ts';
import {
  DEPOSIT_PAGE_SIZE_MAX,
  type DepositRow,
  type PaymentMethodRow,
} from '../../../modules/payment/payment.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { type DepositDeps, startGatewayDeposit } from '../../../workflows/deposit.ts';
import { requirePositiveAmount } from '../../amount.ts';
import { requireMember, requireMerchantMember } from '../../member-session.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { ERROR_RESPONSES, Nullable, StringOf } from '../system/system-schemas.ts';
import { DefaultedPageFields, MerchantLanguageQuery, PageOf } from '../wps-schemas.ts';

export type PaymentRoutesDeps = DepositDeps & {
  members: MemberService;
  /** The origin of links for a merchant without a main origin of its own (config PUBLIC_ORIGIN). */
  publicOrigin: string;
};

const TAGS = ['payment'];
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['500.00'] });
const AmountInput = Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16 });
const DEPOSIT_STATUSES = ['pending', 'review', 'credited', 'failed', 'rejected'] as const;

const MethodItem = Type.Object({
  id: Type.String(),
  code: Type.String(),
  kind: StringOf(['gateway', 'bank_transfer']),
  name: Type.String(),
  minAmount: Money,
  maxAmount: Money,
  dailyMaxAmount: Nullable(Money),
  bankAccount: Nullable(
    Type.Object({ bankName: Type.String(), accountName: Type.String(), accountNumber: Type.String() }),
  ),
});

export const DepositItem = Type.Object({
  id: Type.String(),
  methodId: Type.String(),
  amount: Money,
  currency: Type.String(),
  status: StringOf(DEPOSIT_STATUSES),
  payUrl: Nullable(Type.String()),
  reference: Nullable(Type.String()),
  failureReason: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  creditedAt: Nullable(Type.String({ format: 'date-time' })),
});

const StartBody = Type.Object({
  methodId: Type.String({ minLength: 1, maxLength: 64 }),
  amount: AmountInput,
});

const ListQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  ...DefaultedPageFields(DEPOSIT_PAGE_SIZE_MAX, 10),
  status: Type.Optional(StringOf(DEPOSIT_STATUSES)),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
});

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** The member-centre page the gateway sends a payer back to (spec §2 depositv2). */
const DEPOSIT_RETURN_PATH = '/member?page=depositv2';

function methodItem(method: PaymentMethodRow, language: string, fallbackLanguage: string) {
  return {
    id: method.id,
    code: method.code,
    kind: method.kind,
    name: method.names[language] ?? method.names[fallbackLanguage] ?? method.code,
    minAmount: formatAmount(method.min_minor),
    maxAmount: formatAmount(method.max_minor),
    dailyMaxAmount:
      method.player_daily_max_minor === null ? null : formatAmount(method.player_daily_max_minor),
    bankAccount: method.bank_account,
  };
}

export function depositItem(deposit: DepositRow) {
  return {
    id: deposit.id,
    methodId: deposit.method_id,
    amount: formatAmount(deposit.amount_minor),
    currency: deposit.currency,
    status: deposit.status,
    // Only a deposit still waiting for its payer has somewhere to go.
    payUrl: deposit.status === 'pending' ? deposit.pay_url : null,
    reference: deposit.reference,
    failureReason: deposit.failure_reason,
    createdAt: deposit.created_at.toISOString(),
    creditedAt: deposit.credited_at?.toISOString() ?? null,
  };
}

/** Deposits from the member centre (spec §2 depositv2): methods, starting one, and their history. */
export function registerPaymentRoutes(app: TypedApp, deps: PaymentRoutesDeps): void {
  app.get(
    '/wps/payment/methods',
    {
      schema: {
        tags: TAGS,
        summary: 'The deposit methods this member may use, with their limits',
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(MethodItem) })), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      await requireMember(request, deps.members);
      const methods = await deps.payments.listMethods(merchant.id);
      return ok({
        list: methods
          .filter((method) => method.enabled)
          .map((method) => methodItem(method, request.language, merchant.defaultLanguage)),
      });
    },
  );

  app.post(
    '/wps/payment/deposits',
    {
      schema: {
        tags: TAGS,
        summary: "Start a deposit through a payment gateway: answers the gateway's page to pay on",
        querystring: MerchantLanguageQuery,
        body: StartBody,
        response: {
          200: Envelope(Type.Object({ deposit: DepositItem, payUrl: Type.String() })),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { body } = request;
      const amountMinor = requirePositiveAmount(body.amount, 'amount');
      const { deposit, payUrl } = await startGatewayDeposit(deps, merchant, member, {
        methodId: body.methodId,
        amountMinor,
        siteOrigin: merchantOriginOf(merchant, deps.publicOrigin),
        returnPath: DEPOSIT_RETURN_PATH,
      });
      return ok({ deposit: depositItem(deposit), payUrl });
    },
  );

  app.get(
    '/wps/payment/deposits',
    {
      schema: {
        tags: TAGS,
        summary: "The member's deposits, newest first",
        querystring: ListQuery,
        response: { 200: Envelope(PageOf(DepositItem)), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMember(request, deps.members);
      const { query } = request;
      const { pageSize } = query;
      const { rows, total } = await deps.payments.listMemberDeposits({
        memberId: member.id,
        page: query.page,
        pageSize,
        ...(query.status ? { status: query.status as DepositStatus } : {}),
        ...(query.from ? { from: new Date(query.from) } : {}),
        ...(query.to ? { to: new Date(query.to) } : {}),
      });
      return ok({ list: rows.map(depositItem), totalPages: Math.ceil(total / pageSize) });
    },
  );

  app.get(
    '/wps/payment/deposits/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One of the member’s deposits',
        params: IdParams,
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(DepositItem), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMember(request, deps.members);
      const { id } = request.params;
      const deposit = await deps.payments.findDeposit(id);
      if (!deposit || deposit.member_id !== member.id) throw new AppError('NOT_FOUND');
      return ok(depositItem(deposit));
    },
  );
}
