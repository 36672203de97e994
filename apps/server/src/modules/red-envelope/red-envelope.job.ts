import { defineScheduledJob, type JobDefinition } from '../../platform/jobs/job-runner.ts';
import type { RedEnvelopeService } from './red-envelope.service.ts';

/**
 * `rewards.envelopes`, every minute: tells each drop's audience, by the socket event `reward`,
 * that it has opened or ended, then gives what no one opened of each ended drop back to the budget
 * of its day. A drop is marked in the statement that picks it, so that runs overlapping on several
 * nodes tell each change once and give back once.
 */
export function createRedEnvelopeJob(deps: { redEnvelopes: RedEnvelopeService }): JobDefinition<object> {
  return defineScheduledJob({
    name: 'rewards.envelopes',
    cron: '* * * * *',
    retry: { limit: 1, delaySeconds: 20, backoff: false },
    timeoutSeconds: 5 * 60,
    run: async () => {
      const announced = await deps.redEnvelopes.announceDue();
      const { released } = await deps.redEnvelopes.releaseEnded();
      return { ...announced, released };
    },
  });
}
