import { sealPayload } from '@panalo/crypto/sealed-payload.ts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import type { PaymentMethodRow } from '../src/modules/payment/payment.service.ts';
import { createAccountsClient, type Envelope } from './support/accounts-client.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
} from './support/bo-client.ts';
import { insertBetGame, ledgerProblems, settleBetAt } from './support/contract-fixtures.ts';
import { creditGcashDeposit } from './support/funded-member.ts';
import { createSeededApp, patchDemoSettings, setDemoMainOrigin } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// Member referrals end to end (docs/referrals.md) against the real registration, bonus engine,
// deposits, bet record and ledger: the code at registration, the upline, the rules paid once by
// the job under a burst, the checks' flags and holds, the review, the switch and marketability.

const PESO = 100n;
const HOUR_MS = 3_600_000;
let nowMs = Date.parse('2026-11-20T04:00:00Z');

let testApp: TestApp;
let db: Kysely<Database>;
let merchantId: string;
let gcash: PaymentMethodRow;
let game: { merchantId: string; vendorId: string; gameId: string };
let serial = 0;
let operatorCount = 0;

async function setReferralSwitch(isOn: boolean): Promise<void> {
  const row = await db
    .selectFrom('merchants')
    .select('settings')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const settings = row.settings as { whitelabel: { modId: string; enabled: boolean }[] };
  const whitelabel = settings.whitelabel.map((node) =>
    node.modId === 'REFERRAL' ? { ...node, enabled: isOn } : node,
  );
  await patchDemoSettings(testApp, { whitelabel });
}

async function operator(roleId = 'owner'): Promise<BackOfficeClient> {
  operatorCount += 1;
  const { token } = await insertOperatorWithSession(db, {
    username: `ref_${roleId}_${operatorCount}`,
    merchantId,
    roleId,
    nowMs,
  });
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  return client;
}

async function runJob(): Promise<void> {
  const job = testApp.app.jobs.definitions.find((definition) => definition.name === 'referral.rewards');
  if (!job) throw new Error('no job referral.rewards');
  await job.handle({}, { jobId: uuidv7(), retryCount: 0, signal: new AbortController().signal });
}

/** A member who logged in from `ip` with `deviceId`: their code, id and a client with the session. */
async function referrer(input: { ip: string; deviceId: string; uplineId?: string; payeeName?: string }) {
  serial += 1;
  const account = `referrer${serial}`;
  const member = await testApp.app.members.createMember({
    merchantId,
    account,
    password: 'Secret123',
    ...(input.uplineId ? { uplineId: input.uplineId } : {}),
    ...(input.payeeName ? { payeeName: input.payeeName } : {}),
  });
  const client = createAccountsClient(testApp.app, input.ip);
  const key = (await client.call('GET', '/wps/system/publicKey')).body.value;
  const login = await testApp.app.inject({
    method: 'POST',
    url: '/wps/session/login?language=EN',
    remoteAddress: input.ip,
    headers: { 'x-device-id': input.deviceId },
    payload: await sealPayload({ type: 'username', username: account, password: 'Secret123' }, key),
  });
  const body = login.json() as Envelope;
  expect(body.success, JSON.stringify(body)).toBe(true);
  client.token = body.value.token;
  return { id: member.id, code: member.referral_code, account, client };
}

