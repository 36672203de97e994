import { sealPayload } from '@panalo/crypto/sealed-payload.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let key: { kid: string; jwk: import('@panalo/crypto/sealed-payload.ts').RsaPublicJwk };

beforeAll(async () => {
  testApp = await createSeededApp();
  key = (await testApp.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value;
});
afterAll(async () => {
  await testApp.close();
});

/** Every account route that takes a body, with whether its body is sealed. */
const ROUTES: readonly { method: 'POST' | 'PUT' | 'DELETE'; url: string; sealed: boolean }[] = [
  { method: 'POST', url: '/wps/session/login', sealed: true },
  { method: 'POST', url: '/wps/session/login/freeplay', sealed: false },
  { method: 'POST', url: '/wps/session/login/social', sealed: true },
  { method: 'POST', url: '/wps/session/social/start', sealed: false },
  { method: 'POST', url: '/wps/session/login/verification/send', sealed: false },
  { method: 'POST', url: '/wps/session/login/verification', sealed: true },
  { method: 'POST', url: '/wps/member/totp/setup', sealed: false },
  { method: 'POST', url: '/wps/member/totp/enable', sealed: true },
  { method: 'POST', url: '/wps/member/totp/disable', sealed: true },
  { method: 'DELETE', url: '/wps/session/logout', sealed: false },
  { method: 'PUT', url: '/wps/member/register', sealed: true },
  { method: 'PUT', url: '/wps/member/register/mobile', sealed: true },
  { method: 'POST', url: '/wps/member/password', sealed: true },
  { method: 'POST', url: '/wps/member/password/email', sealed: false },
  { method: 'POST', url: '/wps/member/password/reset', sealed: true },
  { method: 'POST', url: '/wps/member/password/verification', sealed: true },
  { method: 'PUT', url: '/wps/member/info/icon', sealed: false },
  { method: 'POST', url: '/wps/verification/sms/register', sealed: false },
  { method: 'POST', url: '/wps/verification/sms/noLogin', sealed: false },
];

// Field names the routes know, so that random bodies reach the rules and not only the schema.
const FIELD_NAMES = [
  'type',
  'username',
  'password',
  'confirmPassword',
  'captcha',
  'mobileNum',
  'mobileNo',
  'countryDialingCode',
  'verificationCode',
  'agentPage',
  'email',
  'affiliateCode',
  'termsAccepted',
  'ageConfirmed',
  'birthday',
  'oldPassword',
  'newPassword',
  'confirmNewPassword',
  'token',
  'ticket',
  'provider',
  'returnTo',
  'icon',
  'idNumber',
  'challengeId',
  'method',
  'code',
];

const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    'username',
    'sms',
    'demo',
    'Demo1234',
    '123456',
    '+63',
    '09171234567',
    '1990-01-01',
    'PANALO',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.string({ minLength: 300, maxLength: 600 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), anyValue, { maxKeys: 10 }),
  fc.jsonValue({ maxDepth: 3 }),
);

async function countSessions(): Promise<number> {
  const row = await testApp.database.db
    .selectFrom('member_sessions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('account routes under random input', () => {
  it('never answer 500 and never start a session for a malformed body', async () => {
    const before = await countSessions();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), body, fc.boolean(), async (route, payload, seal) => {
        const sealed = route.sealed && seal ? await sealPayload(payload, key) : payload;
        const response = await testApp.app.inject({
          method: route.method,
          url: `${route.url}?language=EN`,
          // A different address per request keeps the one-per-second throttles out of the way.
          remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`,
          payload: JSON.stringify(sealed),
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode).toBeLessThan(500);
        const reply = response.json();
        expect(typeof reply.success).toBe('boolean');
        // Free play is the one call that needs no credentials: it may start a trial session.
        if (reply.success && route.url !== '/wps/session/login/freeplay') {
          expect(route.url).toMatch(/verification\/sms|password\/email|register/);
        }
      }),
      { numRuns: 300 },
    );
    const trialSessions = await testApp.database.db
      .selectFrom('member_sessions')
      .innerJoin('members', 'members.id', 'member_sessions.member_id')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('members.type', '<>', 4)
      .executeTakeFirstOrThrow();
    // Random bodies can register a well-formed account only by chance; none may log an existing one in.
    expect(Number(trialSessions.count)).toBeLessThanOrEqual(before);
  });

  it('answer bodies that are not JSON with MALFORMED', async () => {
    for (const route of ROUTES) {
      const response = await testApp.app.inject({
        method: route.method,
        url: route.url,
        payload: '{"username": "demo", ',
        headers: { 'content-type': 'application/json' },
      });
      if (route.method === 'DELETE') continue;
      expect(response.statusCode, route.url).toBe(400);
      expect(response.json().code).toBe('MALFORMED');
    }
  });
});
