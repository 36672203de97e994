import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from './support/accounts-client.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// The back office's content and configuration editors: banners, announcements per language, the
// help centre, customer-service entries and resources. Each change writes one audit row with the
// row before and after; bad input changes nothing; the player-facing calls show each change.

let testApp: TestApp;
let dataDir: string;
let merchantId: string;
let admin: BackOfficeClient;
let otherOwner: BackOfficeClient;

type AuditRow = { action: string; before: unknown; after: unknown; target_id: string | null };

async function countRows(table: 'audit_log' | 'merchant_customer_services' | 'merchant_resources') {
  const row = await testApp.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Runs a change and checks that it wrote exactly one audit row, of this action; answers both. */
async function expectOneAuditRow(action: string, change: () => Promise<{ status: number; body: Envelope }>) {
  const before = await countRows('audit_log');
  const reply = await change();
  expect(reply.body).toMatchObject({ success: true });
  expect(await countRows('audit_log')).toBe(before + 1);
  const row = (await testApp.database.db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()) as unknown as AuditRow;
  expect(row.action).toBe(action);
  return { reply, row };
}

/** Bad input answers VALIDATION naming the field, and leaves the audit log (and so every row) alone. */
async function expectRefused(field: string, change: () => Promise<{ status: number; body: Envelope }>) {
  const audits = await countRows('audit_log');
  const reply = await change();
  expect([reply.status, reply.body.code]).toEqual([422, 'VALIDATION']);
  expect(Object.keys(reply.body.value.fields)).toContain(field);
  expect(await countRows('audit_log')).toBe(audits);
  return reply.body.value.fields as Record<string, string>;
}

/** A player-facing call in one language (the test clients always ask for EN). */
async function asPlayer(url: string, language: 'TY' | 'EN') {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${url}${url.includes('?') ? '&' : '?'}language=${language}`,
  });
  return (response.json() as Envelope).value;
}

/** The address behind a customer-service entry's sealed path, as the player's click opens it. */
async function openPath(token: string | undefined) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/wps/system/customerService/open?path=${encodeURIComponent(token ?? '')}`,
  });
  return (response.json() as Envelope).value?.url;
}

