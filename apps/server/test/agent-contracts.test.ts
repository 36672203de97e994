import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHITELABEL_SWITCHES, type WhitelabelSwitch } from '../src/modules/merchant/merchant-settings.ts';
import type { AccountsClient } from './support/accounts-client.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import { insertTeamMember, sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// Tuesday 24 November 2026, 18:00 in Manila: a daily contract signed now earns from Wednesday.
let nowMs = Date.parse('2026-11-24T10:00:00Z');
const NEXT_MANILA_DAY = '2026-11-24T16:00:00.000Z';
const DAY_MS = 86_400_000;

let testApp: TestApp;
let merchantId: string;
let admin: BackOfficeClient;
let support: BackOfficeClient;
let finance: BackOfficeClient;
let ownerOfOther: BackOfficeClient;

const CONTRACTS = '/wps/agent/contracts';
const OFFERS = '/wps/agent/contracts/offers';

const tier = (rateBp: number, activeMembers = 0, minBase = '0.00') => ({ activeMembers, minBase, rateBp });

async function operatorClient(username: string, merchant: string, roleId: string) {
  const { token } = await insertOperatorWithSession(testApp.database.db, {
    username,
    merchantId: merchant,
    roleId,
    nowMs,
  });
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  return client;
}

async function setSwitches(off: readonly WhitelabelSwitch[] = []) {
  await patchDemoSettings(testApp, {
    whitelabel: WHITELABEL_SWITCHES.map((modId) => ({ modId, enabled: !off.includes(modId), children: [] })),
  });
}

/** A small team: top (type 1) → sub (2) → subsub (2) and a player below sub. */
async function team(prefix: string) {
  const { db } = testApp.database;
  const top = await insertTeamMember(db, merchantId, { type: 1, account: `${prefix}top` });
  const sub = await insertTeamMember(db, merchantId, { type: 2, uplineId: top, account: `${prefix}sub` });
  const subsub = await insertTeamMember(db, merchantId, {
    type: 2,
    uplineId: sub,
    account: `${prefix}subsub`,
  });
  const player = await insertTeamMember(db, merchantId, { uplineId: sub, account: `${prefix}player` });
  return {
    top,
    sub,
    subsub,
    player,
    asTop: await sessionClientOf(testApp, top),
    asSub: await sessionClientOf(testApp, sub),
    asSubsub: await sessionClientOf(testApp, subsub),
  };
}

/** The platform offers a top-level agent a contract, and the agent accepts it. */
async function signFromPlatform(agentId: string, client: AccountsClient, kind: string, tiers: unknown[]) {
  const offered = await admin.call('POST', '/bo/contract-offers', { downlineId: agentId, kind, tiers });
  expect(offered.body).toMatchObject({ success: true, value: { status: 'pending', fromSide: 'operator' } });
  const accepted = await client.call('POST', `${OFFERS}/${offered.body.value.id}/accept`);
  expect(accepted.body).toMatchObject({ success: true, value: { status: 'accepted' } });
  return offered.body.value.id as string;
}

/** An upline offers its direct downline terms, and the downline accepts them. */
async function signBelow(upline: AccountsClient, downlineId: string, downline: AccountsClient, body: object) {
  const offered = await upline.call('POST', OFFERS, { downlineId, type: 'new', ...body });
  expect(offered.body).toMatchObject({ success: true, value: { status: 'pending', canCancel: true } });
  const accepted = await downline.call('POST', `${OFFERS}/${offered.body.value.id}/accept`);
  expect(accepted.body).toMatchObject({ success: true, value: { status: 'accepted' } });
}

async function inboxKinds(memberId: string): Promise<string[]> {
  const rows = await testApp.database.db
    .selectFrom('member_messages')
    .select('kind')
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.kind);
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  await setSwitches();
  admin = await operatorClient('contracts_admin', merchantId, 'admin');
  support = await operatorClient('contracts_support', merchantId, 'support');
  finance = await operatorClient('contracts_finance', merchantId, 'finance');
  ownerOfOther = await operatorClient('contracts_other', await insertOtherMerchant(db, 'contracts'), 'owner');
});
afterAll(async () => {
  await testApp.close();
});

