import { sealPayload } from '@panalo/crypto/sealed-payload.ts';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../src/platform/http/envelope.ts';
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
