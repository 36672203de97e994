import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient } from './support/accounts-client.ts';
import type { BackOfficeClient } from './support/bo-client.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import {
  getIn,
  memberAt,
  operatorOf,
  promotionBody,
  publishPromotion,
} from './support/promotion-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

const NOW = Date.parse('2030-03-10T04:00:00Z');
const DAY_MS = 86_400_000;
const now = new Date(NOW);
const yesterday = new Date(NOW - DAY_MS);
let testApp: TestApp;
let merchantId: string;
let owner: BackOfficeClient;

const DEPOSIT_RULES = { percent: '100.00', cap: '1000.00', minDeposit: '100.00', which: 'any' };

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(NOW) });
  merchantId = await demoMerchantId(testApp);
  owner = await operatorOf(testApp, { username: 'promo_owner', merchantId, roleId: 'owner', nowMs: NOW });
});

afterAll(async () => {
  await testApp?.close();
});

/** A published promotion of a kind and type, open since yesterday unless told otherwise. */
function publish(overrides: Record<string, unknown> = {}) {
  return publishPromotion(owner, promotionBody(yesterday, overrides));
}

const depositBonus = (overrides: Record<string, unknown> = {}) =>
  publish({ type: 'DEPOSIT', kind: 'deposit_bonus', rules: DEPOSIT_RULES, ...overrides });
const info = (overrides: Record<string, unknown> = {}) =>
  publish({ type: 'OTHERS', kind: 'info', rules: {}, bonusTerms: null, ...overrides });

type Item = { id: string; state: string; title: string; type: string };

async function listAs(token: string | null, query = ''): Promise<Item[]> {
  const client = createAccountsClient(testApp.app);
  client.token = token;
  const reply = await client.call('GET', `/wps/promotion/list?pageSize=50${query}`);
  expect(reply.body.success).toBe(true);
  return reply.body.value.list;
}

async function detailAs(token: string | null, id: string) {
  const client = createAccountsClient(testApp.app);
  client.token = token;
  return (await client.call('GET', `/wps/promotion/detail?id=${id}`)).body;
}

describe('the list of promotions', () => {
  it('shows published promotions not yet closed, filtered for real by type tab', async () => {
    const newbie = await publish();
    const deposit = await depositBonus();
    const coming = await info({ type: 'LIVE', startsAt: new Date(NOW + DAY_MS).toISOString() });
    const ended = await info({
      startsAt: new Date(NOW - 10 * DAY_MS).toISOString(),
      endsAt: new Date(NOW - DAY_MS).toISOString(),
    });
    const withdrawn = await info();
    await owner.call('POST', `/bo/promotions/${withdrawn}/withdraw`);
    const draft = (await owner.call('POST', '/bo/promotions', promotionBody(yesterday))).body.value.id;

    const all = (await listAs(null)).map((item) => item.id);
    expect(all).toEqual(expect.arrayContaining([newbie, deposit, coming]));
    for (const hidden of [ended, withdrawn, draft]) expect(all).not.toContain(hidden);

    const deposits = await listAs(null, '&type=DEPOSIT');
    expect(deposits.map((item) => item.id)).toContain(deposit);
    expect(deposits.every((item) => item.type === 'DEPOSIT')).toBe(true);
    const live = await listAs(null, '&type=LIVE');
    expect(live.map((item) => item.id)).toEqual([coming]);
    expect(live[0]?.state).toBe('COMING_SOON');

    const refused = await createAccountsClient(testApp.app).call('GET', '/wps/promotion/list?type=NOPE');
    expect(refused.body.code).toBe('VALIDATION');
  });

  it('orders by sort order, then newest first, and pages', async () => {
    const later = await info({ type: 'CARD', sortOrder: 5 });
    const first = await info({ type: 'CARD', sortOrder: 1 });
    const newest = await info({ type: 'CARD', sortOrder: 5 });
    const client = createAccountsClient(testApp.app);
    const page1 = await client.call('GET', '/wps/promotion/list?type=CARD&pageSize=2');
    expect(page1.body.value).toMatchObject({ totalPages: 2 });
    expect(page1.body.value.list.map((item: Item) => item.id)).toEqual([first, newest]);
    const page2 = await client.call('GET', '/wps/promotion/list?type=CARD&pageSize=2&page=2');
    expect(page2.body.value.list.map((item: Item) => item.id)).toEqual([later]);
  });
});

