import { sealPayload } from '@panalo/crypto/sealed-payload.ts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeFailure,
  type FuzzOperation,
  fuzzOperation,
  listOperations,
  type ServerFailure,
} from './support/openapi-fuzz.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// A visitor sends every bad kind of input to every route of the OpenAPI document: whatever it
// sends, no answer is a server error. The member's and the operator's runs are beside this file.

const nowMs = Date.parse('2026-11-23T11:00:00Z');
let testApp: TestApp;
let operations: FuzzOperation[];

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  operations = listOperations(testApp.app);
  // A seeded app takes long to build on a busy machine.
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

describe('a NUL in a field', () => {
  async function expectRefusedOn(field: string, request: InjectOptions) {
    const response = await testApp.app.inject(request);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(response.json().value.fields).toHaveProperty([field]);
  }

  it('answers 422 VALIDATION on a username, an email, an invitation code, a game search and a nodeId', async () => {
    const key = (await testApp.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value;
    await expectRefusedOn('username', {
      method: 'POST',
      url: '/wps/member/password/email',
      payload: { username: 'de\u0000mo', email: 'demo@example.test' },
    });
    await expectRefusedOn('email', {
      method: 'POST',
      url: '/wps/member/password/email',
      payload: { username: 'demo', email: 'demo\u0000@example.test' },
    });
    await expectRefusedOn('username', {
      method: 'POST',
      url: '/wps/session/login',
      payload: await sealPayload({ type: 'username', username: 'de\u0000mo', password: 'Demo1234' }, key),
    });
    await expectRefusedOn('code', { method: 'GET', url: '/wps/agent/affiliate?code=PANALO%00' });
    await expectRefusedOn('gameName', { method: 'GET', url: '/wps/relay/games?gameName=a%00' });
    await expectRefusedOn('nodeId', {
      method: 'GET',
      url: '/wps/game/launchGame?nodeId=INHOUSE_dice%00&mode=demo',
    });
  });
});

describe('every route of the OpenAPI document, called by a visitor', () => {
  it('answers malformed, oversize, NUL-bearing, wrong-typed and wrong-content-type input without a 500', async () => {
    expect(operations.length).toBeGreaterThan(150);
    const failures: ServerFailure[] = [];
    const key = (await testApp.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value;
    const caller = { name: 'visitor', headers: async () => ({}), seal: key };
    for (const operation of operations)
      failures.push(...(await fuzzOperation(testApp.app, operation, caller)));
    expect(failures.map(describeFailure)).toEqual([]);
  }, 120_000);
});
