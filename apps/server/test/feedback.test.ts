import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient } from './support/accounts-client.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import type { BackOfficeClient } from './support/bo-client.ts';
import { insertOtherMerchant } from './support/bo-client.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import { imageOf, memberAt, operatorOf, uploadFile } from './support/promotion-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const NOW = Date.parse('2030-05-06T05:00:00Z');
const registeredAt = new Date(NOW - 86_400_000);
const UPLOAD = '/wps/feedback/image';
const TEXT = 'Ang bagal mag-load ng laro sa gabi.';

let testApp: TestApp;
let merchantId: string;
let support: BackOfficeClient;
let finance: BackOfficeClient;
let otherOwner: BackOfficeClient;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(NOW) });
  merchantId = await demoMerchantId(testApp);
  support = await operatorOf(testApp, { username: 'fb_support', merchantId, roleId: 'support', nowMs: NOW });
  finance = await operatorOf(testApp, { username: 'fb_finance', merchantId, roleId: 'finance', nowMs: NOW });
  const otherMerchant = await insertOtherMerchant(testApp.database.db, 'fbother');
  otherOwner = await operatorOf(testApp, {
    username: 'fb_other',
    merchantId: otherMerchant,
    roleId: 'owner',
    nowMs: NOW,
  });
});

afterAll(async () => {
  await testApp?.close();
});

type Member = Awaited<ReturnType<typeof memberAt>>;

const newMember = () => memberAt(testApp, merchantId, registeredAt);

function upload(member: Member, data: Buffer, name = 'screen.png', type = 'image/png') {
  return uploadFile(testApp, UPLOAD, member.client.token ?? '', { name, type, data });
}

async function uploadedImageId(member: Member): Promise<string> {
  const reply = await upload(member, await imageOf('png'));
  expect(reply.body.success).toBe(true);
  return reply.body.value.id;
}

function send(member: Member, body: Record<string, unknown> = {}) {
  return member.client.call('PUT', '/wps/feedback', { type: 'game', content: TEXT, ...body });
}

async function sentId(member: Member, body: Record<string, unknown> = {}): Promise<string> {
  const reply = await send(member, body);
  expect(reply.body.success).toBe(true);
  return reply.body.value.id;
}

