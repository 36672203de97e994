import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/platform/crypto/token-hash.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { type BackOfficeClient, insertOtherMerchant } from './support/bo-client.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import { memberAt, operatorOf, promotionBody, publishPromotion } from './support/promotion-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const NOW = Date.parse('2030-04-02T04:00:00Z');
const DAY_MS = 86_400_000;
const yesterday = new Date(NOW - DAY_MS);
const OTHER_HOST = 'lakbay.example';
let testApp: TestApp;
let merchantId: string;
let owner: BackOfficeClient;
let ipCount = 0;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(NOW) });
  merchantId = await demoMerchantId(testApp);
  owner = await operatorOf(testApp, { username: 'app_owner', merchantId, roleId: 'owner', nowMs: NOW });
  const otherId = await insertOtherMerchant(testApp.database.db, 'lakbay');
  await testApp.database.db
    .insertInto('merchant_domains')
    .values({ id: uuidv7(), merchant_id: otherId, domain: OTHER_HOST, route: 'PLAYER', is_main: true })
    .execute();
});

afterAll(async () => {
  await testApp?.close();
});

/** A fresh client address for each test, so that the per-address limit is the test's own. */
function nextIp(): string {
  ipCount += 1;
  return `198.51.100.${ipCount}`;
}

async function install(options: { ip?: string; deviceId?: string; host?: string } = {}) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/wps/app/install?language=EN',
    remoteAddress: options.ip ?? nextIp(),
    headers: {
      ...(options.deviceId ? { 'x-device-id': options.deviceId } : {}),
      ...(options.host ? { host: options.host } : {}),
    },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

async function tokenOf(options: { host?: string } = {}): Promise<string> {
  const reply = await install(options);
  expect(reply.status).toBe(200);
  return reply.body.value.token as string;
}

async function launch(client: { call: ReturnType<typeof createAccountsClient>['call'] }, token: string) {
  return (await client.call('POST', '/wps/app/launch', { token })).body;
}

const appDownload = (overrides: Record<string, unknown> = {}) =>
  publishPromotion(
    owner,
    promotionBody(yesterday, {
      type: 'APP_DOWNLOAD',
      kind: 'app_download',
      title: { EN: 'App gift', TY: 'Regalo sa app' },
      rules: { amount: '50.00' },
      ...overrides,
    }),
  );

describe('the install token', () => {
  it('is a new random token each time, kept only as its hash, never cached', async () => {
    const first = await install({ deviceId: 'device-token-a1-000000' });
    const second = await install({ deviceId: 'device-token-a2-000000' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const token = first.body.value.token as string;
    expect(token).toMatch(/^ai1\.[\w-]{43}$/);
    expect(second.body.value.token).not.toBe(token);
    const rows = await testApp.database.db
      .selectFrom('app_installs')
      .selectAll()
      .where('device_id', '=', 'device-token-a1-000000')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ merchant_id: merchantId, token_hash: hashToken(token), member_id: null });
    expect(JSON.stringify(rows)).not.toContain(token.slice(4));
  });

  it('is limited per device and per address, a burst counted in full', async () => {
    const ip = nextIp();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => install({ ip, deviceId: 'device-burst-0001-xx' })),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(3);
    for (const refused of replies.filter((reply) => reply.status !== 200)) {
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
    }
    // Other devices behind the same address: ten asks in all from it within the hour, the six
    // above among them (the address is counted before the device).
    const more = await Promise.all(
      Array.from({ length: 9 }, (_, index) => install({ ip, deviceId: `device-burst-${index + 2}-0000-xx` })),
    );
    expect(more.filter((reply) => reply.status === 200)).toHaveLength(4);
  });
});

