import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackOfficeClient, insertOperatorWithSession } from './support/bo-client.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// The mirror list and line detection (spec §2) and the entry confirmation's settings: the public
// configuration lists the merchant's mirrors, the probe answers on each of them, the pages' CSP
// lets the site reach every mirror (from the configuration, whatever host was asked), every mirror
// applies the merchant's region rules, and the Leave address is an https address an operator sets.

const OPEN_REGION = { enabled: false, blockedCountries: [], blockedCidrs: [], allowCidrs: [] };
/** The demo merchant's own hosts plus the ones this file adds; the mirrors are those with a scheme. */
const MIRRORS = ['https://localhost', 'https://m1.panalo.test:8443', 'http://127.0.0.1:3100'];
const MIRROR_HOSTS = ['localhost', 'm1.panalo.test', '127.0.0.1'];
const HTML = { accept: 'text/html' };

let testApp: TestApp;
let distRoot: string;
let demoId: string;

beforeAll(async () => {
  distRoot = mkdtempSync(path.join(tmpdir(), 'panalo-mirrors-'));
  const web = path.join(distRoot, 'web');
  const admin = path.join(distRoot, 'admin');
  mkdirSync(web, { recursive: true });
  mkdirSync(admin, { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Panalo</title>');
  writeFileSync(path.join(admin, 'index.html'), '<!doctype html><title>Back office</title>');
  testApp = await createSeededApp({ countryHeader: 'cf-ipcountry', webDistDir: web, adminDistDir: admin });
  const { db } = testApp.database;
  demoId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  await db
    .updateTable('merchant_domains')
    .set({ scheme: 'https', port: null })
    .where('merchant_id', '=', demoId)
    .where('domain', '=', 'localhost')
    .execute();
  await db
    .updateTable('merchant_domains')
    .set({ scheme: 'http', port: 3100 })
    .where('merchant_id', '=', demoId)
    .where('domain', '=', '127.0.0.1')
    .execute();
  const extra = [
    { domain: 'm1.panalo.test', route: 'PLAYER', scheme: 'https' as const, port: 8443 },
    // Without a scheme the address a browser reaches is unknown: not a mirror.
    { domain: 'plain.panalo.test', route: 'PLAYER', scheme: null, port: null },
    // The agents' site is no mirror of the player site.
    { domain: 'agents.panalo.test', route: 'AGENT', scheme: 'https' as const, port: null },
  ];
  await db
    .insertInto('merchant_domains')
    .values(extra.map((row) => ({ id: uuidv7(), merchant_id: demoId, is_main: false, ...row })))
    .execute();
  testApp.app.merchantService.invalidate();
}, 180_000);

afterAll(async () => {
  await testApp?.close();
  rmSync(distRoot, { recursive: true, force: true });
});

describe('the mirror list', () => {
  it('lists every PLAYER domain with a scheme as an origin, the main one first, in the public configuration', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/system/permission' });
    expect(response.statusCode).toBe(200);
    const info = response.json().value.info;
    expect(info.mirrors[0]).toBe('https://localhost');
    expect([...info.mirrors].sort()).toEqual([...MIRRORS].sort());
  });

  it('answers the probe with 204, uncached and open to the other mirrors, on every mirror host', async () => {
    for (const host of MIRROR_HOSTS) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/wps/system/ping?probe=3',
        headers: { host, origin: 'https://m1.panalo.test:8443' },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('refuses the probe on a host no merchant answers on, and an oversized probe id', async () => {
    const unknown = await testApp.app.inject({
      method: 'GET',
      url: '/wps/system/ping',
      headers: { host: 'elsewhere.test' },
    });
    expect(unknown.statusCode).not.toBe(204);
    const oversized = await testApp.app.inject({
      method: 'GET',
      url: `/wps/system/ping?probe=${'9'.repeat(40)}`,
    });
    expect(oversized.statusCode).toBe(422);
  });

  it("lets the player site connect to every mirror, from the merchant's configuration whatever the Host", async () => {
    const policies = await Promise.all(
      MIRROR_HOSTS.map(async (host) => {
        const response = await testApp.app.inject({ method: 'GET', url: '/', headers: { ...HTML, host } });
        expect(response.statusCode).toBe(200);
        return String(response.headers['content-security-policy']);
      }),
    );
    // The same policy on every mirror: the asked host adds nothing of its own.
    expect(new Set(policies).size).toBe(1);
    const connect = (policies[0] ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'connect-src');
    expect(connect).toBeDefined();
    expect(connect).toEqual(expect.arrayContaining(MIRRORS));
    // A forged forwarded host is not a source either.
    const forged = await testApp.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...HTML, host: 'localhost', 'x-forwarded-host': 'evil.test' },
    });
    expect(String(forged.headers['content-security-policy'])).not.toContain('evil.test');
  });

  it('applies the same region rules on every mirror host', async () => {
    await patchDemoSettings(testApp, {
      regionRestriction: {
        ...OPEN_REGION,
        enabled: true,
        blockedCountries: ['US'],
        blockedCidrs: ['203.0.113.0/24'],
      },
    });
    try {
      for (const host of MIRROR_HOSTS) {
        const status = async (remoteAddress: string, country: string) => {
          const response = await testApp.app.inject({
            method: 'GET',
            url: '/wps/system/status',
            remoteAddress,
            headers: { host, 'cf-ipcountry': country },
          });
          expect(response.statusCode).toBe(200);
          return response.json().value.status;
        };
        expect(await status('198.51.100.4', 'US')).toBe(2);
        expect(await status('203.0.113.9', 'PH')).toBe(2);
        expect(await status('198.51.100.4', 'PH')).toBe(0);
        const permission = await testApp.app.inject({
          method: 'GET',
          url: '/wps/system/permission',
          remoteAddress: '198.51.100.4',
          headers: { host, 'cf-ipcountry': 'US' },
        });
        expect(permission.json().value.info.regionRestriction).toEqual({ enabled: true, blocked: true });
      }
    } finally {
      await patchDemoSettings(testApp, { regionRestriction: OPEN_REGION });
    }
  });
});