async function uploadImage(client: BackOfficeClient, route: string) {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'navy' } })
    .png()
    .toBuffer();
  const boundary = '----panalo-editor-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licence.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `${route}?language=EN`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${client.token}`,
    },
  });
  return { status: response.statusCode, body: response.json() as Envelope };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'panalo-bo-editors-'));
  testApp = await createSeededApp({ dataDir });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  admin = createBackOfficeClient(testApp.app);
  admin.token = (
    await insertOperatorWithSession(db, {
      username: 'editor',
      merchantId,
      roleId: 'admin',
      nowMs: Date.now(),
    })
  ).token;
  const otherMerchant = await insertOtherMerchant(db, 'elsewhere');
  otherOwner = createBackOfficeClient(testApp.app);
  otherOwner.token = (
    await insertOperatorWithSession(db, {
      username: 'elsewhere_owner',
      merchantId: otherMerchant,
      roleId: 'owner',
      nowMs: Date.now(),
    })
  ).token;
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('banners', () => {
  it('an existing banner is edited field by field and removed, one audit row with before and after each', async () => {
    const input = {
      groupName: 'w_home',
      title: { TY: 'Maligayang pagdating', EN: 'Welcome' },
      imageUrl: '/media/banner-1.svg',
      linkType: 'NONE',
      linkTarget: null,
      sortOrder: 3,
      enabled: true,
      startsAt: null,
      endsAt: null,
    };
    // A language left blank is not stored: English readers fall back to the Tagalog title.
    const { reply } = await expectOneAuditRow('banner.create', () =>
      admin.call('POST', '/bo/banners', { ...input, title: { TY: 'Maligayang pagdating', EN: ' ' } }),
    );
    expect(reply.body.value.title).toEqual({ TY: 'Maligayang pagdating' });
    const id = reply.body.value.id as string;
    const uploaded = await uploadImage(admin, '/bo/images');
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    const changed = {
      ...input,
      groupName: 'w_login',
      imageUrl: uploaded.body.value.url,
      linkType: 'URL',
      linkTarget: 'https://example.com/promo',
      sortOrder: 7,
      startsAt,
      endsAt,
    };
    const { row } = await expectOneAuditRow('banner.update', () =>
      admin.call('PUT', `/bo/banners/${id}`, changed),
    );
    expect(row.before).toMatchObject({ groupName: 'w_home', sortOrder: 3, linkType: 'NONE' });
    expect(row.after).toMatchObject({
      groupName: 'w_login',
      sortOrder: 7,
      linkType: 'URL',
      linkTarget: 'https://example.com/promo',
      imageUrl: uploaded.body.value.url,
      startsAt,
      endsAt,
    });
    const shown = (await asPlayer('/wps/system/publicState', 'TY')).banners.find(
      (banner: { id: string }) => banner.id === id,
    );
    expect(shown).toMatchObject({
      groupName: 'w_login',
      url: uploaded.body.value.url,
      title: 'Maligayang pagdating',
    });

    await expectRefused('endsAt', () =>
      admin.call('PUT', `/bo/banners/${id}`, { ...changed, startsAt: endsAt, endsAt: startsAt }),
    );
    await expectRefused('imageUrl', () =>
      admin.call('PUT', `/bo/banners/${id}`, { ...changed, imageUrl: 'javascript:alert(1)' }),
    );
    const { row: removed } = await expectOneAuditRow('banner.delete', () =>
      admin.call('DELETE', `/bo/banners/${id}`),
    );
    expect([removed.before, removed.after]).toEqual([expect.objectContaining({ id }), null]);
    expect(
      (await asPlayer('/wps/system/publicState', 'EN')).banners.some(
        (banner: { id: string }) => banner.id === id,
      ),
    ).toBe(false);
  });

  it('a banner shows each reader the image drawn in their language, and the default image to the others', async () => {
    const input = {
      groupName: 'w_home',
      title: { TY: 'Patas na laro', EN: 'Fair play' },
      imageUrl: '/media/fair-default.svg',
      languageImageUrls: { EN: '/media/fair-en.svg', TY: ' ' },
      linkType: 'ROUTE',
      linkTarget: '/inHouse',
      sortOrder: 1,
      enabled: true,
      startsAt: null,
      endsAt: null,
    };
    // A language left blank has no image of its own: its readers see the default one.
    const { reply } = await expectOneAuditRow('banner.create', () =>
      admin.call('POST', '/bo/banners', input),
    );
    expect(reply.body.value.languageImageUrls).toEqual({ EN: '/media/fair-en.svg' });
    const id = reply.body.value.id as string;
    const shownTo = async (language: 'TY' | 'EN') =>
      (await asPlayer('/wps/system/publicState', language)).banners.find(
        (banner: { id: string }) => banner.id === id,
      )?.url;
    expect(await shownTo('EN')).toBe('/media/fair-en.svg');
    expect(await shownTo('TY')).toBe('/media/fair-default.svg');

    const { row } = await expectOneAuditRow('banner.update', () =>
      admin.call('PUT', `/bo/banners/${id}`, {
        ...input,
        languageImageUrls: { EN: '/media/fair-en.svg', TY: '/media/fair-ty.svg' },
      }),
    );
    expect(row.before).toMatchObject({ languageImageUrls: { EN: '/media/fair-en.svg' } });
    expect(row.after).toMatchObject({
      languageImageUrls: { EN: '/media/fair-en.svg', TY: '/media/fair-ty.svg' },
    });
    expect(await shownTo('TY')).toBe('/media/fair-ty.svg');

    await expectRefused('languageImageUrls.EN', () =>
      admin.call('PUT', `/bo/banners/${id}`, { ...input, languageImageUrls: { EN: 'javascript:alert(1)' } }),
    );
    expect(await shownTo('EN')).toBe('/media/fair-en.svg');
    await admin.call('DELETE', `/bo/banners/${id}`);
  });
});

