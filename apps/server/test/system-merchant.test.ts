import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentService } from '../src/modules/content/content.service.ts';
import { WHITELABEL_SWITCHES } from '../src/modules/merchant/merchant-settings.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let testApp: TestApp;
let secondMerchantId: string;

beforeAll(async () => {
  testApp = await createSeededApp();
  // A second site on its own domain, English first, with its own customer service and notice.
  secondMerchantId = uuidv7();
  const db = testApp.database.db;
  await db
    .insertInto('merchants')
    .values({
      id: secondMerchantId,
      code: 'kapalaran',
      name: 'Kapalaran',
      currency: 'PHP',
      currency_symbol: '₱',
      time_zone: 'Asia/Manila',
      default_language: 'EN',
      languages: ['EN'],
      maintenance_title: null,
      maintenance_message: null,
      settings: JSON.stringify({ siteName: 'Kapalaran Games', minimumAge: 21 }),
    })
    .execute();
  await db
    .insertInto('merchant_domains')
    .values({
      id: uuidv7(),
      merchant_id: secondMerchantId,
      domain: 'kapalaran.example',
      route: 'PLAYER',
      is_main: true,
    })
    .execute();
  const content = createContentService(db);
  await content.createCustomerService(secondMerchantId, {
    csType: 'EMAIL',
    title: { EN: 'Email us' },
    path: 'mailto:help@kapalaran.example',
    sortOrder: 0,
  });
  await content.createAnnouncement(secondMerchantId, {
    type: 'B',
    title: { EN: 'Kapalaran notice' },
    content: { EN: '<p>Only on Kapalaran</p>' },
    startsAt: new Date(Date.now() - 60_000),
  });
  testApp.app.merchantService.invalidate();
});
afterAll(async () => {
  await testApp.close();
});

