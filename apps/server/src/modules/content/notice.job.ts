import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { ContentAdminService } from './content-admin.service.ts';

const MINUTE_MS = 60_000;

/**
 * `content.notices`, every minute: tells each merchant's open pages, by the socket event `notice`,
 * of the notices whose start or end time passed in the last minute, so that the marquee shows a
 * scheduled notice when it begins and drops it when it ends. Runs closer together than a minute
 * (JOBS_MINUTE_SECONDS) tell a notice more than once, which only reloads the marquee again.
 */
export function createNoticeScheduleJob(deps: {
  contentAdmin: Pick<ContentAdminService, 'tellNoticesTurning'>;
  now: () => Date;
}): JobDefinition<object> {
  return defineScheduledJob({
    name: 'content.notices',
    cron: '* * * * *',
    retry: { limit: 1, delaySeconds: 20, backoff: false },
    timeoutSeconds: 60,
    run: async () => {
      const to = deps.now();
      return deps.contentAdmin.tellNoticesTurning({ from: new Date(to.getTime() - MINUTE_MS), to });
    },
  });
}
