import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { MissionService } from './mission.service.ts';

/**
 * `leaderboards.close`, every minute: closes each leaderboard period that ended (a few minutes
 * after, for late-settled bets) and pays its prizes. A period is closed once, whoever runs it: an
 * overlapping run or a retry finds it closed and pays nothing.
 */
export function createLeaderboardCloseJob(deps: { missions: MissionService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'leaderboards.close',
    cron: '* * * * *',
    retry: { limit: 1, delaySeconds: 30, backoff: false },
    timeoutSeconds: 10 * 60,
    run: async () => {
      await deps.missions.closeDue();
    },
  });
}
