import { type RsaPublicJwk, type SealedPayload, sealPayload } from '@panalo/crypto/sealed-payload.ts';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEncryptionKeyStore } from '../src/platform/crypto/encryption-keys.ts';
import { ok } from '../src/platform/http/envelope.ts';
import { createPlatformTestApp, type PlatformTestApp } from './support/platform-test-app.ts';

let testApp: PlatformTestApp;
const received: unknown[] = [];

beforeAll(async () => {
  // A sealed route exists only in this test: production routes (login, register) mark themselves
  // the same way when they land.
  testApp = await createPlatformTestApp({
    registerTestRoutes: (app) => {
      app.post(
        '/test/sealed',
        {
          config: { encrypted: true },
          schema: {
            body: Type.Object({ username: Type.String({ maxLength: 20 }), password: Type.String() }),
          },
        },
        async (request) => {
          received.push(request.body);
          return ok({ accepted: true });
        },
      );
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

async function fetchKey(): Promise<{ kid: string; jwk: RsaPublicJwk }> {
  const response = await testApp.app.inject({ method: 'GET', url: '/wps/system/publicKey' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const body = response.json();
  expect(body.success).toBe(true);
  return body.value;
}

function post(payload: unknown) {
  return testApp.app.inject({ method: 'POST', url: '/test/sealed?language=EN', payload: payload as object });
}

describe('encrypted payloads', () => {
  it('hands out an RSA-OAEP-256 public key, the same one until a rotation', async () => {
    const first = await fetchKey();
    expect(first.jwk).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', e: 'AQAB' });
    expect(first.jwk).not.toHaveProperty('d');
    expect(first.jwk).not.toHaveProperty('p');
    expect(Buffer.from(first.jwk.n, 'base64url').length * 8).toBeGreaterThanOrEqual(2048);
    expect(await fetchKey()).toEqual(first);
  });

  it('opens a sealed body before the schema validates it', async () => {
    const key = await fetchKey();
    const response = await post(await sealPayload({ username: 'juan', password: 'Lihim-123' }, key));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, value: { accepted: true } });
    expect(received.at(-1)).toEqual({ username: 'juan', password: 'Lihim-123' });
  });

  it('validates the opened body against the route schema', async () => {
    const key = await fetchKey();
    const response = await post(await sealPayload({ username: 'x'.repeat(30), password: 'p' }, key));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      value: { fields: { username: expect.any(String) } },
    });
  });

  it('refuses a plain body on a sealed route with ENCRYPTION_REQUIRED', async () => {
    const response = await post({ username: 'juan', password: 'Lihim-123' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'ENCRYPTION_REQUIRED' });
  });

  it('refuses an unknown kid with KEY_ROTATED', async () => {
    const key = await fetchKey();
    const sealed = await sealPayload({ username: 'juan', password: 'x' }, key);
    const response = await post({ ...sealed, kid: 'no-such-key' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'KEY_ROTATED' });
  });

  it.each(['d', 'iv', 'k'] as const)('answers MALFORMED when %s was tampered with', async (field) => {
    const key = await fetchKey();
    const sealed = await sealPayload({ username: 'juan', password: 'x' }, key);
    const bytes = Buffer.from(sealed[field], 'base64url');
    bytes[0]! ^= 0xff;
    const tampered: SealedPayload = { ...sealed, [field]: bytes.toString('base64url') };
    const response = await post(tampered);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'MALFORMED' });
  });

  it('answers MALFORMED for a sealed shape with a wrong version or broken fields', async () => {
    const key = await fetchKey();
    const sealed = await sealPayload({ username: 'juan', password: 'x' }, key);
    expect((await post({ ...sealed, e: 'v9' })).json()).toMatchObject({ code: 'MALFORMED' });
    expect((await post({ ...sealed, iv: '***' })).json()).toMatchObject({ code: 'MALFORMED' });
  });

  it('accepts the current and the previous key after a rotation, and no older one', async () => {
    const keys = createEncryptionKeyStore({ db: testApp.database.db });
    const oldest = await fetchKey();
    const previous = await keys.rotate();
    const current = await keys.rotate();
    expect(new Set([oldest.kid, previous.kid, current.kid]).size).toBe(3);

    const body = { username: 'juan', password: 'x' };
    expect((await post(await sealPayload(body, current))).statusCode).toBe(200);
    expect((await post(await sealPayload(body, previous))).statusCode).toBe(200);
    const tooOld = await post(await sealPayload(body, oldest));
    expect(tooOld.json()).toMatchObject({ code: 'KEY_ROTATED' });

    const active = await testApp.database.db
      .selectFrom('encryption_keys')
      .select('kid')
      .where('retired_at', 'is', null)
      .execute();
    expect(active.map((row) => row.kid).sort()).toEqual([previous.kid, current.kid].sort());
  });

  it('makes exactly one first key when several requests ask at once', async () => {
    await testApp.database.db.deleteFrom('encryption_keys').execute();
    const stores = [0, 1, 2].map(() => createEncryptionKeyStore({ db: testApp.database.db }));
    const handed = await Promise.all(stores.map((store) => store.currentPublicKey()));
    expect(new Set(handed.map((key) => key.kid)).size).toBe(1);
  });
});
