import type { TeamRollupService } from '../modules/agent/team-rollup.service.ts';
import { defineScheduledJob, type JobDefinition } from '../platform/jobs/job-runner.ts';

/** Every minute: team reports are at most a minute (and a pass) old. */
const TEAM_ROLLUP_CRON = '* * * * *';

/**
 * The scheduled job that rebuilds team_bet_days for the days whose member rollups changed since
 * its last run (issue #16: never an upsert of every ancestor on each bet).
 */
export function createTeamRollupJob(deps: { teamRollups: TeamRollupService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'agents.team-rollups',
    cron: TEAM_ROLLUP_CRON,
    retry: { limit: 1, delaySeconds: 30, backoff: false },
    timeoutSeconds: 120,
    run: () => deps.teamRollups.rebuildChanged(),
  });
}