describe('announcements per language', () => {
  it('TY and EN texts are stored sanitised, each reader gets their language, and a missing one falls back', async () => {
    const input = {
      type: 'PL',
      execution: null,
      promotionType: null,
      title: { TY: 'Bagong laro', EN: 'New game' },
      content: {
        TY: '<p onclick="steal()">Maglaro <b>ngayon</b><script>alert(1)</script></p>',
        EN: '<p>Play <a href="javascript:alert(1)">now</a></p>',
      },
      published: true,
      sortOrder: 0,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: null,
    };
    const { reply } = await expectOneAuditRow('announcement.create', () =>
      admin.call('POST', '/bo/announcements', input),
    );
    const id = reply.body.value.id as string;
    expect(reply.body.value.content.TY).toBe('<p>Maglaro <b>ngayon</b></p>');
    expect(reply.body.value.content.EN).not.toMatch(/javascript|script|onclick/);
    const inLanguage = async (language: 'TY' | 'EN') =>
      (await asPlayer('/wps/system/announcements?types=PL', language)).list.find(
        (item: { id: string }) => item.id === id,
      );
    expect(await inLanguage('TY')).toMatchObject({
      title: 'Bagong laro',
      content: '<p>Maglaro <b>ngayon</b></p>',
    });
    expect(await inLanguage('EN')).toMatchObject({ title: 'New game' });

    // EN left blank: an English reader falls back to the Tagalog text rather than an empty one.
    await expectOneAuditRow('announcement.update', () =>
      admin.call('PUT', `/bo/announcements/${id}`, {
        ...input,
        title: { TY: 'Bagong laro ngayon', EN: '' },
        content: { TY: '<p>Tagalog lamang</p>', EN: '  ' },
      }),
    );
    expect(await inLanguage('EN')).toMatchObject({
      title: 'Bagong laro ngayon',
      content: '<p>Tagalog lamang</p>',
    });

    await expectRefused('title', () =>
      admin.call('PUT', `/bo/announcements/${id}`, { ...input, title: { TY: '', EN: '' } }),
    );
    expect((await inLanguage('TY')).title).toBe('Bagong laro ngayon');
    await expectOneAuditRow('announcement.delete', () => admin.call('DELETE', `/bo/announcements/${id}`));
  });
});

