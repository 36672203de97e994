import { createHmac } from 'node:crypto';
import { sealPayload } from '@panalo/crypto/sealed-payload.ts';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountCreation } from '../src/modules/merchant/merchant-settings.ts';
import { DEMO_SETTINGS } from '../src/seed/demo-merchant.ts';
import type { Envelope } from './support/accounts-client.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import { createBackOfficeClient, insertOperatorWithSession } from './support/bo-client.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let nowMs = Date.parse('2026-11-22T08:00:00Z');
let serial = 0;
const HOUR_MS = 3600_000;
const SECOND_HOST = 'tadhana.example';

const THRESHOLDS: AccountCreation = {
  windowMinutes: 60,
  registrationsPerAddress: 3,
  registrationsPerDevice: 2,
  trialsPerAddress: 3,
  trialsPerDevice: 2,
};

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  // A second site with its own, looser thresholds, to show that they are read per merchant.
  const merchantId = uuidv7();
  await testApp.database.db
    .insertInto('merchants')
    .values({
      id: merchantId,
      code: 'tadhana',
      name: 'Tadhana',
      currency: 'PHP',
      currency_symbol: '₱',
      time_zone: 'Asia/Manila',
      default_language: 'EN',
      languages: ['EN'],
      maintenance_title: null,
      maintenance_message: null,
      settings: JSON.stringify({
        whitelabel: DEMO_SETTINGS.whitelabel,
        mainDomain: SECOND_HOST,
        accountCreation: { ...THRESHOLDS, trialsPerAddress: 6 },
      }),
    })
    .execute();
  await testApp.database.db
    .insertInto('merchant_domains')
    .values({ id: uuidv7(), merchant_id: merchantId, domain: SECOND_HOST, route: 'PLAYER', is_main: true })
    .execute();
  testApp.app.merchantService.invalidate();
  // Seeding the demo merchant on the embedded database can take most of a minute on a busy machine.
}, 180_000);
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  // Every test starts two hours later, so that no count of an earlier test is still in its window.
  nowMs += 2 * HOUR_MS;
  await patchDemoSettings(testApp, { accountCreation: THRESHOLDS });
});

type Reply = { status: number; body: Envelope };

/** A browser: its address, the device id its web app sends, its cookies and the site it is on. */
type Browser = { ip: string; deviceId?: string; host?: string; cookies: Record<string, string> };

const browser = (ip: string, deviceId?: string, host?: string): Browser => ({
  ip,
  ...(deviceId === undefined ? {} : { deviceId }),
  ...(host === undefined ? {} : { host }),
  cookies: {},
});

