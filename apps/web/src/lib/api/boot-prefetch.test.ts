import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requestApi, setTokenReader } from './api-client';

// A real server counts the calls that reach it; the boot script's answers come from it too.
let server: Server;
let origin = '';
let calls = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    calls += 1;
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ success: true, value: { call: calls, path: request.url } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window');
  setTokenReader(() => null);
});

/** What index.html's boot script leaves behind: calls already made, for a session token. */
function bootWith(token: string | null, paths: string[]): void {
  const responses = Object.fromEntries(paths.map((path) => [`${origin}${path}`, fetch(`${origin}${path}`)]));
  Object.assign(globalThis, { window: { __panaloBoot: { token, responses } } });
}

describe("the boot script's calls", () => {
  it('answer the same first call once, without asking the server again', async () => {
    bootWith(null, ['/wps/system/status']);
    const first = await requestApi<{ call: number }>(`${origin}/wps/system/status`);
    expect(first.call).toBe(1);
    expect(calls).toBe(1);
    // The second time it is asked anew.
    const second = await requestApi<{ call: number }>(`${origin}/wps/system/status`);
    expect(second.call).toBe(2);
  });

  it('are not used for another URL, another session or a call that is not a GET', async () => {
    calls = 0;
    bootWith('token-a', ['/wps/system/publicState?language=TY', '/wps/system/permission?language=TY']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(2);
    // Another language: another URL.
    await requestApi(`${origin}/wps/system/publicState`, { query: { language: 'EN' } });
    expect(calls).toBe(3);
    // The token changed since the boot script asked.
    setTokenReader(() => 'token-b');
    await requestApi(`${origin}/wps/system/publicState`, { query: { language: 'TY' } });
    expect(calls).toBe(4);
    setTokenReader(() => 'token-a');
    await requestApi(`${origin}/wps/system/permission`, { method: 'POST', query: { language: 'TY' } });
    expect(calls).toBe(5);
    const taken = await requestApi<{ call: number }>(`${origin}/wps/system/permission`, {
      query: { language: 'TY' },
    });
    expect(taken.call).toBeLessThanOrEqual(2);
    expect(calls).toBe(5);
  });
});