describe('who may use the agent contracts', () => {
  it('answers agents only, and says whether a kind is open to the agent', async () => {
    const { player, asTop } = await team('who');
    const asPlayer = await sessionClientOf(testApp, player);
    expect((await asPlayer.call('GET', `${CONTRACTS}?kind=daily`)).body.code).toBe('NON_AGENT');
    expect(
      (await asPlayer.call('POST', OFFERS, { kind: 'daily', downlineId: player, type: 'terminate' })).body
        .code,
    ).toBe('NON_AGENT');
    const page = await asTop.call('GET', `${CONTRACTS}?kind=daily`);
    expect(page.body.value).toEqual({
      kind: 'daily',
      enabled: true,
      maxRateBp: null,
      period: 'D',
      mine: null,
      history: [],
      offers: [],
    });
    expect((await asTop.call('GET', `${CONTRACTS}?kind=weekly`)).body.code).toBe('VALIDATION');
  });

  it("follows the merchant's switches and the agent type's kinds", async () => {
    const { top, asTop } = await team('switch');
    await setSwitches(['DAILYSALARY']);
    try {
      expect((await asTop.call('GET', `${CONTRACTS}?kind=daily`)).body.value.enabled).toBe(false);
      const refused = await admin.call('POST', '/bo/contract-offers', {
        downlineId: top,
        kind: 'daily',
        tiers: [tier(50)],
      });
      expect(refused.body.code).toBe('FEATURE_DISABLED');
      const funds = await asTop.call('GET', '/wps/member/info/funds/consolidated');
      expect(funds.body.value).toMatchObject({
        dailysalreqtype: false,
        divtypereq: true,
        contracthoursalreq: true,
        realtimesalreqtype: true,
      });
    } finally {
      await setSwitches();
    }
    // An affiliate (type 41) may hold daily and real-time salary only (merchant_agent_types).
    const affiliate = await insertTeamMember(testApp.database.db, merchantId, {
      type: 41,
      account: 'switchaff',
    });
    const asAffiliate = await sessionClientOf(testApp, affiliate);
    expect((await asAffiliate.call('GET', `${CONTRACTS}?kind=dividend`)).body.value.enabled).toBe(false);
    expect((await asAffiliate.call('GET', '/wps/member/info/funds/consolidated')).body.value).toMatchObject({
      dailysalreqtype: true,
      divtypereq: false,
      contracthoursalreq: false,
      realtimesalreqtype: true,
    });
    const refused = await admin.call('POST', '/bo/contract-offers', {
      downlineId: affiliate,
      kind: 'dividend',
      tiers: [tier(50)],
    });
    expect(refused.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { kind: 'notOpenToMember' } },
    });
  });
});