/** Registers a friend through the wire from `ip` with `deviceId`; answers the new member's id. */
async function registerFriend(input: {
  code: string;
  ip: string;
  deviceId: string;
  affiliateCode?: string;
  payeeName?: string;
}): Promise<{ id: string; account: string }> {
  // Each registration a couple of hours on, so that the accounts-per-address throttle stays quiet.
  nowMs += 2 * HOUR_MS;
  serial += 1;
  const account = `friend${serial}`;
  const client = createAccountsClient(testApp.app, input.ip);
  const key = (await client.call('GET', '/wps/system/publicKey')).body.value;
  const reply = await testApp.app.inject({
    method: 'PUT',
    url: '/wps/member/register?language=EN',
    remoteAddress: input.ip,
    headers: { 'x-device-id': input.deviceId },
    payload: await sealPayload(
      {
        username: account,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        termsAccepted: true,
        ageConfirmed: true,
        registerMethod: 'WEB',
        referralCode: input.code,
        ...(input.affiliateCode ? { affiliateCode: input.affiliateCode } : {}),
        ...(input.payeeName ? { payeeName: input.payeeName } : {}),
      },
      key,
    ),
  });
  const body = reply.json() as Envelope;
  expect(body.success, JSON.stringify(body)).toBe(true);
  const member = await db
    .selectFrom('members')
    .select('id')
    .where('account_key', '=', account)
    .executeTakeFirstOrThrow();
  return { id: member.id, account };
}

async function creditDeposit(memberId: string, pesos: bigint): Promise<void> {
  const amountMinor = pesos * PESO;
  await creditGcashDeposit(testApp.app, { merchantId, memberId, method: gcash, amountMinor });
}

async function rewardsOf(memberId: string) {
  return db
    .selectFrom('referral_rewards')
    .innerJoin('referral_rules', 'referral_rules.id', 'referral_rewards.rule_id')
    .select([
      'referral_rules.name_en as name',
      'referral_rewards.id',
      'referral_rewards.beneficiary',
      'referral_rewards.status',
      'referral_rewards.amount_minor',
      'referral_rewards.hold_reason',
      'referral_rewards.skip_reason',
      'referral_rewards.bonus_id',
    ])
    .where('referral_rewards.member_id', '=', memberId)
    .orderBy('referral_rules.name_en')
    .execute();
}

async function referralCashOf(memberId: string): Promise<bigint> {
  const row = await sql<{ total: string }>`
    select coalesce(sum(t.amount_minor), 0)::text as total from ledger_transfers t
    join ledger_accounts a on a.id = t.credit_account_id
    where a.owner_id = ${memberId} and a.kind = 'player_cash' and t.code = 'referral_reward'`.execute(db);
  return BigInt(row.rows[0]?.total ?? '0');
}

const rules = { register: '', deposit: '', bet: '' };

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  db = testApp.database.db;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  game = { merchantId, ...(await insertBetGame(db, merchantId)) };
  gcash = await testApp.app.payments.createMethod({
    merchantId,
    code: 'gcash',
    kind: 'gateway',
    names: { EN: 'GCash' },
    minMinor: 100n,
    maxMinor: 50_000_000n,
    playerDailyMaxMinor: null,
    gateway: { baseUrl: 'http://127.0.0.1:9', merchantNo: 'M1', secret: 'secret', channel: 'GCASH' },
  });
  // Building the seeded app on PGlite runs every migration: slow on a busy machine.
}, 180_000);

afterAll(async () => {
  await testApp.close();
});

describe('the switch off', () => {
  it('answers FEATURE_DISABLED on every route, the public state says so, and a code records nothing', async () => {
    await setReferralSwitch(false);
    const owner = await referrer({ ip: '198.51.100.1', deviceId: 'device-off-000000001' });
    for (const path of [
      '/wps/referral/rules',
      '/wps/referral/me',
      '/wps/referral/friends',
      '/wps/referral/rewards',
    ]) {
      const reply = await owner.client.call('GET', path);
      expect(reply.status, path).toBe(403);
      expect(reply.body.code, path).toBe('FEATURE_DISABLED');
    }
    const state = await owner.client.call('GET', '/wps/system/publicState');
    if (state.body.success) expect(state.body.value.availablePromo.REFERRAL.enabled).toBe(false);
    const friend = await registerFriend({
      code: owner.code,
      ip: '198.51.100.2',
      deviceId: 'device-off-000000002',
    });
    expect(await db.selectFrom('referrals').selectAll().where('friend_id', '=', friend.id).execute()).toEqual(
      [],
    );
  });
});