describe("a promotion's schedule and detail", () => {
  it('is coming soon before its start, closed after its end or once withdrawn, and unknown as a draft', async () => {
    const coming = await info({ startsAt: new Date(NOW + 2 * DAY_MS).toISOString() });
    const ended = await info({
      startsAt: new Date(NOW - 10 * DAY_MS).toISOString(),
      endsAt: new Date(NOW - 60_000).toISOString(),
    });
    const withdrawn = await depositBonus();
    await owner.call('POST', `/bo/promotions/${withdrawn}/withdraw`);
    const draft = (await owner.call('POST', '/bo/promotions', promotionBody(yesterday))).body.value.id;
    expect((await detailAs(null, coming)).value).toMatchObject({ state: 'COMING_SOON', reason: null });
    expect((await detailAs(null, ended)).value).toMatchObject({ state: 'CLOSE' });
    expect((await detailAs(null, withdrawn)).value).toMatchObject({ state: 'CLOSE' });
    expect((await detailAs(null, draft)).code).toBe('NOT_FOUND');
    const { client } = await memberAt(testApp, merchantId, yesterday);
    const joinLate = await client.call('POST', '/wps/promotion/join', { id: withdrawn, acceptTerms: true });
    expect(joinLate.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'CLOSED' } });
    const joinEarly = await client.call('POST', '/wps/promotion/join', { id: coming, acceptTerms: true });
    expect(joinEarly.body.code).toBe('CONFLICT');
  });

  it('reads in Tagalog and in English, each falling back to the other where a language is missing', async () => {
    const id = await publish();
    const ty = await getIn(testApp, `/wps/promotion/detail?id=${id}`, 'TY');
    expect(ty.value).toMatchObject({
      title: 'Regalo sa pagsali',
      content: '<p>Kunin na ngayon</p>',
      coverImageUrl: '/media/cover-ty.png',
      detailImageUrl: '/media/detail-en.png',
      kind: 'newbie_bonus',
      state: 'CLAIM',
      reason: 'LOGIN',
      rules: { amount: '88.00', registeredWithinDays: 7 },
      terms: {
        multiplier: 5,
        includeDeposit: false,
        maxStake: '50.00',
        expiryDays: 7,
        maxConversion: '5000.00',
      },
      entry: null,
      bonus: null,
    });
    expect(ty.value.terms.contributions).toEqual([
      { gameType: 'INHOUSE', percent: '100.00' },
      { gameType: 'LIVE', percent: '10.00' },
      { gameType: 'RNG', percent: '100.00' },
    ]);
    const en = await getIn(testApp, `/wps/promotion/detail?id=${id}`, 'EN');
    expect(en.value).toMatchObject({ title: 'Welcome gift', coverImageUrl: '/media/cover-en.png' });
  });

  it('answers NOT_FOUND for an id that names no promotion', async () => {
    expect((await detailAs(null, 'no-such-promotion')).code).toBe('NOT_FOUND');
  });
});

describe('the audience', () => {
  it('offers a new members’ promotion only to members registered within its days', async () => {
    const id = await depositBonus({ audience: 'new_members', rules: { ...DEPOSIT_RULES, newMemberDays: 5 } });
    const fresh = await memberAt(testApp, merchantId, new Date(NOW - 4 * DAY_MS));
    const old = await memberAt(testApp, merchantId, new Date(NOW - 6 * DAY_MS));
    expect((await listAs(fresh.client.token)).find((item) => item.id === id)?.state).toBe('JOIN');
    expect((await listAs(old.client.token)).map((item) => item.id)).not.toContain(id);
    expect((await detailAs(old.client.token, id)).value).toMatchObject({ state: 'NONE', reason: 'AUDIENCE' });
    const refused = await old.client.call('POST', '/wps/promotion/join', { id, acceptTerms: true });
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', value: { reason: 'AUDIENCE' } });
    // Visitors may register and so qualify: they see it, and are asked to log in.
    expect((await listAs(null)).find((item) => item.id === id)?.state).toBe('JOIN');
  });

  it("offers an agent team's promotion to the members below the agents it names, and no one else", async () => {
    const { db } = testApp.database;
    const agent = await insertTeamMember(db, merchantId, { type: 1, account: 'promo_agent' });
    const below = await memberAt(testApp, merchantId, yesterday);
    const outside = await memberAt(testApp, merchantId, yesterday);
    // The tree (member_tree) follows the upline by its trigger.
    await sql`update members set upline_id = ${agent} where id = ${below.id}`.execute(db);
    const refusedBody = await owner.call(
      'POST',
      '/bo/promotions',
      promotionBody(yesterday, { audience: 'agent_teams', audienceAgentIds: [below.id] }),
    );
    expect(refusedBody.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { audienceAgentIds: 'notAgent' } },
    });
    const id = await depositBonus({ audience: 'agent_teams', audienceAgentIds: [agent] });
    expect((await listAs(below.client.token)).find((item) => item.id === id)?.state).toBe('JOIN');
    expect((await listAs(outside.client.token)).map((item) => item.id)).not.toContain(id);
    expect((await listAs(null)).map((item) => item.id)).not.toContain(id);
    expect((await detailAs(outside.client.token, id)).value).toMatchObject({
      state: 'NONE',
      reason: 'AUDIENCE',
    });
    const joined = await below.client.call('POST', '/wps/promotion/join', { id, acceptTerms: true });
    expect(joined.body.value).toMatchObject({ state: 'JOINED' });
  });
});