describe("the platform's offer to a top-level agent", () => {
  it("stays within the template's highest rate, is audited and signs from the next cycle", async () => {
    const { top, sub, asTop } = await team('plat');
    const above = await admin.call('POST', '/bo/contract-offers', {
      downlineId: top,
      kind: 'daily',
      tiers: [tier(101)],
    });
    expect(above.body).toMatchObject({
      code: 'VALIDATION',
      value: { fields: { 'tiers.0.rateBp': 'aboveMaximum' }, maxRateBp: 100 },
    });
    const notTop = await admin.call('POST', '/bo/contract-offers', {
      downlineId: sub,
      kind: 'daily',
      tiers: [tier(50)],
    });
    expect(notTop.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { downlineId: 'notTopLevel' } },
    });
    const otherMerchant = await ownerOfOther.call('POST', '/bo/contract-offers', {
      downlineId: top,
      kind: 'daily',
      tiers: [tier(50)],
    });
    expect(otherMerchant.body.code).toBe('NOT_FOUND');
    expect(
      (
        await finance.call('POST', '/bo/contract-offers', {
          downlineId: top,
          kind: 'daily',
          tiers: [tier(50)],
        })
      ).body.code,
    ).toBe('FORBIDDEN');

    const { reply } = await expectOneAuditRow(
      testApp.database.db,
      () =>
        admin.call('POST', '/bo/contract-offers', {
          downlineId: top,
          kind: 'daily',
          tiers: [tier(40), tier(80, 10, '50000.00')],
        }),
      { action: 'contract.offer', actor_name: 'contracts_admin' },
    );
    const offerId = reply.body.value.id;
    const page = await asTop.call('GET', `${CONTRACTS}?kind=daily`);
    expect(page.body.value.offers).toMatchObject([
      {
        id: offerId,
        type: 'new',
        upline: null,
        rateBp: 80,
        canAccept: true,
        canReject: true,
        canCancel: false,
      },
    ]);
    const accepted = await asTop.call('POST', `${OFFERS}/${offerId}/accept`);
    expect(accepted.body.value).toMatchObject({ status: 'accepted', canAccept: false });
    const mine = (await asTop.call('GET', `${CONTRACTS}?kind=daily`)).body.value;
    expect(mine).toMatchObject({
      maxRateBp: 80,
      period: 'D',
      offers: [],
      mine: {
        version: 1,
        period: 'D',
        upline: null,
        downline: { id: top, account: 'plattop' },
        tiers: [
          { activeMembers: 0, minBase: '0.00', rateBp: 40 },
          { activeMembers: 10, minBase: '50000.00', rateBp: 80 },
        ],
        rateBp: 80,
        status: 'active',
        signedAt: new Date(nowMs).toISOString(),
        startsAt: NEXT_MANILA_DAY,
      },
    });
    expect(await inboxKinds(top)).toEqual(['contract_offer', 'contract_accepted']);
    // A second accept of the same offer signs nothing more.
    expect((await asTop.call('POST', `${OFFERS}/${offerId}/accept`)).body).toMatchObject({
      code: 'CONFLICT',
      value: { status: 'accepted' },
    });
    const listed = await admin.call('GET', `/bo/contracts?kind=daily&account=PLATTOP`);
    expect(listed.body.value).toMatchObject({
      total: 1,
      list: [{ downline: { account: 'plattop' }, version: 1 }],
    });
    expect((await ownerOfOther.call('GET', `/bo/contracts/${mine.mine.id}`)).body.code).toBe('NOT_FOUND');
    expect((await admin.call('GET', `/bo/contracts/${mine.mine.id}`)).body.value.contract.id).toBe(
      mine.mine.id,
    );
  });

  it('a dividend takes the period asked for, or the template default (weekly)', async () => {
    const { top, asTop } = await team('div');
    await signFromPlatform(top, asTop, 'dividend', [tier(2000)]);
    const mine = (await asTop.call('GET', `${CONTRACTS}?kind=dividend`)).body.value.mine;
    // The next Monday in Manila: 30 November 2026.
    expect(mine).toMatchObject({ period: 'W', startsAt: '2026-11-29T16:00:00.000Z' });
    const wrongPeriod = await admin.call('POST', '/bo/contract-offers', {
      downlineId: top,
      kind: 'daily',
      tiers: [tier(50)],
      period: 'W',
    });
    expect(wrongPeriod.body).toMatchObject({
      code: 'VALIDATION',
      value: { fields: { period: 'notPeriodOfKind' } },
    });
  });
});

