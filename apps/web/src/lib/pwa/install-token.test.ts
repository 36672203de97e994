import { describe, expect, it } from 'vitest';
import {
  answerInstallTokenMessage,
  createInstallTokenKeeper,
  INSTALL_CACHE_NAME,
  INSTALL_TOKEN_URL,
  type InstallTokenAnswer,
  type TokenCache,
} from './install-token';

const DEVICE_ID = 'AbCdEfGhIjKlMnOpQrStUv';

/** A cache that keeps responses by key, as Cache Storage does; it can be told to refuse writes. */
function fakeCache(options: { refusesWrites?: boolean } = {}) {
  const entries = new Map<string, Response>();
  const cache: TokenCache = {
    match: async (key) => entries.get(key)?.clone(),
    put: async (key, response) => {
      if (options.refusesWrites) throw new DOMException('Quota exceeded', 'QuotaExceededError');
      entries.set(key, response);
    },
  };
  return { cache, entries };
}

type Call = { url: string; method: string | undefined; headers: Record<string, string> };

/** The server's install route: each answer in turn (a token, a refusal, a failure of the network). */
function fakeServer(answers: (string | number | Error)[]) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    calls.push({ url, method: init.method, headers: { ...(init.headers as Record<string, string>) } });
    const answer = answers.shift() ?? new Error('No answer left');
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'number') {
      return Response.json(
        { success: false, code: 'RATE_LIMITED', message: 'Slow down' },
        { status: answer },
      );
    }
    return Response.json({ success: true, value: { token: answer } });
  };
  return { calls, fetch };
}

function keeperOf(cache: TokenCache, server: ReturnType<typeof fakeServer>) {
  return createInstallTokenKeeper({ openCache: async () => cache, fetch: server.fetch });
}

describe('the install token the service worker keeps', () => {
  it('is asked for once, with the device id, kept, and then answered from the cache', async () => {
    const { cache, entries } = fakeCache();
    const server = fakeServer(['ai1.first']);
    const keeper = keeperOf(cache, server);

    await expect(keeper.read(DEVICE_ID)).resolves.toBe('ai1.first');
    await expect(keeper.read(DEVICE_ID)).resolves.toBe('ai1.first');
    expect(server.calls).toEqual([
      {
        url: '/wps/app/install',
        method: 'POST',
        headers: { Accept: 'application/json', 'X-Device-Id': DEVICE_ID },
      },
    ]);
    expect(await entries.get(INSTALL_TOKEN_URL)?.clone().text()).toBe('ai1.first');
  });

  it('is kept in a cache the shell’s clean-up never deletes', () => {
    expect(INSTALL_CACHE_NAME.startsWith('panalo-shell-')).toBe(false);
  });

  it('is asked for without a device id at the install, and never with one the server would not accept', async () => {
    const server = fakeServer(['ai1.a', 'ai1.b']);
    await keeperOf(fakeCache().cache, server).read();
    await keeperOf(fakeCache().cache, server).read('not a device id');
    expect(server.calls.map((call) => call.headers)).toEqual([
      { Accept: 'application/json' },
      { Accept: 'application/json' },
    ]);
  });

  it('is issued once when the install and a page ask at the same time', async () => {
    const server = fakeServer(['ai1.once', 'ai1.twice']);
    const keeper = keeperOf(fakeCache().cache, server);
    await expect(Promise.all([keeper.read(), keeper.read(DEVICE_ID)])).resolves.toEqual([
      'ai1.once',
      'ai1.once',
    ]);
    expect(server.calls).toHaveLength(1);
  });

  it('is null when the server refuses or cannot be reached, and asked for again next time', async () => {
    const { cache, entries } = fakeCache();
    const server = fakeServer([429, new TypeError('Failed to fetch'), 'ai1.later']);
    const keeper = keeperOf(cache, server);
    await expect(keeper.read()).resolves.toBeNull();
    await expect(keeper.read()).resolves.toBeNull();
    expect(entries.size).toBe(0);
    await expect(keeper.read()).resolves.toBe('ai1.later');
    expect(server.calls).toHaveLength(3);
  });

  it('keeps nothing that is not a token', async () => {
    const { cache, entries } = fakeCache();
    const server = fakeServer(['', `ai1.${'x'.repeat(100)}`]);
    const keeper = keeperOf(cache, server);
    await expect(keeper.read()).resolves.toBeNull();
    await expect(keeper.read()).resolves.toBeNull();
    expect(entries.size).toBe(0);
  });

  it('answers a new token even when the cache refuses to keep it', async () => {
    const server = fakeServer(['ai1.unkept', 'ai1.next']);
    const keeper = keeperOf(fakeCache({ refusesWrites: true }).cache, server);
    await expect(keeper.read()).resolves.toBe('ai1.unkept');
    await expect(keeper.read()).resolves.toBe('ai1.next');
  });

  it('is null when Cache Storage cannot be opened', async () => {
    const server = fakeServer(['ai1.token']);
    const keeper = createInstallTokenKeeper({
      openCache: () => Promise.reject(new DOMException('Denied', 'SecurityError')),
      fetch: server.fetch,
    });
    await expect(keeper.read()).resolves.toBeNull();
  });
});

describe('a page’s question to the service worker', () => {
  function port() {
    const answers: InstallTokenAnswer[] = [];
    return { answers, postMessage: (answer: InstallTokenAnswer) => void answers.push(answer) };
  }

  it('is answered on its port with the token, issued for the page’s device', async () => {
    const server = fakeServer(['ai1.page']);
    const keeper = keeperOf(fakeCache().cache, server);
    const answerPort = port();
    await answerInstallTokenMessage(
      { data: { type: 'install-token', deviceId: DEVICE_ID }, ports: [answerPort] },
      keeper,
    );
    expect(answerPort.answers).toEqual([{ token: 'ai1.page' }]);
    expect(server.calls[0]?.headers['X-Device-Id']).toBe(DEVICE_ID);
  });

  it('is answered with null when no token can be had', async () => {
    const keeper = keeperOf(fakeCache().cache, fakeServer([503]));
    const answerPort = port();
    await answerInstallTokenMessage({ data: { type: 'install-token' }, ports: [answerPort] }, keeper);
    expect(answerPort.answers).toEqual([{ token: null }]);
  });

  it('leaves other messages, and a question without a port, unanswered', () => {
    const server = fakeServer([]);
    const keeper = keeperOf(fakeCache().cache, server);
    expect(answerInstallTokenMessage({ data: { type: 'skip-waiting' }, ports: [port()] }, keeper)).toBeNull();
    expect(answerInstallTokenMessage({ data: 'install-token', ports: [port()] }, keeper)).toBeNull();
    expect(answerInstallTokenMessage({ data: { type: 'install-token' }, ports: [] }, keeper)).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
