import {
  type AffiliateApplicationService,
  type ApplicationRow,
  REVIEW_NOTE_LENGTH_MAX,
} from '../modules/affiliate/affiliate-application.service.ts';
import {
  type AgentService,
  type AgentTypeCode,
  invitationCodeTakenOr,
} from '../modules/agent/agent.service.ts';
import type { InboxService } from '../modules/inbox/inbox.service.ts';
import type { ChangeActor } from '../platform/audit/record-change.ts';
import { assertInvariant } from '../platform/errors/invariant.ts';

export type AffiliateReviewDeps = {
  applications: AffiliateApplicationService;
  agents: AgentService;
  inbox: InboxService;
};

export type AffiliateDecision =
  | {
      decision: 'approve';
      agentType: AgentTypeCode;
      uplineId: string | null;
      invitationCode: string;
      note: string;
    }
  | { decision: 'reject'; note: string };

/** Tells the member how their application ended, once (the dedupe key names the application). */
function tellApplicant(inbox: InboxService, application: ApplicationRow) {
  assertInvariant(application.status !== 'pending', 'a reviewed application is told');
  return inbox.send({
    merchantId: application.merchant_id,
    memberId: application.member_id,
    kind: application.status === 'approved' ? 'affiliate_approved' : 'affiliate_rejected',
    params: { note: application.review_note },
    dedupeKey: `affiliate:${application.id}:${application.status}`,
  });
}

/**
 * An operator's review of an affiliate application (spec §1). Approval makes the member an agent
 * of the chosen type under the chosen upline with the chosen invitation code — through the agent
 * module's makeAgent, in the same transaction as the decision, so that an application is approved
 * if and only if its member became an agent. Rejection keeps the note. Both are audited, and the
 * member gets a platform message once the decision is committed.
 */
export async function reviewAffiliateApplication(
  deps: AffiliateReviewDeps,
  actor: ChangeActor,
  applicationId: string,
  decision: AffiliateDecision,
): Promise<ApplicationRow> {
  assertInvariant(decision.note.length <= REVIEW_NOTE_LENGTH_MAX, 'review note within its limit');
  let reviewed: ApplicationRow;
  try {
    reviewed = await deps.applications.review(actor, applicationId, decision, async (trx, application) => {
      if (decision.decision !== 'approve') return;
      await deps.agents.makeAgentIn(trx, actor, {
        memberId: application.member_id,
        type: decision.agentType,
        uplineId: decision.uplineId,
        invitationCode: decision.invitationCode,
      });
    });
  } catch (error) {
    throw invitationCodeTakenOr(error);
  }
  await tellApplicant(deps.inbox, reviewed);
  return reviewed;
}