describe("an upline's offers to its direct downlines", () => {
  it("are checked field by field, against the scope and against the upline's own rate", async () => {
    const { top, sub, subsub, player, asTop, asSub, asSubsub } = await team('cap');
    const other = await team('capother');
    // Without a contract of its own an upline offers nothing.
    const noContract = await asTop.call('POST', OFFERS, {
      kind: 'daily',
      downlineId: sub,
      type: 'new',
      tiers: [tier(10)],
    });
    expect(noContract.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'noUplineContract' } });
    await signFromPlatform(top, asTop, 'daily', [tier(60)]);

    for (const downlineId of [subsub, player, other.sub, other.top]) {
      const reply = await asTop.call('POST', OFFERS, {
        kind: 'daily',
        downlineId,
        type: 'new',
        tiers: [tier(10)],
      });
      expect(reply.body.code, downlineId).toBe('FORBIDDEN');
    }
    const toPlayer = await asSub.call('POST', OFFERS, {
      kind: 'daily',
      downlineId: player,
      type: 'new',
      tiers: [tier(10)],
    });
    expect(toPlayer.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { kind: 'notOpenToMember' } },
    });
    const toSelf = await asTop.call('POST', OFFERS, {
      kind: 'daily',
      downlineId: top,
      type: 'new',
      tiers: [tier(10)],
    });
    expect(toSelf.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { downlineId: 'self' } } });

    const badTerms = await asTop.call('POST', OFFERS, {
      kind: 'daily',
      downlineId: sub,
      type: 'new',
      tiers: [tier(61), tier(30, 5, '100.00'), tier(40, 5, '100')],
    });
    expect(badTerms.body).toMatchObject({
      code: 'VALIDATION',
      value: {
        fields: { 'tiers.0.rateBp': 'aboveMaximum', 'tiers.2.minBase': 'sameConditions' },
        maxRateBp: 60,
      },
    });
    const noTiers = await asTop.call('POST', OFFERS, {
      kind: 'daily',
      downlineId: sub,
      type: 'new',
      tiers: [],
    });
    expect(noTiers.body).toMatchObject({ code: 'VALIDATION', value: { fields: { tiers: 'noTiers' } } });
    for (const tiers of [
      [{ ...tier(10), minBase: '-1.00' }],
      [tier(0)],
      Array.from({ length: 11 }, (_, i) => tier(10, i)),
    ]) {
      const reply = await asTop.call('POST', OFFERS, { kind: 'daily', downlineId: sub, type: 'new', tiers });
      expect(reply.body.code).toBe('VALIDATION');
    }

    const offered = await asTop.call('POST', OFFERS, {
      kind: 'daily',
      downlineId: sub,
      type: 'new',
      tiers: [tier(60)],
    });
    expect(offered.body.value).toMatchObject({
      status: 'pending',
      canCancel: true,
      canAccept: false,
      fromSide: 'upline',
    });
    const second = await asTop.call('POST', OFFERS, {
      kind: 'daily',
      downlineId: sub,
      type: 'new',
      tiers: [tier(20)],
    });
    expect(second.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'pendingOffer' } });
    const offerId = offered.body.value.id;
    // The downline answers, the sender withdraws; anyone else does not see the offer.
    expect((await asTop.call('POST', `${OFFERS}/${offerId}/accept`)).body.code).toBe('FORBIDDEN');
    expect((await asSub.call('POST', `${OFFERS}/${offerId}/cancel`)).body.code).toBe('FORBIDDEN');
    expect((await asSubsub.call('POST', `${OFFERS}/${offerId}/reject`)).body.code).toBe('NOT_FOUND');
    expect((await other.asTop.call('POST', `${OFFERS}/${offerId}/accept`)).body.code).toBe('NOT_FOUND');

    const downlines = await asTop.call('GET', `${CONTRACTS}/downlines?kind=daily`);
    expect(downlines.body.value).toMatchObject({
      total: 1,
      list: [{ memberId: sub, account: 'ca**ub', type: 2, contract: null, pendingOffer: { id: offerId } }],
    });
    const subPage = (await asSub.call('GET', `${CONTRACTS}?kind=daily`)).body.value;
    expect(subPage.offers).toMatchObject([
      {
        id: offerId,
        upline: { id: top, account: 'ca**op' },
        downline: { account: 'capsub' },
        canAccept: true,
      },
    ]);

    const rejected = await asSub.call('POST', `${OFFERS}/${offerId}/reject`);
    expect(rejected.body.value).toMatchObject({ status: 'rejected' });
    expect(await inboxKinds(sub)).toEqual(['contract_offer']);
    expect(await inboxKinds(top)).toContain('contract_rejected');
    const again = await asTop.call('POST', OFFERS, {
      kind: 'daily',
      downlineId: sub,
      type: 'new',
      tiers: [tier(20)],
    });
    expect(again.body.value.status).toBe('pending');
    expect((await asTop.call('POST', `${OFFERS}/${again.body.value.id}/cancel`)).body.value.status).toBe(
      'cancelled',
    );
    expect(await inboxKinds(sub)).toEqual(['contract_offer', 'contract_offer', 'contract_offer_cancelled']);
  });

  it('new terms below what the agent gave its downlines end those contracts (rate_cap)', async () => {
    const { top, sub, subsub, asTop, asSub, asSubsub } = await team('caps');
    await signFromPlatform(top, asTop, 'daily', [tier(90)]);
    await signBelow(asTop, sub, asSub, { kind: 'daily', tiers: [tier(80)] });
    await signBelow(asSub, subsub, asSubsub, { kind: 'daily', tiers: [tier(70)] });
    expect((await asSubsub.call('GET', `${CONTRACTS}?kind=daily`)).body.value.mine).toMatchObject({
      rateBp: 70,
    });

    await signBelow(asTop, sub, asSub, { kind: 'daily', tiers: [tier(50)] });
    const subPage = (await asSub.call('GET', `${CONTRACTS}?kind=daily`)).body.value;
    expect(subPage.mine).toMatchObject({ version: 2, rateBp: 50, status: 'active' });
    expect(subPage.history).toMatchObject([{ version: 1, rateBp: 80, endReason: 'superseded' }]);
    const subsubPage = (await asSubsub.call('GET', `${CONTRACTS}?kind=daily`)).body.value;
    expect(subsubPage.mine).toBeNull();
    expect(subsubPage.history).toMatchObject([{ rateBp: 70, endReason: 'rate_cap' }]);
    expect(await inboxKinds(subsub)).toContain('contract_ended');
    // Its own upline's lower rate now caps what it may offer.
    expect((await asSub.call('GET', `${CONTRACTS}?kind=daily`)).body.value.maxRateBp).toBe(50);
  });

  it('an accept checks the cap again against the upline as it is then', async () => {
    const { top, sub, asTop, asSub } = await team('recheck');
    await signFromPlatform(top, asTop, 'daily', [tier(90)]);
    const offered = await asTop.call('POST', OFFERS, {
      kind: 'daily',
      downlineId: sub,
      type: 'new',
      tiers: [tier(80)],
    });
    const contract = (await asTop.call('GET', `${CONTRACTS}?kind=daily`)).body.value.mine;
    await admin.call('POST', `/bo/contracts/${contract.id}/end`, { reason: 'Review' });
    const refused = await asSub.call('POST', `${OFFERS}/${offered.body.value.id}/accept`);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'noUplineContract' } });
  });
});

