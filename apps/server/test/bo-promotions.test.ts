import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../src/modules/operator/permissions.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import { type BackOfficeClient, insertOtherMerchant } from './support/bo-client.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import {
  imageOf,
  memberAt,
  operatorOf,
  promotionBody,
  publishPromotion,
  TERMS,
  uploadFile,
} from './support/promotion-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

const NOW = Date.parse('2030-06-01T06:00:00Z');
const DAY_MS = 86_400_000;
const yesterday = new Date(NOW - DAY_MS);

let testApp: TestApp;
let merchantId: string;
let otherMerchantId: string;
let content: BackOfficeClient;
let support: BackOfficeClient;
let blind: BackOfficeClient;
let ownerOfB: BackOfficeClient;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(NOW) });
  const { db } = testApp.database;
  merchantId = await demoMerchantId(testApp);
  otherMerchantId = await insertOtherMerchant(db, 'promo_other');
  content = await operatorOf(testApp, {
    username: 'promo_content',
    merchantId,
    roleId: 'content',
    nowMs: NOW,
  });
  support = await operatorOf(testApp, {
    username: 'promo_support',
    merchantId,
    roleId: 'support',
    nowMs: NOW,
  });
  await db
    .insertInto('operator_roles')
    .values({
      id: 'no-promotions',
      merchant_id: merchantId,
      name: 'no-promotions',
      permissions: PERMISSIONS.filter((permission) => !permission.startsWith('promotions.')),
    })
    .execute();
  blind = await operatorOf(testApp, {
    username: 'promo_blind',
    merchantId,
    roleId: 'no-promotions',
    nowMs: NOW,
  });
  ownerOfB = await operatorOf(testApp, {
    username: 'promo_owner_b',
    merchantId: otherMerchantId,
    roleId: 'owner',
    nowMs: NOW,
  });
});

afterAll(async () => {
  await testApp?.close();
});

const depositBody = (overrides: Record<string, unknown> = {}) =>
  promotionBody(yesterday, {
    type: 'DEPOSIT',
    kind: 'deposit_bonus',
    rules: { percent: '100.00', cap: '1000.00', minDeposit: '100.00', which: 'any' },
    ...overrides,
  });

