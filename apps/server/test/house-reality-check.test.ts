import { formatAmount, parseAmountOrThrow } from '@panalo/money/amount.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { type AccountsClient, createAccountsClient, type Envelope } from './support/accounts-client.ts';
import { fund, memberIdOf, tokenOf } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const MINUTE_MS = 60_000;

describe('the reality check inside our game client (/wps/game/house/reality-check)', () => {
  let testApp: TestApp;
  // The app's clock runs with the real one (the ledger and the sessions are stamped alike) and
  // can be moved ahead to stand for time played.
  let aheadMs = 0;

  beforeAll(async () => {
    testApp = await createSeededApp({}, { now: () => new Date(Date.now() + aheadMs) });
    await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
    await fund(testApp, await memberIdOf(testApp, 'demo'), 100_000n, 'reality-check-fund');
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function check(token: string | null): Promise<{ status: number; body: Envelope }> {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/wps/game/house/reality-check',
      headers: { ...(token ? { 'x-game-token': token } : {}), 'accept-language': 'en' },
    });
    return { status: response.statusCode, body: response.json() };
  }

  async function launchDice(member: AccountsClient): Promise<string> {
    const reply = await member.call('GET', '/wps/game/launchGame?nodeId=INHOUSE_dice&mode=real');
    expect(reply.status).toBe(200);
    return tokenOf(reply.body.value.url);
  }

  it('has nothing to remind a member who chose no reality check', async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.61');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const reply = await check(await launchDice(member));
    expect(reply.status).toBe(200);
    expect(reply.body.value).toEqual({ intervalMinutes: null, playedMs: 0, netResult: '0.00' });
  });

  it('tells the interval, the time since the login and the game result since, from the launch token', async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.62');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const set = await member.call('PUT', '/wps/member/responsibleGaming/realityCheck', { minutes: 15 });
    expect(set.body.success).toBe(true);
    const token = await launchDice(member);
    const opened = await testApp.app.inject({
      method: 'POST',
      url: '/wps/game/house/open',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mode: 'real', token }),
    });
    expect(opened.json().success).toBe(true);
    const bet = await testApp.app.inject({
      method: 'POST',
      url: '/wps/game/house/bet',
      headers: { 'content-type': 'application/json', 'x-game-token': token },
      payload: JSON.stringify({
        requestId: 'reality-1',
        stake: '10.00',
        direction: 'under',
        target: '50.00',
      }),
    });
    const round = bet.json().value.round as { stake: string; win: string };
    const resultMinor = parseAmountOrThrow(round.win) - parseAmountOrThrow(round.stake);

    aheadMs = 20 * MINUTE_MS;
    const reply = await check(token);
    aheadMs = 0;
    expect(reply.body.value.intervalMinutes).toBe(15);
    expect(reply.body.value.playedMs).toBeGreaterThanOrEqual(20 * MINUTE_MS);
    expect(reply.body.value.playedMs).toBeLessThan(21 * MINUTE_MS);
    expect(reply.body.value.netResult).toBe(formatAmount(resultMinor));
  });

  it('has no reminder for demo play, and refuses a missing token or one whose session has ended', async () => {
    const demo = await testApp.app.inject({
      method: 'POST',
      url: '/wps/game/house/open',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mode: 'demo', gameCode: 'dice' }),
    });
    const demoReply = await check(demo.json().value.token);
    expect(demoReply.body.value).toEqual({ intervalMinutes: null, playedMs: 0, netResult: '0.00' });

    expect((await check(null)).body.code).toBe('NOT_LOGGED_IN');
    const member = createAccountsClient(testApp.app, '203.0.113.63');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const token = await launchDice(member);
    expect((await member.call('DELETE', '/wps/session/logout')).body.success).toBe(true);
    expect((await check(token)).body.code).toBe('NOT_LOGGED_IN');
  });
});
