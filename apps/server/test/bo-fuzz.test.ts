import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackOfficeRoute } from '../src/http/bo/operator-session.ts';
import { createBackOfficeClient, insertOperatorWithSession } from './support/bo-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// Whatever a signed-in owner sends to a /bo route, the answer is an envelope and never a 500: the
// schemas refuse what is malformed, and the rules refuse what is wrong.

const nowMs = Date.parse('2026-11-23T11:00:00Z');
const RUNS_PER_ROUTE = 25;
let testApp: TestApp;
let routes: BackOfficeRoute[];
let ownerToken: string;
let ids: string[];

const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 400 }),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
);
const FIELDS = [
  'merchantId',
  'username',
  'displayName',
  'roleId',
  'name',
  'permissions',
  'page',
  'pageSize',
  'from',
  'to',
];
const anyBody = fc.oneof(anyJson, fc.dictionary(fc.constantFrom(...FIELDS), anyJson, { maxKeys: 6 }));
const anyQuery = fc.dictionary(
  fc.constantFrom(...FIELDS, 'actor', 'action', 'search'),
  fc.string({ maxLength: 200 }),
  {
    maxKeys: 4,
  },
);

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  routes = testApp.app.backOfficeRoutes.filter(
    (route) => route.method !== 'HEAD' && !('public' in route.requirement) && route.url !== '/bo/auth/logout',
  );
  const merchant = await testApp.database.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'panalo')
    .executeTakeFirstOrThrow();
  ownerToken = (
    await insertOperatorWithSession(testApp.database.db, {
      username: 'fuzz_owner',
      merchantId: merchant.id,
      roleId: 'owner',
      nowMs,
    })
  ).token;
  const risk = await testApp.database.db
    .selectFrom('operators')
    .select('id')
    .where('username_key', '=', 'risk')
    .executeTakeFirstOrThrow();
  ids = [risk.id, 'owner', 'no-such-id', 'x'.repeat(64), '%2F..%2F', '🙂'];
});
afterAll(async () => {
  await testApp.close();
});

describe('/bo routes under random input', () => {
  it('answer every body and query in the envelope, never 500', async () => {
    const client = createBackOfficeClient(testApp.app);
    client.token = ownerToken;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(anyBody, anyQuery, fc.constantFrom(...ids), async (body, query, id) => {
          const search = new URLSearchParams(query).toString();
          const url = `${route.url.replace(':id', encodeURIComponent(id))}${search ? `?${search}` : ''}`;
          const reply = await client.call(
            route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
            url,
            route.method === 'GET' ? undefined : body,
          );
          expect([route.url, reply.status < 500]).toEqual([route.url, true]);
          expect(typeof reply.body.success).toBe('boolean');
          if (!reply.body.success) expect(typeof reply.body.code).toBe('string');
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  });
});
