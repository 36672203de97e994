import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_LINKS_PER_AGENT_MAX } from '../src/workflows/agent-registration.ts';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let nowMs = Date.parse('2026-11-23T10:00:00Z');
let merchantId: string;
// top (1, may register sub-agents) → sub (2); affiliate (41, no sub-agents); rival (1).
let top: string;
let affiliate: string;
let rival: string;
let player: string;
let topClient: AccountsClient;
let affiliateClient: AccountsClient;
let rivalClient: AccountsClient;
let playerClient: AccountsClient;
let ipCount = 20;

async function memberClient(memberId: string): Promise<AccountsClient> {
  const member = await testApp.app.members.findById(memberId);
  if (!member) throw new Error('no member');
  const started = await testApp.app.members.startSession({
    member,
    policy: { idleMinutes: 600, absoluteMinutes: 6000 },
    method: 'username',
    agentPage: true,
    passwordChangeRequired: false,
    ip: '203.0.113.9',
    country: null,
    userAgent: null,
  });
  // Each client its own address, so that the one-SMS-a-second throttle counts per client.
  ipCount += 1;
  const client = createAccountsClient(testApp.app, `198.51.100.${ipCount}`);
  client.token = started.token;
  return client;
}

/** A visitor from an address of its own (registration throttles count per address). */
function visitor(): AccountsClient {
  ipCount += 1;
  return createAccountsClient(testApp.app, `192.0.2.${ipCount}`);
}

function register(client: AccountsClient, username: string, affiliateCode: string) {
  return client.sealed('PUT', '/wps/member/register', {
    username,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    termsAccepted: true,
    ageConfirmed: true,
    affiliateCode,
    registerMethod: 'WEB',
  });
}

async function memberByAccount(account: string) {
  return testApp.database.db
    .selectFrom('members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('account_key', '=', account.toLowerCase())
    .executeTakeFirst();
}

async function latestSms(destination: string): Promise<string> {
  const row = await testApp.database.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('destination', '=', destination)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.body;
}

const passwordIn = (body: string) => /password: ([a-z0-9]{10})\./.exec(body)?.[1] ?? '';

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  top = await insertTeamMember(db, merchantId, { type: 1, account: 'rc_top' });
  await db.updateTable('members').set({ affiliate_code: 'RCTOP1' }).where('id', '=', top).execute();
  affiliate = await insertTeamMember(db, merchantId, { type: 41, account: 'rc_affiliate' });
  rival = await insertTeamMember(db, merchantId, { type: 1, account: 'rc_rival' });
  player = await insertTeamMember(db, merchantId, { uplineId: top, account: 'rc_player' });
  topClient = await memberClient(top);
  affiliateClient = await memberClient(affiliate);
  rivalClient = await memberClient(rival);
  playerClient = await memberClient(player);
});
afterAll(async () => {
  await testApp.close();
});

