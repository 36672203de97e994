import { formatAmount } from '@panalo/money/amount.ts';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import type { DepositStatus } from '../../db/schema.ts';
import type { MemberService } from '../../modules/member/member.service.ts';
import { DEPOSIT_PAGE_SIZE_MAX, type DepositRow } from '../../modules/payment/payment.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { type AdjustBalanceDeps, adjustBalance } from '../../workflows/adjust-balance.ts';
import { approveBankDeposit, type BankDepositDeps, rejectBankDeposit } from '../../workflows/bank-deposit.ts';
import { requirePositiveAmount } from '../amount.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, IdParams, MerchantIdField } from './bo-schemas.ts';
import {
  type OperatorContext,
  operatorRoute,
  readOperator,
  resolveMerchantScope,
} from './operator-session.ts';

export type DepositReviewDeps = BankDepositDeps & AdjustBalanceDeps & { members: MemberService };

const TAGS = ['back office: finance'];
const DEPOSIT_STATUSES = ['pending', 'review', 'credited', 'failed', 'rejected'] as const;
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$' });
const Reason = Type.String({ minLength: 3, maxLength: 300 });

const QueueQuery = Type.Object({
  merchantId: MerchantIdField,
  status: Type.Optional(StringOf(DEPOSIT_STATUSES)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: DEPOSIT_PAGE_SIZE_MAX })),
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
  async function depositInScope(
    request: FastifyRequest & { params: Static<typeof IdParams> },
  ): Promise<{ context: OperatorContext; row: DepositRow }> {
    const context = await readOperator(request);
    const row = await deps.payments.findDeposit(request.params.id);
    const { scope } = resolveMerchantScope(context, undefined);
    if (!row || (scope !== null && !scope.includes(row.merchant_id))) throw new AppError('NOT_FOUND');
    return { context, row };
  }

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
        response: {
          200: Envelope(
            Type.Object({ list: Type.Array(DepositView), total: Type.Integer(), totalPages: Type.Integer() }),
          ),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { query } = request;
      const { scope } = resolveMerchantScope(await readOperator(request), query.merchantId);
      const pageSize = query.pageSize ?? 20;
      const page = await deps.payments.listQueue({
        merchantIds: scope,
        status: (query.status ?? 'review') as DepositStatus,
        page: query.page ?? 1,
        pageSize,
      });
      return ok({
        list: await Promise.all(page.rows.map(depositView)),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
      });
    },
  );

  app.get(
    '/bo/finance/deposits/:id/receipt',
    {
      ...operatorRoute('finance.read'),
      schema: { tags: TAGS, summary: "A bank deposit's receipt photo (WebP)", params: IdParams },
    },
    async (request, reply) => {
      const { row } = await depositInScope(request);
      const image = row.receipt_path ? await deps.images.read(row.receipt_path) : null;
      if (!image) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(image);
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
      const { context, row } = await depositInScope(request);
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
      const { context, row } = await depositInScope(request);
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
      const context = await readOperator(request);
      const { body } = request;
      const member = await deps.members.findById(request.params.id);
      const { scope } = resolveMerchantScope(context, undefined);
      if (!member || (scope !== null && !scope.includes(member.merchant_id))) throw new AppError('NOT_FOUND');
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
