import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient } from './support/accounts-client.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import type { BackOfficeClient } from './support/bo-client.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import {
  imageOf,
  memberAt,
  operatorOf,
  promotionBody,
  publishPromotion,
  uploadFile,
} from './support/promotion-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const NOW = Date.parse('2030-05-06T05:00:00Z');
const DAY_MS = 86_400_000;
const yesterday = new Date(NOW - DAY_MS);
const UPLOAD = '/wps/promotion/applyImage';

let testApp: TestApp;
let merchantId: string;
let owner: BackOfficeClient;
let promotionId: string;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(NOW) });
  merchantId = await demoMerchantId(testApp);
  owner = await operatorOf(testApp, { username: 'apply_owner', merchantId, roleId: 'owner', nowMs: NOW });
  promotionId = await publishPromotion(
    owner,
    promotionBody(yesterday, {
      type: 'OTHERS',
      kind: 'application',
      title: { EN: 'Share and win', TY: 'Ibahagi at manalo' },
      rules: { maxAmount: '500.00' },
    }),
  );
});

afterAll(async () => {
  await testApp?.close();
});

type Member = Awaited<ReturnType<typeof memberAt>>;

async function upload(member: Member, data: Buffer, name = 'proof.png', type = 'image/png') {
  return uploadFile(testApp, UPLOAD, member.client.token ?? '', { name, type, data });
}

async function uploadedImageId(member: Member): Promise<string> {
  const reply = await upload(member, await imageOf('png'));
  expect(reply.body.success).toBe(true);
  return reply.body.value.id;
}

async function apply(member: Member, body: Record<string, unknown> = {}) {
  return member.client.call('POST', '/wps/promotion/apply', {
    id: promotionId,
    comment: 'I shared the page with 40 friends',
    acceptTerms: true,
    ...body,
  });
}

async function queue(status = 'applying') {
  const reply = await owner.call(
    'GET',
    `/bo/promotions/applications?status=${status}&promotionId=${promotionId}`,
  );
  expect(reply.body.success).toBe(true);
  return reply.body.value.list as {
    id: string;
    account: string;
    comment: string;
    images: { id: string; url: string }[];
    status: string;
  }[];
}

async function detail(member: Member) {
  return (await member.client.call('GET', `/wps/promotion/detail?id=${promotionId}`)).body.value;
}

