import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { MailService } from './mail.service.ts';

/**
 * `inbox.mail`, every minute: delivers operator mail whose time has come. Each pass claims the due
 * mail with a guarded update, so that two nodes running it at once deliver a mail once; a delivery
 * stopped halfway is claimed again after MAIL_CLAIM_STALE_MS, and adds only the members it missed.
 */
export function createMailDeliveryJob(deps: {
  mail: Pick<MailService, 'deliverDue'>;
}): JobDefinition<object> {
  return defineScheduledJob({
    name: 'inbox.mail',
    cron: '* * * * *',
    retry: { limit: 1, delaySeconds: 20, backoff: false },
    timeoutSeconds: 5 * 60,
    run: () => deps.mail.deliverDue(),
  });
}