describe('rules in the back office', () => {
  it('are created and changed by operators who may, each audited, bonus wagering under the cap', async () => {
    await setReferralSwitch(true);
    const bo = await operator();
    const tooHigh = await bo.call('POST', '/bo/referrals/rules', {
      nameTy: 'Sobrang pagtaya',
      nameEn: 'Too much wagering',
      trigger: 'register',
      threshold: '0',
      kind: 'bonus',
      referrerAmount: '10',
      multiplier: 40,
    });
    expect(tooHigh.body).toMatchObject({ code: 'VALIDATION' });
    const { reply: register } = await expectOneAuditRow(
      db,
      () =>
        bo.call('POST', '/bo/referrals/rules', {
          nameTy: 'A sumali ang kaibigan',
          nameEn: 'A friend joins',
          trigger: 'register',
          threshold: '0',
          kind: 'cash',
          referrerAmount: '10.00',
        }),
      { action: 'referral.rule.create' },
    );
    rules.register = register.body.value.id;
    const deposit = await bo.call('POST', '/bo/referrals/rules', {
      nameTy: 'B nagdeposito ng 500',
      nameEn: 'B friend deposits 500',
      trigger: 'deposit',
      threshold: '500.00',
      kind: 'bonus',
      referrerAmount: '50.00',
      friendAmount: '20.00',
      multiplier: 3,
    });
    expect(deposit.body.success, JSON.stringify(deposit.body)).toBe(true);
    rules.deposit = deposit.body.value.id;
    const bet = await bo.call('POST', '/bo/referrals/rules', {
      nameTy: 'C tumaya ng 1000',
      nameEn: 'C friend bets 1000',
      trigger: 'valid_bet',
      threshold: '1000.00',
      kind: 'cash',
      referrerAmount: '30.00',
      enabled: false,
    });
    rules.bet = bet.body.value.id;
    await expectOneAuditRow(
      db,
      () =>
        bo.call('PUT', `/bo/referrals/rules/${rules.bet}`, {
          nameTy: 'C tumaya ng 1000',
          nameEn: 'C friend bets 1000',
          trigger: 'valid_bet',
          threshold: '1000.00',
          kind: 'cash',
          referrerAmount: '30.00',
          enabled: true,
        }),
      { action: 'referral.rule.update' },
    );
    const support = await operator('support');
    expect((await support.call('GET', '/bo/referrals/rules')).body.value.list).toHaveLength(3);
    const refused = await support.call('POST', '/bo/referrals/rules', {
      nameTy: 'Hindi',
      nameEn: 'No',
      trigger: 'register',
      threshold: '0',
      kind: 'cash',
      referrerAmount: '1.00',
    });
    expect(refused.status).toBe(403);
    // Visitors see the enabled rules.
    // Each in the visitor's language: Tagalog, or English as the test client asks.
    const inTagalog = await testApp.app.inject({ method: 'GET', url: '/wps/referral/rules?language=TY' });
    expect(inTagalog.json().value.rules.map((rule: { name: string }) => rule.name)).toEqual([
      'A sumali ang kaibigan',
      'B nagdeposito ng 500',
      'C tumaya ng 1000',
    ]);
    const visitor = await createAccountsClient(testApp.app).call('GET', '/wps/referral/rules');
    expect(visitor.body.value.rules.map((rule: { name: string }) => rule.name)).toEqual([
      'A friend joins',
      'B friend deposits 500',
      'C friend bets 1000',
    ]);
    // Each name is checked on its own field.
    const unnamed = await bo.call('POST', '/bo/referrals/rules', {
      nameTy: '   ',
      nameEn: 'A friend joins again',
      trigger: 'register',
      threshold: '0',
      kind: 'cash',
      referrerAmount: '1.00',
    });
    expect(unnamed.body).toMatchObject({
      code: 'VALIDATION',
      value: { fields: { nameTy: expect.any(String) } },
    });
  });
});

