import { Type } from 'typebox';
import { AUDIT_PAGE_SIZE_MAX, type AuditRow, type AuditService } from '../../modules/audit/audit.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { Nullable } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, CountedPageOf, MerchantScopeQuery, PageQueryFields } from './bo-schemas.ts';
import { operatorRoute } from './operator-session.ts';
import { readMerchantScope } from './scoped-route.ts';

export type AuditRoutesDeps = { audit: AuditService };

const TAGS = ['back office: audit'];
const AUDIT_PAGE_SIZE_DEFAULT = 50;

const SearchText = Type.Optional(Type.String({ minLength: 1, maxLength: 100 }));
const SearchQuery = Type.Object({
  ...MerchantScopeQuery.properties,
  /** An operator's id or username. */
  actor: SearchText,
  /** An action (`staff.lock`) or an area of actions (`staff`). */
  action: SearchText,
  targetType: SearchText,
  targetId: SearchText,
  from: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  to: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  ...PageQueryFields(AUDIT_PAGE_SIZE_MAX, 100_000),
});

const AuditItem = Type.Object({
  id: Type.String(),
  actorId: Nullable(Type.String()),
  actorName: Type.String(),
  merchantId: Nullable(Type.String()),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  ip: Nullable(Type.String()),
  at: Type.String(),
});

function auditItemOf(row: AuditRow) {
  return {
    id: row.id,
    actorId: row.actor_id,
    actorName: row.actor_name,
    merchantId: row.merchant_id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    at: row.at.toISOString(),
  };
}

/** GET /bo/audit: who changed what, searchable; the log itself is never editable. */
export function registerAuditRoutes(app: TypedApp, deps: AuditRoutesDeps): void {
  app.get(
    '/bo/audit',
    {
      ...operatorRoute('audit.read'),
      schema: {
        tags: TAGS,
        summary: 'Search the audit log by actor, action, target and time (newest first, paged)',
        querystring: SearchQuery,
        response: { 200: Envelope(CountedPageOf(AuditItem)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const scope = await readMerchantScope(request);
      const from = query.from ? new Date(query.from) : undefined;
      const to = query.to ? new Date(query.to) : undefined;
      if (from && to && from > to)
        throw new AppError('VALIDATION', { value: { fields: { to: 'beforeFrom' } } });
      const result = await deps.audit.search(
        {
          merchantIds: scope,
          actor: query.actor,
          action: query.action,
          targetType: query.targetType,
          targetId: query.targetId,
          from,
          to,
        },
        query.page ?? 1,
        query.pageSize ?? AUDIT_PAGE_SIZE_DEFAULT,
      );
      return ok({ list: result.rows.map(auditItemOf), total: result.total, totalPages: result.totalPages });
    },
  );
}