describe('taking part', () => {
  it('joins a deposit bonus once, with its terms accepted', async () => {
    const id = await depositBonus();
    const { client } = await memberAt(testApp, merchantId, yesterday);
    const unaccepted = await client.call('POST', '/wps/promotion/join', { id, acceptTerms: false });
    expect(unaccepted.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { acceptTerms: 'required' } },
    });
    const joined = await client.call('POST', '/wps/promotion/join', { id, acceptTerms: true });
    expect(joined.body.value).toMatchObject({
      id,
      state: 'JOINED',
      entry: { status: 'joined', amount: null, images: [] },
      bonus: null,
    });
    const again = await client.call('POST', '/wps/promotion/join', { id, acceptTerms: true });
    expect(again.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'ALREADY_ENTERED' } });
    const wrongAction = await client.call('POST', '/wps/promotion/claim', { id, acceptTerms: true });
    expect(wrongAction.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'KIND' } });
    const anonymous = await createAccountsClient(testApp.app).call('POST', '/wps/promotion/join', {
      id,
      acceptTerms: true,
    });
    expect(anonymous.body.code).toBe('NOT_LOGGED_IN');
  });

  it('claims a newbie bonus: the bonus is active at once and the state is PROCESS', async () => {
    const id = await publish();
    const member = await memberAt(testApp, merchantId, yesterday);
    expect((await detailAs(member.client.token, id)).value).toMatchObject({ state: 'CLAIM', reason: null });
    const claimed = await member.client.call('POST', '/wps/promotion/claim', { id, acceptTerms: true });
    expect(claimed.body.value).toMatchObject({
      state: 'PROCESS',
      entry: { status: 'claimed', amount: '88.00' },
      bonus: {
        source: 'promotion',
        promotionId: id,
        promotionTitle: 'Welcome gift',
        status: 'active',
        amount: '88.00',
        depositAmount: null,
        wageringRequired: '440.00',
        wagered: '0.00',
        progressPercent: 0,
        maxStake: '50.00',
        maxConversion: '5000.00',
        forfeitIfCancelled: '88.00',
      },
    });
    const balances = await testApp.app.wallet.getBalances({
      merchantId,
      memberId: member.id,
      currency: 'PHP',
    });
    expect(balances.bonusMinor).toBe(8_800n);
    // The bonus has ended (converted): the claim is done.
    await testApp.database.db
      .updateTable('member_bonuses')
      .set({ status: 'converted', ended_at: now })
      .where('member_id', '=', member.id)
      .execute();
    expect((await detailAs(member.client.token, id)).value.state).toBe('CLAIMED');
  });

  it('refuses a newbie bonus to a member registered too long ago', async () => {
    const id = await publish({ rules: { amount: '10.00', registeredWithinDays: 3 } });
    const old = await memberAt(testApp, merchantId, new Date(NOW - 4 * DAY_MS));
    expect((await detailAs(old.client.token, id)).value).toMatchObject({ state: 'NONE', reason: 'AUDIENCE' });
    const refused = await old.client.call('POST', '/wps/promotion/claim', { id, acceptTerms: true });
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', value: { reason: 'AUDIENCE' } });
  });

  it('grants once when a burst of claims arrives at the same moment', async () => {
    const id = await publish();
    const member = await memberAt(testApp, merchantId, yesterday);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        member.client.call('POST', '/wps/promotion/claim', { id, acceptTerms: true }),
      ),
    );
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    for (const reply of replies.filter((item) => !item.body.success)) {
      expect(reply.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'ALREADY_ENTERED' } });
    }
    const bonuses = await testApp.database.db
      .selectFrom('member_bonuses')
      .select('amount_minor')
      .where('member_id', '=', member.id)
      .execute();
    expect(bonuses).toEqual([{ amount_minor: 8_800n }]);
    const entries = await testApp.database.db
      .selectFrom('promotion_entries')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('says a new bonus will wait while another is playing', async () => {
    const first = await publish();
    const second = await publish({ title: { EN: 'Second gift' } });
    const member = await memberAt(testApp, merchantId, yesterday);
    await member.client.call('POST', '/wps/promotion/claim', { id: first, acceptTerms: true });
    expect((await detailAs(member.client.token, second)).value).toMatchObject({
      state: 'CLAIM',
      reason: 'BONUS_ACTIVE',
    });
    const claimed = await member.client.call('POST', '/wps/promotion/claim', {
      id: second,
      acceptTerms: true,
    });
    expect(claimed.body.value).toMatchObject({ state: 'PROCESS', bonus: { status: 'waiting' } });
  });

  it('refuses trial accounts, who read promotions but take part in none', async () => {
    const id = await publish();
    const trial = await memberAt(testApp, merchantId, yesterday, 4);
    expect((await detailAs(trial.client.token, id)).value).toMatchObject({
      state: 'NONE',
      reason: 'NOT_MARKETABLE',
    });
    for (const action of ['claim', 'join', 'apply']) {
      const reply = await trial.client.call('POST', `/wps/promotion/${action}`, { id, acceptTerms: true });
      expect(reply.body.code).toBe('TRIAL_ACCOUNT');
    }
  });

  it('leaves out members promotions may not reach: NONE with the reason, and a refused claim', async () => {
    const id = await publish();
    const member = await memberAt(testApp, merchantId, yesterday);
    await testApp.database.db
      .updateTable('members')
      .set({ promotions_opt_out: true })
      .where('id', '=', member.id)
      .execute();
    expect((await detailAs(member.client.token, id)).value).toMatchObject({
      state: 'NONE',
      reason: 'NOT_MARKETABLE',
    });
    expect((await listAs(member.client.token)).find((item) => item.id === id)?.state).toBe('NONE');
    const refused = await member.client.call('POST', '/wps/promotion/claim', { id, acceptTerms: true });
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', value: { reason: 'NOT_MARKETABLE' } });
    const state = await member.client.call('GET', '/wps/system/publicState');
    expect(state.body.value.availablePromoCount).toBe(0);
  });

  it('sends an application, waiting for an operator (APPLYING)', async () => {
    const id = await publish({ type: 'OTHERS', kind: 'application', rules: { maxAmount: '500.00' } });
    const member = await memberAt(testApp, merchantId, yesterday);
    expect((await detailAs(member.client.token, id)).value.state).toBe('APPLY');
    const applied = await member.client.call('POST', '/wps/promotion/apply', {
      id,
      comment: '  I shared the page  ',
      acceptTerms: true,
    });
    expect(applied.body.value).toMatchObject({
      state: 'APPLYING',
      entry: { status: 'applying', comment: 'I shared the page', images: [] },
    });
  });
});

