import { describe, expect, it } from 'vitest';
import { type AgentFeatures, offeredAgentPages, pickAgentPage } from './agent-pages';
import type { ContractKind } from './contract-kinds';

const allOn: AgentFeatures = { isSwitchOn: () => true, mayHoldContract: () => true };

/** Features with only these switches on, and the consolidated flags for these kinds. */
function featuresWith(switches: readonly string[], kinds: readonly ContractKind[]): AgentFeatures {
  return {
    isSwitchOn: (modId) => switches.includes(modId),
    mayHoldContract: (kind) => kinds.includes(kind),
  };
}

describe('agent centre menu', () => {
  it('lists the offered pages in the spec order', () => {
    expect(offeredAgentPages(allOn)).toEqual([
      'agentAnnouncement',
      'agentTeamOverview',
      'registerCenter',
      'downlineManagmentView',
      'personalHistoryCopy',
      'palStatementsAgentCopy',
      'agentRevenueReport',
      'agentDownlineTransactionDetailsCopy',
      'agentDividendRecordCopy2',
      'agentDailyWages2',
      'agentHourSalary',
      'agentRealtimeSalary',
    ]);
  });

  it('offers no contract page and no revenue report while every contract switch is off', () => {
    const offered = offeredAgentPages(featuresWith(['AGENTPOLICY3', 'VIP'], ['daily', 'dividend']));
    expect(offered).not.toContain('agentRevenueReport');
    expect(offered.filter((page) => page.startsWith('agentD') || page.endsWith('Salary'))).toEqual([
      'agentDownlineTransactionDetailsCopy',
    ]);
  });

  it('offers the dividend page only under the bonus switch, each salary page under its own', () => {
    const contractPages = (features: AgentFeatures) =>
      offeredAgentPages(features).filter((page) =>
        ['agentDividendRecordCopy2', 'agentDailyWages2', 'agentHourSalary', 'agentRealtimeSalary'].includes(
          page,
        ),
      );
    const every: ContractKind[] = ['dividend', 'daily', 'hourly', 'realtime'];
    expect(contractPages(featuresWith(['BONUS'], every))).toEqual(['agentDividendRecordCopy2']);
    expect(contractPages(featuresWith(['DAILYSALARY'], every))).toEqual(['agentDailyWages2']);
    expect(contractPages(featuresWith(['HOURLYSALARY'], every))).toEqual(['agentHourSalary']);
    expect(contractPages(featuresWith(['REALTIMESALARY'], every))).toEqual(['agentRealtimeSalary']);
  });

  it('leaves out a switched-on kind this agent may not hold (its consolidated flag is off)', () => {
    const features = featuresWith(['BONUS', 'DAILYSALARY', 'HOURLYSALARY'], ['hourly']);
    const offered = offeredAgentPages(features);
    expect(offered).toContain('agentHourSalary');
    expect(offered).not.toContain('agentDailyWages2');
    expect(offered).not.toContain('agentDividendRecordCopy2');
    // The revenue report follows the switches: the agent may still read what it was paid.
    expect(offered).toContain('agentRevenueReport');
  });

  it('offers the revenue report when any one contract switch is on', () => {
    for (const modId of ['BONUS', 'DAILYSALARY', 'HOURLYSALARY', 'REALTIMESALARY']) {
      expect(offeredAgentPages(featuresWith([modId], []))).toContain('agentRevenueReport');
    }
  });

  it('opens the requested page when offered, else the team overview (spec §9 default)', () => {
    const offered = offeredAgentPages(featuresWith([], []));
    expect(pickAgentPage('agentAnnouncement', offered)).toBe('agentAnnouncement');
    expect(pickAgentPage(null, offered)).toBe('agentTeamOverview');
    expect(pickAgentPage('agentDailyWages2', offered)).toBe('agentTeamOverview');
    expect(pickAgentPage('agentDailyWages2', offeredAgentPages(allOn))).toBe('agentDailyWages2');
    const withoutOverview = offered.filter((page) => page !== 'agentTeamOverview');
    expect(pickAgentPage(null, withoutOverview)).toBe('downlineManagmentView');
  });

  it('falls back to the first offered page, and to none when nothing is offered', () => {
    expect(pickAgentPage(null, ['agentAnnouncement'])).toBe('agentAnnouncement');
    expect(pickAgentPage('agentAnnouncement', [])).toBeNull();
  });
});