describe('sending feedback', () => {
  it('keeps a type, the trimmed text and the images, and lists them with the form rules', async () => {
    const member = await newMember();
    const imageIds = [await uploadedImageId(member), await uploadedImageId(member)];
    const reply = await send(member, { content: `  ${TEXT}\n`, imageIds });
    expect(reply.body.value).toMatchObject({
      type: 'game',
      content: TEXT,
      status: 'open',
      answer: null,
      images: imageIds.map((id) => ({ id, url: `/wps/feedback/images/${id}` })),
    });
    const list = await member.client.call('GET', '/wps/feedback');
    expect(list.body.value).toMatchObject({
      totalPages: 1,
      contentMinLength: 10,
      contentMaxLength: 500,
      imagesMax: 3,
      imageBytesMax: 5 * 1024 * 1024,
      perDayMax: 5,
    });
    expect(list.body.value.list).toHaveLength(1);
    expect(list.body.value.list[0]).toMatchObject({ id: reply.body.value.id, content: TEXT });
  });

  it('counts the text in characters, not words nor UTF-16 units', async () => {
    const member = await newMember();
    // Ten emoji are ten characters (twenty UTF-16 units): exactly the least allowed.
    expect((await send(member, { content: '😀'.repeat(10) })).body.success).toBe(true);
    const short = await send(member, { content: 'Mabagal!!' });
    expect(short.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { content: 'length' }, contentMinLength: 10, contentMaxLength: 500, length: 9 },
    });
    // Blanks around the text do not count.
    expect((await send(member, { content: `   ${'a'.repeat(9)}    ` })).body.code).toBe('VALIDATION');
    expect((await send(member, { content: 'ñ'.repeat(501) })).body.value.reasons).toEqual({
      content: 'length',
    });
    expect((await send(member, { content: 'ñ'.repeat(500) })).body.success).toBe(true);
  });

  it('follows the merchant’s length setting', async () => {
    const member = await newMember();
    const merchants = testApp.database.db;
    const row = await merchants
      .selectFrom('merchants')
      .select('settings')
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow();
    const settings = row.settings as Record<string, unknown>;
    await merchants
      .updateTable('merchants')
      .set({
        settings: JSON.stringify({ ...settings, feedback: { contentMinLength: 3, contentMaxLength: 20 } }),
      })
      .where('id', '=', merchantId)
      .execute();
    testApp.app.merchantService.invalidate();
    try {
      expect((await send(member, { content: 'Ayos' })).body.success).toBe(true);
      expect((await send(member, { content: TEXT })).body.value.contentMaxLength).toBe(20);
    } finally {
      await merchants
        .updateTable('merchants')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', merchantId)
        .execute();
      testApp.app.merchantService.invalidate();
    }
  });

  it('refuses an unknown type, more than three images, and images that are not the member’s own', async () => {
    const member = await newMember();
    expect((await send(member, { type: 'complaint' })).body.code).toBe('VALIDATION');
    const four = await Promise.all(Array.from({ length: 4 }, () => uploadedImageId(member)));
    expect((await send(member, { imageIds: four })).body.code).toBe('VALIDATION');
    const other = await newMember();
    const foreign = await uploadedImageId(other);
    const refused = await send(member, { imageIds: [four[0], foreign] });
    expect(refused.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { imageIds: 'unknown' } } });
    // Nothing of the refused feedback stays: not the feedback, not its images' attachment.
    expect((await member.client.call('GET', '/wps/feedback')).body.value.list).toEqual([]);
    const used = await sentId(member, { imageIds: [four[0]] });
    expect(used).toBeTruthy();
    expect((await send(member, { imageIds: [four[0]] })).body.value.reasons).toEqual({ imageIds: 'unknown' });
  });

  it('checks images by their content, whatever the name says, and their size', async () => {
    const member = await newMember();
    const webp = await upload(member, await imageOf('webp'), 'screen.png');
    expect(webp.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { file: 'notPngOrJpeg' } } });
    const html = Buffer.concat([
      (await imageOf('png')).subarray(0, 8),
      Buffer.from('<script>alert(1)</script>'),
    ]);
    expect((await upload(member, html)).body.code).toBe('VALIDATION');
    expect((await upload(member, await imageOf('jpeg'), 'photo.txt', 'text/plain')).body.success).toBe(true);
    const large = Buffer.concat([(await imageOf('png')).subarray(0, 8), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const tooLarge = await upload(member, large);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('lets only the member read their images', async () => {
    const member = await newMember();
    const id = await uploadedImageId(member);
    const own = await testApp.app.inject({
      method: 'GET',
      url: `/wps/feedback/images/${id}`,
      headers: { authorization: `Bearer ${member.client.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    const other = await newMember();
    expect((await other.client.call('GET', `/wps/feedback/images/${id}`)).body.code).toBe('NOT_FOUND');
  });

  it('is for members only: not visitors, not trial accounts', async () => {
    const visitor = createAccountsClient(testApp.app);
    expect((await visitor.call('PUT', '/wps/feedback', { type: 'other', content: TEXT })).body.code).toBe(
      'NOT_LOGGED_IN',
    );
    const trial = await memberAt(testApp, merchantId, registeredAt, 4);
    expect((await send(trial)).body.code).toBe('TRIAL_ACCOUNT');
  });

  it('takes at most five a day, however many arrive at once', async () => {
    const member = await newMember();
    const replies = await Promise.all(Array.from({ length: 12 }, () => send(member)));
    const codes = replies.map((reply) => (reply.body.success ? 'OK' : reply.body.code));
    expect(codes.filter((code) => code === 'OK')).toHaveLength(5);
    expect(codes.filter((code) => code === 'LIMIT_REACHED')).toHaveLength(7);
    const rows = await testApp.database.db
      .selectFrom('feedbacks')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(5);
  });

  it('keeps at most ten unsent images a day, however many arrive at once', async () => {
    const member = await newMember();
    const png = await imageOf('png');
    const replies = await Promise.all(Array.from({ length: 14 }, () => upload(member, png)));
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(10);
    expect(replies.filter((reply) => reply.body.code === 'LIMIT_REACHED')).toHaveLength(4);
  });
});

describe('the merchant’s length setting', () => {
  it('is set by settings.write, audited, the least never above the most', async () => {
    const admin = await operatorOf(testApp, {
      username: 'fb_admin',
      merchantId,
      roleId: 'admin',
      nowMs: NOW,
    });
    const path = `/bo/merchants/${merchantId}/feedback`;
    await expectOneAuditRow(
      testApp.database.db,
      () => admin.call('PUT', path, { contentMinLength: 5, contentMaxLength: 50 }),
      { action: 'settings.feedback', merchant_id: merchantId },
    );
    try {
      const member = await newMember();
      expect((await member.client.call('GET', '/wps/feedback')).body.value).toMatchObject({
        contentMinLength: 5,
        contentMaxLength: 50,
      });
      expect((await send(member, { content: 'Ayos!' })).body.success).toBe(true);
      expect((await admin.call('GET', `/bo/merchants/${merchantId}/config`)).body.value.feedback).toEqual({
        contentMinLength: 5,
        contentMaxLength: 50,
      });
    } finally {
      await admin.call('PUT', path, { contentMinLength: 10, contentMaxLength: 500 });
    }
    const refused = await admin.call('PUT', path, { contentMinLength: 60, contentMaxLength: 50 });
    expect(refused.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { contentMaxLength: 'belowMin' } },
    });
    expect((await admin.call('PUT', path, { contentMinLength: 10, contentMaxLength: 2001 })).body.code).toBe(
      'VALIDATION',
    );
    expect((await support.call('PUT', path, { contentMinLength: 5, contentMaxLength: 50 })).body.code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('the back office inbox', () => {
  it('lists feedback by status and type for support, never for roles without support.feedback', async () => {
    const member = await newMember();
    const imageId = await uploadedImageId(member);
    const id = await sentId(member, { type: 'payment', imageIds: [imageId] });
    const open = await support.call('GET', '/bo/feedback?status=open&type=payment');
    expect(open.body.success).toBe(true);
    const item = open.body.value.list.find((row: { id: string }) => row.id === id);
    expect(item).toMatchObject({
      account: expect.any(String),
      memberId: member.id,
      type: 'payment',
      status: 'open',
      images: [{ id: imageId, url: `/bo/feedback/images/${imageId}` }],
    });
    const games = await support.call('GET', '/bo/feedback?type=game&pageSize=50');
    expect(games.body.value.list.every((row: { type: string }) => row.type === 'game')).toBe(true);
    const image = await testApp.app.inject({
      method: 'GET',
      url: `/bo/feedback/images/${imageId}`,
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('private, no-store');

    expect((await finance.call('GET', '/bo/feedback')).body.code).toBe('FORBIDDEN');
    expect((await finance.call('GET', `/bo/feedback/${id}`)).body.code).toBe('FORBIDDEN');
    expect((await otherOwner.call('GET', `/bo/feedback/${id}`)).body.code).toBe('NOT_FOUND');
    expect((await otherOwner.call('GET', `/bo/feedback/images/${imageId}`)).body.code).toBe('NOT_FOUND');
    expect((await otherOwner.call('GET', '/bo/feedback')).body.value.list).toEqual([]);
    expect((await support.call('GET', '/bo/feedback?pageSize=51')).body.code).toBe('VALIDATION');
  });

  it('answers once, audited, and the answer reaches the member’s messages', async () => {
    const member = await newMember();
    const id = await sentId(member, { type: 'account' });
    const answer = 'Salamat! Inayos na namin ang problema sa pag-login.';
    const { row } = await expectOneAuditRow(
      testApp.database.db,
      () => support.call('POST', `/bo/feedback/${id}/answer`, { answer: `  ${answer} ` }),
      { action: 'feedback.answer', target_type: 'feedback', target_id: id, merchant_id: merchantId },
    );
    expect(row.after).toMatchObject({ status: 'answered', answer });

    const mine = await member.client.call('GET', '/wps/feedback');
    expect(mine.body.value.list[0]).toMatchObject({ id, status: 'answered', answer });
    const messages = await member.client.call('GET', '/wps/member/messages');
    expect(messages.body.value.unread).toBe(1);
    expect(messages.body.value.list[0]).toMatchObject({
      kind: 'feedback_answered',
      title: 'Answer to your feedback',
      content: `About your feedback “${TEXT}”: ${answer}`,
    });

    const again = await support.call('POST', `/bo/feedback/${id}/answer`, { answer: 'Another answer' });
    expect(again.body).toMatchObject({ code: 'CONFLICT', value: { status: 'answered' } });
    expect((await support.call('GET', `/bo/feedback/${id}`)).body.value).toMatchObject({
      status: 'answered',
      answer,
      answeredBy: 'fb_support',
    });
  });

  it('answers once when two operators answer at once, and tells the member once', async () => {
    const member = await newMember();
    const id = await sentId(member);
    const second = await operatorOf(testApp, {
      username: 'fb_support2',
      merchantId,
      roleId: 'support',
      nowMs: NOW,
    });
    const replies = await Promise.all([
      support.call('POST', `/bo/feedback/${id}/answer`, { answer: 'First answer here' }),
      second.call('POST', `/bo/feedback/${id}/answer`, { answer: 'Second answer here' }),
    ]);
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.code === 'CONFLICT')).toHaveLength(1);
    const messages = await member.client.call('GET', '/wps/member/messages');
    expect(
      messages.body.value.list.filter((message: { kind: string }) => message.kind === 'feedback_answered'),
    ).toHaveLength(1);
  });

  it('refuses a blank or too long answer, and other roles and merchants', async () => {
    const member = await newMember();
    const id = await sentId(member);
    expect((await support.call('POST', `/bo/feedback/${id}/answer`, { answer: '   ' })).body.code).toBe(
      'VALIDATION',
    );
    expect(
      (await support.call('POST', `/bo/feedback/${id}/answer`, { answer: 'x'.repeat(2001) })).body.code,
    ).toBe('VALIDATION');
    expect(
      (await finance.call('POST', `/bo/feedback/${id}/answer`, { answer: 'Hello there' })).body.code,
    ).toBe('FORBIDDEN');
    expect(
      (await otherOwner.call('POST', `/bo/feedback/${id}/answer`, { answer: 'Hello there' })).body.code,
    ).toBe('NOT_FOUND');
  });
});
