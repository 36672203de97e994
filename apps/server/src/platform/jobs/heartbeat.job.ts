import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import { defineJob, type JobDefinition } from './job-runner.ts';

export const HEARTBEAT_JOB_NAME = 'system.heartbeat';
/** Heartbeats older than this are pruned by the job itself, so the table stays small. */
export const HEARTBEAT_RETENTION_DAYS = 7;

/**
 * Every minute one process (whichever wins the schedule) writes a row into job_heartbeats naming
 * itself. An operator reads the table to see that schedules fire, fire once, and on which node.
 */
export function createHeartbeatJob(deps: { db: Kysely<Database>; nodeId: string }): JobDefinition<object> {
  return defineJob<object>({
    name: HEARTBEAT_JOB_NAME,
    schedule: { cron: '* * * * *', data: {} },
    retry: { limit: 1, delaySeconds: 5, backoff: false },
    timeoutSeconds: 60,
    async handle(_data, context) {
      await deps.db
        .insertInto('job_heartbeats')
        .values({ id: uuidv7(), node_id: deps.nodeId, job_id: context.jobId })
        // A retried attempt of the same job must not count twice.
        .onConflict((conflict) => conflict.column('job_id').doNothing())
        .execute();
      await deps.db
        .deleteFrom('job_heartbeats')
        .where('ran_at', '<', sql<Date>`now() - make_interval(days => ${HEARTBEAT_RETENTION_DAYS})`)
        .execute();
    },
  });
}