async function call(from: Browser, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  const cookie = Object.entries(from.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const response = await testApp.app.inject({
    method,
    url: `${url}?language=EN`,
    remoteAddress: from.ip,
    headers: {
      ...(from.deviceId === undefined ? {} : { 'x-device-id': from.deviceId }),
      ...(from.host === undefined ? {} : { host: from.host }),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  for (const set of response.cookies) from.cookies[set.name] = set.value;
  return { status: response.statusCode, body: response.json() as Envelope } satisfies Reply;
}

async function register(from: Browser, extra: Record<string, unknown> = {}): Promise<Reply> {
  const key = (await call(from, 'GET', '/wps/system/publicKey')).body.value;
  const form = {
    username: `burst${String(++serial).padStart(5, '0')}`,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    termsAccepted: true,
    ageConfirmed: true,
    ...extra,
  };
  return call(from, 'PUT', '/wps/member/register', await sealPayload(form, key));
}

const playForFree = (from: Browser, extra: Record<string, unknown> = {}) =>
  call(from, 'POST', '/wps/session/login/freeplay', { platform: 'W', ...extra });

/**
 * A captcha image for this browser whose answer the test then knows: the stored answer is
 * replaced with the server's secret, which an attacker does not have. The image route allows one
 * per second per address, so the clock moves on a second first.
 */
async function solvedCaptcha(from: Browser): Promise<string> {
  nowMs += 1000;
  expect((await call(from, 'GET', '/wps/captcha')).body.success).toBe(true);
  const id = from.cookies.captchaId ?? '';
  const answer = 'K7P2';
  const answerHash = createHmac('sha256', testApp.config.appSecret)
    .update(`captcha:${id}:${answer}`)
    .digest('hex');
  await testApp.database.db
    .updateTable('captcha_challenges')
    .set({ answer_hash: answerHash })
    .where('id', '=', id)
    .execute();
  return answer;
}

const codesOf = (replies: readonly Reply[]) => replies.map((reply) => reply.body.code ?? 'OK').sort();

describe('registrations per address', () => {
  it('asks every request of a burst past the threshold for a captcha, and opens the account once it is solved', async () => {
    const ip = '198.51.100.20';
    const replies = await Promise.all(Array.from({ length: 8 }, () => register(browser(ip))));
    expect(codesOf(replies)).toEqual([
      'CAPTCHA_REQUIRED',
      'CAPTCHA_REQUIRED',
      'CAPTCHA_REQUIRED',
      'CAPTCHA_REQUIRED',
      'CAPTCHA_REQUIRED',
      'OK',
      'OK',
      'OK',
    ]);
    const asked = replies.find((reply) => reply.body.code === 'CAPTCHA_REQUIRED');
    expect(asked).toMatchObject({ status: 422, body: { value: { captcha: true } } });

    // Never refused outright: a wrong answer is told so, the right one opens the account.
    const subscriber = browser(ip);
    await solvedCaptcha(subscriber);
    expect((await register(subscriber, { captcha: 'ZZZZ' })).body).toMatchObject({
      code: 'CAPTCHA_INVALID',
      value: { captcha: true },
    });
    const answer = await solvedCaptcha(subscriber);
    const opened = await register(subscriber, { captcha: answer.toLowerCase() });
    expect(opened.body).toMatchObject({ success: true, value: { firstTimeLogin: true } });
  });

  it('counts the addresses of one IPv6 /64 together, and another /64 apart', async () => {
    const sameNetwork = [
      '2001:db8:77:1::1',
      '2001:db8:77:1::2',
      '2001:db8:77:1:abcd::9',
      '2001:db8:77:1::ff',
    ];
    const codes: string[] = [];
    for (const ip of sameNetwork) codes.push((await register(browser(ip))).body.code ?? 'OK');
    expect(codes).toEqual(['OK', 'OK', 'OK', 'CAPTCHA_REQUIRED']);
    expect((await register(browser('2001:db8:77:2::1'))).body.success).toBe(true);
  });

  it('lets registrations through again once the window has passed', async () => {
    const ip = '198.51.100.21';
    for (let index = 0; index < 3; index += 1) expect((await register(browser(ip))).body.success).toBe(true);
    expect((await register(browser(ip))).body.code).toBe('CAPTCHA_REQUIRED');
    nowMs += HOUR_MS + 1000;
    expect((await register(browser(ip))).body.success).toBe(true);
  });

  it('counts only accepted forms: a form with a mistake is answered as before', async () => {
    const ip = '198.51.100.22';
    for (let index = 0; index < 5; index += 1) {
      expect((await register(browser(ip), { termsAccepted: false })).body.code).toBe('VALIDATION');
    }
    expect((await register(browser(ip))).body.success).toBe(true);
  });

  it('gives back an attempt that opened no account, such as a taken name', async () => {
    const ip = '198.51.100.23';
    const taken = `burst${String(++serial).padStart(5, '0')}`;
    expect((await register(browser('198.51.100.24'), { username: taken })).body.success).toBe(true);
    for (let index = 0; index < 4; index += 1) {
      expect((await register(browser(ip), { username: taken })).body.code).toBe('VALIDATION');
    }
    const codes: string[] = [];
    for (let index = 0; index < 4; index += 1) codes.push((await register(browser(ip))).body.code ?? 'OK');
    expect(codes).toEqual(['OK', 'OK', 'OK', 'CAPTCHA_REQUIRED']);
  });
});

describe('registrations per device', () => {
  it('asks for a captcha past the device threshold, from whatever address', async () => {
    const deviceId = 'Zk3vQ9wLx1tR8yBn5mC2aA';
    const codes: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      codes.push((await register(browser(`198.51.101.${index + 1}`, deviceId))).body.code ?? 'OK');
    }
    expect(codes).toEqual(['OK', 'OK', 'CAPTCHA_REQUIRED']);
    const subscriber = browser('198.51.101.9', deviceId);
    const answer = await solvedCaptcha(subscriber);
    expect((await register(subscriber, { captcha: answer })).body.success).toBe(true);
  });

  it('ignores a malformed device id, leaving the address threshold', async () => {
    for (const [index, deviceId] of [
      'short',
      'has spaces in it!!',
      'x'.repeat(65),
      'ünïcödé-ünïcödé-ü',
    ].entries()) {
      const reply = await register(browser(`198.51.102.${index + 1}`, deviceId));
      expect(reply.body.success).toBe(true);
    }
  });
});

describe('free-play (trial) accounts', () => {
  it('asks a burst past the address threshold for a captcha, and starts the trial once solved', async () => {
    const ip = '198.51.103.1';
    const replies = await Promise.all(Array.from({ length: 7 }, () => playForFree(browser(ip))));
    expect(codesOf(replies)).toEqual([
      'CAPTCHA_REQUIRED',
      'CAPTCHA_REQUIRED',
      'CAPTCHA_REQUIRED',
      'CAPTCHA_REQUIRED',
      'OK',
      'OK',
      'OK',
    ]);
    const player = browser(ip);
    const answer = await solvedCaptcha(player);
    const started = await playForFree(player, { captcha: answer });
    expect(started.body.success).toBe(true);
    const trials = await testApp.database.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('type', '=', 4)
      .where('register_ip', '=', ip)
      .executeTakeFirstOrThrow();
    expect(Number(trials.count)).toBe(4);
  });

  it('asks for a captcha past the device threshold', async () => {
    const deviceId = 'trial-device-0000000001';
    const codes: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      codes.push((await playForFree(browser(`198.51.104.${index + 1}`, deviceId))).body.code ?? 'OK');
    }
    expect(codes).toEqual(['OK', 'OK', 'CAPTCHA_REQUIRED']);
  });

  it("reads each merchant's own thresholds and counts each merchant apart", async () => {
    const ip = '198.51.105.1';
    const demoCodes: string[] = [];
    const secondCodes: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      demoCodes.push((await playForFree(browser(ip))).body.code ?? 'OK');
      secondCodes.push((await playForFree(browser(ip, undefined, SECOND_HOST))).body.code ?? 'OK');
    }
    expect(demoCodes).toEqual(['OK', 'OK', 'OK', 'CAPTCHA_REQUIRED', 'CAPTCHA_REQUIRED', 'CAPTCHA_REQUIRED']);
    expect(secondCodes).toEqual(['OK', 'OK', 'OK', 'OK', 'OK', 'OK']);

    // An operator who sets zero asks every new trial for a captcha.
    await patchDemoSettings(testApp, { accountCreation: { ...THRESHOLDS, trialsPerAddress: 0 } });
    expect((await playForFree(browser('198.51.105.2'))).body.code).toBe('CAPTCHA_REQUIRED');
  });
});

describe('thresholds in the back office', () => {
  it('an operator reads and changes them, with an audit row, and the site follows at once', async () => {
    const { db } = testApp.database;
    const merchant = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    const session = await insertOperatorWithSession(db, {
      username: 'threshold-admin',
      merchantId: merchant.id,
      roleId: 'admin',
      nowMs,
    });
    const admin = createBackOfficeClient(testApp.app);
    admin.token = session.token;
    const before = await admin.call('GET', `/bo/merchants/${merchant.id}/config`);
    expect(before.body.value.accountCreation).toEqual(THRESHOLDS);

    const changed = { ...THRESHOLDS, trialsPerAddress: 1, windowMinutes: 30 };
    const { reply, row } = await expectOneAuditRow(db, () =>
      admin.call('PUT', `/bo/merchants/${merchant.id}/account-creation`, changed),
    );
    expect(reply.body.value.accountCreation).toEqual(changed);
    expect(row).toMatchObject({ action: 'settings.accountCreation', before: THRESHOLDS, after: changed });
    const codes: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      codes.push((await playForFree(browser('198.51.107.1'))).body.code ?? 'OK');
    }
    expect(codes).toEqual(['OK', 'CAPTCHA_REQUIRED']);

    const refused = await admin.call('PUT', `/bo/merchants/${merchant.id}/account-creation`, {
      ...THRESHOLDS,
      windowMinutes: 0,
    });
    expect(refused.body.code).toBe('VALIDATION');
  });
});