describe('ending a contract', () => {
  it('either side asks, the other accepts; an operator ends one with a reason', async () => {
    const { top, sub, asTop, asSub } = await team('end');
    await signFromPlatform(top, asTop, 'daily', [tier(90)]);
    await signBelow(asTop, sub, asSub, { kind: 'daily', tiers: [tier(80)] });
    const noneBelow = await asSub.call('POST', OFFERS, {
      kind: 'hourly',
      downlineId: sub,
      type: 'terminate',
    });
    expect(noneBelow.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'noContract' } });

    const asked = await asSub.call('POST', OFFERS, { kind: 'daily', downlineId: sub, type: 'terminate' });
    expect(asked.body.value).toMatchObject({ type: 'terminate', fromSide: 'downline', canCancel: true });
    expect((await asSub.call('POST', `${OFFERS}/${asked.body.value.id}/accept`)).body.code).toBe('FORBIDDEN');
    const ended = await asTop.call('POST', `${OFFERS}/${asked.body.value.id}/accept`);
    expect(ended.body.value.status).toBe('accepted');
    expect((await asSub.call('GET', `${CONTRACTS}?kind=daily`)).body.value).toMatchObject({
      mine: null,
      history: [{ endReason: 'terminated' }],
    });
    expect(await inboxKinds(sub)).toEqual(['contract_offer', 'contract_accepted', 'contract_ended']);

    const topContract = (await asTop.call('GET', `${CONTRACTS}?kind=daily`)).body.value.mine;
    expect(
      (await support.call('POST', `/bo/contracts/${topContract.id}/end`, { reason: '' })).body.code,
    ).toBe('VALIDATION');
    expect(
      (await ownerOfOther.call('POST', `/bo/contracts/${topContract.id}/end`, { reason: 'x' })).body.code,
    ).toBe('NOT_FOUND');
    await expectOneAuditRow(
      testApp.database.db,
      () => support.call('POST', `/bo/contracts/${topContract.id}/end`, { reason: 'Agreement lapsed' }),
      { action: 'contract.end', actor_name: 'contracts_support' },
    );
    expect(
      (await support.call('POST', `/bo/contracts/${topContract.id}/end`, { reason: 'again' })).body.code,
    ).toBe('CONFLICT');
    expect((await asTop.call('GET', `${CONTRACTS}?kind=daily`)).body.value.history[0]).toMatchObject({
      endReason: 'operator',
    });
  });

  it("an agent moved to another upline loses its old upline's contracts and pending offers", async () => {
    const { top, sub, subsub, asTop, asSub, asSubsub } = await team('move');
    const other = await team('moveto');
    await signFromPlatform(top, asTop, 'daily', [tier(90)]);
    await signBelow(asTop, sub, asSub, { kind: 'daily', tiers: [tier(80)] });
    await signBelow(asSub, subsub, asSubsub, { kind: 'daily', tiers: [tier(70)] });
    await signFromPlatform(top, asTop, 'hourly', [tier(40)]);
    const pending = await asTop.call('POST', OFFERS, {
      kind: 'hourly',
      downlineId: sub,
      type: 'new',
      tiers: [tier(30)],
    });

    const moved = await admin.call('POST', `/bo/agents/${sub}/move`, {
      uplineId: other.top,
      reason: 'Team change',
    });
    expect(moved.body.success).toBe(true);
    expect((await asSub.call('GET', `${CONTRACTS}?kind=daily`)).body.value).toMatchObject({
      mine: null,
      history: [{ endReason: 'upline_moved' }],
    });
    expect((await asSub.call('GET', `${CONTRACTS}?kind=hourly`)).body.value.offers).toEqual([]);
    const offer = await admin.call('GET', '/bo/contract-offers?kind=hourly&status=cancelled');
    expect(offer.body.value.list.map((row: { id: string }) => row.id)).toContain(pending.body.value.id);
    // The moved agent's own team keeps what it gave them.
    expect((await asSubsub.call('GET', `${CONTRACTS}?kind=daily`)).body.value.mine).toMatchObject({
      rateBp: 70,
    });
    expect(await inboxKinds(top)).toEqual(
      expect.arrayContaining(['contract_ended', 'contract_offer_cancelled']),
    );
  });
});