describe('building a promotion', () => {
  it('saves a draft with its HTML sanitised and blank languages dropped, audited', async () => {
    const body = depositBody({
      title: { EN: '  Reload bonus  ', TY: '   ' },
      content: {
        EN: '<p onclick="steal()">Double <b>it</b><script>alert(1)</script> <a href="https://example.com" target="_top">terms</a></p><iframe src="https://evil.example"></iframe>',
        TY: '<script>only()</script>',
      },
      budgetPerDay: '5000',
    });
    const { reply, row } = await expectOneAuditRow(
      testApp.database.db,
      () => content.call('POST', '/bo/promotions', body),
      { action: 'promotion.create', target_type: 'promotion', merchant_id: merchantId },
    );
    const created = reply.body.value;
    expect(created).toMatchObject({
      merchantId,
      status: 'draft',
      kind: 'deposit_bonus',
      title: { EN: 'Reload bonus' },
      content: {
        EN: '<p>Double <b>it</b> <a href="https://example.com" rel="noopener noreferrer">terms</a></p>',
      },
      rules: { percent: '100.00', cap: '1000.00', minDeposit: '100.00', which: 'any' },
      bonusTerms: { ...TERMS, contributions: { INHOUSE: 10_000, RNG: 10_000, LIVE: 1000 } },
      budgetPerDay: '5000.00',
      grantsPerMember: 1,
      audience: 'all',
    });
    expect(created.title).not.toHaveProperty('TY');
    expect(created.content).not.toHaveProperty('TY');
    expect(row.target_id).toBe(created.id);
    expect((await content.call('GET', `/bo/promotions/${created.id}`)).body.value).toEqual(created);
    // Players do not see a draft.
    const player = await memberAt(testApp, merchantId, yesterday);
    expect((await player.client.call('GET', `/wps/promotion/detail?id=${created.id}`)).body.code).toBe(
      'NOT_FOUND',
    );
  });

  it('drops bonus terms for a kind that grants no bonus', async () => {
    const reply = await content.call(
      'POST',
      '/bo/promotions',
      promotionBody(yesterday, { kind: 'info', type: 'OTHERS', rules: {}, bonusTerms: TERMS }),
    );
    expect(reply.body.value).toMatchObject({ kind: 'info', rules: {}, bonusTerms: null });
    const cashback = await content.call(
      'POST',
      '/bo/promotions',
      promotionBody(yesterday, {
        kind: 'cashback',
        type: 'REBATE',
        rules: { percent: '10.00', period: 'week', minNetLoss: '100.00', cap: '2000.00', payAs: 'cash' },
        bonusTerms: TERMS,
      }),
    );
    expect(cashback.body.value).toMatchObject({ kind: 'cashback', bonusTerms: null });
  });

  it('names each field it refuses, with a reason in the reader’s language', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        depositBody({ rules: { cap: '1000.00', minDeposit: '100.00', which: 'any' } }),
        { 'rules.percent': 'required' },
      ],
      [
        depositBody({ rules: { percent: '600.00', cap: '0', minDeposit: '100.00', which: 'nth' } }),
        { 'rules.percent': 'range', 'rules.cap': 'amount', 'rules.nth': 'required' },
      ],
      [
        depositBody({
          rules: {
            percent: '10.00',
            cap: '10.00',
            minDeposit: '1.00',
            which: 'any',
            methods: ['gcash', 'gcash'],
          },
        }),
        { 'rules.methods': 'duplicate' },
      ],
      [depositBody({ bonusTerms: null }), { bonusTerms: 'required' }],
      [depositBody({ bonusTerms: { ...TERMS, multiplier: 11 } }), { 'bonusTerms.multiplier': 'range' }],
      [depositBody({ bonusTerms: { ...TERMS, maxStake: '0.00' } }), { 'bonusTerms.maxStake': 'amount' }],
      [depositBody({ title: { EN: '  ', TY: '' } }), { title: 'required' }],
      [depositBody({ endsAt: new Date(NOW - 2 * DAY_MS).toISOString() }), { endsAt: 'order' }],
      [depositBody({ audience: 'agent_teams' }), { audienceAgentIds: 'required' }],
      [
        promotionBody(yesterday, { kind: 'application', rules: { maxAmount: '500.00', payAs: 'cash' } }),
        { 'rules.payAs': 'invalid' },
      ],
      [
        promotionBody(yesterday, { rules: { amount: '88.00' } }),
        { 'rules.registeredWithinDays': 'required' },
      ],
    ];
    for (const [body, reasons] of cases) {
      const reply = await content.call('POST', '/bo/promotions', body);
      expect([JSON.stringify(body.rules), reply.body.code, reply.body.value?.reasons]).toEqual([
        JSON.stringify(body.rules),
        'VALIDATION',
        reasons,
      ]);
    }
    const translated = await testApp.app.inject({
      method: 'POST',
      url: '/bo/promotions?language=TY',
      headers: { authorization: `Bearer ${content.token}` },
      payload: depositBody({ title: { EN: ' ' } }),
    });
    expect(translated.json().value.fields.title).toBe('Hindi maaaring walang laman.');
    // The schema's own refusals: an unknown kind, a game type the catalogue has not, a JSON number.
    for (const body of [
      depositBody({ kind: 'lottery' }),
      depositBody({ bonusTerms: { ...TERMS, contributions: { POKER: 100 } } }),
      depositBody({ rules: { percent: 100, cap: '1.00', minDeposit: '1.00', which: 'any' } }),
      depositBody({ rules: { percent: '10.00', cap: '1.00', minDeposit: '1.00', which: 'any', bogus: 1 } }),
    ]) {
      expect((await content.call('POST', '/bo/promotions', body)).body.code).toBe('VALIDATION');
    }
  });

  it('accepts an agent team audience naming agents only', async () => {
    const { db } = testApp.database;
    const agent = await insertTeamMember(db, merchantId, { type: 1 });
    const player = await insertTeamMember(db, merchantId, { type: 0 });
    const refused = await content.call(
      'POST',
      '/bo/promotions',
      depositBody({ audience: 'agent_teams', audienceAgentIds: [agent, player] }),
    );
    expect(refused.body.value.reasons).toEqual({ audienceAgentIds: 'notAgent' });
    const saved = await content.call(
      'POST',
      '/bo/promotions',
      depositBody({ audience: 'agent_teams', audienceAgentIds: [agent, agent] }),
    );
    expect(saved.body.value).toMatchObject({ audience: 'agent_teams', audienceAgentIds: [agent] });
  });
});