describe("an application's images", () => {
  it('takes a PNG or a JPEG, re-encoded, readable by its owner only', async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    const png = await upload(member, await imageOf('png'));
    expect(png.body.value).toMatchObject({ url: `/wps/promotion/images/${png.body.value.id}` });
    const jpeg = await upload(member, await imageOf('jpeg'), 'proof.jpg', 'image/jpeg');
    expect(jpeg.body.success).toBe(true);
    const row = await testApp.database.db
      .selectFrom('promotion_entry_images')
      .selectAll()
      .where('id', '=', jpeg.body.value.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ member_id: member.id, entry_id: null, content_type: 'image/jpeg' });

    const own = await testApp.app.inject({
      method: 'GET',
      url: png.body.value.url,
      headers: { authorization: `Bearer ${member.client.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const other = await memberAt(testApp, merchantId, yesterday);
    expect((await other.client.call('GET', png.body.value.url)).body.code).toBe('NOT_FOUND');
    expect((await createAccountsClient(testApp.app).call('GET', png.body.value.url)).body.code).toBe(
      'NOT_LOGGED_IN',
    );
  });

  it('refuses other types by their content, whatever the name says', async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    const webp = await upload(member, await imageOf('webp'), 'proof.png', 'image/png');
    expect(webp.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { file: 'notPngOrJpeg' } } });
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await upload(member, gif, 'proof.png')).body.value.reasons).toEqual({ file: 'notPngOrJpeg' });
    const text = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await upload(member, text, 'proof.jpg', 'image/jpeg')).body.code).toBe('VALIDATION');
  });

  it('refuses polyglots: an image signature in front of something else', async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    const png = await imageOf('png');
    const html = Buffer.concat([png.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')]);
    expect((await upload(member, html)).body.code).toBe('VALIDATION');
    // A JPEG's magic bytes before a PNG's data: the header and the content disagree.
    const jpegPng = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
    expect((await upload(member, jpegPng, 'proof.jpg', 'image/jpeg')).body.code).toBe('VALIDATION');
    const stored = await testApp.database.db
      .selectFrom('promotion_entry_images')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    const png = await imageOf('png');
    const large = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
    const reply = await upload(member, large);
    expect(reply.status).toBe(413);
    expect(reply.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('keeps at most 10 unsent images per member and day, even when they arrive at once', async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    const png = await imageOf('png');
    const replies = await Promise.all(Array.from({ length: 14 }, () => upload(member, png)));
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(10);
    for (const reply of replies.filter((item) => !item.body.success)) {
      expect(reply.body).toMatchObject({
        code: 'LIMIT_REACHED',
        value: { limit: 'applicationImages', max: 10 },
      });
    }
    const stored = await testApp.database.db
      .selectFrom('promotion_entry_images')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(stored).toHaveLength(10);
  });
});

describe('sending an application', () => {
  it('attaches up to three of the member’s own unsent images, never another’s', async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    const other = await memberAt(testApp, merchantId, yesterday);
    const othersImage = await uploadedImageId(other);
    const mine = [await uploadedImageId(member), await uploadedImageId(member)];
    const stolen = await apply(member, { imageIds: [mine[0], othersImage] });
    expect(stolen.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { imageIds: 'invalid' } } });
    expect((await detail(member)).state).toBe('APPLY');
    const tooMany = await apply(member, { imageIds: [...mine, othersImage, 'x1'] });
    expect(tooMany.body.code).toBe('VALIDATION');
    const tooLong = await apply(member, { comment: 'x'.repeat(141) });
    expect(tooLong.body.code).toBe('VALIDATION');
    const unaccepted = await apply(member, { acceptTerms: false });
    expect(unaccepted.body.code).toBe('VALIDATION');

    const emojiTooLong = await apply(member, { comment: '🎉'.repeat(141) });
    expect(emojiTooLong.body.code).toBe('VALIDATION');

    // 140 characters, most of them outside the basic plane: the limit counts characters, not UTF-16 units.
    const fullComment = `I shared the page with 40 friends ${'🎉'.repeat(106)}`;
    const sent = await apply(member, { imageIds: mine, comment: fullComment });
    expect(sent.body.value).toMatchObject({
      state: 'APPLYING',
      entry: { status: 'applying', comment: fullComment },
    });
    expect(sent.body.value.entry.images.map((image: { id: string }) => image.id).sort()).toEqual(
      [...mine].sort(),
    );
    // An image sent once is not sent again, and a second application waits for the first.
    const again = await apply(member, { imageIds: [mine[0]] });
    expect(again.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'ALREADY_ENTERED' } });
  });

  it("reaches the operators' queue with the member's account, comment and images", async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    const image = await uploadedImageId(member);
    await apply(member, { comment: 'Posted in my group', imageIds: [image] });
    const row = (await queue()).find((item) => item.comment === 'Posted in my group');
    const account = await testApp.database.db
      .selectFrom('members')
      .select('account')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      account: account.account,
      status: 'applying',
      images: [{ id: image, url: `/bo/promotions/application-images/${image}` }],
    });
    const photo = await owner.call('GET', `/bo/promotions/application-images/${image}`);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
  });
});

describe('reviewing applications', () => {
  it('approves with an amount up to the maximum: the bonus is active and the member sees PROCESS, then ISSUED', async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    await apply(member);
    const entryId = (await detail(member)).entry.id;
    const tooMuch = await owner.call('POST', `/bo/promotions/applications/${entryId}/approve`, {
      amount: '500.01',
    });
    expect(tooMuch.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { amount: 'range' } } });
    const { reply, row } = await expectOneAuditRow(
      testApp.database.db,
      () => owner.call('POST', `/bo/promotions/applications/${entryId}/approve`, { amount: '250.00' }),
      { action: 'promotion.application.approve', target_type: 'promotion_entry', target_id: entryId },
    );
    expect(row.merchant_id).toBe(merchantId);
    expect(reply.body.value).toMatchObject({
      id: entryId,
      status: 'issued',
      amount: '250.00',
      maxAmount: '500.00',
    });
    expect(await detail(member)).toMatchObject({
      state: 'PROCESS',
      entry: { status: 'issued', amount: '250.00' },
      bonus: { status: 'active', amount: '250.00', wageringRequired: '1250.00' },
    });
    const balances = await testApp.app.wallet.getBalances({
      merchantId,
      memberId: member.id,
      currency: 'PHP',
    });
    expect(balances.bonusMinor).toBe(25_000n);
    const twice = await owner.call('POST', `/bo/promotions/applications/${entryId}/approve`, {
      amount: '250.00',
    });
    expect(twice.body).toMatchObject({ code: 'CONFLICT', value: { status: 'issued' } });
    await testApp.database.db
      .updateTable('member_bonuses')
      .set({ status: 'converted', ended_at: new Date(NOW) })
      .where('member_id', '=', member.id)
      .execute();
    expect(await detail(member)).toMatchObject({ state: 'ISSUED', mayApplyAgain: false });
    expect((await queue('issued')).map((item) => item.id)).toContain(entryId);
  });

  it('rejects with a reason the member reads; they may apply once more, and no more after a second rejection', async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    await apply(member);
    const firstId = (await detail(member)).entry.id;
    const blank = await owner.call('POST', `/bo/promotions/applications/${firstId}/reject`, {
      reason: '   ',
    });
    expect(blank.body.code).toBe('VALIDATION');
    await expectOneAuditRow(
      testApp.database.db,
      () =>
        owner.call('POST', `/bo/promotions/applications/${firstId}/reject`, {
          reason: 'The screenshot does not show the post',
        }),
      { action: 'promotion.application.reject', target_id: firstId },
    );
    expect(await detail(member)).toMatchObject({
      state: 'REJECTED',
      mayApplyAgain: true,
      entry: { status: 'rejected', rejectReason: 'The screenshot does not show the post' },
    });
    const again = await apply(member, { comment: 'Here is the post itself' });
    expect(again.body.value).toMatchObject({
      state: 'APPLYING',
      entry: { comment: 'Here is the post itself' },
    });
    const secondId = again.body.value.entry.id;
    expect(secondId).not.toBe(firstId);
    await owner.call('POST', `/bo/promotions/applications/${secondId}/reject`, { reason: 'Still not shown' });
    expect(await detail(member)).toMatchObject({
      state: 'REJECTED',
      mayApplyAgain: false,
      entry: { rejectReason: 'Still not shown' },
    });
    const third = await apply(member);
    expect(third.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'ALREADY_ENTERED' } });
    const rejected = (await queue('rejected')).map((item) => item.id);
    expect(rejected).toEqual(expect.arrayContaining([firstId, secondId]));
  });

  it('leaves an application waiting when the grant is refused: a member out of reach, a spent budget', async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    await apply(member);
    const entryId = (await detail(member)).entry.id;
    await testApp.database.db
      .updateTable('members')
      .set({ promotions_opt_out: true })
      .where('id', '=', member.id)
      .execute();
    const unreachable = await owner.call('POST', `/bo/promotions/applications/${entryId}/approve`, {
      amount: '10.00',
    });
    expect(unreachable.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'NOT_MARKETABLE' } });
    expect((await detail(member)).entry.status).toBe('applying');

    const budgeted = await publishPromotion(
      owner,
      promotionBody(yesterday, {
        type: 'OTHERS',
        kind: 'application',
        rules: { maxAmount: '500.00' },
        budgetPerDay: '50.00',
      }),
    );
    const other = await memberAt(testApp, merchantId, yesterday);
    await other.client.call('POST', '/wps/promotion/apply', { id: budgeted, acceptTerms: true });
    const otherEntry = (await other.client.call('GET', `/wps/promotion/detail?id=${budgeted}`)).body.value
      .entry.id;
    const spent = await owner.call('POST', `/bo/promotions/applications/${otherEntry}/approve`, {
      amount: '50.01',
    });
    expect(spent.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'BUDGET_EXHAUSTED' } });
    const within = await owner.call('POST', `/bo/promotions/applications/${otherEntry}/approve`, {
      amount: '50.00',
    });
    expect(within.body.value).toMatchObject({ status: 'issued', amount: '50.00' });
  });

  it('takes another application after a grant where the promotion grants more than once', async () => {
    const twice = await publishPromotion(
      owner,
      promotionBody(yesterday, { type: 'OTHERS', kind: 'application', rules: {}, grantsPerMember: 2 }),
    );
    const member = await memberAt(testApp, merchantId, yesterday);
    const read = async () =>
      (await member.client.call('GET', `/wps/promotion/detail?id=${twice}`)).body.value;
    for (const round of [1, 2]) {
      await member.client.call('POST', '/wps/promotion/apply', { id: twice, acceptTerms: true });
      const entryId = (await read()).entry.id;
      await owner.call('POST', `/bo/promotions/applications/${entryId}/approve`, { amount: '5.00' });
      expect(await read()).toMatchObject({ state: 'PROCESS', mayApplyAgain: round === 1 });
    }
    const third = await member.client.call('POST', '/wps/promotion/apply', { id: twice, acceptTerms: true });
    expect(third.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'ALREADY_ENTERED' } });
  });

  it('lets one of two operators deciding at once decide', async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    await apply(member);
    const entryId = (await detail(member)).entry.id;
    const replies = await Promise.all([
      owner.call('POST', `/bo/promotions/applications/${entryId}/approve`, { amount: '100.00' }),
      owner.call('POST', `/bo/promotions/applications/${entryId}/reject`, { reason: 'No' }),
      owner.call('POST', `/bo/promotions/applications/${entryId}/approve`, { amount: '100.00' }),
    ]);
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    const bonuses = await testApp.database.db
      .selectFrom('member_bonuses')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    const state = (await detail(member)).state;
    expect(bonuses).toHaveLength(state === 'PROCESS' ? 1 : 0);
  });
});
