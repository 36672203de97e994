import { describe, expect, it } from 'vitest';
import { downlineStatusOf, isAgentKind, memberKindOf } from './downline-words';

describe('downline words', () => {
  it('names each member type, never its code', () => {
    expect([0, 1, 2, 41, 42, 4].map(memberKindOf)).toEqual([
      'player',
      'agent',
      'subagent',
      'affiliate',
      'affiliate',
      'player',
    ]);
  });

  it('lets the list drill into agents only', () => {
    expect(isAgentKind(1)).toBe(true);
    expect(isAgentKind(42)).toBe(true);
    expect(isAgentKind(0)).toBe(false);
  });

  it('shows an active account as good and a locked one as bad', () => {
    expect(downlineStatusOf('active')).toEqual({ key: 'active', tone: 'good' });
    expect(downlineStatusOf('locked')).toEqual({ key: 'locked', tone: 'bad' });
    expect(downlineStatusOf('self_excluded').key).toBe('selfExcluded');
    expect(downlineStatusOf('gone').key).toBe('other');
  });
});