describe('the first login from the installed app', () => {
  it('records the app for the member once; the token is spent and another member gets nothing of it', async () => {
    const token = await tokenOf();
    const first = await memberAt(testApp, merchantId, yesterday);
    const second = await memberAt(testApp, merchantId, yesterday);
    expect(await launch(first.client, token)).toMatchObject({ success: true, value: { linked: true } });
    // Again from the same app (a second session): still on record, nothing more written.
    expect((await launch(first.client, token)).value).toEqual({ linked: true });
    expect((await launch(second.client, token)).value).toEqual({ linked: false });
    const rows = await testApp.database.db
      .selectFrom('app_installs')
      .select(['member_id', 'launched_at'])
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(rows).toEqual([{ member_id: first.id, launched_at: new Date(NOW) }]);
  });

  it('refuses an unknown, malformed, expired or another site’s token, and a visitor', async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    expect((await launch(member.client, 'ai1.unknown')).value).toEqual({ linked: false });
    expect((await launch(member.client, 'cv1.something-else')).value).toEqual({ linked: false });
    const tooLong = await launch(member.client, `ai1.${'x'.repeat(200)}`);
    expect(tooLong.code).toBe('VALIDATION');
    const expired = await tokenOf();
    await sql`update app_installs set issued_at = ${new Date(NOW - 91 * DAY_MS)}
      where token_hash = ${hashToken(expired)}`.execute(testApp.database.db);
    expect((await launch(member.client, expired)).value).toEqual({ linked: false });
    const foreign = await tokenOf({ host: OTHER_HOST });
    expect((await launch(member.client, foreign)).value).toEqual({ linked: false });
    const visitor = await createAccountsClient(testApp.app).call('POST', '/wps/app/launch', {
      token: await tokenOf(),
    });
    expect(visitor.body.code).toBe('NOT_LOGGED_IN');
  });

  it('gives one token to one of many members launching with it at the same moment', async () => {
    const token = await tokenOf();
    const members = await Promise.all(
      Array.from({ length: 6 }, () => memberAt(testApp, merchantId, yesterday)),
    );
    const answers = await Promise.all(members.map((member) => launch(member.client, token)));
    expect(answers.filter((answer) => answer.value?.linked === true)).toHaveLength(1);
    expect(answers.every((answer) => answer.success)).toBe(true);
  });

  it('records one install for a member launching with several tokens at the same moment', async () => {
    const tokens = await Promise.all(Array.from({ length: 5 }, () => tokenOf()));
    const member = await memberAt(testApp, merchantId, yesterday);
    const answers = await Promise.all(tokens.map((token) => launch(member.client, token)));
    expect(answers.map((answer) => answer.value)).toEqual(tokens.map(() => ({ linked: true })));
    const rows = await testApp.database.db
      .selectFrom('app_installs')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('the app-download promotion', () => {
  it('needs an amount', async () => {
    const created = await owner.call(
      'POST',
      '/bo/promotions',
      promotionBody(yesterday, { type: 'APP_DOWNLOAD', kind: 'app_download', rules: {} }),
    );
    expect(created.body.code).toBe('VALIDATION');
    expect(Object.keys(created.body.value.fields)).toEqual(['rules.amount']);
  });

  it('asks for the installed app, then grants its bonus with wagering once', async () => {
    const id = await appDownload();
    const member = await memberAt(testApp, merchantId, new Date(NOW - 30 * DAY_MS));
    const detail = async () => (await member.client.call('GET', `/wps/promotion/detail?id=${id}`)).body.value;
    expect(await detail()).toMatchObject({
      kind: 'app_download',
      state: 'NONE',
      reason: 'APP_REQUIRED',
      rules: { amount: '50.00' },
    });
    const early = await member.client.call('POST', '/wps/promotion/claim', { id, acceptTerms: true });
    expect(early.body).toMatchObject({ code: 'FORBIDDEN', value: { reason: 'APP_REQUIRED' } });

    expect((await launch(member.client, await tokenOf())).value).toEqual({ linked: true });
    expect(await detail()).toMatchObject({ state: 'CLAIM', reason: null });
    const claims = await Promise.all(
      Array.from({ length: 6 }, () =>
        member.client.call('POST', '/wps/promotion/claim', { id, acceptTerms: true }),
      ),
    );
    const granted = claims.filter((reply) => reply.body.success);
    expect(granted).toHaveLength(1);
    expect(granted[0]?.body.value).toMatchObject({
      state: 'PROCESS',
      entry: { status: 'claimed', amount: '50.00' },
      bonus: { promotionId: id, status: 'active', amount: '50.00', wageringRequired: '250.00' },
    });
    const balances = await testApp.app.wallet.getBalances({
      merchantId,
      memberId: member.id,
      currency: 'PHP',
    });
    expect(balances.bonusMinor).toBe(5_000n);
    // A second app-download promotion is a promotion of its own: the install counts for it too.
    const another = await appDownload({ title: { EN: 'App gift 2' } });
    expect((await member.client.call('GET', `/wps/promotion/detail?id=${another}`)).body.value).toMatchObject(
      {
        state: 'CLAIM',
        reason: 'BONUS_ACTIVE',
      },
    );
  });

  it('asks visitors to log in', async () => {
    const id = await appDownload();
    const reply = await createAccountsClient(testApp.app).call('GET', `/wps/promotion/detail?id=${id}`);
    expect(reply.body.value).toMatchObject({ state: 'CLAIM', reason: 'LOGIN' });
  });
});
