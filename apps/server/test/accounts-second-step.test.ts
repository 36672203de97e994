import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeBase32, hotp, totpStepAt } from '../src/platform/crypto/totp.ts';
import { createAccountsClient, readLatestCode } from './support/accounts-client.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let nowMs = Date.parse('2026-11-22T08:00:00Z');

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  await patchDemoSettings(testApp, {
    loginVerification: { enabled: true, methods: ['sms', 'email', 'totp', 'bankName'] },
  });
  // The demo player's first login ever, from home: no second step for a first login.
  expect((await createAccountsClient(testApp.app, '203.0.113.1').logIn('demo', 'Demo1234')).success).toBe(
    true,
  );
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(() => {
  nowMs += 2 * 3600_000;
});

describe('a login from an address the member has not used', () => {
  it('asks for a second step, offers what the member can answer with, and masks where codes go', async () => {
    const reply = await createAccountsClient(testApp.app, '203.0.113.2').logIn('demo', 'Demo1234');
    expect(reply.code).toBe('VERIFICATION_REQUIRED');
    expect(reply.value).toMatchObject({
      methods: ['sms', 'email', 'bankName'],
      destinations: { sms: '+63 9*****4567', email: 'd***@p***.example' },
    });
    expect(reply.value.challengeId).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('lets the bank account name through, whatever its case and spacing, and then knows the address', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.3');
    const { challengeId } = (await client.logIn('demo', 'Demo1234')).value;
    const wrong = await client.sealed('POST', '/wps/session/login/verification', {
      challengeId,
      method: 'bankName',
      code: 'Pedro Penduko',
    });
    expect(wrong.body.code).toBe('SMS_CODE_INVALID');
    const right = await client.sealed('POST', '/wps/session/login/verification', {
      challengeId,
      method: 'bankName',
      code: '  juan   DELA cruz ',
    });
    expect(right.body).toMatchObject({ success: true, value: { passwordExpired: false } });
    const used = await client.sealed('POST', '/wps/session/login/verification', {
      challengeId,
      method: 'bankName',
      code: 'Juan Dela Cruz',
    });
    expect(used.body.code).toBe('NOT_FOUND');
    expect((await client.logIn('demo', 'Demo1234')).success).toBe(true);
  });

  it('sends an SMS code for the step and accepts it once', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.4');
    const { challengeId } = (await client.logIn('demo', 'Demo1234')).value;
    const sent = await client.call('POST', '/wps/session/login/verification/send', {
      challengeId,
      method: 'sms',
    });
    expect(sent.body.value).toEqual({ expiredMinutes: 5 });
    const code = await readLatestCode(testApp, '+639171234567');
    const reply = await client.sealed('POST', '/wps/session/login/verification', {
      challengeId,
      method: 'sms',
      code,
    });
    expect(reply.body.success).toBe(true);
  });

  it('closes a challenge after five wrong answers', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.5');
    const { challengeId } = (await client.logIn('demo', 'Demo1234')).value;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const reply = await client.sealed('POST', '/wps/session/login/verification', {
        challengeId,
        method: 'bankName',
        code: 'nobody',
      });
      expect(reply.body.code).toBe('SMS_CODE_INVALID');
    }
    const closed = await client.sealed('POST', '/wps/session/login/verification', {
      challengeId,
      method: 'bankName',
      code: 'Juan Dela Cruz',
    });
    expect(closed.body.code).toBe('NOT_FOUND');
  });
});

describe('Google Authenticator', () => {
  it('enrols with a first code, refuses a code used twice, and then answers the second step', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.1');
    await client.logIn('demo', 'Demo1234');
    const setup = await client.call('POST', '/wps/member/totp/setup');
    const { secret, otpauthUrl } = setup.body.value;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const stored = await testApp.database.db
      .selectFrom('members')
      .select('totp_secret')
      .where('account', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).not.toContain(secret);

    const codeNow = () => hotp(decodeBase32(secret), totpStepAt(nowMs));
    expect((await client.sealed('POST', '/wps/member/totp/enable', { code: '000000' })).body.code).toBe(
      'SMS_CODE_INVALID',
    );
    const firstCode = codeNow();
    expect((await client.sealed('POST', '/wps/member/totp/enable', { code: firstCode })).body.success).toBe(
      true,
    );
    expect((await client.call('GET', '/wps/member/info')).body.value.totpEnabled).toBe(true);
    expect((await client.sealed('POST', '/wps/member/totp/disable', { code: firstCode })).body.code).toBe(
      'SMS_CODE_INVALID',
    );

    nowMs += 60_000;
    const traveller = createAccountsClient(testApp.app, '203.0.113.6');
    const asked = await traveller.logIn('demo', 'Demo1234');
    expect(asked.value.methods).toContain('totp');
    const reply = await traveller.sealed('POST', '/wps/session/login/verification', {
      challengeId: asked.value.challengeId,
      method: 'totp',
      code: codeNow(),
    });
    expect(reply.body.success).toBe(true);

    nowMs += 60_000;
    expect((await client.sealed('POST', '/wps/member/totp/disable', { code: codeNow() })).body.success).toBe(
      true,
    );
  });
});
