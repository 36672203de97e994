import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsClient, readLatestCode } from './support/accounts-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
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

async function readResetToken(): Promise<string> {
  const row = await testApp.database.db
    .selectFrom('outbox_messages')
    .select(['body', 'subject', 'channel'])
    .where('destination', '=', 'demo@panalo.example')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ channel: 'email', subject: 'Set a new Panalo password' });
  const token = /resetPassword=([A-Za-z0-9_-]+)/.exec(row.body)?.[1];
  if (!token) throw new Error('no link in the email');
  return token;
}

describe('forgot password by email', () => {
  it('emails a single-use link that sets a new password, logs in, and ends the old sessions', async () => {
    const old = createAccountsClient(testApp.app);
    await old.logIn('demo', 'Demo1234');
    const client = createAccountsClient(testApp.app, '203.0.113.20');
    const asked = await client.call('POST', '/wps/member/password/email', {
      username: 'Demo',
      email: 'DEMO@panalo.example',
    });
    expect(asked.body).toEqual({ success: true, value: {} });
    const token = await readResetToken();

    const weak = await client.sealed('POST', '/wps/member/password/reset', {
      token,
      newPassword: 'a b',
      confirmNewPassword: 'a b',
    });
    expect(weak.body.value.fields).toEqual({ newPassword: 'Enter 6-20 characters without spaces.' });

    const reply = await client.sealed('POST', '/wps/member/password/reset', {
      token,
      newPassword: 'Reset1234',
      confirmNewPassword: 'Reset1234',
    });
    expect(reply.body).toMatchObject({ success: true, value: { passwordExpired: false } });
    expect((await old.call('GET', '/wps/member/info')).status).toBe(401);
    expect((await createAccountsClient(testApp.app).logIn('demo', 'Reset1234')).success).toBe(true);

    const again = await client.sealed('POST', '/wps/member/password/reset', {
      token,
      newPassword: 'Other1234',
      confirmNewPassword: 'Other1234',
    });
    expect(again.body.code).toBe('NOT_FOUND');
  });

  it('lets a link expire after 30 minutes', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.21');
    await client.call('POST', '/wps/member/password/email', {
      username: 'demo',
      email: 'demo@panalo.example',
    });
    const token = await readResetToken();
    nowMs += 31 * 60_000;
    const reply = await client.sealed('POST', '/wps/member/password/reset', {
      token,
      newPassword: 'Late1234',
      confirmNewPassword: 'Late1234',
    });
    expect(reply.body.code).toBe('NOT_FOUND');
  });

  it('says when the account and email do not match, next to both fields', async () => {
    const reply = await createAccountsClient(testApp.app, '203.0.113.22').call(
      'POST',
      '/wps/member/password/email',
      {
        username: 'demo',
        email: 'someone@else.example',
      },
    );
    expect(reply.body.value.fields).toEqual({
      username: 'Username/Email does not exist.',
      email: 'Username/Email does not exist.',
    });
  });
});

describe('forgot password by phone', () => {
  it('sets a new password with the SMS code and logs the member in', async () => {
    const client = createAccountsClient(testApp.app, '203.0.113.23');
    await client.call('POST', '/wps/verification/sms/noLogin', {
      countryDialingCode: '+63',
      mobileNum: '09171234567',
    });
    const code = await readLatestCode(testApp, '+639171234567');
    const reply = await client.sealed('POST', '/wps/member/password/verification', {
      mobileNum: '09171234567',
      countryDialingCode: '+63',
      verificationCode: code,
      newPassword: 'Phone1234',
      confirmNewPassword: 'Phone1234',
    });
    expect(reply.body.success).toBe(true);
    client.token = reply.body.value.token;
    expect((await client.call('GET', '/wps/member/info')).body.value.account).toBe('demo');
    expect((await createAccountsClient(testApp.app).logIn('demo', 'Phone1234')).success).toBe(true);
  });

  it('refuses a wrong code and changes nothing', async () => {
    const reply = await createAccountsClient(testApp.app, '203.0.113.24').sealed(
      'POST',
      '/wps/member/password/verification',
      {
        mobileNum: '09171234567',
        countryDialingCode: '+63',
        verificationCode: '000000',
        newPassword: 'Never1234',
      },
    );
    expect(reply.body.code).toBe('SMS_CODE_INVALID');
    expect((await createAccountsClient(testApp.app).logIn('demo', 'Never1234')).code).toBe('BAD_CREDENTIALS');
  });
});
