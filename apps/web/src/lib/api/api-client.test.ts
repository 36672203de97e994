import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUrl, requestApi, setTokenReader } from './api-client';
import { ApiError } from './api-error';
import { useConnectionNotices } from './connection-notices';

// A real HTTP server on loopback answers as the platform does, so the client is tested on the wire.
let server: Server;
let origin = '';
let lastAuthorization: string | undefined;
let lastDeviceId: string | string[] | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    lastAuthorization = request.headers.authorization;
    lastDeviceId = request.headers['x-device-id'];
    const url = new URL(request.url ?? '/', 'http://localhost');
    response.setHeader('Content-Type', 'application/json');
    if (url.pathname === '/ok')
      response.end(JSON.stringify({ success: true, value: { echo: url.searchParams.get('language') } }));
    else if (url.pathname === '/fail') {
      response.statusCode = 422;
      response.end(
        JSON.stringify({
          success: false,
          code: 'CAPTCHA_REQUIRED',
          message: 'Please enter the captcha',
          value: { captcha: true },
        }),
      );
    } else {
      response.statusCode = 502;
      response.setHeader('Content-Type', 'text/html');
      response.end('<html>bad gateway</html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  setTokenReader(() => null);
  useConnectionNotices.getState().dismiss();
});

describe('api client', () => {
  it('a success envelope gives its value', async () => {
    await expect(requestApi(`${origin}/ok`, { query: { language: 'TY' } })).resolves.toEqual({ echo: 'TY' });
  });

  it('a failure envelope throws ApiError with the code, message, value and status', async () => {
    const failure = await requestApi(`${origin}/fail`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      message: 'Please enter the captcha',
      status: 422,
      value: { captcha: true },
    });
  });

  it("every call carries this browser's device id, the same each time", async () => {
    await requestApi(`${origin}/ok`);
    const first = lastDeviceId;
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await requestApi(`${origin}/ok`);
    expect(lastDeviceId).toBe(first);
  });

  it('a reply that is not an envelope throws BAD_RESPONSE', async () => {
    await expect(requestApi(`${origin}/html`)).rejects.toMatchObject({ code: 'BAD_RESPONSE', status: 502 });
  });

  it('a network failure throws NETWORK and raises the network notice', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(requestApi(`http://127.0.0.1:${port}/ok`)).rejects.toMatchObject({
      code: 'NETWORK',
      status: 0,
    });
    expect(useConnectionNotices.getState().notice?.kind).toBe('network');
  });

  it('the session token is sent as a bearer token', async () => {
    setTokenReader(() => 'token-123');
    await requestApi(`${origin}/ok`);
    expect(lastAuthorization).toBe('Bearer token-123');
  });

  it('empty query values are left out of the address', () => {
    expect(buildUrl('/wps/x', { a: 1, b: '', c: null, d: undefined, e: false })).toBe('/wps/x?a=1&e=false');
  });
});
