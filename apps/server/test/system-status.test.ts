import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const OPEN_REGION = { enabled: false, blockedCountries: [], blockedCidrs: [], allowCidrs: [] };

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createSeededApp({ countryHeader: 'cf-ipcountry' });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.database.db
    .updateTable('merchants')
    .set({ status: 0 })
    .where('code', '=', 'panalo')
    .execute();
  await patchDemoSettings(testApp, { regionRestriction: OPEN_REGION });
});

async function readStatus(remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/wps/system/status',
    remoteAddress,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json().value;
}

describe('GET /wps/system/status', () => {
  it('answers 0 with the visitor IP when the site is open', async () => {
    expect(await readStatus('112.198.1.1')).toEqual({
      status: 0,
      title: null,
      message: null,
      ip: '112.198.1.1',
    });
  });

  it('answers 1 with the merchant maintenance title and message', async () => {
    await testApp.database.db
      .updateTable('merchants')
      .set({ status: 1, maintenance_title: 'Pahinga', maintenance_message: 'Babalik kami ng 10:00' })
      .where('code', '=', 'panalo')
      .execute();
    testApp.app.merchantService.invalidate();
    expect(await readStatus()).toEqual({
      status: 1,
      title: 'Pahinga',
      message: 'Babalik kami ng 10:00',
      ip: '127.0.0.1',
    });
  });

  it('keeps answering from its cache until the merchant cache is invalidated', async () => {
    expect((await readStatus()).status).toBe(0);
    await testApp.database.db
      .updateTable('merchants')
      .set({ status: 1 })
      .where('code', '=', 'panalo')
      .execute();
    expect((await readStatus()).status).toBe(0);
    testApp.app.merchantService.invalidate();
    expect((await readStatus()).status).toBe(1);
  });

  it('answers 2 for an address inside a blocked IPv4 range', async () => {
    await patchDemoSettings(testApp, {
      regionRestriction: { ...OPEN_REGION, enabled: true, blockedCidrs: ['203.0.113.0/24'] },
    });
    expect(await readStatus('203.0.113.7')).toEqual({
      status: 2,
      title: null,
      message: null,
      ip: '203.0.113.7',
    });
    expect((await readStatus('198.51.100.7')).status).toBe(0);
  });

  it('shows an IPv4 visitor of a dual-stack listener as a plain IPv4 address', async () => {
    expect((await readStatus('::ffff:112.198.1.1')).ip).toBe('112.198.1.1');
  });

  it('answers 2 for an address inside a blocked IPv6 range', async () => {
    await patchDemoSettings(testApp, {
      regionRestriction: { ...OPEN_REGION, enabled: true, blockedCidrs: ['2001:db8::/32'] },
    });
    expect((await readStatus('2001:db8:1::5')).status).toBe(2);
    expect((await readStatus('2001:db9::5')).status).toBe(0);
  });

  it('lets the allow list beat a blocked range and a blocked country', async () => {
    await patchDemoSettings(testApp, {
      regionRestriction: {
        enabled: true,
        blockedCountries: ['PH'],
        blockedCidrs: ['112.198.0.0/16'],
        allowCidrs: ['112.198.1.1/32'],
      },
    });
    expect((await readStatus('112.198.1.1')).status).toBe(0);
    expect((await readStatus('112.198.2.2')).status).toBe(2);
  });

  it('blocks a country found from the bundled IPv4 country table', async () => {
    await patchDemoSettings(testApp, {
      regionRestriction: { ...OPEN_REGION, enabled: true, blockedCountries: ['US'] },
    });
    expect((await readStatus('8.8.8.8')).status).toBe(2);
    expect((await readStatus('112.198.1.1')).status).toBe(0);
  });

  it('takes the country of an IPv6 visitor from the trusted proxy header', async () => {
    await patchDemoSettings(testApp, {
      regionRestriction: { ...OPEN_REGION, enabled: true, blockedCountries: ['SG'] },
    });
    expect((await readStatus('2001:db8::1', { 'cf-ipcountry': 'SG' })).status).toBe(2);
    expect((await readStatus('2001:db8::1', { 'cf-ipcountry': 'PH' })).status).toBe(0);
  });

  it('ignores region rules while they are switched off', async () => {
    await patchDemoSettings(testApp, {
      regionRestriction: { ...OPEN_REGION, enabled: false, blockedCidrs: ['0.0.0.0/0'] },
    });
    expect((await readStatus('8.8.8.8')).status).toBe(0);
  });

  it('tells a blocked visitor nothing about maintenance', async () => {
    await testApp.database.db
      .updateTable('merchants')
      .set({ status: 1 })
      .where('code', '=', 'panalo')
      .execute();
    await patchDemoSettings(testApp, {
      regionRestriction: { ...OPEN_REGION, enabled: true, blockedCidrs: ['8.8.8.0/24'] },
    });
    expect(await readStatus('8.8.8.8')).toEqual({ status: 2, title: null, message: null, ip: '8.8.8.8' });
  });
});

describe('the visitor address behind proxies', () => {
  it('uses X-Forwarded-For only from as many hops as TRUST_PROXY_HOPS allows', async () => {
    const proxied = await createSeededApp({ trustProxyHops: 1 });
    try {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '112.198.1.1' },
      });
      expect(response.json().value.ip).toBe('112.198.1.1');
    } finally {
      await proxied.close();
    }
    const direct = await testApp.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '112.198.1.1' },
    });
    expect(direct.json().value.ip).toBe('10.0.0.2');
  });
});