describe("the member's own promotions", () => {
  it('lists their entries newest first, with each state and bonus', async () => {
    const member = await memberAt(testApp, merchantId, yesterday);
    const deposit = await depositBonus({ title: { EN: 'Reload' } });
    const newbie = await publish({ title: { EN: 'Hello' } });
    await member.client.call('POST', '/wps/promotion/join', { id: deposit, acceptTerms: true });
    await member.client.call('POST', '/wps/promotion/claim', { id: newbie, acceptTerms: true });
    const mine = await member.client.call('GET', '/wps/promotion/mine');
    expect(mine.body.value.totalPages).toBe(1);
    expect(mine.body.value.list).toMatchObject([
      {
        promotionId: newbie,
        title: 'Hello',
        kind: 'newbie_bonus',
        state: 'PROCESS',
        entryStatus: 'claimed',
        amount: '88.00',
        bonus: { amount: '88.00', status: 'active', promotionTitle: 'Hello' },
      },
      {
        promotionId: deposit,
        title: 'Reload',
        state: 'JOINED',
        entryStatus: 'joined',
        amount: null,
        bonus: null,
      },
    ]);
    const anonymous = await createAccountsClient(testApp.app).call('GET', '/wps/promotion/mine');
    expect(anonymous.body.code).toBe('NOT_LOGGED_IN');
  });
});

describe('the public state', () => {
  it('names the first listable promotions, and counts for a member those they may take part in', async () => {
    const id = await publish({ title: { EN: 'Counted gift', TY: 'Binilang na regalo' } });
    const visitor = await getIn(testApp, '/wps/system/publicState', 'TY');
    expect(visitor.value.promotion.length).toBeLessThanOrEqual(20);
    expect(visitor.value).not.toHaveProperty('availablePromoCount');
    const named = visitor.value.promotion.find((item: { id: string }) => item.id === id);
    if (named) expect(named.title).toBe('Binilang na regalo');

    const member = await memberAt(testApp, merchantId, yesterday);
    const listed = await listAs(member.client.token);
    const open = listed.filter((item) => ['JOIN', 'CLAIM', 'APPLY'].includes(item.state)).length;
    const before = await member.client.call('GET', '/wps/system/publicState');
    expect(before.body.value.availablePromoCount).toBe(open);
    await member.client.call('POST', '/wps/promotion/claim', { id, acceptTerms: true });
    const after = await member.client.call('GET', '/wps/system/publicState');
    expect(after.body.value.availablePromoCount).toBe(open - 1);
  });
});