describe("a promotion's life", () => {
  it('changes every field while a draft or published, but a published one keeps its kind', async () => {
    const id = (await content.call('POST', '/bo/promotions', depositBody())).body.value.id;
    const { reply, row } = await expectOneAuditRow(
      testApp.database.db,
      () =>
        content.call(
          'PUT',
          `/bo/promotions/${id}`,
          depositBody({ type: 'OTHERS', sortOrder: 3, title: { EN: 'Renamed' }, grantsPerMember: 3 }),
        ),
      { action: 'promotion.update', target_id: id },
    );
    expect(reply.body.value).toMatchObject({
      type: 'OTHERS',
      sortOrder: 3,
      title: { EN: 'Renamed' },
      grantsPerMember: 3,
    });
    expect(row.before).toMatchObject({ type: 'DEPOSIT', sortOrder: 0 });
    expect(row.after).toMatchObject({ type: 'OTHERS', sortOrder: 3 });
    const kindChanged = await content.call('PUT', `/bo/promotions/${id}`, promotionBody(yesterday));
    expect(kindChanged.body.value.kind).toBe('newbie_bonus');
    await content.call('PUT', `/bo/promotions/${id}`, depositBody());

    await expectOneAuditRow(testApp.database.db, () => content.call('POST', `/bo/promotions/${id}/publish`), {
      action: 'promotion.publish',
      target_id: id,
    });
    const locked = await content.call('PUT', `/bo/promotions/${id}`, promotionBody(yesterday));
    expect(locked.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { kind: 'locked' } } });
    const edited = await content.call(
      'PUT',
      `/bo/promotions/${id}`,
      depositBody({ title: { EN: 'Still open' } }),
    );
    expect(edited.body.value).toMatchObject({ status: 'published', title: { EN: 'Still open' } });
    expect((await content.call('POST', `/bo/promotions/${id}/publish`)).body).toMatchObject({
      code: 'CONFLICT',
      value: { status: 'published' },
    });

    await expectOneAuditRow(
      testApp.database.db,
      () => content.call('POST', `/bo/promotions/${id}/withdraw`),
      {
        action: 'promotion.withdraw',
        target_id: id,
      },
    );
    expect((await content.call('PUT', `/bo/promotions/${id}`, depositBody())).body.code).toBe('CONFLICT');
    expect((await content.call('POST', `/bo/promotions/${id}/withdraw`)).body.code).toBe('CONFLICT');
    expect((await content.call('POST', `/bo/promotions/${id}/publish`)).body.code).toBe('CONFLICT');
  });

  it('withdraws only what is published', async () => {
    const id = (await content.call('POST', '/bo/promotions', depositBody())).body.value.id;
    expect((await content.call('POST', `/bo/promotions/${id}/withdraw`)).body).toMatchObject({
      code: 'CONFLICT',
      value: { status: 'draft' },
    });
  });

  it('lists by status and type, newest first, with its page count', async () => {
    const published = await publishPromotion(
      content,
      promotionBody(yesterday, { type: 'FISH', kind: 'info', rules: {} }),
    );
    const draft = (
      await content.call(
        'POST',
        '/bo/promotions',
        promotionBody(yesterday, { type: 'FISH', kind: 'info', rules: {} }),
      )
    ).body.value.id;
    const fish = await content.call('GET', '/bo/promotions?type=FISH');
    expect(fish.body.value).toMatchObject({ total: 2, totalPages: 1 });
    expect(fish.body.value.list.map((item: { id: string }) => item.id)).toEqual([draft, published]);
    const drafts = await content.call('GET', '/bo/promotions?type=FISH&status=draft');
    expect(drafts.body.value.list.map((item: { id: string }) => item.id)).toEqual([draft]);
    const paged = await content.call('GET', '/bo/promotions?type=FISH&pageSize=1&page=2');
    expect(paged.body.value).toMatchObject({ total: 2, totalPages: 2 });
    expect(paged.body.value.list.map((item: { id: string }) => item.id)).toEqual([published]);
  });

  it('uploads a cover picture to the public images', async () => {
    const reply = await uploadFile(
      testApp,
      `/bo/promotions/images?merchantId=${merchantId}`,
      content.token ?? '',
      {
        name: 'cover.png',
        type: 'image/png',
        data: await imageOf('png', 32),
      },
    );
    expect(reply.body.value).toMatchObject({ width: 32, height: 32 });
    expect(reply.body.value.url).toMatch(/^\/media\/uploads\/content\/[0-9a-f-]+\.webp$/);
    const served = await testApp.app.inject({ method: 'GET', url: reply.body.value.url });
    expect(served.statusCode).toBe(200);
  });
});

