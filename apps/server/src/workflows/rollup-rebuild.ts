import type { TeamRollupService } from '../modules/agent/team-rollup.service.ts';
import type {
  RollupRebuildRow,
  RollupRebuildScope,
  RollupRebuildService,
} from '../modules/report/rollup-rebuild.service.ts';
import type { ChangeActor } from '../platform/audit/record-change.ts';
import { defineJob, type JobDefinition, type JobRunner } from '../platform/jobs/job-runner.ts';

/** Long enough for the member recount's own timeout and every team day of a large merchant. */
const REBUILD_JOB_TIMEOUT_SECONDS = 60 * 60;

export type RollupRebuilds = ReturnType<typeof createRollupRebuilds>;

/**
 * The back office's repair of a merchant's bet rollups (docs/agents.md "Repair"), run in the
 * background: the request queues one rebuild per merchant and sends the job; the job recounts the
 * member rollups from the bets (scope 'all'), then rebuilds every team rollup day one transaction
 * at a time, writing its progress after each step and its outcome at the end.
 */
export function createRollupRebuilds(deps: {
  rebuilds: RollupRebuildService;
  teamRollups: TeamRollupService;
}) {
  const { rebuilds, teamRollups } = deps;

  async function run(rebuildId: string): Promise<void> {
    // A job handed out twice (or after its rebuild was ended as stale) finds it no longer queued.
    const claimed = await rebuilds.claim(rebuildId);
    if (!claimed) return;
    try {
      if (claimed.scope === 'all') {
        await rebuilds.progress(rebuildId, { phase: 'members', daysDone: 0, daysTotal: 0, rows: 0 });
        await rebuilds.recountMemberRollups(claimed.merchant_id);
      }
      await teamRollups.rebuildMerchant(claimed.merchant_id, (progress) =>
        rebuilds.progress(rebuildId, { phase: 'teams', ...progress }),
      );
      await rebuilds.finish(rebuildId);
    } catch (error) {
      await rebuilds.fail(rebuildId, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  // Not retried: a failed rebuild says so, and the operator starts another when the cause is fixed.
  const job: JobDefinition<{ rebuildId: string }> = defineJob({
    name: 'agents.rollup-rebuild',
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    timeoutSeconds: REBUILD_JOB_TIMEOUT_SECONDS,
    handle: (data) => run(data.rebuildId),
  });

  return {
    job,
    /**
     * Queues a rebuild of the merchant's rollups (audited; CONFLICT while one is queued or running)
     * and sends its job. A job that cannot be sent ends the rebuild as failed, so it does not hold
     * the merchant's place.
     */
    async start(
      jobs: Pick<JobRunner, 'send'>,
      actor: ChangeActor,
      input: { merchantId: string; scope: RollupRebuildScope },
    ): Promise<RollupRebuildRow> {
      const queued = await rebuilds.request(actor, input.merchantId, input.scope);
      try {
        await jobs.send(job, { rebuildId: queued.id });
      } catch (error) {
        await rebuilds.fail(queued.id, 'The rebuild could not be queued.');
        throw error;
      }
      return queued;
    },
    run,
  };
}