describe('help centre', () => {
  it('a category and an article in TY and EN reach the help centre, sanitised, and go again', async () => {
    const category = await expectOneAuditRow('help_category.create', () =>
      admin.call('POST', '/bo/help-categories', {
        anchor: 'deposits',
        device: 'WEB',
        title: { TY: 'Pagdeposito', EN: 'Deposits' },
        sortOrder: 9,
      }),
    );
    const categoryId = category.reply.body.value.id as string;
    const article = {
      categoryId,
      anchor: 'how-to-deposit',
      title: { TY: 'Paano magdeposito', EN: 'How to deposit' },
      content: {
        TY: '<p>Pumili ng paraan<img src="x" onerror="steal()"></p><script>alert(1)</script>',
        EN: '<p onmouseover="steal()">Choose a method</p>',
      },
      sortOrder: 0,
    };
    const created = await expectOneAuditRow('help_article.create', () =>
      admin.call('POST', '/bo/help-articles', article),
    );
    const articleId = created.reply.body.value.id as string;
    const helpIn = async (language: 'TY' | 'EN') =>
      (
        (await asPlayer('/wps/system/helpCenter?device=WEB', language)).list as {
          id: string;
          title: string;
          articles: { id: string; title: string; content: string }[];
        }[]
      ).find((entry) => entry.id === categoryId);
    const ty = await helpIn('TY');
    expect(ty?.title).toBe('Pagdeposito');
    expect(ty?.articles[0]).toMatchObject({ id: articleId, title: 'Paano magdeposito' });
    expect(ty?.articles[0]?.content).toContain('Pumili ng paraan');
    expect(ty?.articles[0]?.content).not.toMatch(/script|onerror|steal/);
    const en = await helpIn('EN');
    expect(en?.articles[0]).toMatchObject({ title: 'How to deposit', content: '<p>Choose a method</p>' });

    const edited = await expectOneAuditRow('help_article.update', () =>
      admin.call('PUT', `/bo/help-articles/${articleId}`, {
        ...article,
        title: { TY: 'Paano magdeposito sa GCash', EN: 'Depositing with GCash' },
        content: { TY: '<p>Buksan ang GCash</p>', EN: '<p>Open GCash</p>' },
      }),
    );
    expect(edited.row.before).toMatchObject({ title: { TY: 'Paano magdeposito' } });
    expect(edited.row.after).toMatchObject({ title: { TY: 'Paano magdeposito sa GCash' } });
    expect((await helpIn('TY'))?.articles[0]).toMatchObject({
      title: 'Paano magdeposito sa GCash',
      content: '<p>Buksan ang GCash</p>',
    });
    expect((await helpIn('EN'))?.articles[0]?.title).toBe('Depositing with GCash');

    await expectRefused('anchor', () =>
      admin.call('PUT', `/bo/help-articles/${articleId}`, { ...article, anchor: 'Not An Anchor!' }),
    );
    await expectRefused('anchor', () =>
      admin.call('POST', '/bo/help-categories', {
        anchor: 'deposits',
        device: 'WEB',
        title: { EN: 'Twice' },
        sortOrder: 0,
      }),
    );
    await expectRefused('categoryId', () =>
      admin.call('POST', '/bo/help-articles', { ...article, categoryId: 'no-such-category' }),
    );

    await expectOneAuditRow('help_category.delete', () =>
      admin.call('DELETE', `/bo/help-categories/${categoryId}`),
    );
    expect(await helpIn('TY')).toBeUndefined();
    const left = await testApp.database.db
      .selectFrom('help_articles')
      .select('id')
      .where('id', '=', articleId)
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });
});

