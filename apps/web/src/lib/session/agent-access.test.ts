import { describe, expect, it } from 'vitest';
import { agentAccessOf, mayOpenMemberPage } from './agent-access';

const visitor = { hasToken: false, isLogin: false, isAgent: false };
const loading = { hasToken: true, isLogin: false, isAgent: false };
const player = { hasToken: true, isLogin: true, isAgent: false };
const agent = { hasToken: true, isLogin: true, isAgent: true };

describe('agent area access', () => {
  it('asks a visitor to log in as an agent', () => {
    expect(agentAccessOf(visitor)).toBe('login');
  });

  it('shows nothing while a kept token waits for its member info', () => {
    expect(agentAccessOf(loading)).toBe('pending');
  });

  it('refuses a member who is not an agent and lets an agent in', () => {
    expect(agentAccessOf(player)).toBe('refused');
    expect(agentAccessOf(agent)).toBe('granted');
  });
});

describe('agent-only member-centre pages', () => {
  it('transferFund opens for agents only', () => {
    expect(mayOpenMemberPage('transferFund', player)).toBe(false);
    expect(mayOpenMemberPage('transferFund', agent)).toBe(true);
  });

  it('other pages open for everyone, and nothing is decided before the member info loads', () => {
    expect(mayOpenMemberPage('withdraw', player)).toBe(true);
    expect(mayOpenMemberPage('transferUpline', player)).toBe(true);
    expect(mayOpenMemberPage('transferFund', loading)).toBe(true);
  });
});