describe("the back office's contract detail", () => {
  it('answers the contract with its versions and the active contracts its agent pays below', async () => {
    const { top, sub, subsub, asTop, asSub, asSubsub } = await team('detail');
    await signFromPlatform(top, asTop, 'hourly', [tier(40)]);
    await signBelow(asTop, sub, asSub, { kind: 'hourly', tiers: [tier(30)] });
    await signBelow(asSub, subsub, asSubsub, { kind: 'hourly', tiers: [tier(20)] });
    await signFromPlatform(top, asTop, 'hourly', [tier(45)]);
    const versions = (await admin.call('GET', `/bo/contracts?kind=hourly&account=detailtop`)).body.value
      .list as { id: string; version: number; downline: { id: string } }[];
    const [second, first] = versions.filter((row) => row.downline.id === top);
    if (!second || !first) throw new Error('two versions of top');
    const subContract = (await asSub.call('GET', `${CONTRACTS}?kind=hourly`)).body.value.mine;

    const ofFirst = await support.call('GET', `/bo/contracts/${first.id}`);
    expect(ofFirst.body.value).toMatchObject({
      contract: { id: first.id, version: 1, status: 'ended', endReason: 'superseded' },
      versions: [
        { id: second.id, version: 2, status: 'active', rateBp: 45 },
        { id: first.id, version: 1, status: 'ended' },
      ],
      below: [{ id: subContract.id, downline: { id: sub, account: 'detailsub' }, rateBp: 30 }],
      belowTotal: 1,
    });
    const ofSub = await admin.call('GET', `/bo/contracts/${subContract.id}`);
    expect(ofSub.body.value).toMatchObject({
      versions: [{ id: subContract.id }],
      below: [{ downline: { id: subsub, account: 'detailsubsub' }, upline: { id: sub } }],
      belowTotal: 1,
    });
    expect((await ownerOfOther.call('GET', `/bo/contracts/${first.id}`)).body.code).toBe('NOT_FOUND');
  });
});

