import { Type } from 'typebox';
import {
  type AffiliateApplicationService,
  APPLICATION_PAGE_SIZE_MAX,
  type QueueRow,
  REVIEW_NOTE_LENGTH_MAX,
} from '../../modules/affiliate/affiliate-application.service.ts';
import {
  AGENT_TYPE_CODES,
  type AgentTypeCode,
  INVITATION_CODE_PATTERN,
} from '../../modules/agent/agent.service.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import {
  type AffiliateReviewDeps,
  reviewAffiliateApplication,
} from '../../workflows/affiliate-application.ts';
import { IntegerOf, Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  Id,
  IdParams,
  MerchantIdField,
  PageQueryFields,
} from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute } from './scoped-route.ts';

export type AffiliateApplicationsRoutesDeps = AffiliateReviewDeps & {
  applications: AffiliateApplicationService;
};

const TAGS = ['back office: agents'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 25;
const STATUSES = ['pending', 'approved', 'rejected'] as const;

const QueueQuery = Type.Object({
  merchantId: MerchantIdField,
  status: Type.Optional(StringOf(STATUSES)),
  ...PageQueryFields(APPLICATION_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

const ApplicationView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  memberId: Type.String(),
  account: Type.String(),
  channel: Type.String(),
  audience: Type.Integer(),
  contact: Type.String(),
  message: Type.String(),
  status: StringOf(STATUSES),
  reviewer: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String()),
  reviewNote: Type.String(),
  agentType: Nullable(Type.Integer()),
  uplineAccount: Nullable(Type.String()),
  createdAt: Type.String(),
});

const ReviewNote = Type.String({ maxLength: REVIEW_NOTE_LENGTH_MAX });

const ApproveBody = Type.Object({
  agentType: IntegerOf(AGENT_TYPE_CODES),
  /** The agent above; null makes a top agent. */
  uplineId: Type.Union([Id, Type.Null()]),
  invitationCode: Type.String({ pattern: INVITATION_CODE_PATTERN, maxLength: 16, examples: ['TEAM2026'] }),
  note: Type.Optional(ReviewNote),
});

const RejectBody = Type.Object({ note: Type.String({ minLength: 1, maxLength: REVIEW_NOTE_LENGTH_MAX }) });

const ReviewedView = Type.Object({ id: Type.String(), status: StringOf(STATUSES) });

function viewOf(row: QueueRow) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    memberId: row.member_id,
    account: row.account,
    channel: row.channel,
    audience: row.audience,
    contact: row.contact,
    message: row.message,
    status: row.status,
    reviewer: row.reviewer,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    reviewNote: row.review_note,
    agentType: row.agent_type,
    uplineAccount: row.upline_account,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The affiliate applications queue (issue #16 "Back office"): applications by status, newest first;
 * approving one makes its member an agent (type, upline, invitation code) and rejecting one keeps a
 * note. Both are audited and tell the member by platform message.
 */
export function registerAffiliateApplicationsRoutes(
  app: TypedApp,
  deps: AffiliateApplicationsRoutesDeps,
): void {
  const { applications } = deps;

  app.get(
    '/bo/affiliate-applications',
    {
      ...merchantScopedRoute('players.read'),
      schema: {
        tags: TAGS,
        summary: 'Affiliate applications, newest first, by status',
        querystring: QueueQuery,
        response: { 200: Envelope(CountedPageOf(ApplicationView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const { rows, total } = await applications.list({
        merchantIds: await readMerchantScope(request),
        status: query.status ?? null,
        page: query.page ?? 1,
        pageSize,
      });
      return ok({ list: rows.map(viewOf), total, totalPages: Math.ceil(total / pageSize) });
    },
  );

  app.post(
    '/bo/affiliate-applications/:id/approve',
    {
      ...resourceRoute('players.write', applications.findMerchantOf),
      schema: {
        tags: TAGS,
        summary:
          'Approve an application: its member becomes an agent of a type, under an upline, with a code',
        params: IdParams,
        body: ApproveBody,
        response: { 200: Envelope(ReviewedView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { body } = request;
      const reviewed = await reviewAffiliateApplication(
        deps,
        (await readOperator(request)).actor,
        request.params.id,
        {
          decision: 'approve',
          agentType: body.agentType as AgentTypeCode,
          uplineId: body.uplineId,
          invitationCode: body.invitationCode,
          note: body.note?.trim() ?? '',
        },
      );
      return ok({ id: reviewed.id, status: reviewed.status });
    },
  );

  app.post(
    '/bo/affiliate-applications/:id/reject',
    {
      ...resourceRoute('players.write', applications.findMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'Reject an application with a note the member reads',
        params: IdParams,
        body: RejectBody,
        response: { 200: Envelope(ReviewedView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const reviewed = await reviewAffiliateApplication(
        deps,
        (await readOperator(request)).actor,
        request.params.id,
        {
          decision: 'reject',
          note: request.body.note.trim(),
        },
      );
      return ok({ id: reviewed.id, status: reviewed.status });
    },
  );
}