describe('registration with a code', () => {
  it('records the referral and places the friend under the referrer’s upline, unless an invitation code names another', async () => {
    nowMs += HOUR_MS;
    const agent = await testApp.app.members.createMember({
      merchantId,
      account: 'refagent1',
      password: 'Secret123',
      type: 1,
      affiliateCode: 'REFAGENT1',
    });
    const other = await testApp.app.members.createMember({
      merchantId,
      account: 'refagent2',
      password: 'Secret123',
      type: 1,
      affiliateCode: 'REFAGENT2',
    });
    const owner = await referrer({
      ip: '198.51.100.10',
      deviceId: 'device-upline-0000001',
      uplineId: agent.id,
    });
    const friend = await registerFriend({
      code: owner.code.toLowerCase(),
      ip: '198.51.100.11',
      deviceId: 'device-upline-0000002',
    });
    const row = await db
      .selectFrom('members')
      .select('upline_id')
      .where('id', '=', friend.id)
      .executeTakeFirstOrThrow();
    expect(row.upline_id).toBe(agent.id);
    const referral = await db
      .selectFrom('referrals')
      .selectAll()
      .where('friend_id', '=', friend.id)
      .executeTakeFirstOrThrow();
    expect(referral).toMatchObject({ referrer_id: owner.id, same_ip: false, same_device: false });

    const viaAgent = await registerFriend({
      code: owner.code,
      ip: '198.51.100.12',
      deviceId: 'device-upline-0000003',
      affiliateCode: 'REFAGENT2',
    });
    const placed = await db
      .selectFrom('members')
      .select('upline_id')
      .where('id', '=', viaAgent.id)
      .executeTakeFirstOrThrow();
    expect(placed.upline_id).toBe(other.id);
    expect(
      await db
        .selectFrom('referrals')
        .select('referrer_id')
        .where('friend_id', '=', viaAgent.id)
        .executeTakeFirst(),
    ).toEqual({ referrer_id: owner.id });

    // An unknown code registers the member and records nothing.
    const unknown = await registerFriend({
      code: 'NOPE2345',
      ip: '198.51.100.13',
      deviceId: 'device-upline-0000004',
    });
    expect(
      await db.selectFrom('referrals').selectAll().where('friend_id', '=', unknown.id).execute(),
    ).toEqual([]);
  });
});

