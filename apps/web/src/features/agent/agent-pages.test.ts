import { describe, expect, it } from 'vitest';
import { type AgentFeatures, agentPages, offeredAgentPages, pickAgentPage } from './agent-pages';

describe('agent centre menu', () => {
  const allOn: AgentFeatures = { isSwitchOn: () => true };

  it('lists the offered pages in the spec order', () => {
    expect(offeredAgentPages(allOn)).toEqual([
      'agentAnnouncement',
      'agentTeamOverview',
      'registerCenter',
      'downlineManagmentView',
      'personalHistoryCopy',
      'palStatementsAgentCopy',
      'agentDownlineTransactionDetailsCopy',
    ]);
  });

  it('leaves out a page whose feature does not exist yet', () => {
    const checks = agentPages.map((page) => page.key);
    expect(checks).not.toContain('agentDailyWages2');
  });

  it('opens the requested page when offered, else the team overview (spec §9 default)', () => {
    const offered = offeredAgentPages(allOn);
    expect(pickAgentPage('agentAnnouncement', offered)).toBe('agentAnnouncement');
    expect(pickAgentPage(null, offered)).toBe('agentTeamOverview');
    expect(pickAgentPage('agentDailyWages2', offered)).toBe('agentTeamOverview');
    const withoutOverview = offered.filter((page) => page !== 'agentTeamOverview');
    expect(pickAgentPage(null, withoutOverview)).toBe('downlineManagmentView');
  });

  it('falls back to the first offered page, and to none when nothing is offered', () => {
    expect(pickAgentPage(null, ['agentAnnouncement'])).toBe('agentAnnouncement');
    expect(pickAgentPage('agentAnnouncement', [])).toBeNull();
  });
});
