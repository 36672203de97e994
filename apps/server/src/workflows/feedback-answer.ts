import { excerptOf, type FeedbackRow, type FeedbackService } from '../modules/feedback/feedback.service.ts';
import type { InboxService } from '../modules/inbox/inbox.service.ts';
import type { ChangeActor } from '../platform/audit/record-change.ts';
import { assertInvariant } from '../platform/errors/invariant.ts';

export type FeedbackAnswerDeps = { feedback: FeedbackService; inbox: InboxService };

/**
 * An operator's answer to a member's feedback (docs/back-office.md "Feedback"): the feedback is
 * answered and audited in one transaction, then the answer reaches the member's messages once (the
 * dedupe key names the feedback), quoting the start of what they wrote.
 */
export async function answerFeedback(
  deps: FeedbackAnswerDeps,
  actor: ChangeActor,
  feedbackId: string,
  answer: string,
): Promise<FeedbackRow> {
  const answered = await deps.feedback.answer(actor, feedbackId, answer);
  assertInvariant(answered.status === 'answered' && answered.answer !== null, 'an answered feedback is told');
  await deps.inbox.send({
    merchantId: answered.merchant_id,
    memberId: answered.member_id,
    kind: 'feedback_answered',
    params: { excerpt: excerptOf(answered.content), answer: answered.answer },
    dedupeKey: `feedback:${answered.id}:answered`,
  });
  return answered;
}
