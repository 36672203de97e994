import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../src/platform/http/envelope.ts';
import { createPlatformTestApp, type PlatformTestApp } from './support/platform-test-app.ts';

let testApp: PlatformTestApp;
beforeAll(async () => {
  testApp = await createPlatformTestApp({
    registerTestRoutes: (app) => {
      app.get('/test/items/:itemId', async () => ok({ found: true }));
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

async function scrape(app = testApp.app): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

function sampleValue(text: string, prefix: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics', () => {
  it('counts requests by route pattern, never by raw URL', async () => {
    await testApp.app.inject({ method: 'GET', url: '/test/items/123?secret=abc' });
    await testApp.app.inject({ method: 'GET', url: '/test/items/456' });
    const text = await scrape();
    expect(
      sampleValue(text, 'http_requests_total{method="GET",route="/test/items/:itemId",status_code="200"}'),
    ).toBe(2);
    expect(text).not.toContain('/test/items/123');
    expect(text).not.toContain('secret');
  });

  it('files unknown URLs under one label, with their status', async () => {
    // POST: a GET may land on the SPA's catch-all route when a built web app is present.
    await testApp.app.inject({ method: 'POST', url: '/wps/random/a1b2c3' });
    const text = await scrape();
    const labels = 'method="POST",route="(unmatched)",status_code="404"';
    expect(sampleValue(text, `http_requests_total{${labels}}`)).toBe(1);
    expect(text).not.toContain('a1b2c3');
  });

  it('times requests in a histogram with the same labels', async () => {
    await testApp.app.inject({ method: 'GET', url: '/test/items/789' });
    const text = await scrape();
    const labels = 'method="GET",route="/test/items/:itemId",status_code="200"';
    expect(sampleValue(text, `http_request_duration_seconds_count{${labels}}`)).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(text, `http_request_duration_seconds_bucket{le="+Inf",${labels}}`),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reports event-loop delay and the process defaults', async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('keeps one registry per app, so that two apps do not share counts', async () => {
    const other = await createPlatformTestApp({ database: testApp.database });
    try {
      await testApp.app.inject({ method: 'GET', url: '/healthz' });
      await testApp.app.inject({ method: 'GET', url: '/healthz' });
      const text = await scrape(other.app);
      expect(sampleValue(text, 'http_requests_total{method="GET",route="/healthz"')).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