describe('the offers waiting for an answer', () => {
  const WAITING = `${OFFERS}/waiting`;
  const waitingOf = async (client: AccountsClient) => {
    const answer = await client.call('GET', WAITING);
    expect(answer.body.success).toBe(true);
    return answer.body.value.list as {
      id: string;
      kind: string;
      type: string;
      fromSide: string;
      canAccept: boolean;
      canCancel: boolean;
      current: { rateBp: number; period: string } | null;
    }[];
  };

  it('lists the offers the agent may accept across kinds switched on, newest first, with its own terms', async () => {
    const { top, sub, player, asTop, asSub } = await team('wait');
    const asPlayer = await sessionClientOf(testApp, player);
    expect((await asPlayer.call('GET', WAITING)).body.code).toBe('NON_AGENT');
    expect(await waitingOf(asTop)).toEqual([]);

    await signFromPlatform(top, asTop, 'daily', [tier(80)]);
    const hourly = await admin.call('POST', '/bo/contract-offers', {
      downlineId: top,
      kind: 'hourly',
      tiers: [tier(30)],
    });
    const daily = await admin.call('POST', '/bo/contract-offers', {
      downlineId: top,
      kind: 'daily',
      tiers: [tier(60)],
    });
    // Top's own offer to its downline waits for the downline, not for top.
    const toSub = await asTop.call('POST', OFFERS, {
      kind: 'daily',
      downlineId: sub,
      type: 'new',
      tiers: [tier(40)],
    });
    expect(toSub.body.success).toBe(true);

    const topWaiting = await waitingOf(asTop);
    expect(topWaiting.map((offer) => offer.id)).toEqual([daily.body.value.id, hourly.body.value.id]);
    expect(topWaiting[0]).toMatchObject({
      kind: 'daily',
      fromSide: 'operator',
      canAccept: true,
      canCancel: false,
      current: { rateBp: 80, period: 'D' },
    });
    expect(topWaiting[1]).toMatchObject({ kind: 'hourly', current: null });
    expect(await waitingOf(asSub)).toEqual([
      expect.objectContaining({
        id: toSub.body.value.id,
        fromSide: 'upline',
        canAccept: true,
        current: null,
      }),
    ]);

    // A kind switched off is not listed; the offer is back when the switch is.
    await setSwitches(['HOURLYSALARY']);
    try {
      expect((await waitingOf(asTop)).map((offer) => offer.kind)).toEqual(['daily']);
    } finally {
      await setSwitches();
    }

    // A downline asking to end its contract waits for its upline.
    expect((await asSub.call('POST', `${OFFERS}/${toSub.body.value.id}/accept`)).body.success).toBe(true);
    const ending = await asSub.call('POST', OFFERS, { kind: 'daily', downlineId: sub, type: 'terminate' });
    expect(ending.body.success).toBe(true);
    expect(await waitingOf(asSub)).toEqual([]);
    expect((await waitingOf(asTop)).map((offer) => [offer.id, offer.type])).toEqual([
      [ending.body.value.id, 'terminate'],
      [daily.body.value.id, 'new'],
      [hourly.body.value.id, 'new'],
    ]);

    // An offer past its expiry is not listed even before the job marks it.
    const before = nowMs;
    nowMs += 7 * DAY_MS;
    try {
      expect(await waitingOf(await sessionClientOf(testApp, top))).toEqual([]);
    } finally {
      nowMs = before;
    }
  });
});

describe('offers nobody answers', () => {
  it("expire after the merchant's days, both sides told, by the scheduled job", async () => {
    const { top, asTop } = await team('expire');
    const offered = await admin.call('POST', '/bo/contract-offers', {
      downlineId: top,
      kind: 'realtime',
      tiers: [tier(20)],
    });
    expect(offered.body.value.expiresAt).toBe(new Date(nowMs + 7 * DAY_MS).toISOString());
    const job = testApp.app.jobs.definitions.find(
      (definition) => definition.name === 'contracts.offers-expire',
    );
    expect(job).toBeDefined();
    await job?.handle({}, { id: 'test', name: 'contracts.offers-expire' } as never);
    expect((await asTop.call('GET', `${CONTRACTS}?kind=realtime`)).body.value.offers).toHaveLength(1);
    const before = nowMs;
    nowMs += 7 * DAY_MS;
    try {
      const later = await sessionClientOf(testApp, top);
      expect((await later.call('POST', `${OFFERS}/${offered.body.value.id}/accept`)).body).toMatchObject({
        code: 'CONFLICT',
        value: { status: 'expired' },
      });
      await job?.handle({}, { id: 'test', name: 'contracts.offers-expire' } as never);
    } finally {
      nowMs = before;
    }
    expect((await asTop.call('GET', `${CONTRACTS}?kind=realtime`)).body.value.offers).toEqual([]);
    expect(await inboxKinds(top)).toEqual(['contract_offer', 'contract_offer_expired']);
    const listed = await admin.call('GET', '/bo/contract-offers?status=expired');
    expect(listed.body.value.list.map((row: { id: string }) => row.id)).toContain(offered.body.value.id);
  });
});

