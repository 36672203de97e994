import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient, type Envelope } from './support/accounts-client.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
} from './support/bo-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let dataDir: string;
let demoId: string;
let admin: BackOfficeClient;

/** One change that must succeed and write exactly one audit row with this action. */
function expectAudited<Reply extends { body: Envelope }>(action: string, change: () => Promise<Reply>) {
  return expectOneAuditRow(testApp.database.db, change, { action });
}

function multipart(fileName: string, data: Buffer) {
  const boundary = '----panalo-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(fileName: string, data: Buffer) {
  const body = multipart(fileName, data);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/bo/images?language=EN',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${admin.token}` },
  });
  return { status: response.statusCode, body: response.json() as Envelope };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'panalo-bo-content-'));
  testApp = await createSeededApp({ dataDir });
  const { db } = testApp.database;
  demoId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  const session = await insertOperatorWithSession(db, {
    username: 'content-admin',
    merchantId: demoId,
    roleId: 'admin',
    nowMs: Date.now(),
  });
  admin = createBackOfficeClient(testApp.app);
  admin.token = session.token;
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('content', () => {
  it('an uploaded image is re-encoded, served to players as WebP, and a fake one is refused', async () => {
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: 'teal' } })
      .png()
      .toBuffer();
    const uploaded = await upload('banner.png', png);
    expect(uploaded.body.success).toBe(true);
    expect(uploaded.body.value.url).toMatch(/^\/media\/uploads\/content\/[0-9a-f-]{36}\.webp$/);
    const served = await testApp.app.inject({ method: 'GET', url: uploaded.body.value.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const fake = await upload('fake.png', Buffer.from('not an image at all'));
    expect([fake.status, fake.body.code]).toEqual([422, 'VALIDATION']);
    const large = await upload('large.png', Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    expect([large.status, large.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const outside = await testApp.app.inject({
      method: 'GET',
      url: '/media/uploads/content/..%2F..%2Fsecret.webp',
    });
    expect(outside.statusCode).toBe(404);
  });

  it('a w_login banner added, changed and removed shows in the public state, one audit row each', async () => {
    const player = createAccountsClient(testApp.app);
    const input = {
      groupName: 'w_login',
      title: { EN: 'Welcome back' },
      imageUrl: '/media/banner-1.svg',
      linkType: 'NONE',
      linkTarget: null,
      sortOrder: 1,
      enabled: true,
      startsAt: null,
      endsAt: null,
    };
    const { reply } = await expectAudited('banner.create', () => admin.call('POST', '/bo/banners', input));
    const id = reply.body.value.id as string;
    const banners = async () =>
      (await player.call('GET', '/wps/system/publicState')).body.value.banners as {
        id: string;
        title: string;
      }[];
    expect((await banners()).find((banner) => banner.id === id)?.title).toBe('Welcome back');
    await expectAudited('banner.update', () =>
      admin.call('PUT', `/bo/banners/${id}`, {
        ...input,
        endsAt: new Date(Date.now() - 1000).toISOString(),
        startsAt: new Date(Date.now() - 5000).toISOString(),
      }),
    );
    expect((await banners()).some((banner) => banner.id === id)).toBe(false);
    const unsafe = await admin.call('POST', '/bo/banners', { ...input, imageUrl: 'javascript:alert(1)' });
    expect(unsafe.body.code).toBe('VALIDATION');
    await expectAudited('banner.delete', () => admin.call('DELETE', `/bo/banners/${id}`));
  });

  it('announcement HTML is sanitised before it is stored', async () => {
    const { reply } = await expectAudited('announcement.create', () =>
      admin.call('POST', '/bo/announcements', {
        type: 'B',
        execution: null,
        promotionType: null,
        title: { EN: 'Notice' },
        content: { EN: '<p onclick="steal()">Hello<script>alert(1)</script></p>' },
        published: true,
        sortOrder: 0,
        startsAt: null,
        endsAt: null,
      }),
    );
    expect(reply.body.value.content.EN).toContain('Hello');
    expect(reply.body.value.content.EN).not.toMatch(/script|onclick/);
    const notices = (await createAccountsClient(testApp.app).call('GET', '/wps/system/publicState')).body
      .value.notice;
    expect(notices.some((notice: { id: string }) => notice.id === reply.body.value.id)).toBe(true);
  });
});

describe('players', () => {
  it('search, the player page, lock (sessions end), unlock and a temporary password, each audited', async () => {
    const player = createAccountsClient(testApp.app);
    expect((await player.logIn('demo', 'Demo1234')).success).toBe(true);
    const found = await admin.call('GET', '/bo/players?field=account&text=dem');
    const demo = found.body.value.list.find((row: { account: string }) => row.account === 'demo');
    expect(demo).toBeDefined();
    const byIp = await admin.call('GET', `/bo/players?field=ip&text=${player.ip}`);
    expect(byIp.body.value.list.map((row: { id: string }) => row.id)).toContain(demo.id);

    const page = await admin.call('GET', `/bo/players/${demo.id}`);
    expect(page.body.value.profile.account).toBe('demo');
    expect(page.body.value.sessions.some((session: { isLive: boolean }) => session.isLive)).toBe(true);
    expect(page.body.value.balances.cash).toMatch(/^\d+\.\d{2}$/);
    expect((await admin.call('GET', `/bo/players/${demo.id}/ledger`)).body.success).toBe(true);

    await expectAudited('player.lock', () => admin.call('POST', `/bo/players/${demo.id}/lock`));
    expect((await player.call('GET', '/wps/member/info')).body.code).toBe('NOT_LOGGED_IN');
    expect((await admin.call('POST', `/bo/players/${demo.id}/lock`)).body.code).toBe('CONFLICT');
    await expectAudited('player.unlock', () => admin.call('POST', `/bo/players/${demo.id}/unlock`));

    const { reply, row } = await expectAudited('player.password.reset', () =>
      admin.call('POST', `/bo/players/${demo.id}/password/reset`),
    );
    const temporary = reply.body.value.temporaryPassword as string;
    expect(JSON.stringify(row)).not.toContain(temporary);
    const again = createAccountsClient(testApp.app);
    const login = await again.logIn('demo', temporary);
    expect(login.value.passwordExpired).toBe(true);
  });

  it('the outbox lists what players were sent, with codes and link tokens blanked', async () => {
    const { db } = testApp.database;
    const merchantId = demoId;
    await db
      .insertInto('outbox_messages')
      .values([
        {
          id: 'outbox-code',
          merchant_id: merchantId,
          channel: 'sms',
          destination: '+639171112222',
          purpose: 'login',
          subject: null,
          body: 'Your Panalo code is 482913. It expires in 5 minutes.',
          provider: 'outbox',
          status: 'sent',
        },
        {
          id: 'outbox-reset',
          merchant_id: merchantId,
          channel: 'email',
          destination: 'player@example.test',
          purpose: 'passwordReset',
          subject: 'Reset your password',
          body: 'Open https://panalo.test/?resetPassword=abcDEF123_-xyz&language=EN to choose a new password.',
          provider: 'outbox',
          status: 'sent',
        },
      ])
      .execute();
    const outbox = await admin.call('GET', '/bo/outbox?pageSize=100');
    expect(outbox.body.success).toBe(true);
    const byId = new Map(
      outbox.body.value.list.map((item: { id: string; body: string }) => [item.id, item.body]),
    );
    expect(byId.get('outbox-code')).toBe('Your Panalo code is ••••••. It expires in 5 minutes.');
    expect(byId.get('outbox-reset')).toBe(
      'Open https://panalo.test/?resetPassword=•••&language=EN to choose a new password.',
    );
    expect(JSON.stringify(outbox.body)).not.toMatch(/482913|abcDEF123/);
  });
});

describe('reports', () => {
  it('daily registrations, logins and active players over a preset, zero days included', async () => {
    const reply = await admin.call('GET', '/bo/reports/player-activity?preset=past7Days');
    expect(reply.body.value.rows).toHaveLength(7);
    const today = reply.body.value.rows.at(-1);
    expect(today.logins).toBeGreaterThanOrEqual(2);
    expect(today.activePlayers).toBe(1);
    const tooLong = await admin.call('GET', '/bo/reports/player-activity?from=2020-01-01&to=2026-01-01');
    expect(tooLong.body.code).toBe('VALIDATION');
  });
});