async function getValue(url: string, host = 'localhost:3000') {
  const response = await testApp.app.inject({ method: 'GET', url, headers: { host } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().success).toBe(true);
  return response.json().value;
}

describe('merchant resolution by host', () => {
  it('answers the demo merchant on localhost and 127.0.0.1, whatever the port or case', async () => {
    expect((await getValue('/wps/system/permission', 'LOCALHOST:5173')).info.merchantCode).toBe('panalo');
    expect((await getValue('/wps/system/permission', '127.0.0.1:3000')).info.merchantCode).toBe('panalo');
  });

  it('refuses a host no domain route names instead of answering the default merchant', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/wps/system/permission',
      headers: { host: 'panalo.fresh-install.test' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('gives a second merchant on its own domain its own settings and content', async () => {
    const info = (await getValue('/wps/system/permission', 'kapalaran.example')).info;
    expect(info).toMatchObject({
      merchantCode: 'kapalaran',
      merchantName: 'Kapalaran',
      defaultLanguage: 'EN',
      languages: ['EN'],
      siteName: 'Kapalaran Games',
      minimumAge: 21,
      domainRoute: [{ domain: 'kapalaran.example', route: 'PLAYER', isMain: true }],
    });
    expect(info.customerService).toEqual([
      { id: expect.any(String), csType: 'EMAIL', title: 'Email us', path: expect.any(String) },
    ]);
    expect(await openCustomerService(info.customerService[0].path, 'kapalaran.example')).toBe(
      'mailto:help@kapalaran.example',
    );
    const notices = await getValue('/wps/system/announcements?types=B', 'kapalaran.example');
    expect(notices.list.map((item: { title: string }) => item.title)).toEqual(['Kapalaran notice']);
    const demoNotices = await getValue('/wps/system/announcements?types=B');
    expect(demoNotices.list.map((item: { title: string }) => item.title)).not.toContain('Kapalaran notice');
  });

  it("falls back to the merchant's default language when none is asked for", async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/nowhere',
      headers: { host: 'kapalaran.example' },
    });
    expect(response.json().message).toBe('Not found.');
    const demo = await testApp.app.inject({ method: 'GET', url: '/nowhere', headers: { host: 'localhost' } });
    expect(demo.json().message).toBe('Hindi nahanap.');
  });

  it('answers NOT_FOUND when no merchant exists at all', async () => {
    const empty = await createTestApp();
    try {
      const response = await empty.app.inject({ method: 'GET', url: '/wps/system/permission' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    } finally {
      await empty.close();
    }
  });
});

describe('GET /wps/system/permission', () => {
  it('describes the demo merchant in the shape the web shell reads', async () => {
    const info = (await getValue('/wps/system/permission?language=EN')).info;
    expect(info).toMatchObject({
      merchantCode: 'panalo',
      merchantName: 'Panalo',
      currency: 'PHP',
      currencySymbol: '₱',
      timeZone: 'Asia/Manila',
      defaultLanguage: 'TY',
      languages: ['TY', 'EN'],
      mainDomain: 'localhost',
      analytics: { gtagId: null },
      imageCDNs: [],
      launchGameCDNs: [],
      maintenance: { enabled: false },
      regionRestriction: { enabled: false, blocked: false },
      location: { ip: '127.0.0.1', country: null },
      minimumAge: 21,
      siteName: 'Panalo',
    });
    // The demo's one channel is our own live chat; it owns no Telegram channel or social account.
    expect(info.customerService).toEqual([
      { id: expect.any(String), csType: 'LIVECHAT', title: 'Live chat', path: expect.any(String) },
    ]);
    for (const type of ['LICENSE', 'HELP', 'LOGO']) {
      expect(info.resources[type]?.length, type).toBeGreaterThan(0);
    }
    // There is no app to download yet, so the demo links to none.
    for (const type of ['APP_ANDROID', 'APP_IOS', 'SOCIAL', 'TELEGRAM']) {
      expect(info.resources[type], type).toBeUndefined();
    }
    expect(info.description).toMatch(/21/);
  });

  it('translates labels and the footer description into the requested language', async () => {
    const english = (await getValue('/wps/system/permission?language=EN')).info;
    const tagalog = (await getValue('/wps/system/permission?language=TY')).info;
    expect(english.resources.HELP[0]).toMatchObject({
      labelName: 'User Agreement',
      labelNameEn: 'User Agreement',
    });
    expect(tagalog.resources.HELP[0]).toMatchObject({
      labelName: 'Kasunduan ng User',
      labelNameEn: 'User Agreement',
    });
    expect(english.description).not.toBe(tagalog.description);
  });
});

async function openCustomerService(token: string, host = 'localhost:3000') {
  const value = await getValue(`/wps/system/customerService/open?path=${encodeURIComponent(token)}`, host);
  return value.url as string;
}

async function openStatus(token: string, host = 'localhost:3000') {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/wps/system/customerService/open?path=${encodeURIComponent(token)}`,
    headers: { host },
  });
  return { status: response.statusCode, code: response.json().code as string | undefined };
}

describe('customer-service paths (spec §3: path encrypted)', () => {
  it('the permission and public state carry no address, and a token opens to the entry it names', async () => {
    const host = 'kapalaran.example';
    const permission = await getValue('/wps/system/permission?language=EN', host);
    const publicState = await getValue('/wps/system/publicState?language=EN', host);
    const addresses = await testApp.database.db
      .selectFrom('merchant_customer_services')
      .select(['id', 'path'])
      .where('merchant_id', '=', secondMerchantId)
      .where('enabled', '=', true)
      .execute();
    expect(addresses.length).toBeGreaterThan(0);
    const raw = JSON.stringify([permission.info.customerService, publicState.customerService]);
    for (const { path } of addresses) expect(raw).not.toContain(path);

    const listed = [...permission.info.customerService, ...publicState.customerService];
    expect(listed).toHaveLength(2 * addresses.length);
    for (const entry of listed) {
      const expected = addresses.find((row) => row.id === entry.id)?.path;
      expect(expected, entry.id).toBeDefined();
      expect(await openCustomerService(entry.path, host)).toBe(expected);
    }
  });

  it('seals each response afresh, so a token says nothing about its entry', async () => {
    const host = 'kapalaran.example';
    const first = (await getValue('/wps/system/permission', host)).info.customerService[0];
    const second = (await getValue('/wps/system/permission', host)).info.customerService[0];
    expect(first.id).toBe(second.id);
    expect(first.path).not.toBe(second.path);
    expect(await openCustomerService(first.path, host)).toBe(await openCustomerService(second.path, host));
  });

  it("refuses another merchant's token with NOT_FOUND, both ways", async () => {
    const kapalaran = (await getValue('/wps/system/permission', 'kapalaran.example')).info.customerService[0];
    expect(await openStatus(kapalaran.path)).toEqual({ status: 404, code: 'NOT_FOUND' });
    // The demo's live chat: its entry names our own chat page.
    const panalo = (await getValue('/wps/system/permission')).info.customerService[0];
    expect(await openCustomerService(panalo.path)).toBe('/chat');
    expect(await openStatus(panalo.path, 'kapalaran.example')).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('refuses a tampered, truncated or made-up token with NOT_FOUND', async () => {
    const token: string = (await getValue('/wps/system/permission', 'kapalaran.example')).info
      .customerService[0].path;
    const [version, iv, body] = token.split('.') as [string, string, string];
    // Flip one bit of the ciphertext: the GCM tag no longer matches.
    const bytes = Buffer.from(body, 'base64url');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered = `${version}.${iv}.${bytes.toString('base64url')}`;
    for (const bad of [tampered, token.slice(0, -4), `${version}.${iv}.`, 'https://t.me/panalo', 'v1.x.y']) {
      expect(await openStatus(bad), bad).toEqual({ status: 404, code: 'NOT_FOUND' });
    }
  });

  it('opens nothing once the entry is disabled, though the token was handed out before', async () => {
    const entry = (await getValue('/wps/system/permission', 'kapalaran.example')).info.customerService[0];
    const db = testApp.database.db;
    await db
      .updateTable('merchant_customer_services')
      .set({ enabled: false })
      .where('id', '=', entry.id)
      .execute();
    try {
      expect(await openStatus(entry.path, 'kapalaran.example')).toEqual({ status: 404, code: 'NOT_FOUND' });
    } finally {
      await db
        .updateTable('merchant_customer_services')
        .set({ enabled: true })
        .where('id', '=', entry.id)
        .execute();
    }
  });
});

describe('switches and registration settings', () => {
  it('lists every switch of the contract in the whitelabel tree', async () => {
    const { list } = await getValue('/wps/system/whitelabel');
    expect(list.map((node: { modId: string }) => node.modId).sort()).toEqual([...WHITELABEL_SWITCHES].sort());
    expect(list.find((node: { modId: string }) => node.modId === 'USERNAMEREG3')).toEqual({
      modId: 'USERNAMEREG3',
      enabled: true,
      children: [],
    });
  });

  it('answers register rules, switches and the minimum age', async () => {
    const value = await getValue('/wps/system/setting/register');
    expect(value.minimumAge).toBe(21);
    expect(value.switches).toMatchObject({
      USERNAMEREG3: true,
      MOBILENUMREG3: true,
      REGMOBVERF3: true,
      CHNGPASSVERIF3: true,
      FREEPLAY: true,
      VERCODELOGIN: true,
      SOCIALLOGIN: true,
      // Agent contracts (dividend and the three salaries) are on in the demo.
      BONUS: true,
      DAILYSALARY: true,
      HOURLYSALARY: true,
      REALTIMESALARY: true,
      // Features without a server behind them yet stay off, so the site does not name them.
      VIP: false,
      REFERRAL: false,
      MANPLAYREB3: false,
    });
    const username = value.rules.find((rule: { field: string }) => rule.field === 'username');
    expect(username).toMatchObject({
      enabled: true,
      required: true,
      patternId: 2,
      minLength: 6,
      maxLength: 16,
      type: 'text',
    });
    expect(new RegExp(username.acceptedPattern).test('juan2024')).toBe(true);
    expect(new RegExp(username.acceptedPattern).test('9juan')).toBe(false);
    const mobile = value.rules.find((rule: { field: string }) => rule.field === 'mobileNum');
    expect(mobile).toMatchObject({ patternId: 7, minLength: 10, maxLength: 11, type: 'tel' });
    expect(value.rules.find((rule: { field: string }) => rule.field === 'affiliateCode').required).toBe(
      false,
    );
  });

  it('lists the domain routes', async () => {
    const { list } = await getValue('/wps/system/domainRoute');
    expect(list).toEqual([
      { domain: 'localhost', route: 'PLAYER', isMain: true },
      { domain: '127.0.0.1', route: 'PLAYER', isMain: false },
    ]);
  });
});

describe('GET /wps/system/publicState', () => {
  it('gives visitors banners of every group, visitor popups, notices and customer service', async () => {
    const value = await getValue('/wps/system/publicState?language=EN');
    const groups = new Set(value.banners.map((banner: { groupName: string }) => banner.groupName));
    expect([...groups].sort()).toEqual(['w_home', 'w_leftmenu', 'w_license', 'w_login', 'w_register']);
    expect(value.popup.length).toBeGreaterThan(0);
    for (const popup of value.popup) expect(popup.execution).toBe('B');
    expect(value.popup[0].title).toBe('Welcome to Panalo!');
    expect(value.notice).toHaveLength(2);
    expect(value.customerService.map((entry: { csType: string }) => entry.csType)).toEqual(['LIVECHAT']);
    expect(value.showCaptcha).toBe(false);
    expect(value.availablePromo).toEqual({ REFERRAL: { enabled: false } });
  });

  it('accepts and ignores the merchant parameters of the spec', async () => {
    const value = await getValue(
      '/wps/system/publicState?merchant=other&merchantCode=other',
      'kapalaran.example',
    );
    expect(value.customerService).toHaveLength(1);
  });
});

describe('the OpenAPI document', () => {
  it('describes every system call with its query and response schemas', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    for (const path of [
      '/wps/system/status',
      '/wps/system/permission',
      '/wps/system/publicState',
      '/wps/system/customerService/open',
      '/wps/system/announcements',
      '/wps/system/helpCenter',
      '/wps/system/whitelabel',
      '/wps/system/setting/register',
      '/wps/system/domainRoute',
      '/wps/system/countries',
      '/wps/system/languages',
    ]) {
      expect(paths[path]?.get?.responses?.['200'], path).toBeDefined();
      expect(paths[path].get.tags, path).toEqual(['system']);
    }
    expect(paths['/COUNTRY_FLAG/{countryCode}']?.get?.responses?.['404']).toBeDefined();
    const pageSize = paths['/wps/system/announcements'].get.parameters.find(
      (parameter: { name: string }) => parameter.name === 'pageSize',
    );
    expect(pageSize.schema).toMatchObject({ maximum: 50, default: 8 });
  });
});

describe('when the database is away', () => {
  it('still answers liveness, and system calls fail with UNKNOWN rather than NOT_FOUND', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      broken.app.merchantService.invalidate();
      const health = await broken.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      const status = await broken.app.inject({ method: 'GET', url: '/wps/system/status' });
      expect(status.statusCode).toBe(500);
      expect(status.json()).toMatchObject({ success: false, code: 'UNKNOWN' });
    } finally {
      await broken.app.close();
    }
  });
});