describe('invitation links', () => {
  it('refuse a visitor and a member who is not an agent', async () => {
    const anonymous = createAccountsClient(testApp.app);
    expect((await anonymous.call('GET', '/wps/agent/invitation-links')).body.code).toBe('NOT_LOGGED_IN');
    expect((await anonymous.call('GET', '/wps/member/first-login')).body.code).toBe('NOT_LOGGED_IN');
    const firstLogin = {
      newPassword: 'Mine12345',
      confirmNewPassword: 'Mine12345',
      termsAccepted: true,
      ageConfirmed: true,
    };
    expect((await anonymous.sealed('POST', '/wps/member/first-login', firstLogin)).body.code).toBe(
      'NOT_LOGGED_IN',
    );
    // A member no agent registered has no first-login step to take.
    expect((await playerClient.call('GET', '/wps/member/first-login')).body.value).toMatchObject({
      required: false,
    });
    expect((await playerClient.sealed('POST', '/wps/member/first-login', firstLogin)).body.code).toBe(
      'CONFLICT',
    );
    for (const [method, url, body] of [
      ['GET', '/wps/agent/invitation-links', undefined],
      ['POST', '/wps/agent/invitation-links', { kind: 'player', label: 'x' }],
      ['POST', `/wps/agent/invitation-links/${uuidv7()}/disable`, undefined],
      ['POST', '/wps/agent/downlines', { account: 'someone1', mobile: '9170000001', kind: 'player' }],
      ['POST', `/wps/agent/downlines/${player}/one-time-password`, undefined],
    ] as const) {
      expect((await playerClient.call(method, url, body)).body.code).toBe('NON_AGENT');
    }
  });

  it("answer the agent's own code and link on the merchant's configured site, never the request's Host", async () => {
    const reply = await topClient.call('GET', '/wps/agent/invitation-links');
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({
      invitationCode: 'RCTOP1',
      mayRegisterSubagents: true,
      limit: INVITATION_LINKS_PER_AGENT_MAX,
      list: [],
    });
    const url = new URL(reply.body.value.invitationUrl);
    expect(url.pathname).toBe('/register');
    expect(url.searchParams.get('affiliateCode')).toBe('RCTOP1');
    // The demo merchant names no main origin of its own: the installation's PUBLIC_ORIGIN.
    expect(url.origin).toBe(new URL(testApp.config.publicOrigin).origin);
  });

  it('validate a new link: kind, label length, and agent links only where the type may have sub-agents', async () => {
    expect(
      (await topClient.call('POST', '/wps/agent/invitation-links', { kind: 'boss', label: '' })).body.code,
    ).toBe('VALIDATION');
    expect(
      (await topClient.call('POST', '/wps/agent/invitation-links', { kind: 'player', label: 'x'.repeat(41) }))
        .body.code,
    ).toBe('VALIDATION');
    expect((await topClient.call('POST', '/wps/agent/invitation-links', { kind: 'player' })).body.code).toBe(
      'VALIDATION',
    );
    expect(
      (await affiliateClient.call('POST', '/wps/agent/invitation-links', { kind: 'agent', label: 'subs' }))
        .body.code,
    ).toBe('FORBIDDEN');
    const made = await affiliateClient.call('POST', '/wps/agent/invitation-links', {
      kind: 'player',
      label: 'Facebook',
    });
    expect(made.body.value).toMatchObject({ kind: 'player', label: 'Facebook', enabled: true, signUps: 0 });
    expect(made.body.value.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(new URL(made.body.value.url).searchParams.get('affiliateCode')).toBe(made.body.value.code);
  });

  it('sign a visitor up under the link agent, counting the sign-up and the first deposit on the link', async () => {
    const link = (
      await topClient.call('POST', '/wps/agent/invitation-links', { kind: 'player', label: 'TikTok' })
    ).body.value;
    const signedUp = await register(visitor(), 'rclinked1', link.code.toLowerCase());
    expect(signedUp.body.success).toBe(true);
    const member = await memberByAccount('rclinked1');
    expect(member).toMatchObject({ upline_id: top, type: 0, invitation_link_id: link.id });
    const chain = await testApp.database.db
      .selectFrom('member_tree')
      .select(['ancestor_id', 'depth'])
      .where('descendant_id', '=', member?.id ?? '')
      .where('depth', '>', 0)
      .execute();
    expect(chain).toEqual([{ ancestor_id: top, depth: 1 }]);

    // A credited deposit counts the member once as a first deposit; a pending one does not count.
    const { app } = testApp;
    const gcash = await app.payments.createMethod({
      merchantId,
      code: 'gcash',
      kind: 'gateway',
      names: { EN: 'GCash' },
      minMinor: 10_000n,
      maxMinor: 5_000_000n,
      playerDailyMaxMinor: null,
      gateway: { baseUrl: 'http://127.0.0.1:9', merchantNo: 'M1', secret: 'secret', channel: 'GCASH' },
    });
    const memberId = member?.id ?? '';
    for (const amountMinor of [50_000n, 20_000n]) {
      const deposit = await app.payments.createDeposit({
        merchantId,
        memberId,
        method: gcash,
        currency: 'PHP',
        amountMinor,
        status: 'pending',
      });
      const { transfer } = await app.wallet.transfer({
        merchantId,
        currency: 'PHP',
        key: `deposit:${deposit.id}`,
        code: 'deposit',
        reference: deposit.id,
        from: { house: 'deposit:gcash', shardKey: memberId },
        to: { memberId, wallet: 'cash' },
        amountMinor,
      });
      await app.payments.markCredited(deposit.id, transfer.id);
    }
    await app.payments.createDeposit({
      merchantId,
      memberId,
      method: gcash,
      currency: 'PHP',
      amountMinor: 30_000n,
      status: 'pending',
    });
    await register(visitor(), 'rclinked2', link.code);
    const listed = (await topClient.call('GET', '/wps/agent/invitation-links')).body.value.list;
    expect(listed.find((row: { id: string }) => row.id === link.id)).toMatchObject({
      signUps: 2,
      firstDeposits: 1,
    });
    // The agent's downlines list shows them.
    const downlines = await topClient.call('GET', '/wps/agent/downlines?search=rclinked1');
    expect(downlines.body.value.total).toBe(1);
  });

  it('sign a sub-agent up through an agent link, with an invitation code of its own', async () => {
    const link = (
      await topClient.call('POST', '/wps/agent/invitation-links', { kind: 'agent', label: 'Subs' })
    ).body.value;
    expect((await register(visitor(), 'rcsubagent', link.code)).body.success).toBe(true);
    const member = await memberByAccount('rcsubagent');
    expect(member).toMatchObject({ upline_id: top, type: 2, invitation_link_id: link.id });
    expect(member?.affiliate_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('sign no one up under the agent through a disabled link: the code is as unknown', async () => {
    const link = (
      await topClient.call('POST', '/wps/agent/invitation-links', { kind: 'player', label: 'Old' })
    ).body.value;
    const disabled = await topClient.call('POST', `/wps/agent/invitation-links/${link.id}/disable`);
    expect(disabled.body.value).toMatchObject({ enabled: false });
    expect(disabled.body.value.disabledAt).not.toBeNull();
    const refused = await register(visitor(), 'rcdisabled', link.code);
    expect(refused.body.code).toBe('INVITATION_CODE_INVALID');
    expect((await register(visitor(), 'rcunknown', 'NOSUCHCODE')).body.code).toBe('INVITATION_CODE_INVALID');
    expect(await memberByAccount('rcdisabled')).toBeUndefined();
    // Disabling again changes nothing.
    expect(
      (await topClient.call('POST', `/wps/agent/invitation-links/${link.id}/disable`)).body.value.enabled,
    ).toBe(false);
  });

  it("refuse another agent's links: not listed, not disabled", async () => {
    const link = (
      await topClient.call('POST', '/wps/agent/invitation-links', { kind: 'player', label: 'Mine' })
    ).body.value;
    expect((await rivalClient.call('POST', `/wps/agent/invitation-links/${link.id}/disable`)).body.code).toBe(
      'NOT_FOUND',
    );
    const rivals = (await rivalClient.call('GET', '/wps/agent/invitation-links')).body.value.list;
    expect(rivals.map((row: { id: string }) => row.id)).not.toContain(link.id);
    expect((await rivalClient.call('POST', '/wps/agent/invitation-links/a%20b/disable')).body.code).toBe(
      'VALIDATION',
    );
  });

  it('keep a burst of creates within the limit of links per agent', async () => {
    const burst = await Promise.all(
      Array.from({ length: INVITATION_LINKS_PER_AGENT_MAX + 10 }, (_, index) =>
        rivalClient.call('POST', '/wps/agent/invitation-links', { kind: 'player', label: `burst ${index}` }),
      ),
    );
    const made = burst.filter((reply) => reply.body.success).length;
    expect(made).toBe(INVITATION_LINKS_PER_AGENT_MAX);
    expect(burst.filter((reply) => reply.body.code === 'LIMIT_REACHED')).toHaveLength(10);
    const listed = (await rivalClient.call('GET', '/wps/agent/invitation-links')).body.value.list;
    expect(listed).toHaveLength(INVITATION_LINKS_PER_AGENT_MAX);
    expect(new Set(listed.map((row: { code: string }) => row.code)).size).toBe(
      INVITATION_LINKS_PER_AGENT_MAX,
    );
  });
});

describe('registering a player under the agent', () => {
  it('validate the form with errors by field', async () => {
    const reply = await topClient.call('POST', '/wps/agent/downlines', {
      account: 'ab',
      mobile: '12',
      kind: 'player',
    });
    expect(reply.body.code).toBe('VALIDATION');
    expect(Object.keys(reply.body.value.fields).sort()).toEqual(['account', 'mobile']);
    const empty = await topClient.call('POST', '/wps/agent/downlines', {
      account: 'goodname1',
      mobile: '',
      kind: 'player',
    });
    expect(Object.keys(empty.body.value.fields)).toEqual(['mobile']);
    const taken = await topClient.call('POST', '/wps/agent/downlines', {
      account: 'rc_player',
      mobile: '9171234000',
      kind: 'player',
    });
    expect(taken.body.value.fields).toHaveProperty('account');
    for (const body of [
      { account: 'x'.repeat(65), mobile: '9171234000', kind: 'player' },
      { account: 'goodname1', mobile: '9171234000', kind: 'boss' },
      { account: 'goodname1', kind: 'player' },
    ]) {
      expect((await topClient.call('POST', '/wps/agent/downlines', body)).body.code).toBe('VALIDATION');
    }
    expect(
      (
        await affiliateClient.call('POST', '/wps/agent/downlines', {
          account: 'subagent9',
          mobile: '9171234009',
          kind: 'agent',
        })
      ).body.code,
    ).toBe('FORBIDDEN');
  });

  it('opens the account under the agent with a one-time password by SMS, never in the answer, working once at the first login, which sets a password and takes the terms and age before anything else', async () => {
    const reply = await topClient.call('POST', '/wps/agent/downlines', {
      account: 'rcdirect1',
      mobile: '9171234001',
      kind: 'player',
    });
    expect(reply.body.success).toBe(true);
    expect(reply.body.value).toMatchObject({ account: 'rcdirect1', isSmsSent: true });
    expect(Object.keys(reply.body.value).sort()).toEqual(['account', 'expiresAt', 'id', 'isSmsSent']);
    const member = await memberByAccount('rcdirect1');
    expect(member).toMatchObject({
      upline_id: top,
      type: 0,
      consent_required: true,
      register_method: 'AGENT',
    });
    const password = passwordIn(await latestSms('+639171234001'));
    expect(password).toHaveLength(10);
    expect(JSON.stringify(reply.body)).not.toContain(password);

    const newcomer = visitor();
    expect((await newcomer.logIn('rcdirect1', 'wrongpass1')).code).toBe('BAD_CREDENTIALS');
    const login = await newcomer.logIn('rcdirect1', password);
    expect(login.value).toMatchObject({ passwordExpired: true });
    // Only the first-login step (and what it reads) until it is done.
    expect((await newcomer.call('GET', '/wps/v2/wallets/balance')).body.code).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
    expect((await newcomer.call('GET', '/wps/member/first-login')).body.value).toEqual({
      required: true,
      minimumAge: 21,
    });
    // The one-time password worked once.
    expect((await visitor().logIn('rcdirect1', password)).code).toBe('BAD_CREDENTIALS');

    const refused = await newcomer.sealed('POST', '/wps/member/first-login', {
      newPassword: 'Mine12345',
      confirmNewPassword: 'Other12345',
      termsAccepted: false,
      ageConfirmed: false,
    });
    expect(Object.keys(refused.body.value.fields).sort()).toEqual([
      'ageConfirmed',
      'confirmNewPassword',
      'termsAccepted',
    ]);
    const done = await newcomer.sealed('POST', '/wps/member/first-login', {
      newPassword: 'Mine12345',
      confirmNewPassword: 'Mine12345',
      termsAccepted: true,
      ageConfirmed: true,
    });
    expect(done.body.success).toBe(true);
    expect((await newcomer.call('GET', '/wps/v2/wallets/balance')).status).toBe(200);
    expect((await memberByAccount('rcdirect1'))?.terms_accepted_at).not.toBeNull();
    expect(
      (
        await newcomer.sealed('POST', '/wps/member/first-login', {
          newPassword: 'Mine12345',
          confirmNewPassword: 'Mine12345',
          termsAccepted: true,
          ageConfirmed: true,
        })
      ).body.code,
    ).toBe('CONFLICT');
    const again = visitor();
    expect((await again.logIn('rcdirect1', 'Mine12345')).value).toMatchObject({ passwordExpired: false });
  });

  it('lets the one-time password expire, and sends a new one to a direct downline not yet logged in', async () => {
    nowMs += 2_000;
    await topClient.call('POST', '/wps/agent/downlines', {
      account: 'rcdirect2',
      mobile: '9171234002',
      kind: 'agent',
    });
    const member = await memberByAccount('rcdirect2');
    expect(member).toMatchObject({ upline_id: top, type: 2 });
    const first = passwordIn(await latestSms('+639171234002'));
    // 24 hours on (the sessions of the test would expire in that time, so the clock stays).
    await testApp.database.db
      .updateTable('members')
      .set({ one_time_password_expires_at: new Date(nowMs - 1) })
      .where('id', '=', member?.id ?? '')
      .execute();
    expect(member?.one_time_password_expires_at?.getTime()).toBe(nowMs + 24 * 3_600_000);
    expect((await visitor().logIn('rcdirect2', first)).code).toBe('BAD_CREDENTIALS');
    expect(
      (await rivalClient.call('POST', `/wps/agent/downlines/${member?.id}/one-time-password`)).body.code,
    ).toBe('FORBIDDEN');
    expect((await topClient.call('POST', `/wps/agent/downlines/${player}/one-time-password`)).body.code).toBe(
      'CONFLICT',
    );
    nowMs += 61_000;
    const resent = await topClient.call('POST', `/wps/agent/downlines/${member?.id}/one-time-password`);
    expect(resent.body.value).toMatchObject({ isSmsSent: true });
    const second = passwordIn(await latestSms('+639171234002'));
    expect(second).not.toBe(first);
    expect((await visitor().logIn('rcdirect2', second)).value).toMatchObject({ passwordExpired: true });
  });

  it('throttle the SMS: one a second per client, one a minute per number', async () => {
    nowMs += 2_000;
    const first = await topClient.call('POST', '/wps/agent/downlines', {
      account: 'rcthrottle1',
      mobile: '9171234003',
      kind: 'player',
    });
    expect(first.body.success).toBe(true);
    const tooSoon = await topClient.call('POST', '/wps/agent/downlines', {
      account: 'rcthrottle2',
      mobile: '9171234004',
      kind: 'player',
    });
    expect(tooSoon.body.code).toBe('RATE_LIMITED');
    expect(await memberByAccount('rcthrottle2')).toBeUndefined();
    nowMs += 2_000;
    const member = await memberByAccount('rcthrottle1');
    const resend = await topClient.call('POST', `/wps/agent/downlines/${member?.id}/one-time-password`);
    expect(resend.body.code).toBe('RATE_LIMITED');
  });
});
