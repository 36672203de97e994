import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from './support/accounts-client.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
} from './support/bo-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// Every address an operator saves for a player to click (a banner's link, a resource) is an
// http(s) URL or a path on the site; a script or data URL never reaches a player's page.

let testApp: TestApp;
let merchantId: string;
let admin: BackOfficeClient;

const UNSAFE_LINKS = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  '//evil.example/promo',
  '/\\evil.example/promo',
  'https:/\\evil.example',
  'promotions',
];
const SAFE_LINKS = ['https://example.com/promo?a=1', 'http://example.com/', '/promotions#vip', '/'];

const banner = {
  groupName: 'w_home',
  title: { EN: 'Promo' },
  imageUrl: '/media/banner-1.svg',
  linkType: 'URL',
  linkTarget: 'https://example.com/promo',
  sortOrder: 0,
  enabled: true,
  startsAt: null,
  endsAt: null,
};
const resource = {
  resourceType: 'SOCIAL',
  label: { EN: 'Our page' },
  url: 'https://example.com/page',
  icon: null,
  sortOrder: 0,
  enabled: true,
};

async function countRows(table: 'banners' | 'merchant_resources'): Promise<number> {
  const row = await testApp.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A refusal names the field and stores nothing. */
async function expectRefused(
  table: 'banners' | 'merchant_resources',
  field: string,
  change: () => Promise<{ status: number; body: Envelope }>,
) {
  const before = await countRows(table);
  const reply = await change();
  expect([reply.status, reply.body.code], JSON.stringify(reply.body)).toEqual([422, 'VALIDATION']);
  expect(Object.keys(reply.body.value.fields)).toEqual([field]);
  expect(await countRows(table)).toBe(before);
}

beforeAll(async () => {
  testApp = await createSeededApp();
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  admin = createBackOfficeClient(testApp.app);
  admin.token = (
    await insertOperatorWithSession(db, {
      username: 'linker',
      merchantId,
      roleId: 'admin',
      nowMs: Date.now(),
    })
  ).token;
});

afterAll(async () => {
  await testApp.close();
});

describe('links an operator saves for players', () => {
  it('a banner whose link or image is a script, data or protocol-relative URL is refused on that field', async () => {
    for (const unsafe of UNSAFE_LINKS) {
      for (const linkType of ['URL', 'ROUTE']) {
        await expectRefused('banners', 'linkTarget', () =>
          admin.call('POST', '/bo/banners', { ...banner, merchantId, linkType, linkTarget: unsafe }),
        );
      }
      await expectRefused('banners', 'imageUrl', () =>
        admin.call('POST', '/bo/banners', { ...banner, merchantId, imageUrl: unsafe }),
      );
    }
    await expectRefused('banners', 'linkTarget', () =>
      admin.call('POST', '/bo/banners', { ...banner, merchantId, linkTarget: null }),
    );
  });

  it('an edit cannot turn a saved banner link into a script URL', async () => {
    const created = await admin.call('POST', '/bo/banners', { ...banner, merchantId });
    expect(created.body.success).toBe(true);
    const id = created.body.value.id as string;
    await expectRefused('banners', 'linkTarget', () =>
      admin.call('PUT', `/bo/banners/${id}`, { ...banner, linkTarget: 'javascript:alert(1)' }),
    );
    const stored = await testApp.database.db
      .selectFrom('banners')
      .select('link_target')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.link_target).toBe('https://example.com/promo');
  });

  it('a resource whose address is a script, data or protocol-relative URL is refused on url', async () => {
    for (const unsafe of UNSAFE_LINKS) {
      await expectRefused('merchant_resources', 'url', () =>
        admin.call('POST', '/bo/resources', { ...resource, merchantId, url: unsafe }),
      );
    }
  });

  it('http(s) addresses and paths on the site are accepted and reach the players', async () => {
    for (const safe of SAFE_LINKS) {
      const saved = await admin.call('POST', '/bo/banners', { ...banner, merchantId, linkTarget: safe });
      expect(saved.body, safe).toMatchObject({ success: true, value: { linkTarget: safe } });
      const savedResource = await admin.call('POST', '/bo/resources', { ...resource, merchantId, url: safe });
      expect(savedResource.body, safe).toMatchObject({ success: true, value: { url: safe } });
    }
    // A promotion's or a game's target is an identifier the site puts into its own path.
    const promotion = await admin.call('POST', '/bo/banners', {
      ...banner,
      merchantId,
      linkType: 'PROMOTION',
      linkTarget: 'WELCOME_BONUS',
    });
    expect(promotion.body.success).toBe(true);
    const shown = await testApp.app.inject({ method: 'GET', url: '/wps/system/publicState?language=EN' });
    const targets = (shown.json() as Envelope).value.banners.map(
      (item: { linkTarget: string | null }) => item.linkTarget,
    );
    expect(targets).toEqual(expect.arrayContaining(SAFE_LINKS));
    for (const unsafe of UNSAFE_LINKS) expect(targets).not.toContain(unsafe);
  });
});
