import { describe, expect, it } from 'vitest';
import { agentTypeNameOf, isInvitationCode } from './agent-names.ts';

describe('agentTypeNameOf', () => {
  const types = [
    { type: 1, names: { TY: 'Ahente', EN: 'Agent' } },
    { type: 41, names: { TY: 'Kaanib', EN: '' } },
  ];

  it("names a type by the merchant's English name, then its Tagalog one", () => {
    expect(agentTypeNameOf(types, 1)).toBe('Agent');
    expect(agentTypeNameOf(types, 41)).toBe('Kaanib');
  });

  it('falls back to the member type name, never the bare code', () => {
    expect(agentTypeNameOf([], 2)).toBe('Agent');
    expect(agentTypeNameOf(types, 0)).toBe('Player');
  });
});

describe('isInvitationCode', () => {
  it('takes 4 to 16 letters and digits only', () => {
    expect(isInvitationCode('TEAM2026')).toBe(true);
    expect(isInvitationCode('abc')).toBe(false);
    expect(isInvitationCode('has space')).toBe(false);
    expect(isInvitationCode('x'.repeat(17))).toBe(false);
  });
});