describe('customer service', () => {
  it('a TELEGRAM entry is added, reordered, edited and removed, and the permission response follows at once', async () => {
    const input = {
      csType: 'TELEGRAM',
      title: { TY: 'Telegram VIP', EN: 'Telegram VIP desk' },
      path: 'https://t.me/panalo_vip',
      sortOrder: 0,
      enabled: true,
    };
    // An email entry gives the new one a neighbour to move past (the demo's live chat is listed too).
    const neighbour = await admin.call('POST', '/bo/customer-services', {
      csType: 'EMAIL',
      title: { TY: 'Mag-email sa amin', EN: 'Email us' },
      path: 'mailto:help@panalo.example',
      sortOrder: 10,
      enabled: true,
      merchantId,
    });
    expect(neighbour.body.success, JSON.stringify(neighbour.body)).toBe(true);
    const { reply } = await expectOneAuditRow('customer_service.create', () =>
      admin.call('POST', '/bo/customer-services', { ...input, merchantId }),
    );
    const id = reply.body.value.id as string;
    const entries = async (language: 'TY' | 'EN') =>
      (await asPlayer('/wps/system/permission', language)).info.customerService as {
        id: string;
        csType: string;
        title: string;
        path: string;
      }[];
    expect((await entries('TY')).find((entry) => entry.id === id)).toMatchObject({
      csType: 'TELEGRAM',
      title: 'Telegram VIP',
    });
    const ours = (list: { id: string }[]) =>
      list.map((entry) => entry.id).filter((entryId) => [id, neighbour.body.value.id].includes(entryId));
    expect(ours(await entries('EN'))).toEqual([id, neighbour.body.value.id]);
    expect((await entries('EN')).find((entry) => entry.id === id)?.title).toBe('Telegram VIP desk');
    expect(
      (await asPlayer('/wps/system/publicState', 'EN')).customerService.some(
        (entry: { id: string }) => entry.id === id,
      ),
    ).toBe(true);

    const { row } = await expectOneAuditRow('customer_service.update', () =>
      admin.call('PUT', `/bo/customer-services/${id}`, {
        ...input,
        sortOrder: 50,
        path: 'https://t.me/panalo_help',
      }),
    );
    expect([row.before, row.after]).toEqual([
      expect.objectContaining({ sortOrder: 0, path: 'https://t.me/panalo_vip' }),
      expect.objectContaining({ sortOrder: 50, path: 'https://t.me/panalo_help' }),
    ]);
    const reordered = await entries('EN');
    expect(ours(reordered)).toEqual([neighbour.body.value.id, id]);
    expect(await openPath(reordered.at(-1)?.path)).toBe('https://t.me/panalo_help');

    const rows = await countRows('merchant_customer_services');
    for (const path of [
      'javascript:alert(1)',
      '/relative/chat',
      `https://t.me/${'x'.repeat(1000)}`,
      'mailto:not-an-address',
      'tel:call-me',
    ]) {
      await expectRefused('path', () => admin.call('PUT', `/bo/customer-services/${id}`, { ...input, path }));
      await expectRefused('path', () => admin.call('POST', '/bo/customer-services', { ...input, path }));
    }
    expect(await countRows('merchant_customer_services')).toBe(rows);
    // The operator reads what is wrong in words, not as a regular expression.
    expect(
      await expectRefused('path', () =>
        admin.call('POST', '/bo/customer-services', { ...input, path: 'javascript:alert(1)' }),
      ),
    ).toEqual({
      path: 'must be an http:// or https:// address, a mailto: address, a tel: number, or /chat (our live chat)',
    });
    // Our own chat page is a live-chat entry's address, no other channel's.
    expect(
      await expectRefused('path', () =>
        admin.call('PUT', `/bo/customer-services/${id}`, { ...input, csType: 'TELEGRAM', path: '/chat' }),
      ),
    ).toEqual({ path: 'only a LIVECHAT entry opens our live chat' });
    const desk = await admin.call('PUT', `/bo/customer-services/${id}`, {
      ...input,
      csType: 'LIVECHAT',
      path: '/chat',
    });
    expect(desk.body.success, JSON.stringify(desk.body)).toBe(true);
    // An email address or a hotline number is a way to reach customer service too.
    for (const path of ['mailto:help@panalo.example', 'tel:+63 2 8888 1234']) {
      const saved = await admin.call('PUT', `/bo/customer-services/${id}`, { ...input, path });
      expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    }
    await admin.call('PUT', `/bo/customer-services/${id}`, { ...input, path: 'https://t.me/panalo_help' });
    expect(await openPath((await entries('EN')).find((entry) => entry.id === id)?.path)).toBe(
      'https://t.me/panalo_help',
    );

    await expectOneAuditRow('customer_service.update', () =>
      admin.call('PUT', `/bo/customer-services/${id}`, { ...input, enabled: false }),
    );
    expect((await entries('EN')).some((entry) => entry.id === id)).toBe(false);
    await expectOneAuditRow('customer_service.delete', () =>
      admin.call('DELETE', `/bo/customer-services/${id}`),
    );
    expect(await countRows('merchant_customer_services')).toBe(rows - 1);
  });
});

