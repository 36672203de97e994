import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { RedEnvelopeService } from './red-envelope.service.ts';

/**
 * `rewards.envelopes`, every minute: tells each drop's audience, by the socket event `reward`,
 * that it has opened or ended. A drop is marked in the statement that picks it, so that runs
 * overlapping on several nodes tell each change once.
 */
export function createRedEnvelopeJob(deps: { redEnvelopes: RedEnvelopeService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'rewards.envelopes',
    cron: '* * * * *',
    retry: { limit: 1, delaySeconds: 20, backoff: false },
    timeoutSeconds: 5 * 60,
    run: () => deps.redEnvelopes.announceDue(),
  });
}
