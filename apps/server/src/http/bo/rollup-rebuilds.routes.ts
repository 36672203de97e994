import { Type } from 'typebox';
import {
  ROLLUP_REBUILD_SCOPES,
  type RollupRebuildRow,
  type RollupRebuildService,
} from '../../modules/report/rollup-rebuild.service.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import type { RollupRebuilds } from '../../workflows/rollup-rebuild.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, MerchantIdField, MerchantScopeQuery } from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { merchantScopedRoute, targetMerchantOf } from './scoped-route.ts';

export type RollupRebuildsRoutesDeps = {
  rebuilds: RollupRebuildService;
  rollupRebuilds: RollupRebuilds;
  jobs: Pick<JobRunner, 'send'>;
};

const TAGS = ['back office: agents'];

const RebuildView = Type.Object({
  id: Type.String(),
  /** teams: the team rollups only; all: the member rollups recounted from the bets first. */
  scope: StringOf(ROLLUP_REBUILD_SCOPES),
  status: StringOf(['queued', 'running', 'done', 'failed']),
  /** members: recounting the member rollups; teams: rebuilding the team days (daysDone of daysTotal). */
  phase: StringOf(['members', 'teams']),
  daysDone: Type.Integer(),
  daysTotal: Type.Integer(),
  /** Team rollup rows written. */
  rows: Type.Integer(),
  error: Nullable(Type.String()),
  requestedBy: Type.String(),
  requestedAt: Type.String(),
  startedAt: Nullable(Type.String()),
  finishedAt: Nullable(Type.String()),
  /** The rebuild's last sign of life. */
  progressedAt: Type.String(),
  /** Queued or running, but without progress for so long that its process is taken as gone. */
  isStale: Type.Boolean(),
});

const StartBody = Type.Object({ merchantId: MerchantIdField, scope: StringOf(ROLLUP_REBUILD_SCOPES) });

function rebuildView(row: RollupRebuildRow & { isStale?: boolean }) {
  return {
    id: row.id,
    scope: row.scope,
    status: row.status,
    phase: row.phase,
    daysDone: row.days_done,
    daysTotal: row.days_total,
    rows: row.rows_written,
    error: row.error,
    requestedBy: row.requested_by_name,
    requestedAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    progressedAt: row.progressed_at.toISOString(),
    isStale: row.isStale ?? false,
  };
}

/**
 * The repair path of the agents' figures in the back office (docs/agents.md "Repair"): a rebuild of
 * a merchant's bet rollups, run in the background, one at a time per merchant, with its progress
 * and the latest rebuilds' outcomes. Starting one is settings.write and audited.
 */
export function registerRollupRebuildsRoutes(app: TypedApp, deps: RollupRebuildsRoutesDeps): void {
  app.get(
    '/bo/rollup-rebuilds',
    {
      ...merchantScopedRoute('settings.read'),
      schema: {
        tags: TAGS,
        summary: "The merchant's latest rollup rebuilds, newest first: progress, start, end and outcome",
        querystring: MerchantScopeQuery,
        response: {
          200: Envelope(Type.Object({ list: Type.Array(RebuildView) })),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const rows = await deps.rebuilds.listLatest(await targetMerchantOf(request));
      return ok({ list: rows.map(rebuildView) });
    },
  );

  app.post(
    '/bo/rollup-rebuilds',
    {
      ...merchantScopedRoute('settings.write'),
      schema: {
        tags: TAGS,
        summary:
          "Start a rebuild of the merchant's bet rollups in the background (CONFLICT while one is queued or running)",
        body: StartBody,
        response: { 200: Envelope(RebuildView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { actor } = await readOperator(request);
      const queued = await deps.rollupRebuilds.start(deps.jobs, actor, {
        merchantId,
        scope: request.body.scope,
      });
      return ok(rebuildView(queued));
    },
  );
}
