import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  OPERATOR_ACCOUNT_CAPTCHA_AFTER_FAILURES,
  OPERATOR_CAPTCHA_AFTER_FAILURES,
  OPERATOR_SESSION_IDLE_MINUTES,
} from '../src/modules/operator/operator-sign-in.ts';
import { PERMISSIONS } from '../src/modules/operator/permissions.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { authenticatorCode, createBackOfficeClient, signInOperator } from './support/bo-client.ts';
import { solveCaptcha } from './support/captcha.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let nowMs = Date.parse('2026-11-23T08:00:00Z');
const MINUTE_MS = 60_000;
const STEP_MS = 30_000;
/** The demo owner's authenticator secret, once the first test has enrolled it. */
let adminSecret = '';

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(() => {
  // Every test starts two hours later: no throttle window or authenticator step of an earlier
  // test is still counting.
  nowMs += 2 * 60 * MINUTE_MS;
});

async function auditActions(actorName: string): Promise<string[]> {
  const rows = await testApp.database.db
    .selectFrom('audit_log')
    .select('action')
    .where('actor_name', '=', actorName)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('operator sign-in', () => {
  it('makes a first sign-in enrol an authenticator, the first code confirming it', async () => {
    const client = createBackOfficeClient(testApp.app);
    const first = await client.logIn({ username: 'admin', password: 'Admin1234' });
    expect(first.status).toBe(422);
    expect(first.body).toMatchObject({ code: 'VERIFICATION_REQUIRED', value: { methods: ['totpEnrol'] } });
    const { secret, otpauthUrl } = first.body.value;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Panalo%20back%20office%3Aadmin\?/);

    // Asking again (a reload) shows the same secret, so a QR code already scanned stays good.
    const again = await client.logIn({ username: 'admin', password: 'Admin1234' });
    expect(again.body.value.secret).toBe(secret);
    const stored = await testApp.database.db
      .selectFrom('operators')
      .select(['totp_secret', 'totp_enabled_at'])
      .where('username_key', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).not.toContain(secret);
    expect(stored.totp_enabled_at).toBeNull();

    const wrong = await client.logIn({ username: 'admin', password: 'Admin1234', code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('SMS_CODE_INVALID');

    const done = await client.logIn({
      username: 'admin',
      password: 'Admin1234',
      code: authenticatorCode(secret, nowMs),
    });
    expect(done.body).toMatchObject({ success: true, value: { passwordExpired: false } });
    expect(done.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    adminSecret = secret;

    const me = await client.call('GET', '/bo/auth/me');
    expect(me.body.value).toMatchObject({
      operator: { username: 'admin', merchantId: null, roleId: 'owner' },
      passwordChangeRequired: false,
      idleMinutes: OPERATOR_SESSION_IDLE_MINUTES,
    });
    expect(me.body.value.permissions).toEqual([...PERMISSIONS]);
    expect(me.body.value.merchants.map((merchant: { code: string }) => merchant.code)).toEqual(['panalo']);

    const row = await testApp.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_name', '=', 'admin')
      .where('action', '=', 'auth.login')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ip: client.ip, target_type: 'operator', merchant_id: null });
    expect(row.before).toEqual({ totpEnabled: false });
    expect(row.after).toMatchObject({ totpEnabled: true });
  });

  it('asks an enrolled operator for the code, without showing the secret, and takes each code once', async () => {
    const client = createBackOfficeClient(testApp.app);
    const first = await client.logIn({ username: 'ADMIN', password: 'Admin1234' });
    expect(first.body).toMatchObject({ code: 'VERIFICATION_REQUIRED', value: { methods: ['totp'] } });
    expect(first.body.value.secret).toBeUndefined();

    const code = authenticatorCode(adminSecret, nowMs);
    expect((await client.logIn({ username: 'admin', password: 'Admin1234', code })).body.success).toBe(true);
    const replay = await createBackOfficeClient(testApp.app).logIn({
      username: 'admin',
      password: 'Admin1234',
      code,
    });
    expect(replay.body.code).toBe('SMS_CODE_INVALID');

    nowMs += STEP_MS;
    const next = await createBackOfficeClient(testApp.app).logIn({
      username: 'admin',
      password: 'Admin1234',
      code: authenticatorCode(adminSecret, nowMs),
    });
    expect(next.body.success).toBe(true);
  });

  it('answers a wrong password and an unknown operator alike, with 422 not 401', async () => {
    const client = createBackOfficeClient(testApp.app, '192.0.2.20');
    const wrong = await client.logIn({ username: 'admin', password: 'Admin12345' });
    const unknown = await client.logIn({ username: 'nobody', password: 'Admin1234' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('BAD_CREDENTIALS');
    expect(unknown.body.code).toBe('BAD_CREDENTIALS');
    expect(unknown.body.message).toBe(wrong.body.message);
    // A wrong password never reaches the authenticator step, even with a right code.
    const withCode = await client.logIn({
      username: 'admin',
      password: 'wrong-one1',
      code: authenticatorCode(adminSecret, nowMs),
    });
    expect(withCode.body.code).toBe('BAD_CREDENTIALS');
  });

  it('refuses a plain body: credentials travel sealed', async () => {
    const reply = await createBackOfficeClient(testApp.app).call('POST', '/bo/auth/login', {
      username: 'admin',
      password: 'Admin1234',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('ENCRYPTION_REQUIRED');
  });

  it('asks every address for a captcha after five failures on an account, and lets the owner in with one', async () => {
    // Five failures from five addresses: the account as a whole is under attack.
    for (let attempt = 0; attempt < OPERATOR_ACCOUNT_CAPTCHA_AFTER_FAILURES; attempt += 1) {
      const reply = await createBackOfficeClient(testApp.app, `198.51.100.${attempt + 1}`).logIn({
        username: 'risk',
        password: `Wrong${attempt}pass`,
      });
      expect(reply.body.code).toBe('BAD_CREDENTIALS');
    }
    const counter = await testApp.database.db
      .selectFrom('operators')
      .select('failed_login_count')
      .where('username_key', '=', 'risk')
      .executeTakeFirstOrThrow();
    expect(counter.failed_login_count).toBe(OPERATOR_ACCOUNT_CAPTCHA_AFTER_FAILURES);

    // The owner, at an address of their own, is asked for a captcha, never refused.
    const owner = createBackOfficeClient(testApp.app, '198.51.100.99');
    const asked = await owner.logIn({ username: 'risk', password: 'Risk1234' });
    expect(asked.status).toBe(422);
    expect(asked.body).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
    const image = await owner.call('GET', '/bo/auth/captcha');
    expect(image.body.value).toMatch(/^data:image\/png;base64,/);
    const answer = await solveCaptcha(testApp, owner.cookies.captchaId ?? '');
    const firstStep = await owner.logIn({ username: 'risk', password: 'Risk1234', captcha: answer });
    expect(firstStep.body.code).toBe('VERIFICATION_REQUIRED');
  });

  it('checks no more passwords than the throttle allows in a burst, and slows its sender, not the owner', async () => {
    const attacker = createBackOfficeClient(testApp.app, '198.51.100.160');
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        attacker.logIn({
          username: 'admin',
          password: index === 39 ? 'Admin1234' : `Wrong${index}pass`,
          code: authenticatorCode(adminSecret, nowMs),
        }),
      ),
    );
    const codes = burst.map((reply) => reply.body.code ?? 'OK');
    // Three are checked; every other is refused before its password is looked at.
    const checked = codes.filter((code) => code === 'BAD_CREDENTIALS' || code === 'OK');
    expect(checked.length).toBeLessThanOrEqual(OPERATOR_CAPTCHA_AFTER_FAILURES);
    expect(
      codes.every((code) => ['BAD_CREDENTIALS', 'OK', 'CAPTCHA_REQUIRED', 'RATE_LIMITED'].includes(code)),
    ).toBe(true);
    const limited = burst.find((reply) => reply.body.code === 'RATE_LIMITED');
    if (limited) expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // The owner elsewhere signs in with the password and a fresh code.
    nowMs += STEP_MS;
    const owner = createBackOfficeClient(testApp.app, '198.51.100.161');
    await signInOperator(owner, { username: 'admin', password: 'Admin1234', secret: adminSecret, nowMs });
    expect(owner.token).not.toBeNull();
  });

  it('checks no more authenticator codes than the throttle allows in a burst', async () => {
    const client = createBackOfficeClient(testApp.app, '198.51.100.150');
    const rightCode = authenticatorCode(adminSecret, nowMs);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        client.logIn({
          username: 'admin',
          password: 'Admin1234',
          code: index === 39 ? rightCode : String(100000 + index),
        }),
      ),
    );
    const codes = burst.map((reply) => reply.body.code ?? 'OK');
    const checked = codes.filter((code) => code === 'SMS_CODE_INVALID' || code === 'OK');
    expect(checked.length).toBeLessThanOrEqual(OPERATOR_CAPTCHA_AFTER_FAILURES);
    expect(
      codes.filter((code) => code === 'CAPTCHA_REQUIRED' || code === 'RATE_LIMITED').length,
    ).toBeGreaterThan(30);
  });

  it('grows a delay after five failures from one address, answered as RATE_LIMITED with Retry-After', async () => {
    const client = createBackOfficeClient(testApp.app, '198.51.100.170');
    // A wrong captcha is a failure like a wrong password (and needs no solving here).
    const failWithWrongCaptcha = () =>
      client.logIn({ username: 'risk', password: 'Wrong-pass1', captcha: 'ZZZZ' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(['BAD_CREDENTIALS', 'CAPTCHA_INVALID']).toContain((await failWithWrongCaptcha()).body.code);
      nowMs += 1000;
    }
    nowMs -= 1000;
    // Five failures: the sixth attempt waits a second after the fifth, the seventh two more.
    const early = await client.logIn({ username: 'risk', password: 'Risk1234', captcha: 'ABCD' });
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('RATE_LIMITED');
    expect(early.headers['retry-after']).toBe('1');
    nowMs += 1000;
    expect((await failWithWrongCaptcha()).body.code).toBe('CAPTCHA_INVALID');
    const later = await client.logIn({ username: 'risk', password: 'Risk1234', captcha: 'ABCD' });
    expect(later.headers['retry-after']).toBe('2');
    nowMs += 2000;
    await client.call('GET', '/bo/auth/captcha');
    const captcha = await solveCaptcha(testApp, client.cookies.captchaId ?? '');
    const right = await client.logIn({ username: 'risk', password: 'Risk1234', captcha });
    expect(right.body.code).toBe('VERIFICATION_REQUIRED');
  });

  it('audits each failed attempt on an existing account, and none for an unknown name', async () => {
    const client = createBackOfficeClient(testApp.app, '192.0.2.21');
    const before = await auditActions('risk');
    await client.logIn({ username: 'risk', password: 'Wrong-Risk1' });
    await client.logIn({ username: 'risk', password: 'Risk1234', code: '000000' });
    await client.logIn({ username: 'ghost.operator', password: 'Risk1234' });
    expect((await auditActions('risk')).slice(before.length)).toEqual([
      'auth.login.failed',
      'auth.login.failed',
    ]);
    const rows = await testApp.database.db
      .selectFrom('audit_log')
      .select(['after', 'ip', 'target_type'])
      .where('actor_name', '=', 'risk')
      .where('action', '=', 'auth.login.failed')
      .orderBy('at')
      .orderBy('id')
      .execute();
    const latest = rows.slice(-2);
    expect(latest.map((row) => row.after)).toEqual([{ step: 'password' }, { step: 'totp' }]);
    expect(latest.every((row) => row.ip === client.ip && row.target_type === 'operator')).toBe(true);
    expect(await auditActions('ghost.operator')).toEqual([]);
    expect(JSON.stringify(rows)).not.toContain('Wrong-Risk1');
  });
});

describe('operator sessions', () => {
  it('end after fifteen idle minutes, sooner than players', async () => {
    const client = createBackOfficeClient(testApp.app);
    await signInOperator(client, { username: 'admin', password: 'Admin1234', secret: adminSecret, nowMs });
    nowMs += (OPERATOR_SESSION_IDLE_MINUTES - 1) * MINUTE_MS;
    expect((await client.call('GET', '/bo/auth/me')).status).toBe(200);
    nowMs += (OPERATOR_SESSION_IDLE_MINUTES - 1) * MINUTE_MS;
    // Still alive: the last request moved the idle window on.
    expect((await client.call('GET', '/bo/auth/me')).status).toBe(200);
    nowMs += (OPERATOR_SESSION_IDLE_MINUTES + 1) * MINUTE_MS;
    const expired = await client.call('GET', '/bo/auth/me');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('NOT_LOGGED_IN');
  });

  it('end at logout, with an audit entry', async () => {
    const client = createBackOfficeClient(testApp.app);
    await signInOperator(client, { username: 'admin', password: 'Admin1234', secret: adminSecret, nowMs });
    const before = await auditActions('admin');
    expect((await client.call('POST', '/bo/auth/logout', {})).body.success).toBe(true);
    expect((await client.call('GET', '/bo/auth/me')).body.code).toBe('NOT_LOGGED_IN');
    expect(await auditActions('admin')).toEqual([...before, 'auth.logout']);
  });

  it('are not players’ sessions: neither token opens the other side', async () => {
    const player = createAccountsClient(testApp.app);
    await player.logIn('demo', 'Demo1234');
    const asOperator = createBackOfficeClient(testApp.app);
    asOperator.token = player.token;
    expect((await asOperator.call('GET', '/bo/auth/me')).body.code).toBe('NOT_LOGGED_IN');

    const operator = createBackOfficeClient(testApp.app);
    nowMs += STEP_MS;
    await signInOperator(operator, { username: 'admin', password: 'Admin1234', secret: adminSecret, nowMs });
    const asPlayer = createAccountsClient(testApp.app);
    asPlayer.token = operator.token;
    expect((await asPlayer.call('GET', '/wps/member/info')).body.code).toBe('NOT_LOGGED_IN');
  });

  it('with a temporary password may only change it, then everything opens', async () => {
    const owner = createBackOfficeClient(testApp.app);
    await signInOperator(owner, { username: 'admin', password: 'Admin1234', secret: adminSecret, nowMs });
    const merchantId = await demoMerchantId();
    const created = await owner.call('POST', '/bo/staff', {
      merchantId,
      username: 'cashier1',
      displayName: 'Cashier One',
      roleId: 'finance',
    });
    expect(created.body.success).toBe(true);
    const { temporaryPassword } = created.body.value;
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);

    const cashier = createBackOfficeClient(testApp.app, '192.0.2.44');
    nowMs += STEP_MS;
    await signInOperator(cashier, { username: 'cashier1', password: temporaryPassword, nowMs });
    const me = await cashier.call('GET', '/bo/auth/me');
    expect(me.body.value.passwordChangeRequired).toBe(true);
    expect((await cashier.call('GET', '/bo/audit')).body.code).toBe('PASSWORD_CHANGE_REQUIRED');

    const weak = await cashier.sealed('POST', '/bo/auth/password', {
      oldPassword: temporaryPassword,
      newPassword: 'short1',
    });
    expect(weak.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { newPassword: 'length' } } });
    const changed = await cashier.sealed('POST', '/bo/auth/password', {
      oldPassword: temporaryPassword,
      newPassword: 'Cashier2026',
    });
    expect(changed.body.success).toBe(true);
    expect((await cashier.call('GET', '/bo/auth/me')).body.value.passwordChangeRequired).toBe(false);
    // A finance operator has no audit permission: the password is no longer what stops them.
    expect((await cashier.call('GET', '/bo/audit')).body.code).toBe('FORBIDDEN');
  });

  it('refuses a locked operator, and says so only to someone who knows the password', async () => {
    const owner = createBackOfficeClient(testApp.app);
    await signInOperator(owner, { username: 'admin', password: 'Admin1234', secret: adminSecret, nowMs });
    const staff = await owner.call('GET', '/bo/staff?search=risk');
    const risk = staff.body.value.list.find((item: { username: string }) => item.username === 'risk');
    expect((await owner.call('POST', `/bo/staff/${risk.id}/lock`, {})).body.value.status).toBe('locked');

    const wrong = await createBackOfficeClient(testApp.app, '192.0.2.77').logIn({
      username: 'risk',
      password: 'Risk12345',
    });
    expect(wrong.body.code).toBe('BAD_CREDENTIALS');
    const right = await createBackOfficeClient(testApp.app, '192.0.2.77').logIn({
      username: 'risk',
      password: 'Risk1234',
    });
    expect(right.status).toBe(403);
    expect(right.body.code).toBe('ACCOUNT_LOCKED');
    expect((await owner.call('POST', `/bo/staff/${risk.id}/unlock`, {})).body.value.status).toBe('active');
  });
});

async function demoMerchantId(): Promise<string> {
  const row = await testApp.database.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'panalo')
    .executeTakeFirstOrThrow();
  return row.id;
}
