import { v7 as uuidv7 } from 'uuid';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import {
  claimRebuild,
  endRebuild,
  failStaleRebuild,
  findActiveRebuild,
  findLatestRebuilds,
  insertRebuildUnlessActive,
  type RollupRebuildRow,
  recountMemberRollups,
  writeRebuildProgress,
} from './rollup-rebuild.repository.ts';

export type { RollupRebuildRow };

/** 'teams': the team rollups only; 'all': the member rollups recounted from the bets first. */
export const ROLLUP_REBUILD_SCOPES = ['teams', 'all'] as const;
export type RollupRebuildScope = (typeof ROLLUP_REBUILD_SCOPES)[number];

/**
 * How long the one statement that recounts a merchant's member rollups may run. The app's
 * statement timeout (15 s) suits requests; this runs in the background, and settlements wait for
 * it, so it is bounded all the same.
 */
export const MEMBER_RECOUNT_TIMEOUT_MS = 10 * 60_000;

/**
 * A queued or running rebuild without a sign of life for this long has lost its process (a
 * restart, a crash) and no longer holds the merchant's one place: the next request ends it as
 * failed. Longer than the member recount's timeout, the longest step without progress.
 */
export const REBUILD_STALE_AFTER_MS = 2 * MEMBER_RECOUNT_TIMEOUT_MS;

/** How many past rebuilds the back office shows. */
export const REBUILDS_SHOWN_MAX = 10;

const ERROR_LENGTH_MAX = 500;

export type RebuildStep = { phase: 'members' | 'teams'; daysDone: number; daysTotal: number; rows: number };

export type RollupRebuildService = ReturnType<typeof createRollupRebuildService>;

/**
 * The back office's rebuilds of a merchant's bet rollups (docs/agents.md "Repair"): an operator's
 * request (audited, one queued or running per merchant), and the record a background job keeps of
 * its progress and outcome. The job's steps themselves are the workflow's (rollup-rebuild.ts).
 */
export function createRollupRebuildService(deps: ServiceDeps<{ recordChange: RecordChange }>) {
  const { db } = deps;
  const now = clockOf(deps);

  return {
    /**
     * Queues a rebuild of the merchant's rollups, audited as `agent.rollups.rebuild`. CONFLICT
     * (`reason: running`, with its id) while another is queued or running, whoever asked: of two
     * simultaneous requests one is queued. A stale one (REBUILD_STALE_AFTER_MS without progress)
     * is ended as failed first.
     */
    async request(
      actor: ChangeActor,
      merchantId: string,
      scope: RollupRebuildScope,
    ): Promise<RollupRebuildRow> {
      const at = now();
      const created = await db.transaction().execute(async (trx) => {
        await failStaleRebuild(
          trx,
          merchantId,
          new Date(at.getTime() - REBUILD_STALE_AFTER_MS),
          at,
          'Stopped without finishing: no progress for a long time (the server was restarted or stopped).',
        );
        const row = await insertRebuildUnlessActive(trx, {
          id: uuidv7(),
          merchant_id: merchantId,
          scope,
          requested_by: actor.id,
          requested_by_name: actor.username,
          created_at: at,
          progressed_at: at,
        });
        if (!row) return undefined;
        await deps.recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'agent.rollups.rebuild',
          target: { type: 'merchant', id: merchantId },
          before: null,
          after: { rebuildId: row.id, scope },
        });
        return row;
      });
      if (created) return created;
      const active = await findActiveRebuild(db, merchantId);
      throw new AppError('CONFLICT', { value: { reason: 'running', rebuildId: active?.id ?? null } });
    },

    /** Takes a queued rebuild to run it; undefined when it is not queued (another run has it, or it ended). */
    claim: (id: string) => claimRebuild(db, id, now()),

    progress: (id: string, step: RebuildStep) => writeRebuildProgress(db, id, step, now()),

    finish: (id: string) => endRebuild(db, id, { status: 'done', error: null }, now()),

    fail: (id: string, error: string) =>
      endRebuild(db, id, { status: 'failed', error: error.slice(0, ERROR_LENGTH_MAX) || 'Failed.' }, now()),

    /** Recounts the merchant's member rollups from its bets: one statement, settlements waiting. */
    recountMemberRollups: (merchantId: string) =>
      recountMemberRollups(db, merchantId, MEMBER_RECOUNT_TIMEOUT_MS),

    /** The merchant's latest rebuilds, newest first, each saying whether it has gone stale. */
    async listLatest(merchantId: string) {
      const staleBeforeMs = now().getTime() - REBUILD_STALE_AFTER_MS;
      const rows = await findLatestRebuilds(db, merchantId, REBUILDS_SHOWN_MAX);
      return rows.map((row) => ({
        ...row,
        isStale:
          (row.status === 'queued' || row.status === 'running') &&
          row.progressed_at.getTime() < staleBeforeMs,
      }));
    },
  };
}
