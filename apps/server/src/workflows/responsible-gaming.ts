import type { MemberRow, MemberService } from '../modules/member/member.service.ts';
import type {
  Exclusion,
  ExclusionKind,
  ResponsibleGamingService,
} from '../modules/responsible-gaming/responsible-gaming.service.ts';
import { AppError } from '../platform/errors/errors.ts';
import { defineScheduledJob, type JobDefinition } from '../platform/jobs/job-runner.ts';
import type { Realtime } from '../platform/realtime/realtime.ts';

export type PlayBreakDeps = {
  members: MemberService;
  responsibleGaming: ResponsibleGamingService;
  realtime: Realtime;
};

/**
 * A member takes a break or excludes themself (API.md "Sessions and roles"): the exclusion is
 * recorded, the account marked self-excluded, every session ends at once and every open socket
 * gets `kick { code: SELF_EXCLUDED }`, on every node.
 */
export async function takePlayBreak(
  deps: PlayBreakDeps,
  member: MemberRow,
  kind: ExclusionKind,
): Promise<{ exclusion: Exclusion; endedSessions: number }> {
  const exclusion = await deps.responsibleGaming.startExclusion(
    { memberId: member.id, merchantId: member.merchant_id },
    kind,
  );
  const ended = await deps.members.excludeMember(member.id);
  deps.realtime.disconnectUser(member.id, 'SELF_EXCLUDED');
  return { exclusion, endedSessions: ended.length };
}

/**
 * At login, a self-excluded member is let in again once the exclusion has run out; until then
 * the login is refused with SELF_EXCLUDED and the end in `value.until`.
 */
export async function admitSelfExcludedMember(
  deps: Pick<PlayBreakDeps, 'members' | 'responsibleGaming'>,
  member: MemberRow,
): Promise<void> {
  const exclusion = await deps.responsibleGaming.findActiveExclusion({
    memberId: member.id,
    merchantId: member.merchant_id,
  });
  if (exclusion) {
    throw new AppError('SELF_EXCLUDED', {
      value: { until: exclusion.endsAt.toISOString(), kind: exclusion.kind },
    });
  }
  await deps.members.endExclusion(member.id);
}

/** How many ended exclusions one run of the job lifts; the next run takes the rest. */
const EXCLUSIONS_PER_RUN = 500;
const LIFT_EXCLUSIONS_CRON = '*/5 * * * *';

/**
 * Lets members whose break or self-exclusion has run out back in without waiting for them to
 * log in: their accounts are active again (a locked account stays locked). Answers how many.
 */
export async function liftEndedExclusions(
  deps: Pick<PlayBreakDeps, 'members' | 'responsibleGaming'>,
): Promise<number> {
  const cleared = await deps.responsibleGaming.clearEndedExclusions(EXCLUSIONS_PER_RUN);
  for (const member of cleared) await deps.members.endExclusion(member.memberId);
  return cleared.length;
}

/** The scheduled lifting of ended exclusions; running on several nodes at once is harmless. */
export function createLiftExclusionsJob(
  deps: Pick<PlayBreakDeps, 'members' | 'responsibleGaming'>,
): JobDefinition<object> {
  return defineScheduledJob({
    name: 'responsible-gaming.lift-ended-exclusions',
    cron: LIFT_EXCLUSIONS_CRON,
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    timeoutSeconds: 120,
    run: () => liftEndedExclusions(deps),
  });
}