describe('trial expiry', () => {
  async function runExpiryJob(): Promise<void> {
    const job = testApp.app.jobs.definitions.find(
      (definition) => definition.name === 'members.expire-trials',
    );
    if (!job) throw new Error('the trial expiry job is not registered');
    await job.handle({}, { jobId: 'test', retryCount: 0, signal: new AbortController().signal });
  }

  const memberRow = (id: string) =>
    testApp.database.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const countOf = async (table: 'member_sessions' | 'member_logins', memberId: string) => {
    const row = await testApp.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  const auditRowsOf = async (memberId: string) => {
    const rows = await testApp.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('target_id', '=', memberId)
      .execute();
    return rows.length;
  };

  it('anonymises a trial a day after its last activity, once, keeping its audit rows and history', async () => {
    const player = browser('198.51.106.1', 'expiry-device-000000001');
    const started = await playForFree(player);
    expect(started.body.success).toBe(true);
    const token: string = started.body.value.token;
    const asMember = () =>
      testApp.app.inject({
        method: 'GET',
        url: '/wps/member/info?language=EN',
        remoteAddress: player.ip,
        headers: { authorization: `Bearer ${token}` },
      });
    const trialId: string = (await asMember()).json().value.id;
    await testApp.database.db
      .insertInto('audit_log')
      .values({
        id: uuidv7(),
        actor_id: null,
        actor_name: 'risk',
        merchant_id: null,
        action: 'member.note',
        target_type: 'member',
        target_id: trialId,
        before: null,
        after: JSON.stringify({ note: 'looked at' }),
        ip: null,
      })
      .execute();
    const registered = await register(browser('198.51.106.2'));
    expect(registered.body.success).toBe(true);

    // Still played twenty minutes later (within the idle timeout): the day counts from then.
    nowMs += 20 * 60_000;
    expect((await asMember()).statusCode).toBe(200);
    nowMs += 23 * HOUR_MS + 30 * 60_000;
    await runExpiryJob();
    expect((await memberRow(trialId)).anonymised_at).toBeNull();

    nowMs += 31 * 60_000;
    const loginsBefore = await countOf('member_logins', trialId);
    // Two passes at once, as two nodes could run them: the trial is done once.
    await Promise.all([runExpiryJob(), runExpiryJob()]);
    const done = await memberRow(trialId);
    expect(done).toMatchObject({
      account: `expired_${trialId}`,
      account_key: `expired_${trialId}`,
      type: 4,
      register_ip: null,
      email: null,
      mobile_number: null,
      payee_name: null,
      contacts: {},
    });
    expect(done.anonymised_at?.getTime()).toBe(nowMs);
    expect(await countOf('member_sessions', trialId)).toBe(0);
    expect(await countOf('member_logins', trialId)).toBe(loginsBefore);
    expect(await auditRowsOf(trialId)).toBe(1);
    expect((await asMember()).json()).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });

    // Idempotent: a later pass changes nothing, and a registered member is never touched.
    nowMs += 48 * HOUR_MS;
    await runExpiryJob();
    expect((await memberRow(trialId)).anonymised_at?.getTime()).toBe(done.anonymised_at?.getTime());
    const registeredMember = await testApp.database.db
      .selectFrom('members')
      .select(['account', 'anonymised_at'])
      .where('register_ip', '=', '198.51.106.2')
      .executeTakeFirstOrThrow();
    expect(registeredMember.anonymised_at).toBeNull();
    expect(registeredMember.account).toMatch(/^burst/);
  });
});
