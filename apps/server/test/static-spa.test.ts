import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

let testApp: TestApp;
let distRoot: string;

function writeSite(directory: string, title: string): void {
  mkdirSync(path.join(directory, 'assets'), { recursive: true });
  writeFileSync(path.join(directory, 'index.html'), `<!doctype html><title>${title}</title>`);
  writeFileSync(path.join(directory, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(directory, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(directory, 'sw.js'), 'self.addEventListener("fetch", () => {});');
}

/** A script with the compressed copies the web build's precompress plugin writes beside it. */
const COMPRESSED_SCRIPT = `export const rows = [${'"a long enough line of script", '.repeat(80)}];`;
function writeCompressedScript(directory: string): void {
  const file = path.join(directory, 'assets', 'main-def456.js');
  writeFileSync(file, COMPRESSED_SCRIPT);
  writeFileSync(`${file}.br`, brotliCompressSync(COMPRESSED_SCRIPT));
  writeFileSync(`${file}.gz`, gzipSync(COMPRESSED_SCRIPT));
}

beforeAll(async () => {
  distRoot = mkdtempSync(path.join(tmpdir(), 'panalo-dist-'));
  writeSite(path.join(distRoot, 'web'), 'Panalo');
  writeSite(path.join(distRoot, 'admin'), 'Back office');
  writeCompressedScript(path.join(distRoot, 'web'));
  // The in-house game client, a second page of the web build.
  mkdirSync(path.join(distRoot, 'web', 'game'));
  writeFileSync(
    path.join(distRoot, 'web', 'game', 'index.html'),
    '<!doctype html><title>Game client</title>',
  );
  writeFileSync(path.join(distRoot, 'secret.txt'), 'outside the dist folder');
  testApp = await createTestApp({
    webDistDir: path.join(distRoot, 'web'),
    adminDistDir: path.join(distRoot, 'admin'),
  });
});
afterAll(async () => {
  await testApp.close();
  rmSync(distRoot, { recursive: true, force: true });
});

const HTML = { accept: 'text/html,application/xhtml+xml' };

describe('serving the built SPAs', () => {
  it('serves index.html at / without caching', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Panalo</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes that accept HTML with index.html', async () => {
    for (const url of ['/login', '/member?page=deposit', '/lottery/VN']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Panalo</title>');
    }
  });

  it('serves the in-house game client at /game/, with its launch parameters, without caching', async () => {
    for (const url of ['/game/?game=dice&gameCode=dice&mode=demo&language=EN', '/game', '/game/']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Game client</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves the service worker without caching, so a new build reaches browsers at their next visit', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('serves hashed assets as immutable', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it("sends the build's brotli or gzip copy of a file to a browser that accepts it", async () => {
    const url = '/assets/main-def456.js';
    const brotli = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(COMPRESSED_SCRIPT);

    const gzip = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(COMPRESSED_SCRIPT);

    const plain = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(COMPRESSED_SCRIPT);
  });

  it('sends a file without a compressed copy as it is', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body).toBe('console.log(1)');
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    for (const accept of ['*/*', 'text/html']) {
      for (const url of ['/assets/index-old.js', '/assets/chunk', '/robots.txt']) {
        const response = await testApp.app.inject({ method: 'GET', url, headers: { accept } });
        expect(response.statusCode, `${url} ${accept}`).toBe(404);
      }
    }
  });

  it('keeps API paths out of the fallback', async () => {
    for (const url of ['/wps/no/such/call', '/bo/x', '/docs/x/y', '/metrics/x']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('never serves files outside the dist folder', async () => {
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2F..%2Fsecret.txt']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('outside the dist folder');
    }
  });

  it('serves the back office at /admin/ with its own fallback', async () => {
    for (const url of ['/admin', '/admin/', '/admin/players/42']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Back office</title>');
    }
    const asset = await testApp.app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('skips a dist folder that does not exist', async () => {
    const bare = await createTestApp({
      webDistDir: path.join(distRoot, 'none'),
      adminDistDir: path.join(distRoot, 'none'),
    });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/login', headers: HTML });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
