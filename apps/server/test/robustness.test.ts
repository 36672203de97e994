import { connect } from 'node:net';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app.ts';
import { ok } from '../src/platform/http/envelope.ts';
import { createPlatformTestApp, type PlatformTestApp } from './support/platform-test-app.ts';

const EchoBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 20 }),
    amount: Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$' }),
    count: Type.Integer({ minimum: 1, maximum: 10 }),
    tags: Type.Optional(Type.Array(Type.String({ maxLength: 10 }), { maxItems: 3 })),
  },
  { additionalProperties: false },
);
const EchoQuery = Type.Object({
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 60 })),
  search: Type.Optional(Type.String({ maxLength: 40 })),
});
const ThingParams = Type.Object({ thingId: Type.String({ maxLength: 64 }) });

let testApp: PlatformTestApp;
beforeAll(async () => {
  testApp = await createPlatformTestApp({
    registerTestRoutes: (app) => {
      app.post('/test/echo', { schema: { body: EchoBody, querystring: EchoQuery } }, async (request) =>
        ok(request.body),
      );
      app.get('/test/things/:thingId', { schema: { querystring: EchoQuery } }, async (request) =>
        ok({ query: request.query }),
      );
      app.get(
        '/test/checked-things/:thingId',
        { schema: { querystring: EchoQuery, params: ThingParams } },
        async (request) => ok({ params: request.params }),
      );
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

type Injected = Awaited<ReturnType<PlatformTestApp['app']['inject']>>;

function expectEnvelope(response: Injected, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code, message: expect.any(String) });
  expect(response.headers['x-request-id']).toBeTruthy();
  return body;
}

const VALID = { name: 'Juan', amount: '100.50', count: 2 };

describe('robustness: every bad request answers in the envelope and never 500', () => {
  it('accepts the well-formed request the other cases break', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/test/echo', payload: VALID });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, value: VALID });
  });

  it.each([
    ['truncated JSON', '{"name": "Juan"'],
    ['a trailing comma', '{"name": "Juan",}'],
    ['single quotes', "{'name': 'Juan'}"],
    ['bare text', 'hello'],
    ['an empty body', ''],
  ])('answers 400 MALFORMED for %s', async (_name, payload) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectEnvelope(response, 400, 'MALFORMED');
  });

  it('reads invalid UTF-8 with replacement characters and validates the result', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    });
    expectEnvelope(response, 422, 'VALIDATION');
  });

  it.each([
    ['text/plain', 'name=Juan'],
    ['application/x-www-form-urlencoded', 'name=Juan&amount=1&count=1'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nJuan\r\n--x--',
    ],
    ['application/xml', '<name>Juan</name>'],
  ])('answers 400 MALFORMED for content type %s', async (contentType, payload) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': contentType },
      payload,
    });
    expectEnvelope(response, 400, 'MALFORMED');
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a body over the limit', async () => {
    const payload = JSON.stringify({ ...VALID, name: 'x'.repeat(BODY_LIMIT_BYTES + 1) });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectEnvelope(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 422 VALIDATION with a message per field for wrong types', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo?language=EN',
      payload: { name: 42, amount: 100.5, count: '2', extra: true },
    });
    const body = expectEnvelope(response, 422, 'VALIDATION');
    expect(Object.keys(body.value.fields).sort()).toEqual(['amount', 'count', 'extra', 'name']);
    for (const message of Object.values(body.value.fields)) expect(message).toEqual(expect.any(String));
  });

  it('answers 422 VALIDATION naming missing and nested fields', async () => {
    const missing = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { name: 'Juan' },
    });
    expect(Object.keys(expectEnvelope(missing, 422, 'VALIDATION').value.fields).sort()).toEqual([
      'amount',
      'count',
    ]);
    const nested = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { ...VALID, tags: ['ok', 'x'.repeat(11)] },
    });
    expect(expectEnvelope(nested, 422, 'VALIDATION').value.fields).toHaveProperty(['tags.1']);
  });

  it.each([
    ['null', 'null'],
    ['an array', '[1,2,3]'],
    ['a number', '42'],
    ['a string', '"Juan"'],
  ])('answers 422 VALIDATION for %s instead of an object', async (_name, payload) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectEnvelope(response, 422, 'VALIDATION');
  });

  it('answers 422 VALIDATION on the field for a NUL or another control character in a body', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo?language=EN',
      payload: { ...VALID, name: 'Ju\u0000an', tags: ['ok', 'a\u001b[2J'] },
    });
    const body = expectEnvelope(response, 422, 'VALIDATION');
    expect(Object.keys(body.value.fields).sort()).toEqual(['name', 'tags.1']);
    const key = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Juan","amount":"1","count":1,"\\u0000":1}',
    });
    expectEnvelope(key, 422, 'VALIDATION');
  });

  it('takes tabs and line breaks, which are text', async () => {
    const payload = { ...VALID, name: 'Juan\tdela\r\nCruz' };
    const response = await testApp.app.inject({ method: 'POST', url: '/test/echo', payload });
    expect(response.statusCode).toBe(200);
    expect(response.json().value.name).toBe(payload.name);
  });

  it('answers 422 VALIDATION on the field for a NUL in a query or a path parameter', async () => {
    const query = await testApp.app.inject({ method: 'GET', url: '/test/checked-things/1?search=a%00b' });
    expect(expectEnvelope(query, 422, 'VALIDATION').value.fields).toHaveProperty('search');
    const path = await testApp.app.inject({ method: 'GET', url: '/test/checked-things/a%00b' });
    expect(expectEnvelope(path, 422, 'VALIDATION').value.fields).toHaveProperty('thingId');
    const fine = await testApp.app.inject({ method: 'GET', url: '/test/checked-things/a%20b?search=a%09b' });
    expect(fine.json()).toEqual({ success: true, value: { params: { thingId: 'a b' } } });
  });

  it('refuses prototype pollution in a body', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Juan","amount":"1","count":1,"__proto__":{"isAdmin":true}}',
    });
    expect([400, 422]).toContain(response.statusCode);
    expect(response.json().success).toBe(false);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('answers a deeply nested body without crashing', async () => {
    const depth = 100_000;
    const payload = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(payload.length).toBeLessThan(BODY_LIMIT_BYTES);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).not.toBe(500);
    expect([400, 422]).toContain(response.statusCode);
    expect(response.json().success).toBe(false);
  });

  it('answers a deeply nested object inside a valid envelope of fields', async () => {
    const depth = 30_000;
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const payload = `{"name":"Juan","amount":"1","count":1,"tags":${nested}}`;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect([400, 422]).toContain(response.statusCode);
  });

  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)(
    'answers %s on an unknown path with 404 NOT_FOUND',
    async (method) => {
      const response = await testApp.app.inject({ method, url: '/wps/no/such/thing' });
      expectEnvelope(response, 404, 'NOT_FOUND');
    },
  );

  it('answers HEAD on an unknown path with 404 and no body', async () => {
    const response = await testApp.app.inject({ method: 'HEAD', url: '/wps/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('');
  });

  it('answers an unknown method on a known path without 500', async () => {
    const response = await testApp.app.inject({ method: 'PUT', url: '/test/echo', payload: VALID });
    expectEnvelope(response, 404, 'NOT_FOUND');
  });

  it('ignores or refuses a body on GET, never 500', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/test/things/1',
      headers: { 'content-type': 'application/json' },
      payload: '{"not": "expected"',
    });
    expect(response.statusCode).not.toBe(500);
    expect([200, 400]).toContain(response.statusCode);
  });

  it('answers a huge query string in the envelope', async () => {
    const query = Array.from({ length: 5_000 }, (_, index) => `k${index}=${'v'.repeat(10)}`).join('&');
    const response = await testApp.app.inject({ method: 'GET', url: `/test/things/1?${query}` });
    expect(response.statusCode).toBe(200);
    const wrong = await testApp.app.inject({ method: 'GET', url: `/test/things/1?pageSize=abc&${query}` });
    expectEnvelope(wrong, 422, 'VALIDATION');
    const repeated = await testApp.app.inject({
      method: 'GET',
      url: `/test/things/1?${'pageSize=1&'.repeat(3_000)}`,
    });
    expect(repeated.statusCode).not.toBe(500);
    expect(repeated.json()).toHaveProperty('success');
  });

  it('answers an out-of-range or non-numeric query value with 422', async () => {
    expectEnvelope(
      await testApp.app.inject({ method: 'GET', url: '/test/things/1?pageSize=61' }),
      422,
      'VALIDATION',
    );
    expectEnvelope(
      await testApp.app.inject({ method: 'GET', url: '/test/things/1?pageSize=1e400' }),
      422,
      'VALIDATION',
    );
  });

  it('answers a broken percent-encoding with 400 MALFORMED', async () => {
    for (const url of ['/test/things/%E0%A4%A', '/wps/%', '/%zz']) {
      expectEnvelope(await testApp.app.inject({ method: 'GET', url }), 400, 'MALFORMED');
    }
  });

  it('answers an over-long path parameter with 404 NOT_FOUND', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/test/things/${'x'.repeat(5_000)}` });
    expectEnvelope(response, 404, 'NOT_FOUND');
  });

  it('answers over-large headers, a NUL in a header and non-HTTP bytes on a real socket in the envelope', async () => {
    const other = await createPlatformTestApp({ database: testApp.database });
    try {
      await other.app.listen({ host: '127.0.0.1', port: 0 });
      const address = other.app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');

      const huge = await fetch(`http://127.0.0.1:${address.port}/test/things/1?q=${'v'.repeat(40_000)}`);
      expect(huge.status).toBe(413);
      expect(await huge.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });

      const sendRaw = (bytes: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect(address.port, '127.0.0.1', () => socket.write(bytes));
          let text = '';
          socket.on('data', (chunk) => {
            text += chunk.toString();
          });
          socket.on('end', () => resolve(text));
          socket.on('error', reject);
        });
      // Not HTTP at all; then a header whose value holds a NUL, which no header of ours may carry
      // to the database: Node's parser refuses it before any route runs.
      for (const bytes of [
        'THIS IS NOT HTTP\r\n\r\n',
        'GET /test/things/1 HTTP/1.1\r\nHost: localhost\r\nUser-Agent: a\u0000b\r\n\r\n',
      ]) {
        const raw = await sendRaw(bytes);
        expect(raw).toMatch(/^HTTP\/1\.1 400 /);
        expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({
          success: false,
          code: 'MALFORMED',
        });
      }
    } finally {
      await other.close();
    }
  });
});
