import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { fund } from './support/game-fixtures.ts';
import {
  describeFailure,
  type FuzzOperation,
  fuzzOperation,
  listOperations,
  type ServerFailure,
} from './support/openapi-fuzz.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// A logged-in member sends every bad kind of input to every player and agent route of the OpenAPI
// document (/wps, /lgw): whatever it sends, no answer is a server error. Each route gets a member of
// its own, with money in the cash wallet and a session of its own, so that one route's logout or
// limit never hides the next route's handler.

const nowMs = Date.parse('2026-11-23T11:00:00Z');
let testApp: TestApp;
let operations: FuzzOperation[];
let merchantId: string;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
  operations = listOperations(testApp.app).filter((operation) => /^\/(wps|lgw|lotto)\//.test(operation.path));
  const merchant = await testApp.database.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'panalo')
    .executeTakeFirstOrThrow();
  merchantId = merchant.id;
  // A seeded app takes long to build on a busy machine.
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

describe('a burst of the same request', () => {
  it('binding one payout account many times at once answers one account and "taken" for the rest', async () => {
    const { app } = testApp;
    const member = await app.members.createMember({ merchantId, account: 'fuzzburst', password: null });
    const { token } = await app.members.startSession({
      member,
      policy: { idleMinutes: 600, absoluteMinutes: 720 },
      method: 'username',
      agentPage: false,
      passwordChangeRequired: false,
      ip: '127.0.0.1',
      country: null,
      userAgent: null,
    });
    const payload = {
      kind: 'ewallet',
      provider: 'GCASH',
      accountName: 'Juan Dela Cruz',
      accountNumber: '09171234567',
    };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({
          method: 'POST',
          url: '/wps/member/payoutAccounts?language=EN',
          headers: { authorization: `Bearer ${token}` },
          payload,
        }),
      ),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 422)]);
    for (const reply of replies.filter((one) => one.statusCode === 422)) {
      expect(reply.json().value.reasons).toEqual({ accountNumber: 'taken' });
    }
  });
});

describe('every player and agent route of the OpenAPI document, called by a logged-in member', () => {
  it('answers malformed, oversize, NUL-bearing, wrong-typed and wrong-content-type input without a 500', async () => {
    expect(operations.length).toBeGreaterThan(80);
    const { app } = testApp;
    const key = (await app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value;
    const game = await app.games.findGameByNodeId(merchantId, 'INHOUSE_dice');
    if (!game) throw new Error('the demo merchant has no in-house dice');
    const failures: ServerFailure[] = [];
    for (const [index, operation] of operations.entries()) {
      const member = await app.members.createMember({ merchantId, account: `fuzz${index}`, password: null });
      await fund(testApp, member.id, 1_000_000n, `fuzz:${index}`);
      // One session per route: only the rest of a logout's own cases meet NOT_LOGGED_IN.
      const { token, session } = await app.members.startSession({
        member,
        policy: { idleMinutes: 600, absoluteMinutes: 720 },
        method: 'username',
        agentPage: false,
        passwordChangeRequired: false,
        ip: '127.0.0.1',
        country: null,
        userAgent: null,
      });
      const gameToken = await app.games.issueLaunchToken({
        merchantId,
        memberId: member.id,
        sessionId: session.id,
        game,
      });
      const headers = async () => ({ authorization: `Bearer ${token}`, 'x-game-token': gameToken });
      failures.push(...(await fuzzOperation(app, operation, { name: 'member', headers, seal: key })));
    }
    expect(failures.map(describeFailure)).toEqual([]);
  }, 180_000);
});