describe('resources', () => {
  it('a licence image is uploaded and added as a LICENSE resource, edited and removed, read by type', async () => {
    const uploaded = await uploadImage(admin, '/bo/settings/images');
    expect(uploaded.body.value.url).toMatch(/^\/media\/uploads\/content\/.+\.webp$/);
    const input = {
      resourceType: 'LICENSE',
      label: { TY: 'Lisensya ng PAGCOR', EN: 'PAGCOR licence' },
      url: uploaded.body.value.url,
      icon: null,
      sortOrder: 0,
      enabled: true,
    };
    const { reply } = await expectOneAuditRow('resource.create', () =>
      admin.call('POST', '/bo/resources', { ...input, merchantId }),
    );
    const id = reply.body.value.id as string;
    const licences = async (language: 'TY' | 'EN') =>
      (await asPlayer('/wps/system/permission', language)).info.resources.LICENSE as {
        id: string;
        labelName: string;
        labelNameEn: string;
        url: string;
      }[];
    expect((await licences('TY')).find((entry) => entry.id === id)).toMatchObject({
      labelName: 'Lisensya ng PAGCOR',
      labelNameEn: 'PAGCOR licence',
      url: uploaded.body.value.url,
    });

    await expectOneAuditRow('resource.update', () =>
      admin.call('PUT', `/bo/resources/${id}`, {
        ...input,
        resourceType: 'SOCIAL',
        label: { EN: 'Our channel' },
        url: 'https://www.youtube.com/@panalo_ph',
        icon: 'youtube',
      }),
    );
    const info = (await asPlayer('/wps/system/permission', 'TY')).info;
    expect((info.resources.LICENSE ?? []).some((entry: { id: string }) => entry.id === id)).toBe(false);
    expect(info.resources.SOCIAL.find((entry: { id: string }) => entry.id === id)).toMatchObject({
      labelNameEn: 'Our channel',
      labelName: 'Our channel',
      url: 'https://www.youtube.com/@panalo_ph',
    });

    for (const url of [
      'javascript:alert(1)',
      'data:text/html,hi',
      '//evil.example/x',
      'ftp://files.example/x',
    ]) {
      await expectRefused('url', () => admin.call('PUT', `/bo/resources/${id}`, { ...input, url }));
    }
    await expectRefused('resourceType', () =>
      admin.call('POST', '/bo/resources', { ...input, resourceType: 'lower case' }),
    );
    await expectOneAuditRow('resource.delete', () => admin.call('DELETE', `/bo/resources/${id}`));
  });
});

describe("another merchant's operator", () => {
  it('cannot list, add, change or remove anything of this merchant', async () => {
    const { db } = testApp.database;
    // The demo seeds no customer service, so the merchant's own operator adds the entry to guard.
    const entry = await admin.call('POST', '/bo/customer-services', {
      csType: 'EMAIL',
      title: { TY: 'Mag-email sa amin', EN: 'Email us' },
      path: 'mailto:guard@panalo.example',
      sortOrder: 0,
      enabled: true,
      merchantId,
    });
    expect(entry.body.success, JSON.stringify(entry.body)).toBe(true);
    const ids = {
      banners: (
        await db
          .selectFrom('banners')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .executeTakeFirstOrThrow()
      ).id,
      'help-articles': (
        await db
          .selectFrom('help_articles')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .executeTakeFirstOrThrow()
      ).id,
      'customer-services': entry.body.value.id as string,
      resources: (
        await db
          .selectFrom('merchant_resources')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .executeTakeFirstOrThrow()
      ).id,
    };
    const audits = await countRows('audit_log');
    for (const [segment, id] of Object.entries(ids)) {
      const listed = await otherOwner.call('GET', `/bo/${segment}?merchantId=${merchantId}`);
      expect([segment, listed.status, listed.body.code]).toEqual([segment, 403, 'FORBIDDEN']);
      const added = await otherOwner.call('POST', `/bo/${segment}`, { merchantId });
      expect([segment, added.status, added.body.code]).toEqual([segment, 403, 'FORBIDDEN']);
      const changed = await otherOwner.call('PUT', `/bo/${segment}/${id}`, {});
      expect([segment, changed.status, changed.body.code]).toEqual([segment, 404, 'NOT_FOUND']);
      const removed = await otherOwner.call('DELETE', `/bo/${segment}/${id}`);
      expect([segment, removed.status, removed.body.code]).toEqual([segment, 404, 'NOT_FOUND']);
    }
    // Their own lists hold nothing of this merchant's.
    const own = await otherOwner.call('GET', '/bo/help-articles');
    expect(own.body.value.list).toEqual([]);
    expect(await countRows('audit_log')).toBe(audits);
  });
});
