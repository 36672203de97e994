import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SocketIdentity, SocketTokenResolver } from '../src/platform/realtime/realtime.ts';
import { createPlatformTestApp, type PlatformTestApp } from './support/platform-test-app.ts';

// Tokens a test hands out; the accounts module's session service plays this part in production.
const sessions = new Map<string, SocketIdentity>();
const resolveToken: SocketTokenResolver = async (token) => sessions.get(token) ?? null;

function logIn(merchantId = 'merchant-1'): { token: string; userId: string; merchantId: string } {
  const token = randomUUID();
  const identity = { userId: randomUUID(), merchantId };
  sessions.set(token, identity);
  return { token, ...identity };
}

async function listen(testApp: PlatformTestApp): Promise<string> {
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

const clients: Socket[] = [];
function open(url: string, options: { token?: string; origin?: string } = {}): Socket {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: options.token === undefined ? {} : { token: options.token },
    ...(options.origin ? { extraHeaders: { Origin: options.origin } } : {}),
  });
  clients.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refusal(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket was let in')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

function nextEvent<T>(socket: Socket, event: string, timeoutMs = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

afterEach(() => {
  for (const socket of clients.splice(0)) socket.disconnect();
});

describe('realtime', () => {
  let testApp: PlatformTestApp;
  let url: string;
  beforeAll(async () => {
    testApp = await createPlatformTestApp({ resolveSocketToken: resolveToken });
    url = await listen(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('delivers an event emitted to a user to that user only', async () => {
    const juan = logIn();
    const maria = logIn();
    const juanSocket = open(url, { token: juan.token });
    const mariaSocket = open(url, { token: maria.token });
    await Promise.all([connected(juanSocket), connected(mariaSocket)]);

    const mariaGotOne = { value: false };
    mariaSocket.on('balance', () => {
      mariaGotOne.value = true;
    });
    const received = nextEvent(juanSocket, 'balance');
    testApp.app.realtime.emitToUser(juan.userId, 'balance', { balance: '1250.00', currencySymbol: '₱' });
    expect(await received).toEqual({ balance: '1250.00', currencySymbol: '₱' });
    // A later event to Maria arriving proves the earlier one to Juan was not also sent to her.
    const mariaMessage = nextEvent(mariaSocket, 'message');
    testApp.app.realtime.emitToUser(maria.userId, 'message', { id: 'm1', title: 'Hello' });
    expect(await mariaMessage).toEqual({ id: 'm1', title: 'Hello' });
    expect(mariaGotOne.value).toBe(false);
  });

  it('delivers a merchant-wide notice to every socket of that merchant', async () => {
    const first = logIn('merchant-notice');
    const second = logIn('merchant-notice');
    const sockets = [open(url, { token: first.token }), open(url, { token: second.token })];
    await Promise.all(sockets.map(connected));
    const notices = sockets.map((socket) => nextEvent(socket, 'notice'));
    testApp.app.realtime.emitToMerchant('merchant-notice', 'notice', {
      id: 'n1',
      title: 'Maintenance tonight',
    });
    expect(await Promise.all(notices)).toEqual([
      { id: 'n1', title: 'Maintenance tonight' },
      { id: 'n1', title: 'Maintenance tonight' },
    ]);
  });

  it('refuses a handshake without a token with NOT_LOGGED_IN', async () => {
    expect(await refusal(open(url))).toBe('NOT_LOGGED_IN');
  });

  it('refuses a handshake with an unknown token with NOT_LOGGED_IN', async () => {
    expect(await refusal(open(url, { token: 'no-such-session' }))).toBe('NOT_LOGGED_IN');
  });

  it('refuses a browser from a foreign origin', async () => {
    const user = logIn();
    const socket = open(url, { token: user.token, origin: 'https://elsewhere.example' });
    await expect(refusal(socket)).resolves.toEqual(expect.any(String));
  });

  it('serves WebSocket only: a long-polling handshake is refused', async () => {
    const response = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    expect(response.status).toBe(400);
  });

  it('kicks a user: kick { code } first, then the server disconnects', async () => {
    const user = logIn();
    const socket = open(url, { token: user.token });
    await connected(socket);
    const kicked = nextEvent<{ code: string }>(socket, 'kick');
    const disconnected = nextEvent<string>(socket, 'disconnect');
    testApp.app.realtime.disconnectUser(user.userId, 'ACCOUNT_LOCKED');
    expect(await kicked).toEqual({ code: 'ACCOUNT_LOCKED' });
    expect(await disconnected).toBe('io server disconnect');
  });

  it('counts open sockets in /metrics', async () => {
    const user = logIn();
    await connected(open(url, { token: user.token }));
    const metrics = await testApp.app.inject({ method: 'GET', url: '/metrics' });
    const line = metrics.body.split('\n').find((text) => text.startsWith('socketio_connected_sockets '));
    expect(Number(line?.split(' ')[1])).toBeGreaterThanOrEqual(1);
  });
});

// Two server processes behind a load balancer: a user's socket is on one, the event comes from the
// other, and Redis carries it across.
describe.skipIf(!process.env.REDIS_URL)(
  'realtime across processes (Redis; skipped without REDIS_URL)',
  () => {
    let first: PlatformTestApp;
    let second: PlatformTestApp;
    let firstUrl: string;
    beforeAll(async () => {
      const config = { redisUrl: process.env.REDIS_URL };
      first = await createPlatformTestApp({ resolveSocketToken: resolveToken, config });
      second = await createPlatformTestApp({
        resolveSocketToken: resolveToken,
        config,
        database: first.database,
      });
      firstUrl = await listen(first);
      await listen(second);
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('delivers an event emitted on one process to a socket on another', async () => {
      const user = logIn();
      const socket = open(firstUrl, { token: user.token });
      await connected(socket);
      // The adapter subscribes asynchronously; retry the emit until the first delivery arrives.
      const received = nextEvent(socket, 'message', 10_000);
      const timer = setInterval(
        () => second.app.realtime.emitToUser(user.userId, 'message', { id: 'x1', title: 'Across' }),
        200,
      );
      try {
        expect(await received).toEqual({ id: 'x1', title: 'Across' });
      } finally {
        clearInterval(timer);
      }
    });

    it('kicks a user from another process', async () => {
      const user = logIn();
      const socket = open(firstUrl, { token: user.token });
      await connected(socket);
      const kicked = nextEvent<{ code: string }>(socket, 'kick', 10_000);
      const disconnected = nextEvent<string>(socket, 'disconnect', 10_000);
      second.app.realtime.disconnectUser(user.userId, 'SELF_EXCLUDED');
      expect(await kicked).toEqual({ code: 'SELF_EXCLUDED' });
      expect(await disconnected).toBe('io server disconnect');
    });
  },
);