describe('the job', () => {
  it('pays each rule once per friend and beneficiary under a burst of runs, and the ledger balances', async () => {
    const owner = await referrer({ ip: '198.51.100.20', deviceId: 'device-burst-00000001' });
    const friends = [];
    for (let index = 0; index < 3; index += 1) {
      friends.push(
        await registerFriend({
          code: owner.code,
          ip: `198.51.100.${21 + index}`,
          deviceId: `device-burst-0000002${index}`,
        }),
      );
    }
    for (const friend of friends) await creditDeposit(friend.id, 500n);
    await settleBetAt(db, game, {
      memberId: friends[0]?.id ?? '',
      stakeMinor: 1_200n * PESO,
      winMinor: 0n,
      settledAt: new Date(nowMs - HOUR_MS),
    });
    await Promise.all(Array.from({ length: 6 }, () => runJob()));
    await runJob();

    const paid = await rewardsOf(owner.id);
    // Three friends joined (10.00 each), deposited (50.00 bonus each), one bet (30.00).
    expect(paid.map((reward) => [reward.name, reward.status, reward.amount_minor])).toEqual([
      ['A friend joins', 'paid', 1000n],
      ['A friend joins', 'paid', 1000n],
      ['A friend joins', 'paid', 1000n],
      ['B friend deposits 500', 'paid', 5000n],
      ['B friend deposits 500', 'paid', 5000n],
      ['B friend deposits 500', 'paid', 5000n],
      ['C friend bets 1000', 'paid', 3000n],
    ]);
    expect(await referralCashOf(owner.id)).toBe(6000n);
    const bonuses = await db
      .selectFrom('member_bonuses')
      .select(['source', 'amount_minor', 'wagering_required_minor'])
      .where('member_id', '=', owner.id)
      .execute();
    expect(bonuses).toHaveLength(3);
    for (const bonus of bonuses) {
      expect(bonus).toMatchObject({
        source: 'referral',
        amount_minor: 5000n,
        wagering_required_minor: 15_000n,
      });
    }
    for (const friend of friends) {
      expect((await rewardsOf(friend.id)).map((reward) => [reward.beneficiary, reward.amount_minor])).toEqual(
        [['friend', 2000n]],
      );
    }
    expect(await ledgerProblems(db, merchantId)).toEqual([]);

    // The member's pages: code, link from the merchant's own domain, friends masked, rewards paged.
    await setDemoMainOrigin(testApp, 'https://panalo.example');
    // The friends' registrations moved the clock past the referrer's idle session: a new login.
    expect((await owner.client.logIn(owner.account, 'Secret123')).success).toBe(true);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/wps/referral/me?language=EN',
      headers: {
        authorization: `Bearer ${owner.client.token}`,
        host: 'localhost',
        'x-forwarded-host': 'evil.example',
      },
    });
    expect(me.json().value, me.body).toMatchObject({
      code: owner.code,
      link: `https://panalo.example/?ref=${owner.code}`,
      friends: 3,
      paid: '210.00',
      held: '0.00',
    });
    const friendsPage = await owner.client.call('GET', '/wps/referral/friends?page=1&pageSize=2');
    expect(friendsPage.body.value.totalPages).toBe(2);
    expect(friendsPage.body.value.list[0]).toMatchObject({ hasDeposited: true, isActive: true });
    expect(friendsPage.body.value.list[0].account).toContain('*');
    const rewards = await owner.client.call('GET', '/wps/referral/rewards?page=1&pageSize=5');
    expect(rewards.body.value.totalPages).toBe(2);
    expect(rewards.body.value.list[0]).toMatchObject({ as: 'referrer', status: 'paid' });
    // The rule's name in the member's language.
    expect(rewards.body.value.list[0].rule).toMatch(/^[ABC] friend/);
    const inTagalog = await testApp.app.inject({
      method: 'GET',
      url: '/wps/referral/rewards?page=1&pageSize=5&language=TY',
      headers: { authorization: `Bearer ${owner.client.token}` },
    });
    expect(inTagalog.json().value.list[0].rule).toMatch(/^[ABC] (sumali|nagdeposito|tumaya)/);
  });

  it('flags the same address alone, holds the same address and device or the same payee, and the review decides once', async () => {
    const owner = await referrer({
      ip: '198.51.100.40',
      deviceId: 'device-abuse-00000001',
      payeeName: 'Juan Dela Cruz',
    });
    const sameIp = await registerFriend({
      code: owner.code,
      ip: '198.51.100.40',
      deviceId: 'device-abuse-00000002',
    });
    const sameBoth = await registerFriend({
      code: owner.code,
      ip: '198.51.100.40',
      deviceId: 'device-abuse-00000001',
    });
    const samePayee = await registerFriend({
      code: owner.code,
      ip: '198.51.100.41',
      deviceId: 'device-abuse-00000003',
      payeeName: 'juan dela cruz',
    });
    const flags = await db
      .selectFrom('referrals')
      .select(['friend_id', 'same_ip', 'same_device'])
      .where('referrer_id', '=', owner.id)
      .execute();
    const flagOf = (id: string) => flags.find((row) => row.friend_id === id);
    expect(flagOf(sameIp.id)).toMatchObject({ same_ip: true, same_device: false });
    expect(flagOf(sameBoth.id)).toMatchObject({ same_ip: true, same_device: true });
    expect(flagOf(samePayee.id)).toMatchObject({ same_ip: false, same_device: false });

    await runJob();
    const rows = await db
      .selectFrom('referral_rewards')
      .select(['id', 'referral_id', 'status', 'hold_reason'])
      .where('member_id', '=', owner.id)
      .execute();
    const referralOf = async (friendId: string) =>
      (
        await db
          .selectFrom('referrals')
          .select('id')
          .where('friend_id', '=', friendId)
          .executeTakeFirstOrThrow()
      ).id;
    const statusOf = async (friendId: string) => {
      const id = await referralOf(friendId);
      return rows.filter((row) => row.referral_id === id).map((row) => [row.status, row.hold_reason]);
    };
    expect(await statusOf(sameIp.id)).toEqual([['paid', null]]);
    expect(await statusOf(sameBoth.id)).toEqual([['held', 'SAME_IP_AND_DEVICE']]);
    expect(await statusOf(samePayee.id)).toEqual([['held', 'SAME_PAYEE']]);
    expect(await referralCashOf(owner.id)).toBe(1000n);

    const bo = await operator('risk');
    const held = (await bo.call('GET', '/bo/referrals/rewards?status=held')).body.value.list.filter(
      (row: { referrer: string }) => row.referrer === owner.account,
    );
    expect(held).toHaveLength(2);
    const flagged = await bo.call('GET', `/bo/referrals?flagged=true&account=${owner.account}`);
    expect(flagged.body.value.total).toBe(2);

    const approveId = rows.find((row) => row.hold_reason === 'SAME_IP_AND_DEVICE')?.id ?? '';
    const rejectId = rows.find((row) => row.hold_reason === 'SAME_PAYEE')?.id ?? '';
    const approvals = await Promise.all(
      Array.from({ length: 4 }, () => bo.call('POST', `/bo/referrals/rewards/${approveId}/approve`)),
    );
    expect(approvals.filter((reply) => reply.body.success)).toHaveLength(1);
    expect(approvals.filter((reply) => reply.body.code === 'CONFLICT')).toHaveLength(3);
    await expectOneAuditRow(db, () => bo.call('POST', `/bo/referrals/rewards/${rejectId}/reject`), {
      action: 'referral.reward.reject',
    });
    expect((await bo.call('POST', `/bo/referrals/rewards/${rejectId}/approve`)).body.code).toBe('CONFLICT');
    expect(await referralCashOf(owner.id)).toBe(2000n);
    expect(await ledgerProblems(db, merchantId)).toEqual([]);

    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'referral.reward.approve')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);

    // The cost report counts what was paid and what was rejected.
    const report = await bo.call('GET', '/bo/reports/referrals?preset=past30Days');
    expect(report.body.success, JSON.stringify(report.body)).toBe(true);
    const total = report.body.value.list.reduce(
      (sum: { paid: number; rejected: number }, row: { paid: number; rejected: number }) => ({
        paid: sum.paid + row.paid,
        rejected: sum.rejected + row.rejected,
      }),
      { paid: 0, rejected: 0 },
    );
    expect(total.rejected).toBe(1);
    expect(total.paid).toBeGreaterThanOrEqual(10);
  });

  it('pays a referrer promotions may not reach nothing, then or later', async () => {
    const owner = await referrer({ ip: '198.51.100.60', deviceId: 'device-market-0000001' });
    await db.updateTable('members').set({ promotions_opt_out: true }).where('id', '=', owner.id).execute();
    await registerFriend({ code: owner.code, ip: '198.51.100.61', deviceId: 'device-market-0000002' });
    await runJob();
    expect((await rewardsOf(owner.id)).map((reward) => [reward.status, reward.skip_reason])).toEqual([
      ['skipped', 'NOT_MARKETABLE'],
    ]);
    await db.updateTable('members').set({ promotions_opt_out: false }).where('id', '=', owner.id).execute();
    await runJob();
    expect(await referralCashOf(owner.id)).toBe(0n);
  });
});
