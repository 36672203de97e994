import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { WithdrawalStatus } from '../../db/schema.ts';
import { merchantOriginOf } from '../../modules/merchant/merchant.service.ts';
import { WITHDRAWAL_PAGE_SIZE_MAX, type WithdrawalRow } from '../../modules/payment/withdrawal.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import type { ImageStore } from '../../platform/storage/image-store.ts';
import {
  markWithdrawalPaid,
  payOutWithdrawal,
  rejectWithdrawal,
  type WithdrawDeps,
} from '../../workflows/withdraw.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  Id,
  IdParams,
  MerchantScopeQuery,
  PageQueryFields,
} from './bo-schemas.ts';
import { operatorRoute } from './operator-session.ts';
import { findInScope, readQueuePage, sendReviewPhoto } from './review.ts';
import { readMerchantScope } from './scoped-route.ts';

const TAGS = ['back office: finance'];
const WITHDRAWAL_STATUSES = ['review', 'paying', 'paid', 'rejected', 'failed'] as const;
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$' });
const Reason = Type.String({ minLength: 1, maxLength: 300 });

const CASE_STATUSES = ['open', 'resolved'] as const;

const QueueQuery = Type.Object({
  ...MerchantScopeQuery.properties,
  status: Type.Optional(StringOf(WITHDRAWAL_STATUSES)),
  /** Not-received cases instead of a status: the paid withdrawals members say never arrived. */
  caseStatus: Type.Optional(StringOf(CASE_STATUSES)),
  ...PageQueryFields(WITHDRAWAL_PAGE_SIZE_MAX, 100_000),
});

const QueueItem = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  memberId: Type.String(),
  memberAccount: Type.String(),
  amount: Money,
  currency: Type.String(),
  status: StringOf(WITHDRAWAL_STATUSES),
  payoutAccount: Type.Object({
    kind: Type.String(),
    provider: Type.String(),
    accountName: Type.String(),
    accountNumber: Type.String(),
  }),
  reason: Nullable(Type.String()),
  reviewedBy: Nullable(Type.String()),
  createdAt: Type.String(),
  paidAt: Nullable(Type.String()),
  /** The member's confirmation once paid out (spec §4). */
  confirmation: Nullable(StringOf(['awaiting', 'received', 'not_received', 'auto_received'])),
  receivedAmount: Nullable(Money),
  caseStatus: Nullable(StringOf(CASE_STATUSES)),
  caseNote: Nullable(Type.String()),
  hasProof: Type.Boolean(),
  caseResolution: Nullable(Type.String()),
  caseResolvedBy: Nullable(Type.String()),
});

const PayoutBody = Type.Object({ methodId: Id });
const PayoutMethodItem = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  code: Type.String(),
  name: Type.String(),
});
const RejectBody = Type.Object({ reason: Reason });
const ResolveBody = Type.Object({ resolution: Reason });
const PaidBody = Type.Object({ reason: Type.Optional(Reason) });

/**
 * The withdrawal queue (issue: operator review): list, refuse with a reason, pay out through a
 * gateway, or mark paid by hand. Operators act only on their own merchant's withdrawals; every
 * decision writes one audit row.
 */
