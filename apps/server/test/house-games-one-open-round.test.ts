import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { demoMerchantId, fund, memberIdOf, tokenOf } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

/** Simultaneous bets of one member at one table of a game played in steps. */
const BURST_SIZE = 5;

let clock = Date.parse('2030-03-01T04:00:00Z');
let testApp: TestApp;
let memberId: string;
let merchantId: string;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(clock) });
  await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
  memberId = await memberIdOf(testApp, 'demo');
  merchantId = await demoMerchantId(testApp);
  await fund(testApp, memberId, 100_000n, 'one-open-round-fund');
});

afterAll(async () => {
  await testApp.close();
});

async function call(url: string, token: string | null, payload: unknown) {
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(token ? { 'x-game-token': token } : {}),
      'content-type': 'application/json',
      'accept-language': 'en',
    },
    payload: JSON.stringify(payload),
  });
  return { status: response.statusCode, body: response.json() };
}

describe('a game played in steps', () => {
  it('opens one round of a burst of simultaneous bets and refuses the others as a round already open', async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.61');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const launched = await member.call('GET', '/wps/game/launchGame?nodeId=INHOUSE_mines&mode=real');
    const token = tokenOf(launched.body.value.url);
    expect((await call('/wps/game/house/open', null, { mode: 'real', token })).status).toBe(200);

    const replies = await Promise.all(
      Array.from({ length: BURST_SIZE }, (_, index) =>
        call('/wps/game/house/bet', token, {
          requestId: `burst-request-${String(index).padStart(4, '0')}`,
          stake: '10.00',
          mineCount: 3,
        }),
      ),
    );
    console.log(
      JSON.stringify(replies.map((r) => [r.status, r.body.code, r.body.value?.reason ?? r.body.message])),
    );
    const opened = replies.filter((reply) => reply.status === 200);
    expect(opened).toHaveLength(1);
    for (const reply of replies.filter((each) => each.status !== 200)) {
      expect(reply.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'ROUND_OPEN' } });
    }
    const rounds = await testApp.database.db
      .selectFrom('game_rounds')
      .select(['id', 'phase'])
      .where('member_id', '=', memberId)
      .execute();
    expect(rounds.map((round) => round.id)).toEqual([opened[0]?.body.value.round.roundId]);
    const { cashMinor } = await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
    expect(cashMinor).toBe(99_000n);
    clock += 1;
  });
});
