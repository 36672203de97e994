import { describe, expect, it } from 'vitest';
import { type AgentFeatures, agentPages, offeredAgentPages, pickAgentPage } from './agent-pages';

describe('agent centre menu', () => {
  const allOn: AgentFeatures = { isSwitchOn: () => true };

  it('lists the offered pages in the spec order', () => {
    expect(offeredAgentPages(allOn)).toEqual([
      'agentAnnouncement',
      'registerCenter',
      'downlineManagmentView',
      'personalHistoryCopy',
      'agentDownlineTransactionDetailsCopy',
    ]);
  });

  it('leaves out a page whose check says no', () => {
    const checks = agentPages.map((page) => page.key);
    expect(checks).not.toContain('agentTeamOverview');
  });

  it('opens the requested page when offered, else the downlines until the overview exists', () => {
    const offered = offeredAgentPages(allOn);
    expect(pickAgentPage('agentAnnouncement', offered)).toBe('agentAnnouncement');
    expect(pickAgentPage('agentTeamOverview', offered)).toBe('downlineManagmentView');
    expect(pickAgentPage(null, offered)).toBe('downlineManagmentView');
    expect(pickAgentPage('agentDailyWages2', offered)).toBe('downlineManagmentView');
  });

  it('falls back to the first offered page, and to none when nothing is offered', () => {
    expect(pickAgentPage(null, ['agentAnnouncement'])).toBe('agentAnnouncement');
    expect(pickAgentPage('agentAnnouncement', [])).toBeNull();
  });
});
