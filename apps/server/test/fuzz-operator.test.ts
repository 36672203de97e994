import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperatorWithSession } from './support/bo-client.ts';
import {
  describeFailure,
  type FuzzOperation,
  fuzzOperation,
  listOperations,
  type ServerFailure,
} from './support/openapi-fuzz.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// A signed-in platform owner, who passes every permission check, sends every bad kind of input to
// every back-office route of the OpenAPI document: whatever it sends, no answer is a server error.
// Each route gets an owner of its own, so that one route's logout never hides the next one's handler.

const nowMs = Date.parse('2026-11-23T11:00:00Z');
let testApp: TestApp;
let operations: FuzzOperation[];
let merchantId: string;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  operations = listOperations(testApp.app).filter((operation) => operation.path.startsWith('/bo/'));
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

describe('every back-office route of the OpenAPI document, called by a signed-in owner', () => {
  it('answers malformed, oversize, NUL-bearing, wrong-typed and wrong-content-type input without a 500', async () => {
    expect(operations.length).toBeGreaterThan(60);
    const { app } = testApp;
    const key = (await app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value;
    const failures: ServerFailure[] = [];
    for (const [index, operation] of operations.entries()) {
      const { token } = await insertOperatorWithSession(testApp.database.db, {
        username: `fuzz_owner_${index}`,
        merchantId,
        roleId: 'owner',
        nowMs,
      });
      const headers = async () => ({ authorization: `Bearer ${token}` });
      failures.push(...(await fuzzOperation(app, operation, { name: 'owner', headers, seal: key })));
    }
    expect(failures.map(describeFailure)).toEqual([]);
  }, 180_000);
});