describe("the entry confirmation's Leave address", () => {
  it('is null by default, set by an operator as an https address only, audited, and public', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/wps/system/permission' });
    expect(first.json().value.info.ageGateExitUrl).toBeNull();

    const session = await insertOperatorWithSession(testApp.database.db, {
      username: 'mirrors-admin',
      merchantId: demoId,
      roleId: 'admin',
      nowMs: Date.now(),
    });
    const admin = createBackOfficeClient(testApp.app);
    admin.token = session.token;
    const config = await admin.call('GET', `/bo/merchants/${demoId}/config`);
    const general = config.body.value.general;
    expect(general.ageGateExitUrl).toBeNull();

    for (const bad of [
      'http://example.org/',
      'javascript:alert(1)',
      'https://',
      'https://a b.test/',
      `https://x.test/${'a'.repeat(500)}`,
    ]) {
      const refused = await admin.call('PUT', `/bo/merchants/${demoId}/general`, {
        ...general,
        ageGateExitUrl: bad,
      });
      expect(refused.body.success, bad).toBe(false);
    }
    const before = await testApp.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('action', '=', 'settings.general')
      .executeTakeFirstOrThrow();
    const saved = await admin.call('PUT', `/bo/merchants/${demoId}/general`, {
      ...general,
      ageGateExitUrl: 'https://help.example.org/leave?from=panalo',
    });
    expect(saved.body.success).toBe(true);
    expect(saved.body.value.general.ageGateExitUrl).toBe('https://help.example.org/leave?from=panalo');
    const after = await testApp.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('action', '=', 'settings.general')
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count) + 1);

    // A general change that leaves the field out keeps it.
    const { ageGateExitUrl: _omitted, ...withoutExit } = saved.body.value.general;
    const kept = await admin.call('PUT', `/bo/merchants/${demoId}/general`, withoutExit);
    expect(kept.body.value.general.ageGateExitUrl).toBe('https://help.example.org/leave?from=panalo');

    const permission = await testApp.app.inject({ method: 'GET', url: '/wps/system/permission' });
    expect(permission.json().value.info.ageGateExitUrl).toBe('https://help.example.org/leave?from=panalo');
  });
});
