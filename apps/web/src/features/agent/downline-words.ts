import type { StatusTone } from '../../components/ui/status-badge';

/** The word for a member type (spec §9 types), never its code: players, and the agent types. */
export type MemberKind = 'player' | 'agent' | 'subagent' | 'affiliate';

export function memberKindOf(type: number): MemberKind {
  if (type === 1) return 'agent';
  if (type === 2) return 'subagent';
  if (type === 41 || type === 42) return 'affiliate';
  return 'player';
}

/** Whether a downline has a team below it to drill into: agents do. */
export function isAgentKind(type: number): boolean {
  return memberKindOf(type) !== 'player';
}

/** An account's status as a pill: active is good, a lock or a self-exclusion is not. */
export type DownlineStatus = 'active' | 'locked' | 'selfExcluded' | 'other';

export function downlineStatusOf(status: string): { key: DownlineStatus; tone: StatusTone } {
  if (status === 'active') return { key: 'active', tone: 'good' };
  if (status === 'locked') return { key: 'locked', tone: 'bad' };
  if (status === 'self_excluded') return { key: 'selfExcluded', tone: 'neutral' };
  return { key: 'other', tone: 'neutral' };
}