export function registerFinanceRoutes(
  app: TypedApp,
  deps: WithdrawDeps & { images: ImageStore; publicOrigin: string },
): void {
  async function queueItem(row: WithdrawalRow) {
    const [member, account] = await Promise.all([
      deps.members.findById(row.member_id),
      deps.withdrawals.findPayoutAccount(row.payout_account_id),
    ]);
    return {
      id: row.id,
      merchantId: row.merchant_id,
      memberId: row.member_id,
      memberAccount: member?.account ?? '?',
      amount: formatAmount(row.amount_minor),
      currency: row.currency,
      status: row.status,
      payoutAccount: {
        kind: account?.kind ?? '?',
        provider: account?.provider ?? '?',
        accountName: account?.account_name ?? '?',
        accountNumber: account?.account_number ?? '?',
      },
      reason: row.reason,
      reviewedBy: row.reviewed_by,
      createdAt: row.created_at.toISOString(),
      paidAt: row.paid_at?.toISOString() ?? null,
      confirmation: row.confirmation,
      receivedAmount: row.received_minor === null ? null : formatAmount(row.received_minor),
      caseStatus: row.case_status,
      caseNote: row.case_note,
      hasProof: row.proof_path !== null,
      caseResolution: row.case_resolution,
      caseResolvedBy: row.case_resolved_by,
    };
  }

  app.get(
    '/bo/finance/withdrawals',
    {
      ...operatorRoute('finance.read'),
      schema: {
        tags: TAGS,
        summary: 'Withdrawals by status, newest first (the review queue by default)',
        querystring: QueueQuery,
        response: { 200: Envelope(CountedPageOf(QueueItem)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      // A case view spans statuses (every case is of a paid withdrawal).
      const statuses = query.caseStatus ? [] : [(query.status ?? 'review') as WithdrawalStatus];
      const caseFilter = query.caseStatus ? { caseStatus: query.caseStatus } : {};
      return ok(
        await readQueuePage(
          request,
          query,
          (paging) => deps.withdrawals.listQueue({ ...paging, statuses, ...caseFilter }),
          queueItem,
        ),
      );
    },
  );

  app.get(
    '/bo/finance/payout-methods',
    {
      ...operatorRoute('finance.read'),
      schema: {
        tags: TAGS,
        summary: 'The gateway methods that can pay out withdrawals',
        querystring: MerchantScopeQuery,
        response: {
          200: Envelope(Type.Object({ list: Type.Array(PayoutMethodItem) })),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const scope = await readMerchantScope(request);
      const methods =
        scope === null
          ? await deps.payments.listAllMethods()
          : (await Promise.all(scope.map((id) => deps.payments.listMethods(id)))).flat();
      return ok({
        list: methods
          .filter((method) => method.kind === 'gateway' && method.enabled)
          .map((method) => ({
            id: method.id,
            merchantId: method.merchant_id,
            code: method.code,
            name: method.names.EN ?? method.code,
          })),
      });
    },
  );

  app.post(
    '/bo/finance/withdrawals/:id/reject',
    {
      ...operatorRoute('finance.write'),
      schema: {
        tags: TAGS,
        summary: 'Refuse a withdrawal in review; the held amount returns to the player',
        params: IdParams,
        body: RejectBody,
        response: { 200: Envelope(QueueItem), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { context } = await findInScope(request, deps.withdrawals.findWithdrawal);
      const { reason } = request.body;
      return ok(
        await queueItem(
          await rejectWithdrawal(deps, context.actor, {
            id: request.params.id,
            reason,
          }),
        ),
      );
    },
  );

  app.post(
    '/bo/finance/withdrawals/:id/paid',
    {
      ...operatorRoute('finance.write'),
      schema: {
        tags: TAGS,
        summary: 'Mark a withdrawal paid by other means; the held amount leaves the ledger',
        params: IdParams,
        body: PaidBody,
        response: { 200: Envelope(QueueItem), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { context, row } = await findInScope(request, deps.withdrawals.findWithdrawal);
      const { reason } = request.body;
      return ok(
        await queueItem(
          await markWithdrawalPaid(deps, context.actor, { id: row.id, reason: reason ?? null }),
        ),
      );
    },
  );

  app.post(
    '/bo/finance/withdrawals/:id/payout',
    {
      ...operatorRoute('finance.write'),
      schema: {
        tags: TAGS,
        summary: "Approve a withdrawal and pay it out through a gateway method's payout call",
        params: IdParams,
        body: PayoutBody,
        response: { 200: Envelope(QueueItem), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { context, row } = await findInScope(request, deps.withdrawals.findWithdrawal);
      const { methodId } = request.body;
      // The withdrawal's merchant names the callback address, whichever host the operator used.
      const merchant = await app.merchantService.findById(row.merchant_id);
      if (!merchant) throw new AppError('NOT_FOUND');
      const paying = await payOutWithdrawal(deps, context.actor, {
        id: row.id,
        methodId,
        siteOrigin: merchantOriginOf(merchant, deps.publicOrigin),
      });
      return ok(await queueItem(paying));
    },
  );

  app.get(
    '/bo/finance/withdrawals/:id/proof',
    {
      ...operatorRoute('finance.read'),
      schema: {
        tags: TAGS,
        summary: "The member's photo proving a payout did not arrive (WebP)",
        params: IdParams,
      },
    },
    async (request, reply) => {
      const { row } = await findInScope(request, deps.withdrawals.findWithdrawal);
      return sendReviewPhoto(reply, deps.images, row.proof_path);
    },
  );

  app.post(
    '/bo/finance/withdrawals/:id/case/resolve',
    {
      ...operatorRoute('finance.write'),
      schema: {
        tags: TAGS,
        summary: 'Close a not-received case with what was found or done',
        params: IdParams,
        body: ResolveBody,
        response: { 200: Envelope(QueueItem), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { context, row } = await findInScope(request, deps.withdrawals.findWithdrawal);
      const { resolution } = request.body;
      return ok(await queueItem(await deps.withdrawals.resolveCase(context.actor, row.id, resolution)));
    },
  );
}