describe('contract templates', () => {
  it('are read per kind and changed with settings.write, audited', async () => {
    const listed = await admin.call('GET', '/bo/contract-templates');
    expect(listed.body.value.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'dividend', maxRateBp: 3000, maxTiers: 10, defaultPeriod: 'W' }),
        expect.objectContaining({ kind: 'daily', maxRateBp: 100, defaultPeriod: null }),
      ]),
    );
    const body = { maxRateBp: 150, maxTiers: 2, defaultTiers: [tier(100)], defaultPeriod: null };
    expect((await support.call('PUT', '/bo/contract-templates/hourly', body)).body.code).toBe('FORBIDDEN');
    const badDefaults = await admin.call('PUT', '/bo/contract-templates/hourly', {
      ...body,
      defaultTiers: [tier(200)],
      defaultPeriod: 'W',
    });
    expect(badDefaults.body).toMatchObject({
      code: 'VALIDATION',
      value: { fields: { 'tiers.0.rateBp': 'aboveMaximum', defaultPeriod: 'notPeriodOfKind' } },
    });
    const { reply } = await expectOneAuditRow(
      testApp.database.db,
      () => admin.call('PUT', '/bo/contract-templates/hourly', body),
      { action: 'contract.template.update' },
    );
    expect(reply.body.value).toMatchObject({ kind: 'hourly', maxRateBp: 150, maxTiers: 2 });
    // The template's tier count bounds the platform's offers.
    const { top } = await team('tmpl');
    const tooMany = await admin.call('POST', '/bo/contract-offers', {
      downlineId: top,
      kind: 'hourly',
      tiers: [tier(10), tier(20, 1), tier(30, 2)],
    });
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION', value: { fields: { tiers: 'tooManyTiers' } } });
  });
});

describe.runIf(process.env.DATABASE_URL)('simultaneous requests (PostgreSQL)', () => {
  it('two accepts of one offer sign one contract', async () => {
    const { top } = await team('burstaccept');
    const offered = await admin.call('POST', '/bo/contract-offers', {
      downlineId: top,
      kind: 'daily',
      tiers: [tier(50)],
    });
    const clients = await Promise.all(Array.from({ length: 6 }, () => sessionClientOf(testApp, top)));
    const replies = await Promise.all(
      clients.map((client) => client.call('POST', `${OFFERS}/${offered.body.value.id}/accept`)),
    );
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.code === 'CONFLICT')).toHaveLength(5);
    const contracts = await testApp.database.db
      .selectFrom('agent_contracts')
      .select('id')
      .where('downline_id', '=', top)
      .execute();
    expect(contracts).toHaveLength(1);
  });

  it('offers made at once open one', async () => {
    const { top, sub, asTop } = await team('burstoffer');
    await signFromPlatform(top, asTop, 'daily', [tier(90)]);
    const clients = await Promise.all(Array.from({ length: 6 }, () => sessionClientOf(testApp, top)));
    const replies = await Promise.all(
      clients.map((client, index) =>
        client.call('POST', OFFERS, {
          kind: 'daily',
          downlineId: sub,
          type: 'new',
          tiers: [tier(10 + index)],
        }),
      ),
    );
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.code === 'CONFLICT')).toHaveLength(5);
  });

  it('an upline signing lower terms while its downline accepts never leaves the downline above it', async () => {
    const { top, sub, subsub, asTop, asSub, asSubsub } = await team('burstcap');
    await signFromPlatform(top, asTop, 'daily', [tier(90)]);
    await signBelow(asTop, sub, asSub, { kind: 'daily', tiers: [tier(80)] });
    const toSubsub = await asSub.call('POST', OFFERS, {
      kind: 'daily',
      downlineId: subsub,
      type: 'new',
      tiers: [tier(70)],
    });
    const toSub = await asTop.call('POST', OFFERS, {
      kind: 'daily',
      downlineId: sub,
      type: 'new',
      tiers: [tier(30)],
    });
    await Promise.all([
      asSubsub.call('POST', `${OFFERS}/${toSubsub.body.value.id}/accept`),
      asSub.call('POST', `${OFFERS}/${toSub.body.value.id}/accept`),
    ]);
    const active = await testApp.database.db
      .selectFrom('agent_contracts')
      .select(['downline_id', 'rate_bp'])
      .where('downline_id', 'in', [sub, subsub])
      .where('status', '=', 'active')
      .execute();
    const rateOf = (id: string) => active.find((row) => row.downline_id === id)?.rate_bp;
    expect(rateOf(sub)).toBe(30);
    expect(rateOf(subsub) ?? 0).toBeLessThanOrEqual(30);
  });
});
