import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lockMember } from '../src/workflows/lock-member.ts';
import {
  CAPTCHA_AFTER_FAILURES,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE,
} from '../src/workflows/login.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { solveCaptcha } from './support/captcha.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let nowMs = Date.parse('2026-11-22T08:00:00Z');
const MINUTE_MS = 60_000;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(() => {
  // Every test starts an hour later, so that no throttle of an earlier test is still counting.
  nowMs += 2 * 60 * MINUTE_MS;
});

describe('login by account and password', () => {
  it('answers a login result, and member info then describes the member', async () => {
    const client = createAccountsClient(testApp.app);
    const result = await client.logIn('demo', 'Demo1234');
    expect(result).toMatchObject({ success: true, value: { firstTimeLogin: true, passwordExpired: false } });
    expect(result.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await client.call('GET', '/wps/member/info');
    expect(info.body.value).toMatchObject({
      account: 'demo',
      type: 0,
      icon: 'avatar-1',
      previousLogin: null,
    });

    const again = createAccountsClient(testApp.app);
    expect((await again.logIn('DEMO', 'Demo1234')).value.firstTimeLogin).toBe(false);
    const second = await again.call('GET', '/wps/member/info');
    expect(second.body.value.previousLogin).toMatchObject({ ip: client.ip });
    const history = await again.call('GET', '/wps/member/logins?page=1&pageSize=1');
    expect(history.body.value).toMatchObject({
      totalPages: 2,
      list: [{ ip: client.ip, method: 'username' }],
    });
  });

  it('makes a new token at each login and keeps the other devices logged in', async () => {
    const phone = createAccountsClient(testApp.app);
    const laptop = createAccountsClient(testApp.app);
    await phone.logIn('demo', 'Demo1234');
    await laptop.logIn('demo', 'Demo1234');
    expect(phone.token).not.toBe(laptop.token);
    expect((await phone.call('GET', '/wps/member/info')).status).toBe(200);
    expect((await laptop.call('GET', '/wps/member/info')).status).toBe(200);
    const stored = await testApp.database.db.selectFrom('member_sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(phone.token);
  });

  it('refuses a plain body: credentials travel sealed', async () => {
    const client = createAccountsClient(testApp.app);
    const reply = await client.call('POST', '/wps/session/login', {
      type: 'username',
      username: 'demo',
      password: 'Demo1234',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('ENCRYPTION_REQUIRED');
  });

  it('says the same for an unknown account and a wrong password, with 422 not 401', async () => {
    const client = createAccountsClient(testApp.app, '198.51.100.1');
    const unknown = await client.sealed('POST', '/wps/session/login', {
      type: 'username',
      username: 'nobody',
      password: 'x1234567',
    });
    const wrong = await client.sealed('POST', '/wps/session/login', {
      type: 'username',
      username: 'demo',
      password: 'wrong-one',
    });
    expect(unknown.status).toBe(422);
    expect(wrong.status).toBe(422);
    expect(unknown.body.code).toBe('BAD_CREDENTIALS');
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('asks for empty fields by name', async () => {
    const reply = await createAccountsClient(testApp.app).sealed('POST', '/wps/session/login', {
      type: 'username',
      username: ' ',
      password: '',
    });
    expect(reply.body.code).toBe('VALIDATION');
    expect(Object.keys(reply.body.value.fields)).toEqual(['username', 'password']);
  });

  it('asks for a captcha after three failures, checks it, and lets the right answer in', async () => {
    const client = createAccountsClient(testApp.app, '198.51.100.2');
    const fail = () =>
      client.sealed('POST', '/wps/session/login', {
        type: 'username',
        username: 'demo',
        password: 'bad-password',
      });
    expect((await fail()).body.value).toEqual({ captcha: false });
    expect((await fail()).body.value).toEqual({ captcha: false });
    expect((await fail()).body.value).toEqual({ captcha: true });

    const state = await client.call('GET', '/wps/system/publicState');
    expect(state.body.value.showCaptcha).toBe(true);

    const missing = await client.logIn('demo', 'Demo1234');
    expect(missing).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });

    await client.call('GET', '/wps/captcha');
    const wrongCaptcha = await client.logIn('demo', 'Demo1234', { captcha: 'ZZZZ' });
    expect(wrongCaptcha.code).toBe('CAPTCHA_INVALID');

    nowMs += 2000;
    const image = await client.call('GET', '/wps/captcha');
    expect(image.body.value).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const answer = await solveCaptcha(testApp, client.cookies.captchaId ?? '');
    const reply = await client.logIn('demo', 'Demo1234', { captcha: answer.toLowerCase() });
    expect(reply.success).toBe(true);
    // The answer was used up with the login.
    const reused = await createAccountsClient(testApp.app, '198.51.100.2');
    reused.cookies = { ...client.cookies };
    expect((await reused.logIn('demo', 'Demo1234', { captcha: answer })).code).toBe('CAPTCHA_INVALID');
  });

  it('never locks the owner out: after an attack from many addresses the owner elsewhere gets in with a captcha', async () => {
    // A long, spread-out attack: far more failures on the account than the captcha asks for,
    // recorded ten at a time; 150 statements take long on a loaded machine, hence the test's budget.
    const accountKey = `${await merchantId()}:agent`;
    for (let attempt = 0; attempt < 150; attempt += 10) {
      await Promise.all(
        Array.from({ length: 10 }, () => testApp.app.rateLimiter.hit(LOGIN_FAILURES_PER_ACCOUNT, accountKey)),
      );
    }
    const owner = createAccountsClient(testApp.app, '203.0.113.99');
    const asked = await owner.sealed('POST', '/wps/session/login', {
      type: 'username',
      username: 'agent',
      password: 'Agent1234',
    });
    expect(asked.status).toBe(422);
    expect(asked.body).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
    await owner.call('GET', '/wps/captcha');
    const captcha = await solveCaptcha(testApp, owner.cookies.captchaId ?? '');
    expect((await owner.logIn('agent', 'Agent1234', { captcha })).success).toBe(true);
  }, 90_000);

  it('checks no more passwords than the throttle allows in a burst, and slows the sender, not the owner', async () => {
    const attacker = createAccountsClient(testApp.app, '198.51.100.40');
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        attacker.sealed('POST', '/wps/session/login', {
          type: 'username',
          username: 'agent',
          password: index === 39 ? 'Agent1234' : `wrong-${index}`,
        }),
      ),
    );
    const codes = burst.map((reply) => reply.body.code ?? 'OK');
    const checked = codes.filter((code) => code === 'BAD_CREDENTIALS' || code === 'OK');
    expect(checked.length).toBeLessThanOrEqual(CAPTCHA_AFTER_FAILURES);
    expect(
      codes.filter((code) => code === 'CAPTCHA_REQUIRED' || code === 'RATE_LIMITED').length,
    ).toBeGreaterThan(30);

    // Past five failures from one address, each next attempt waits longer, even with the right
    // password and a solved captcha: RATE_LIMITED with Retry-After, not a server that sleeps.
    // A wrong captcha is a failure like a wrong password (and needs no solving here). The burst
    // may have checked the right password among the wrong ones, in whatever order the database
    // served them, and a success clears this address's count: start from what the count says.
    const sourceKey = `${await merchantId()}:agent:198.51.100.40`;
    const failuresAfterBurst = await testApp.app.rateLimiter.peek(
      LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE,
      sourceKey,
    );
    for (let failures = failuresAfterBurst; failures < 5; failures += 1) {
      nowMs += 1000;
      expect((await attacker.logIn('agent', 'wrong-again', { captcha: 'ZZZZ' })).code).toBe(
        failures < CAPTCHA_AFTER_FAILURES ? 'BAD_CREDENTIALS' : 'CAPTCHA_INVALID',
      );
    }
    const early = await attacker.sealed('POST', '/wps/session/login', {
      type: 'username',
      username: 'agent',
      password: 'Agent1234',
      captcha: 'ABCD',
    });
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('RATE_LIMITED');
    expect(early.headers['retry-after']).toBe('1');

    // The owner at another address is neither slowed nor asked for a captcha.
    expect(
      (await createAccountsClient(testApp.app, '198.51.100.41').logIn('agent', 'Agent1234')).success,
    ).toBe(true);
  });

  it('forces a password change for the default password, then lets the member in', async () => {
    const client = createAccountsClient(testApp.app);
    const result = await client.logIn('newbie', '123456');
    expect(result.value).toMatchObject({ passwordExpired: true });
    expect((await client.call('GET', '/wps/member/info')).status).toBe(200);
    const blocked = await client.call('GET', '/wps/member/info/icon');
    expect(blocked.body.code).toBe('PASSWORD_CHANGE_REQUIRED');

    const mismatch = await client.sealed('POST', '/wps/member/password', {
      oldPassword: '123456',
      newPassword: 'Fresh1234',
      confirmNewPassword: 'Fresh12345',
    });
    expect(mismatch.body.code).toBe('VALIDATION');
    expect(Object.keys(mismatch.body.value.fields)).toEqual(['confirmNewPassword']);

    const changed = await client.sealed('POST', '/wps/member/password', {
      oldPassword: '123456',
      newPassword: 'Fresh1234',
      confirmNewPassword: 'Fresh1234',
    });
    expect(changed.body.success).toBe(true);
    expect((await client.call('GET', '/wps/member/info/icon')).status).toBe(200);
    expect((await createAccountsClient(testApp.app).logIn('newbie', 'Fresh1234')).value.passwordExpired).toBe(
      false,
    );
  });

  it('expires passwords older than the merchant allows when FORCEPASSCHANGE is on', async () => {
    const client = createAccountsClient(testApp.app);
    await patchDemoSettings(testApp, {
      passwordExpiryDays: 30,
      whitelabel: [{ modId: 'FORCEPASSCHANGE', enabled: true, children: [] }],
    });
    try {
      expect((await client.logIn('agent', 'Agent1234')).value.passwordExpired).toBe(false);
      nowMs += 31 * 24 * 60 * MINUTE_MS;
      expect((await client.logIn('agent', 'Agent1234')).value.passwordExpired).toBe(true);
    } finally {
      await restoreSwitches();
    }
  });
});

async function merchantId(): Promise<string> {
  const row = await testApp.database.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'panalo')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function restoreSwitches(): Promise<void> {
  const { DEMO_SETTINGS } = await import('../src/seed/demo-merchant.ts');
  await patchDemoSettings(testApp, { whitelabel: DEMO_SETTINGS.whitelabel, passwordExpiryDays: 0 });
}

describe('sessions', () => {
  it('ends at logout', async () => {
    const client = createAccountsClient(testApp.app);
    await client.logIn('demo', 'Demo1234');
    expect((await client.call('DELETE', '/wps/session/logout')).body.success).toBe(true);
    const after = await client.call('GET', '/wps/member/info');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('NOT_LOGGED_IN');
  });

  it('ends after the idle time, and activity keeps it alive until the absolute limit', async () => {
    const idle = createAccountsClient(testApp.app);
    const busy = createAccountsClient(testApp.app);
    await idle.logIn('demo', 'Demo1234');
    await busy.logIn('demo', 'Demo1234');
    nowMs += 20 * MINUTE_MS;
    expect((await busy.call('GET', '/wps/member/info')).status).toBe(200);
    nowMs += 11 * MINUTE_MS;
    expect((await idle.call('GET', '/wps/member/info')).status).toBe(401);
    expect((await busy.call('GET', '/wps/member/info')).status).toBe(200);
    for (let step = 0; step < 40; step += 1) {
      nowMs += 20 * MINUTE_MS;
      const reply = await busy.call('GET', '/wps/member/info');
      // 12 hours after the login the session ends however busy it is.
      if (step < 34) expect(reply.status).toBe(200);
      else expect(reply.status).toBe(401);
    }
  });

  it('ends every session of a locked account, kicks its sockets, and refuses its login', async () => {
    const client = createAccountsClient(testApp.app);
    await client.logIn('agent', 'Agent1234');
    const member = await testApp.app.members.findByAccount(await merchantId(), 'agent');
    const { endedSessions } = await lockMember(testApp.app, member?.id ?? '');
    expect(endedSessions).toBeGreaterThanOrEqual(1);
    expect((await client.call('GET', '/wps/member/info')).status).toBe(401);
    expect((await createAccountsClient(testApp.app).logIn('agent', 'Agent1234')).code).toBe('ACCOUNT_LOCKED');
    await testApp.app.members.unlockMember(member?.id ?? '');
    expect((await createAccountsClient(testApp.app).logIn('agent', 'Agent1234')).success).toBe(true);
  });

  it('lets only agents log in through the agent page', async () => {
    const player = await createAccountsClient(testApp.app).logIn('demo', 'Demo1234', { agentPage: true });
    expect(player).toMatchObject({ code: 'NON_AGENT' });
    expect(player.message).toBe('Non-agents cannot log in.');
    expect(
      (await createAccountsClient(testApp.app).logIn('agent', 'Agent1234', { agentPage: true })).success,
    ).toBe(true);
  });
});

describe('free play', () => {
  it('makes a trial account that may look but not act as a member', async () => {
    const client = createAccountsClient(testApp.app);
    const reply = await client.call('POST', '/wps/session/login/freeplay', {
      os: 'WEB',
      platform: 'W',
      gatewayVersion: 3,
    });
    expect(reply.body.success).toBe(true);
    client.token = reply.body.value.token;
    const info = await client.call('GET', '/wps/member/info');
    expect(info.body.value).toMatchObject({ type: 4 });
    expect(info.body.value.account).toMatch(/^trial_[0-9a-f]{10}$/);
    const refused = await client.call('PUT', '/wps/member/info/icon', { icon: 'avatar-2' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('TRIAL_ACCOUNT');
    expect((await client.call('DELETE', '/wps/session/logout')).body.success).toBe(true);
  });

  it('is refused when the merchant turns FREEPLAY off', async () => {
    await patchDemoSettings(testApp, { whitelabel: [{ modId: 'FREEPLAY', enabled: false, children: [] }] });
    try {
      const reply = await createAccountsClient(testApp.app).call('POST', '/wps/session/login/freeplay', {});
      expect(reply.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await restoreSwitches();
    }
  });
});

describe('avatars', () => {
  it('offers the drawn avatars and keeps the choice', async () => {
    const client = createAccountsClient(testApp.app);
    await client.logIn('demo', 'Demo1234');
    const icons = await client.call('GET', '/wps/member/info/icon');
    expect(icons.body.value.choices).toHaveLength(8);
    expect((await client.call('PUT', '/wps/member/info/icon', { icon: 'avatar-5' })).body.value.url).toBe(
      '/media/avatar-5.svg',
    );
    expect((await client.call('GET', '/wps/member/info')).body.value.icon).toBe('avatar-5');
    expect((await client.call('PUT', '/wps/member/info/icon', { icon: '../etc' })).status).toBe(422);
    const image = await testApp.app.inject({ method: 'GET', url: '/media/avatar-5.svg' });
    expect(image.headers['content-type']).toBe('image/svg+xml');
  });
});