describe('who may build and review promotions', () => {
  it('needs promotions.read to read and promotions.write to change', async () => {
    const id = (await content.call('POST', '/bo/promotions', depositBody())).body.value.id;
    expect((await support.call('GET', '/bo/promotions')).body.success).toBe(true);
    expect((await support.call('GET', `/bo/promotions/${id}`)).body.success).toBe(true);
    expect((await support.call('GET', '/bo/promotions/applications')).body.success).toBe(true);
    for (const [method, url, body] of [
      ['POST', '/bo/promotions', depositBody()],
      ['PUT', `/bo/promotions/${id}`, depositBody()],
      ['POST', `/bo/promotions/${id}/publish`, undefined],
      ['POST', `/bo/promotions/${id}/withdraw`, undefined],
    ] as const) {
      expect((await support.call(method, url, body)).body.code).toBe('FORBIDDEN');
    }
    expect((await blind.call('GET', '/bo/promotions')).body.code).toBe('FORBIDDEN');
    expect((await blind.call('GET', `/bo/promotions/${id}`)).body.code).toBe('FORBIDDEN');
  });

  it("keeps each merchant's promotions and applications to its own operators", async () => {
    const id = await publishPromotion(
      content,
      promotionBody(yesterday, { kind: 'application', type: 'OTHERS', rules: { maxAmount: '100.00' } }),
    );
    const member = await memberAt(testApp, merchantId, yesterday);
    await member.client.call('POST', '/wps/promotion/apply', { id, comment: 'mine', acceptTerms: true });
    const entryId = (await member.client.call('GET', `/wps/promotion/detail?id=${id}`)).body.value.entry.id;

    expect((await ownerOfB.call('GET', `/bo/promotions/${id}`)).body.code).toBe('NOT_FOUND');
    expect((await ownerOfB.call('PUT', `/bo/promotions/${id}`, depositBody())).body.code).toBe('NOT_FOUND');
    expect((await ownerOfB.call('POST', `/bo/promotions/${id}/withdraw`)).body.code).toBe('NOT_FOUND');
    expect(
      (await ownerOfB.call('POST', `/bo/promotions/applications/${entryId}/approve`, { amount: '10.00' }))
        .body.code,
    ).toBe('NOT_FOUND');
    expect((await ownerOfB.call('GET', `/bo/promotions?merchantId=${merchantId}`)).body.code).toBe(
      'FORBIDDEN',
    );
    expect((await ownerOfB.call('POST', '/bo/promotions', { ...depositBody(), merchantId })).body.code).toBe(
      'FORBIDDEN',
    );
    const ownList = await ownerOfB.call('GET', '/bo/promotions');
    expect(ownList.body.value.list.map((item: { id: string }) => item.id)).not.toContain(id);
    const ownQueue = await ownerOfB.call('GET', '/bo/promotions/applications');
    expect(ownQueue.body.value.list.map((item: { id: string }) => item.id)).not.toContain(entryId);
    const queue = await content.call('GET', `/bo/promotions/applications?promotionId=${id}`);
    expect(queue.body.value.list.map((item: { id: string }) => item.id)).toEqual([entryId]);
  });
});
