import { createServer, type Server } from 'node:http';
import { signRequest } from '@panalo/crypto/request-signature.ts';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient, type Envelope } from './support/accounts-client.ts';
import {
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import {
  catalogueGame,
  fund,
  memberIdOf,
  registerTestVendor,
  TEST_VENDOR_SECRET,
} from './support/game-fixtures.ts';
import { type LocalIdentityProvider, startIdentityProvider } from './support/identity-provider.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// Every link and callback address the server gives out names the merchant's configured main
// origin, else PUBLIC_ORIGIN, never the Host or X-Forwarded-Host of the request; a host no merchant
// answers on is refused on the site's APIs rather than served as the default merchant; vendors'
// calls find their merchant by who signed them.

const PUBLIC_ORIGIN = 'https://public.panalo.example';
const MAIN_ORIGIN = 'https://www.panalo.example:8443';
const ATTACKER = 'attacker.example';
const DEMO_EMAIL = 'demo@panalo.example';

let testApp: TestApp;
let nowMs = Date.parse('2026-11-25T08:00:00Z');
let merchantId: string;
let gateway: { server: Server; url: string; calls: Record<string, string>[] };
let provider: LocalIdentityProvider;
let addressCounter = 10;

/** A stand-in for a payment gateway: it records each signed call and answers OK. */
async function startRecordingGateway() {
  const calls: Record<string, string>[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      calls.push(JSON.parse(body) as Record<string, string>);
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          status: 'OK',
          gatewayOrderId: `order-${calls.length}`,
          payUrl: 'https://gateway.example/pay',
          gatewayPayoutId: `payout-${calls.length}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return { server, url: `http://127.0.0.1:${address.port}`, calls };
}

/** A player's browser whose requests name `host` (and, when given, an X-Forwarded-Host). */
async function inject(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
): Promise<{ status: number; body: Envelope }> {
  addressCounter += 1;
  const response = await testApp.app.inject({
    method,
    url,
    headers,
    remoteAddress: `203.0.113.${addressCounter}`,
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope };
}

async function resetMails(): Promise<{ body: string }[]> {
  return testApp.database.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('destination', '=', DEMO_EMAIL)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

async function askForResetLink(headers: Record<string, string>) {
  nowMs += 3_600_000;
  return inject('POST', '/wps/member/password/email?language=EN', headers, {
    username: 'demo',
    email: DEMO_EMAIL,
  });
}

async function latestResetLink(): Promise<string> {
  const [mail] = await resetMails();
  const link = /(\S+\/#resetPassword=[A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
  if (!link) throw new Error(`no reset link in ${mail?.body}`);
  return link;
}

/** The operator sets the main origin on the main PLAYER route, keeping the local hosts as mirrors. */
async function configureMainOrigin() {
  const admin = createBackOfficeClient(testApp.app);
  admin.token = (
    await insertOperatorWithSession(testApp.database.db, {
      username: 'origins',
      merchantId,
      roleId: 'admin',
      nowMs,
    })
  ).token;
  const domains = [
    { domain: 'www.panalo.example', route: 'PLAYER', isMain: true, scheme: 'https', port: 8443 },
    { domain: 'localhost', route: 'PLAYER', isMain: false, scheme: null, port: null },
    { domain: '127.0.0.1', route: 'PLAYER', isMain: false },
  ];
  const saved = await admin.call('PUT', `/bo/merchants/${merchantId}/domains`, { domains });
  expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
  expect(saved.body.value.domains).toContainEqual({
    domain: 'www.panalo.example',
    route: 'PLAYER',
    isMain: true,
    scheme: 'https',
    port: 8443,
  });
  const portWithoutScheme = await admin.call('PUT', `/bo/merchants/${merchantId}/domains`, {
    domains: [{ domain: 'www.panalo.example', route: 'PLAYER', isMain: true, scheme: null, port: 8443 }],
  });
  expect(portWithoutScheme.body.code).toBe('VALIDATION');
  expect(Object.keys(portWithoutScheme.body.value.fields)).toEqual(['domains.0.port']);
}

beforeAll(async () => {
  testApp = await createSeededApp({ publicOrigin: PUBLIC_ORIGIN }, { now: () => new Date(nowMs) });
  merchantId = (
    await testApp.database.db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow()
  ).id;
  gateway = await startRecordingGateway();
  provider = await startIdentityProvider([`${MAIN_ORIGIN}/wps/session/social/google/callback`]);
});

afterAll(async () => {
  await testApp.close();
  await new Promise((resolve) => gateway.server.close(resolve));
  await provider.close();
});

describe('a password-reset link', () => {
  it('is refused on a host no merchant answers on, and no mail is sent', async () => {
    const before = (await resetMails()).length;
    const attempts: Record<string, string>[] = [
      { host: ATTACKER },
      { host: `${ATTACKER}:443`, 'x-forwarded-host': 'localhost' },
    ];
    for (const headers of attempts) {
      const asked = await askForResetLink(headers);
      expect([asked.status, asked.body.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect(await resetMails()).toHaveLength(before);
  });

  it('names PUBLIC_ORIGIN while the merchant has no main origin, whatever Host and X-Forwarded-Host say', async () => {
    const asked = await askForResetLink({ host: 'localhost:8080', 'x-forwarded-host': ATTACKER });
    expect(asked.body).toEqual({ success: true, value: {} });
    expect(await latestResetLink()).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/#resetPassword=`));
  });

  it("names the merchant's configured main origin, even asked on a mirror with a forged X-Forwarded-Host", async () => {
    await configureMainOrigin();
    const asked = await askForResetLink({ host: '127.0.0.1:3000', 'x-forwarded-host': ATTACKER });
    expect(asked.body).toEqual({ success: true, value: {} });
    const link = await latestResetLink();
    expect(link).toMatch(/^https:\/\/www\.panalo\.example:8443\/#resetPassword=/);
    expect(link).not.toContain(ATTACKER);
  });
});

describe('addresses handed to third parties', () => {
  let player: AccountsClient;

  beforeAll(async () => {
    player = createAccountsClient(testApp.app, '203.0.113.200');
    expect((await player.logIn('demo', 'Demo1234')).success).toBe(true);
  });

  it("a deposit's notify and return addresses name the main origin", async () => {
    const method = await testApp.app.payments.createMethod({
      merchantId,
      code: 'recorded',
      kind: 'gateway',
      names: { EN: 'Recorded' },
      minMinor: 10_000n,
      maxMinor: 5_000_000n,
      playerDailyMaxMinor: null,
      gateway: {
        baseUrl: gateway.url,
        merchantNo: 'ORIGINS',
        secret: 'origins-gateway-secret-0123456789',
        channel: 'GCASH',
      },
    });
    const started = await inject(
      'POST',
      '/wps/payment/deposits?language=EN',
      { host: 'localhost', 'x-forwarded-host': ATTACKER, authorization: `Bearer ${player.token}` },
      { methodId: method.id, amount: '150.00' },
    );
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    const order = gateway.calls.at(-1);
    expect(order?.notifyUrl).toBe(`${MAIN_ORIGIN}/pay/hosted/${method.id}/callback`);
    expect(order?.returnUrl).toBe(
      `${MAIN_ORIGIN}/member?page=depositv2&deposit=${started.body.value.deposit.id as string}`,
    );
  });

  it("a social login's redirect address names the main origin", async () => {
    await patchDemoSettings(testApp, {
      whitelabel: [{ modId: 'SOCIALLOGIN', enabled: true, children: [] }],
      socialLogin: [
        {
          provider: 'google',
          enabled: true,
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          scopes: 'openid email profile',
        },
      ],
    });
    const started = await inject(
      'POST',
      '/wps/session/social/start?language=EN',
      { host: '127.0.0.1', 'x-forwarded-host': ATTACKER },
      { provider: 'google' },
    );
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    const authorization = new URL(started.body.value.url as string);
    expect(authorization.searchParams.get('redirect_uri')).toBe(
      `${MAIN_ORIGIN}/wps/session/social/google/callback`,
    );
  });
});

describe('hosts', () => {
  it('a host no merchant answers on is refused on /wps, /lgw and /bo, and served for health', async () => {
    for (const url of [
      '/wps/system/permission',
      '/lgw/games/game_menus',
      '/bo/auth/captcha',
      '/wps/system/publicKey',
    ]) {
      const refused = await inject('GET', `${url}?language=EN`, { host: ATTACKER });
      expect([refused.status, refused.body.code], url).toEqual([404, 'NOT_FOUND']);
      const served = await inject('GET', `${url}?language=EN`, { host: 'localhost' });
      expect(served.status, url).not.toBe(404);
    }
    const health = await testApp.app.inject({ method: 'GET', url: '/healthz', headers: { host: ATTACKER } });
    expect(health.statusCode).toBe(200);
  });

  it("a vendor's wallet call names its merchant by its signature, whatever host it reached", async () => {
    await registerTestVendor(testApp, { vassalage: 'ORIGV', games: [catalogueGame('origins-1')] });
    const otherMerchant = await insertOtherMerchant(testApp.database.db, 'origins-other');
    const otherSecret = 'another-merchants-vendor-secret-0123456789';
    await testApp.app.games.registerVendor({
      merchantId: otherMerchant,
      vassalage: 'ORIGV',
      name: 'Another merchant’s ORIGV',
      walletMode: 'seamless',
      launchUrl: 'https://origv.vendor.test/play/{gameCode}',
      secret: otherSecret,
    });
    const memberId = await memberIdOf(testApp, 'demo');
    await fund(testApp, memberId, 50_000n, 'origins-fund');
    const balanceCall = async (secret: string) => {
      const rawBody = JSON.stringify({ vendor: 'ORIGV', playerId: memberId, currency: 'PHP' });
      const timestamp = Math.floor(nowMs / 1000);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/wallet/v1/balance',
        headers: {
          host: 'api.vendors.example',
          'content-type': 'application/json',
          'x-timestamp': String(timestamp),
          'x-signature': signRequest(secret, timestamp, rawBody),
        },
        payload: rawBody,
      });
      expect(response.statusCode).toBe(200);
      return response.json() as { status: string; balance: string | null };
    };
    expect(await balanceCall(TEST_VENDOR_SECRET)).toMatchObject({
      status: 'OK',
      balance: expect.any(String),
    });
    // The other merchant's vendor signed it: the demo merchant's player is none of its players.
    expect((await balanceCall(otherSecret)).status).not.toBe('OK');
    expect((await balanceCall('a-secret-no-vendor-holds-0123456789')).status).toBe('INVALID_SIGNATURE');
  });
});

describe('sockets', () => {
  it("a browser's socket is let in from its merchant's own domains only, as configured", async () => {
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const otherMerchant = await insertOtherMerchant(testApp.database.db, 'socket-other');
    await testApp.database.db
      .insertInto('merchant_domains')
      .values({
        id: 'socket-other-main',
        merchant_id: otherMerchant,
        domain: 'other.example',
        route: 'PLAYER',
        is_main: true,
      })
      .execute();
    testApp.app.merchantService.invalidate();
    const player = createAccountsClient(testApp.app, '203.0.113.201');
    expect((await player.logIn('demo', 'Demo1234')).success).toBe(true);

    const handshake = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(`http://127.0.0.1:${address.port}`, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          auth: { token: player.token },
          extraHeaders: { Origin: origin },
        });
        socket.once('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.once('connect_error', (error) => {
          socket.close();
          resolve(error.message);
        });
      });
    expect(await handshake(MAIN_ORIGIN)).toBe('connected');
    expect(await handshake(`https://${ATTACKER}`)).toBe('FORBIDDEN');
    expect(await handshake('https://other.example')).toBe('FORBIDDEN');
  });
});
