import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { ok } from '../src/platform/http/envelope.ts';
import { createPlatformTestApp } from './support/platform-test-app.ts';

describe('graceful shutdown', () => {
  it('finishes in-flight requests, disconnects sockets and stops the job runner on close', async () => {
    const testApp = await createPlatformTestApp({
      config: { runJobs: true },
      jobTuning: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, stopTimeoutMs: 5_000 },
      resolveSocketToken: async (token) => (token === 'good' ? { userId: 'u1', merchantId: 'm1' } : null),
      registerTestRoutes: (app) => {
        app.get('/test/slow', async () => {
          await new Promise((resolve) => setTimeout(resolve, 500));
          return ok({ finished: true });
        });
      },
    });
    try {
      await testApp.app.listen({ host: '127.0.0.1', port: 0 });
      const address = testApp.app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      const url = `http://127.0.0.1:${address.port}`;

      const socket = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: 'good' },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

      const slow = fetch(`${url}/test/slow`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closing = testApp.app.close();

      const response = await slow;
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, value: { finished: true } });
      expect(await disconnected).toBe('io server disconnect');
      await closing;

      const heartbeat = testApp.app.jobs.definitions[0]!;
      await expect(testApp.app.jobs.send(heartbeat, {})).rejects.toThrow(/stopped/);
    } finally {
      await testApp.close().catch(() => undefined);
    }
  });
});
