import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sealPayload } from '@panalo/crypto/sealed-payload.ts';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../src/platform/http/envelope.ts';
import { redactUrl, SENSITIVE_QUERY_PARAMETERS } from '../src/platform/http/request-logger.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { seedDemoMerchant } from '../src/seed/demo-merchant.ts';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { fund, memberIdOf } from './support/game-fixtures.ts';
import { createPlatformTestApp, type PlatformTestApp } from './support/platform-test-app.ts';

const SECRETS = {
  bearer: 'bearer-secret-7f3a9c',
  cookie: 'cookie-secret-51b2e8',
  signature: 'signature-secret-0c4d1f',
  password: 'password-secret-9e8d7c',
  sealedPassword: 'sealed-password-secret-a1b2c3',
};

const lines: string[] = [];
let testApp: PlatformTestApp;

beforeAll(async () => {
  testApp = await createPlatformTestApp({
    config: { logLevel: 'trace' },
    logStream: { write: (line) => lines.push(line) },
    registerTestRoutes: (app) => {
      const LoginBody = Type.Object({ username: Type.String(), password: Type.String() });
      app.post('/test/login', { schema: { body: LoginBody } }, async (request) => {
        // What a careless handler might write while debugging: the redaction must still hold.
        request.log.info({ headers: request.headers, body: request.body }, 'login attempt');
        return ok({ done: true });
      });
      app.post(
        '/test/sealed-login',
        { config: { encrypted: true }, schema: { body: LoginBody } },
        async (request) => {
          request.log.info({ body: request.body }, 'sealed login attempt');
          return ok({ done: true });
        },
      );
      app.post('/test/crash', async (request) => {
        request.log.debug({ body: request.body }, 'about to fail');
        throw new Error('unexpected failure');
      });
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

const secretHeaders = {
  authorization: `Bearer ${SECRETS.bearer}`,
  cookie: `captchaId=${SECRETS.cookie}`,
  'x-signature': SECRETS.signature,
};

describe('logging', () => {
  it('never writes authorization headers, cookies, signatures, passwords or sealed payload contents', async () => {
    lines.length = 0;
    await testApp.app.inject({ method: 'GET', url: '/healthz', headers: secretHeaders });
    await testApp.app.inject({
      method: 'POST',
      url: '/test/login',
      headers: secretHeaders,
      payload: { username: 'juan', password: SECRETS.password },
    });
    const key = (await testApp.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value;
    const sealed = await sealPayload({ username: 'juan', password: SECRETS.sealedPassword }, key);
    const sealedResponse = await testApp.app.inject({
      method: 'POST',
      url: '/test/sealed-login',
      headers: secretHeaders,
      payload: sealed,
    });
    expect(sealedResponse.statusCode).toBe(200);
    const crash = await testApp.app.inject({
      method: 'POST',
      url: '/test/crash',
      headers: secretHeaders,
      payload: { password: SECRETS.password },
    });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toMatchObject({ success: false, code: 'UNKNOWN' });
    expect(crash.body).not.toContain('unexpected failure');

    const log = lines.join('');
    // The capture works: the requests and the crash were logged, with the request id.
    expect(log).toContain('login attempt');
    expect(log).toContain('unexpected failure');
    expect(log).toContain(crash.headers['x-request-id']);
    expect(log).toContain('[Redacted]');
    for (const secret of [...Object.values(SECRETS), sealed.k, sealed.d]) expect(log).not.toContain(secret);
  });
});

describe('secrets in URLs', () => {
  it('writes the value of every sensitive query parameter as [Redacted], in any case, and keeps the rest', async () => {
    lines.length = 0;
    const secrets = SENSITIVE_QUERY_PARAMETERS.map((name, index) => ({
      name,
      secret: `url-secret-${index}-4c1e9a`,
    }));
    for (const { name, secret } of secrets) {
      await testApp.app.inject({ method: 'GET', url: `/healthz?page=2&${name}=${secret}&keep=visible` });
      await testApp.app.inject({ method: 'GET', url: `/healthz?${name.toUpperCase()}=${secret}-upper` });
      await testApp.app.inject({
        method: 'GET',
        url: `/healthz?${encodeURIComponent(name)}=${secret}-encoded`,
      });
    }
    // The social-login return and an emailed reset link, as the browser sends them.
    await testApp.app.inject({
      method: 'GET',
      url: '/wps/session/social/google/callback?code=oidc-code-5d7e1f&state=oidc-state-8a2b3c',
    });
    await testApp.app.inject({ method: 'GET', url: '/?resetPassword=reset-token-6f0e2d' });

    const log = lines.join('');
    expect(log).toContain('/healthz?page=2&');
    expect(log).toContain('&keep=visible');
    expect(log).toContain('/wps/session/social/google/callback?code=[Redacted]&state=[Redacted]');
    for (const { name, secret } of secrets) {
      expect(log).toContain(`${name}=[Redacted]`);
      expect(log).not.toContain(secret);
    }
    for (const secret of ['oidc-code-5d7e1f', 'oidc-state-8a2b3c', 'reset-token-6f0e2d']) {
      expect(log).not.toContain(secret);
    }
  });

  it('leaves a URL without a sensitive parameter as it came', () => {
    for (const url of ['/wps/relay/games?pageNo=1&vassalage=LAKAN', '/healthz', '/a?tokens=1&x', '/a?=b&c']) {
      expect(redactUrl(url)).toBe(url);
    }
    expect(redactUrl('/a?b=1&token=x&token=y')).toBe('/a?b=1&token=[Redacted]&token=[Redacted]');
  });
});

describe('a game launch, its page and a bet in the log', () => {
  const gameLines: string[] = [];
  let gameApp: PlatformTestApp;
  let distRoot: string;

  beforeAll(async () => {
    // The built web app's game client page, so that loading the launch URL reaches a real route.
    distRoot = mkdtempSync(path.join(tmpdir(), 'panalo-dist-'));
    mkdirSync(path.join(distRoot, 'game'), { recursive: true });
    writeFileSync(path.join(distRoot, 'index.html'), '<!doctype html><title>Panalo</title>');
    writeFileSync(path.join(distRoot, 'game', 'index.html'), '<!doctype html><title>Game client</title>');
    gameApp = await createPlatformTestApp({
      config: { logLevel: 'info', webDistDir: distRoot },
      logStream: { write: (line) => gameLines.push(line) },
    });
    await seedDemoMerchant(gameApp.database.db);
    await seedDemoAccounts(gameApp.database.db);
    await seedDemoInHouseVendor(gameApp.database.db, gameApp.app.games);
    gameApp.app.merchantService.invalidate();
    await fund(gameApp, await memberIdOf(gameApp, 'demo'), 100_000n, 'logging-game-fund');
    // A migrated and seeded embedded database takes long on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await gameApp.close();
    rmSync(distRoot, { recursive: true, force: true });
  });

  it('never writes the launch token: the launch URL carries it in the fragment, which a browser never sends', async () => {
    const member = createAccountsClient(gameApp.app, '203.0.113.71');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const launched = await member.call('GET', '/wps/game/launchGame?nodeId=INHOUSE_dice&mode=real');
    expect(launched.status).toBe(200);
    const url = new URL(launched.body.value.url, 'http://localhost');
    expect(url.pathname).toBe('/game/');
    expect(url.searchParams.has('token')).toBe(false);
    const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The iframe loads the page: the browser sends the path and the query, never the fragment.
    const page = await gameApp.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Game client');
    // The client opens its table with the token in the body and bets with it in X-Game-Token.
    const opened = await gameApp.app.inject({
      method: 'POST',
      url: '/wps/game/house/open',
      payload: { mode: 'real', gameCode: 'dice', token },
    });
    expect(opened.json()).toMatchObject({ success: true, value: { mode: 'real', gameCode: 'dice' } });
    const tableToken = opened.json().value.token as string;
    const bet = await gameApp.app.inject({
      method: 'POST',
      url: '/wps/game/house/bet',
      headers: { 'x-game-token': tableToken },
      payload: { requestId: 'logging-bet-000001', stake: '10.00', direction: 'under', target: '50.00' },
    });
    expect(bet.json()).toMatchObject({ success: true });
    // A careless line with the request's headers still keeps the token out.
    gameApp.app.log.info({ headers: { 'x-game-token': tableToken } }, 'game call');

    const log = gameLines.join('');
    expect(log).toContain('/wps/game/launchGame?nodeId=INHOUSE_dice');
    expect(log).toContain('/game/?game=dice');
    expect(log).toContain('/wps/game/house/bet');
    expect(log).not.toContain(token);
    expect(log).not.toContain(tableToken);
  });
});
