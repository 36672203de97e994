import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { DepositStatus } from '../../db/schema.ts';
import type { MemberService } from '../../modules/member/member.service.ts';
import { DEPOSIT_PAGE_SIZE_MAX, type DepositRow } from '../../modules/payment/payment.service.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { type AdjustBalanceDeps, adjustBalance } from '../../workflows/adjust-balance.ts';
import { approveBankDeposit, type BankDepositDeps, rejectBankDeposit } from '../../workflows/bank-deposit.ts';
import { requirePositiveAmount } from '../amount.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  IdParams,
  MerchantScopeQuery,
  PageQueryFields,
} from './bo-schemas.ts';
import { operatorRoute } from './operator-session.ts';
import { findInScope, readQueuePage, sendReviewPhoto } from './review.ts';

export type DepositReviewDeps = BankDepositDeps & AdjustBalanceDeps & { members: MemberService };

const TAGS = ['back office: finance'];
const DEPOSIT_STATUSES = ['pending', 'review', 'credited', 'failed', 'rejected'] as const;
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$' });
const Reason = Type.String({ minLength: 3, maxLength: 300 });

const QueueQuery = Type.Object({
  ...MerchantScopeQuery.properties,
  status: Type.Optional(StringOf(DEPOSIT_STATUSES)),
  ...PageQueryFields(DEPOSIT_PAGE_SIZE_MAX, 100_000),
});

const DepositView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  memberId: Type.String(),
  memberAccount: Type.String(),
  methodName: Type.String(),
  amount: Money,
  currency: Type.String(),
  status: StringOf(DEPOSIT_STATUSES),
  reference: Nullable(Type.String()),
  hasReceipt: Type.Boolean(),
  reason: Nullable(Type.String()),
  reviewedBy: Nullable(Type.String()),
  createdAt: Type.String(),
  creditedAt: Nullable(Type.String()),
});

const RejectBody = Type.Object({ reason: Reason });
const AdjustBody = Type.Object({
  direction: StringOf(['credit', 'debit']),
  amount: Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16, examples: ['100.00'] }),
  reason: Reason,
  /** Made by the operator's page once per adjustment, so that a retried request adds nothing. */
  requestId: Type.String({
    minLength: 8,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    examples: ['adj-0001-retry-safe'],
  }),
});

/**
 * Bank-transfer deposits under review (the receipt, approve, reject) and manual balance
 * adjustments, each decision one audit row; operators act only on their own merchant's players.
 */
export function registerDepositReviewRoutes(app: TypedApp, deps: DepositReviewDeps): void {
  async function depositView(row: DepositRow) {
    const [member, method] = await Promise.all([
      deps.members.findById(row.member_id),
      deps.payments.findMethod(row.method_id),
    ]);
    return {
      id: row.id,
      merchantId: row.merchant_id,
      memberId: row.member_id,
      memberAccount: member?.account ?? '?',
      methodName: method?.names.EN ?? method?.code ?? '?',
      amount: formatAmount(row.amount_minor),
      currency: row.currency,
      status: row.status,
      reference: row.reference,
      hasReceipt: row.receipt_path !== null,
      reason: row.failure_reason,
      reviewedBy: row.reviewed_by,
      createdAt: row.created_at.toISOString(),
      creditedAt: row.credited_at?.toISOString() ?? null,
    };
  }

  app.get(
    '/bo/finance/deposits',
    {
      ...operatorRoute('finance.read'),
      schema: {
        tags: TAGS,
        summary: 'Deposits by status, newest first (bank transfers in review by default)',
        querystring: QueueQuery,
        response: { 200: Envelope(CountedPageOf(DepositView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const status = (query.status ?? 'review') as DepositStatus;
      return ok(
        await readQueuePage(
          request,
          query,
          (paging) => deps.payments.listQueue({ ...paging, status }),
          depositView,
        ),
      );
    },
  );

  app.get(
    '/bo/finance/deposits/:id/receipt',
    {
      ...operatorRoute('finance.read'),
      schema: { tags: TAGS, summary: "A bank deposit's receipt photo (WebP)", params: IdParams },
    },
    async (request, reply) => {
      const { row } = await findInScope(request, deps.payments.findDeposit);
      return sendReviewPhoto(reply, deps.images, row.receipt_path);
    },
  );

  app.post(
    '/bo/finance/deposits/:id/approve',
    {
      ...operatorRoute('finance.write'),
      schema: {
        tags: TAGS,
        summary: 'The money arrived: credit the player once',
        params: IdParams,
        response: { 200: Envelope(DepositView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { context, row } = await findInScope(request, deps.payments.findDeposit);
      return ok(await depositView(await approveBankDeposit(deps, context.actor, row)));
    },
  );

  app.post(
    '/bo/finance/deposits/:id/reject',
    {
      ...operatorRoute('finance.write'),
      schema: {
        tags: TAGS,
        summary: 'No such money arrived: close the deposit with the reason the player sees',
        params: IdParams,
        body: RejectBody,
        response: { 200: Envelope(DepositView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { context, row } = await findInScope(request, deps.payments.findDeposit);
      const { reason } = request.body;
      return ok(await depositView(await rejectBankDeposit(deps, context.actor, row, reason)));
    },
  );

  app.post(
    '/bo/players/:id/adjustments',
    {
      ...operatorRoute('finance.write'),
      schema: {
        tags: TAGS,
        summary: "Adjust a player's cash balance by hand, with a reason (once per request id)",
        params: IdParams,
        body: AdjustBody,
        response: {
          200: Envelope(Type.Object({ balance: Type.String(), duplicate: Type.Boolean() })),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { context, row: member } = await findInScope(request, deps.members.findById);
      const { body } = request;
      const amountMinor = requirePositiveAmount(body.amount, 'amount');
      const result = await adjustBalance(deps, context.actor, {
        member,
        direction: body.direction as 'credit' | 'debit',
        amountMinor,
        reason: body.reason,
        requestId: body.requestId,
      });
      return ok({ balance: formatAmount(result.balanceMinor), duplicate: result.duplicate });
    },
  );
}
