import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SETTINGS } from '../src/seed/demo-merchant.ts';
import { createAccountsClient, readLatestCode } from './support/accounts-client.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let nowMs = Date.parse('2026-11-22T08:00:00Z');

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(() => {
  nowMs += 2 * 3600_000;
});

// The demo player's number (+63 917 123 4567).
const DEMO_MOBILE = { countryDialingCode: '+63', mobileNum: '09171234567' };

async function outboxCount(destination: string): Promise<number> {
  const rows = await testApp.database.db
    .selectFrom('outbox_messages')
    .select('id')
    .where('destination', '=', destination)
    .execute();
  return rows.length;
}

describe('login by SMS code', () => {
  it('sends a code to a registered number and logs its owner in once with it', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.60');
    const sent = await client.call('POST', '/wps/verification/sms/noLogin', DEMO_MOBILE);
    expect(sent.body).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const code = await readLatestCode(testApp, '+639171234567');
    const body = { type: 'sms', ...DEMO_MOBILE, verificationCode: code };
    const reply = await client.sealed('POST', '/wps/session/login', body);
    // An SMS login never forces a password change.
    expect(reply.body).toMatchObject({ success: true, value: { passwordExpired: false } });
    const reused = await client.sealed('POST', '/wps/session/login', body);
    expect(reused.body.code).toBe('SMS_CODE_INVALID');
  });

  it('answers an unknown number the same way, and sends nothing', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.61');
    const reply = await client.call('POST', '/wps/verification/sms/noLogin', {
      countryDialingCode: '+63',
      mobileNum: '09998887777',
    });
    expect(reply.body).toEqual({ success: true, value: { expiredMinutes: 5 } });
    expect(await outboxCount('+639998887777')).toBe(0);
  });

  it('kills a code after five wrong guesses', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.62');
    await client.call('POST', '/wps/verification/sms/noLogin', DEMO_MOBILE);
    const code = await readLatestCode(testApp, '+639171234567');
    const wrong = code === '123456' ? '654321' : '123456';
    for (let guess = 0; guess < 5; guess += 1) {
      const reply = await client.sealed('POST', '/wps/session/login', {
        type: 'sms',
        ...DEMO_MOBILE,
        verificationCode: wrong,
      });
      expect(reply.body.code).toBe('SMS_CODE_INVALID');
    }
    const right = await client.sealed('POST', '/wps/session/login', {
      type: 'sms',
      ...DEMO_MOBILE,
      verificationCode: code,
    });
    expect(right.body.code).toBe('SMS_CODE_INVALID');
  });

  it('exists only while VERCODELOGIN is on', async () => {
    await patchDemoSettings(testApp, {
      whitelabel: [{ modId: 'VERCODELOGIN', enabled: false, children: [] }],
    });
    try {
      const reply = await createAccountsClient(testApp.app).sealed('POST', '/wps/session/login', {
        type: 'sms',
        ...DEMO_MOBILE,
        verificationCode: '123456',
      });
      expect(reply.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await patchDemoSettings(testApp, { whitelabel: DEMO_SETTINGS.whitelabel });
    }
  });
});

describe('SMS throttles', () => {
  it('allows one send per second per client and one per minute per number', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.70');
    expect((await client.call('POST', '/wps/verification/sms/noLogin', DEMO_MOBILE)).body.success).toBe(true);
    const sameSecond = await client.call('POST', '/wps/verification/sms/noLogin', {
      countryDialingCode: '+63',
      mobileNum: '09170000001',
    });
    expect(sameSecond.status).toBe(429);
    expect(sameSecond.headers['retry-after']).toBe('1');
    nowMs += 2000;
    const sameNumber = await client.call('POST', '/wps/verification/sms/noLogin', DEMO_MOBILE);
    expect(sameNumber.body.code).toBe('RATE_LIMITED');
    expect(Number(sameNumber.headers['retry-after'])).toBeGreaterThan(50);
  });

  it('answers the sixth send to a number within an hour with SMS_TOO_MANY and Retry-After 300', async () => {
    for (let send = 0; send < 5; send += 1) {
      const reply = await createAccountsClient(testApp.app, `203.0.113.${80 + send}`).call(
        'POST',
        '/wps/verification/sms/noLogin',
        DEMO_MOBILE,
      );
      expect(reply.body.success).toBe(true);
      nowMs += 61_000;
    }
    const sixth = await createAccountsClient(testApp.app, '203.0.113.90').call(
      'POST',
      '/wps/verification/sms/noLogin',
      DEMO_MOBILE,
    );
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('SMS_TOO_MANY');
    expect(sixth.headers['retry-after']).toBe('300');
  });
});

describe('captcha image', () => {
  it('is a PNG bound to the browser by an HttpOnly cookie, at most one a second', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.95');
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/wps/captcha',
      remoteAddress: client.ip,
    });
    const png = Buffer.from(response.json().value.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(120);
    const cookie = response.cookies.find((candidate) => candidate.name === 'captchaId');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const again = await testApp.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: client.ip });
    expect(again.statusCode).toBe(429);
  });
});
