import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueGame, demoMerchantId, registerTestVendor } from './support/game-fixtures.ts';
import { createPlatformTestApp, type PlatformTestApp } from './support/platform-test-app.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// The pages' security headers (http/static/security-headers.ts): a Content-Security-Policy per page
// kind and merchant with the inline boot scripts' hashes read from the built files, framing rules
// (the game client alone may be framed, by the merchant's own domains), nosniff and a referrer
// policy on every answer, and HSTS only over TLS.

const BOOT_SCRIPTS = [
  "\n      document.documentElement.dataset.theme = 'dark';\n    ",
  '\n      window.__boot = { started: true };\n    ',
];
const PLAYER_PAGE = `<!doctype html><html><head><title>Panalo</title>
<script>${BOOT_SCRIPTS[0]}</script>
<script>${BOOT_SCRIPTS[1]}</script>
<script type="module" crossorigin src="/assets/main-abc123.js"></script></head><body></body></html>`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

type Policy = Map<string, string[]>;

function parsePolicy(header: unknown): Policy {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

let testApp: TestApp;
let httpsApp: PlatformTestApp;
let distRoot: string;
const HTML = { accept: 'text/html' };

function writeDist(root: string): { web: string; admin: string } {
  const web = path.join(root, 'web');
  const admin = path.join(root, 'admin');
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  mkdirSync(path.join(web, 'game'), { recursive: true });
  mkdirSync(path.join(admin, 'assets'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), PLAYER_PAGE);
  writeFileSync(path.join(web, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(
    path.join(web, 'game', 'index.html'),
    '<!doctype html><title>Game client</title><script type="module" src="/assets/game-def456.js"></script>',
  );
  writeFileSync(
    path.join(admin, 'index.html'),
    '<!doctype html><title>Back office</title><script type="module" src="/admin/assets/index-1.js"></script>',
  );
  return { web, admin };
}

beforeAll(async () => {
  distRoot = mkdtempSync(path.join(tmpdir(), 'panalo-dist-'));
  const { web, admin } = writeDist(distRoot);
  testApp = await createSeededApp({ webDistDir: web, adminDistDir: admin });
  await registerTestVendor(testApp, {
    vassalage: 'LAKAN',
    launchUrl: 'https://play.lakan.test/games/{gameCode}',
    games: [catalogueGame('high-card')],
  });
  await testApp.database.db
    .insertInto('merchant_domains')
    .values({
      id: uuidv7(),
      merchant_id: await demoMerchantId(testApp),
      domain: 'www.panalo.test',
      route: 'PLAYER',
      is_main: false,
    })
    .execute();
  await patchDemoSettings(testApp, {
    imageCDNs: ['https://img.cdn.test/base'],
    launchGameCDNs: ['https://games.cdn.test'],
  });
  // A second process on the same database behind one trusted proxy hop, whose X-Forwarded-Proto
  // says whether the visitor came over TLS.
  httpsApp = await createPlatformTestApp({
    database: testApp.database,
    config: { webDistDir: web, adminDistDir: admin, trustProxyHops: 1 },
  });
  // A migrated and seeded embedded database takes long on a busy machine.
}, 180_000);
afterAll(async () => {
  await httpsApp?.close();
  await testApp?.close();
  rmSync(distRoot, { recursive: true, force: true });
});

describe('security headers of the player site', () => {
  it('allows only our scripts and the hashed inline boot scripts, and frames the merchant’s vendors', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.statusCode).toBe(200);
    const policy = parsePolicy(response.headers['content-security-policy']);
    // The hashes are those of the served file's inline scripts, computed here independently.
    expect(policy.get('script-src')).toEqual(["'self'", ...BOOT_SCRIPTS.map(sha256)]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://play.lakan.test',
        'https://games.cdn.test',
        'www.panalo.test',
      ]),
    );
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'localhost', 'www.panalo.test', 'https://img.cdn.test']),
    );
    expect(policy.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'https://img.cdn.test']),
    );
    // Plain HTTP: no upgrade and no HSTS.
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // A client route gets the same page and the same policy.
    const route = await testApp.app.inject({ method: 'GET', url: '/member?page=deposit', headers: HTML });
    expect(route.headers['content-security-policy']).toBe(response.headers['content-security-policy']);
  });

  it('lets the site run its own service worker and read its own manifest, and nobody else’s', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/', headers: HTML });
    const policy = parsePolicy(response.headers['content-security-policy']);
    // The lite app's worker is /sw.js of this origin; a worker from another origin is never allowed.
    expect(policy.get('worker-src')).toContain("'self'");
    expect(policy.get('worker-src')?.filter((source) => source !== "'self'" && source !== 'blob:')).toEqual(
      [],
    );
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
  });

  it('lets only the merchant’s own domains frame the game client', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/game/?game=dice&mode=demo',
      headers: HTML,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Game client');
    const policy = parsePolicy(response.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(["'self'", 'localhost', '127.0.0.1', 'www.panalo.test']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    // X-Frame-Options has no allow-list: frame-ancestors alone decides.
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a built file with nosniff and the referrer policy, and a JSON call with nosniff only', async () => {
    const file = await testApp.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const api = await testApp.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(api.statusCode).toBe(200);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    // helmet's hooks do not run for the API.
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(api.headers['referrer-policy']).toBeUndefined();
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('computes a merchant’s policy once, and again after the merchant changes', async () => {
    const read = vi.spyOn(testApp.app.games, 'listVendorOrigins');
    try {
      testApp.app.merchantService.invalidate();
      const pages = await Promise.all(
        [1, 2, 3, 4, 5].map(() => testApp.app.inject({ method: 'GET', url: '/', headers: HTML })),
      );
      for (const page of pages) {
        expect(page.headers['content-security-policy']).toBe(pages[0]?.headers['content-security-policy']);
      }
      expect(read).toHaveBeenCalledTimes(1);
      await patchDemoSettings(testApp, { launchGameCDNs: ['https://other-games.cdn.test'] });
      const changed = await testApp.app.inject({ method: 'GET', url: '/', headers: HTML });
      const frames = parsePolicy(changed.headers['content-security-policy']).get('frame-src');
      expect(frames).toContain('https://other-games.cdn.test');
      expect(frames).not.toContain('https://games.cdn.test');
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      read.mockRestore();
    }
  });

  it('adds HSTS and upgrades requests only when the trusted proxy says the visitor came over TLS', async () => {
    const secure = await httpsApp.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...HTML, 'x-forwarded-proto': 'https' },
      remoteAddress: '10.0.0.2',
    });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(parsePolicy(secure.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
      true,
    );
    const plain = await httpsApp.app.inject({
      method: 'GET',
      url: '/',
      headers: HTML,
      remoteAddress: '10.0.0.2',
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy, a visitor's own X-Forwarded-Proto changes nothing.
    const spoofed = await testApp.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...HTML, 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers of the back office', () => {
  it('can never be framed, sends no referrer and runs only our scripts', async () => {
    for (const url of ['/admin/', '/admin/money']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Back office');
      const policy = parsePolicy(response.headers['content-security-policy']);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('frame-src')).toEqual(["'none'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
