import type { MemberService } from '../modules/member/member.service.ts';
import type { Realtime } from '../platform/realtime/realtime.ts';

/**
 * Locks an account (API.md "Sessions and roles"): every session ends at once and every open
 * socket of the member gets `kick { code: ACCOUNT_LOCKED }` and is closed, on every node.
 */
export async function lockMember(deps: { members: MemberService; realtime: Realtime }, memberId: string) {
  const ended = await deps.members.lockMember(memberId);
  deps.realtime.disconnectUser(memberId, 'ACCOUNT_LOCKED');
  return { endedSessions: ended.length };
}
