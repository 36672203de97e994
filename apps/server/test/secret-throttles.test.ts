import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTHENTICATOR_CODE_FAILURES, OLD_PASSWORD_FAILURES } from '../src/workflows/member-secrets.ts';
import { PAYMENT_PASSWORD_FAILURES } from '../src/workflows/payment-password.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// API.md "Throttles": every attempt at a secret is counted before the secret is checked, so that
// a burst of simultaneous guesses is checked no more often than the throttle allows.

let testApp: TestApp;
let nowMs = Date.parse('2026-11-25T09:00:00Z');
const BURST = 30;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(() => {
  // No throttle window of an earlier test is still counting.
  nowMs += 2 * 3600_000;
});

describe('a burst of guesses at a logged-in member’s secrets', () => {
  it('checks no more payment passwords than the throttle allows, the right one included', async () => {
    const client = createAccountsClient(testApp.app, '198.51.100.60');
    expect((await client.logIn('demo', 'Demo1234')).success).toBe(true);
    const set = await client.sealed('POST', '/wps/member/paymentPassword', {
      currentPassword: 'Demo1234',
      newPaymentPassword: '246810',
      confirmPaymentPassword: '246810',
    });
    expect(set.body.success).toBe(true);

    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        client.sealed('POST', '/wps/member/paymentPassword', {
          currentPassword: index === BURST - 1 ? '246810' : String(100000 + index),
          newPaymentPassword: '135790',
          confirmPaymentPassword: '135790',
        }),
      ),
    );
    const codes = burst.map((reply) => reply.body.code ?? 'OK');
    const checked = codes.filter((code) => code === 'PAYMENT_PASSWORD_INVALID' || code === 'OK');
    expect(checked.length).toBeLessThanOrEqual(PAYMENT_PASSWORD_FAILURES.limit);
    expect(codes.filter((code) => code === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(
      BURST - PAYMENT_PASSWORD_FAILURES.limit,
    );
    const limited = burst.find((reply) => reply.body.code === 'RATE_LIMITED');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('checks no more old passwords on a password change than the throttle allows', async () => {
    const client = createAccountsClient(testApp.app, '198.51.100.61');
    expect((await client.logIn('agent', 'Agent1234')).success).toBe(true);
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        client.sealed('POST', '/wps/member/password', {
          oldPassword: index === BURST - 1 ? 'Agent1234' : `Wrong${index}pass`,
          newPassword: 'Fresh5678',
          confirmNewPassword: 'Fresh5678',
        }),
      ),
    );
    const codes = burst.map((reply) => reply.body.code ?? 'OK');
    const checked = burst.filter(
      (reply) =>
        reply.body.success || (reply.body.code === 'VALIDATION' && reply.body.value?.fields?.oldPassword),
    );
    expect(checked.length).toBeLessThanOrEqual(OLD_PASSWORD_FAILURES.limit);
    expect(codes.filter((code) => code === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(
      BURST - OLD_PASSWORD_FAILURES.limit,
    );
  });

  it('checks no more authenticator codes than the throttle allows when turning the authenticator on', async () => {
    const client = createAccountsClient(testApp.app, '198.51.100.62');
    expect((await client.logIn('demo', 'Demo1234')).success).toBe(true);
    expect((await client.call('POST', '/wps/member/totp/setup', {})).body.success).toBe(true);
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        client.sealed('POST', '/wps/member/totp/enable', { code: String(100000 + index) }),
      ),
    );
    const codes = burst.map((reply) => reply.body.code ?? 'OK');
    const checked = codes.filter((code) => code === 'SMS_CODE_INVALID' || code === 'OK');
    expect(checked.length).toBeLessThanOrEqual(AUTHENTICATOR_CODE_FAILURES.limit);
    expect(codes.filter((code) => code === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(
      BURST - AUTHENTICATOR_CODE_FAILURES.limit,
    );
  });
});
