import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONTRACTS, seedDemoContracts } from '../src/seed/demo-contracts.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// The demo's contracts are real ones: within the merchant's template maxima, a sub-agent's rate
// within its upline's, in force from the current cycle, and read back by the agent centre's calls.
const NOW = new Date('2026-11-25T04:00:00Z');

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => NOW });
});

afterAll(async () => {
  await testApp?.close();
});

describe('the demo contracts', () => {
  it('are added once, within the template maxima and the upline rates', async () => {
    const { db } = testApp.database;
    expect(await seedDemoContracts(db, () => NOW)).toBe(DEMO_CONTRACTS.length);
    expect(await seedDemoContracts(db, () => NOW)).toBe(0);
    const rows = await db
      .selectFrom('agent_contracts as c')
      .innerJoin('members as d', 'd.id', 'c.downline_id')
      .leftJoin('members as u', 'u.id', 'c.upline_id')
      .innerJoin('agent_contract_templates as t', (join) =>
        join.onRef('t.merchant_id', '=', 'c.merchant_id').onRef('t.kind', '=', 'c.kind'),
      )
      .select([
        'c.kind',
        'c.rate_bp',
        'c.status',
        'c.starts_at',
        'd.account as downline',
        'u.account as upline',
      ])
      .select('t.max_rate_bp')
      .execute();
    expect(rows).toHaveLength(DEMO_CONTRACTS.length);
    for (const row of rows) {
      expect(row.status).toBe('active');
      expect(row.rate_bp).toBeLessThanOrEqual(row.max_rate_bp);
      expect(row.starts_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (row.upline !== null) {
        const above = rows.find((other) => other.downline === row.upline && other.kind === row.kind);
        expect(above?.rate_bp).toBeGreaterThanOrEqual(row.rate_bp);
      }
    }
  });

  it("show in the agent centre as the agent's own contract", async () => {
    const leader = createAccountsClient(testApp.app, '203.0.113.91');
    expect((await leader.logIn('leader', 'Leader1234')).success).toBe(true);
    const daily = await leader.call('GET', '/wps/agent/contracts?kind=daily');
    expect(daily.body.value).toMatchObject({
      enabled: true,
      mine: { kind: 'daily', rateBp: 80, upline: null, downline: { account: 'leader' } },
    });
  });
});
