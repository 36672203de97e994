import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentMethodRow } from '../src/modules/payment/payment.service.ts';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// The app's clock: tests move it forward; it starts at the real time so that rows the database
// stamps itself (sessions, transfers) fall into the same periods.
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let testApp: TestApp;
let merchantId: string;
let gateway: PaymentMethodRow;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: clock });
  const merchant = await testApp.database.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'panalo')
    .executeTakeFirstOrThrow();
  merchantId = merchant.id;
  // A gateway that answers nothing: a deposit the limits let through fails at the gateway instead.
  gateway = await testApp.app.payments.createMethod({
    merchantId,
    code: 'offline',
    kind: 'gateway',
    names: { EN: 'Offline' },
    minMinor: 10_000n,
    maxMinor: 5_000_000n,
    playerDailyMaxMinor: null,
    gateway: {
      baseUrl: 'http://127.0.0.1:9',
      merchantNo: 'X',
      secret: 'a-secret-of-thirty-two-characters-x',
      channel: 'NONE',
    },
  });
});

afterAll(async () => {
  await testApp.close();
});

let account = 0;
/** A fresh member, logged in, for each test: limits and breaks never leak between tests. */
async function newPlayer(): Promise<{ player: AccountsClient; memberId: string; username: string }> {
  account += 1;
  const username = `rg${account}player`;
  const player = createAccountsClient(testApp.app, `203.0.113.${account + 20}`);
  const registered = await player.sealed('PUT', '/wps/member/register', {
    username,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    termsAccepted: true,
    ageConfirmed: true,
    registerMethod: 'WEB',
  });
  expect(registered.body.success, JSON.stringify(registered.body)).toBe(true);
  player.token = registered.body.value.token;
  const member = await testApp.database.db
    .selectFrom('members')
    .select('id')
    .where('account_key', '=', username)
    .executeTakeFirstOrThrow();
  return { player, memberId: member.id, username };
}

type LimitItem = {
  kind: string;
  period: string;
  value: string | null;
  pendingAt: string | null;
  used: string;
};
const limitOf = (reply: { body: { value?: { limits: LimitItem[] } } }, kind: string, period: string) =>
  reply.body.value?.limits.find((limit) => limit.kind === kind && limit.period === period);

beforeEach(() => {
  offsetMs = 0;
});

describe('limits', () => {
  it('a lower limit applies at once and a higher one only after 24 hours', async () => {
    const { player, memberId } = await newPlayer();
    let reply = await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'deposit',
      period: 'day',
      value: '1000',
    });
    expect(limitOf(reply, 'deposit', 'day')).toMatchObject({
      value: '1000.00',
      pendingValue: null,
      pendingAt: null,
    });

    reply = await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'deposit',
      period: 'day',
      value: '500',
    });
    expect(limitOf(reply, 'deposit', 'day')).toMatchObject({ value: '500.00', pendingValue: null });

    const raisedAt = clock().getTime();
    reply = await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'deposit',
      period: 'day',
      value: '2000',
    });
    const pending = limitOf(reply, 'deposit', 'day');
    expect(pending).toMatchObject({ value: '500.00', pendingValue: '2000.00' });
    expect(Math.abs(new Date(pending?.pendingAt ?? 0).getTime() - (raisedAt + DAY_MS))).toBeLessThan(5_000);

    // The session has long gone idle by then; the service answers what the page would show.
    const who = { memberId, merchantId };
    offsetMs = DAY_MS - HOUR_MS;
    let limit = (await testApp.app.responsibleGaming.getOverview(who)).limits[0];
    expect(limit).toMatchObject({ value: 50_000n, pendingValue: 200_000n });
    await expect(testApp.app.responsibleGaming.checkDepositAllowed(who, 50_001n)).rejects.toMatchObject({
      code: 'LIMIT_REACHED',
    });

    offsetMs = DAY_MS + MINUTE_MS;
    limit = (await testApp.app.responsibleGaming.getOverview(who)).limits[0];
    expect(limit).toMatchObject({ value: 200_000n, pendingValue: null, pendingAt: null });
    await expect(testApp.app.responsibleGaming.checkDepositAllowed(who, 50_001n)).resolves.toBeUndefined();
  });

  it('removing a limit waits 24 hours, and a lower limit meanwhile cancels the wait', async () => {
    const { player, memberId } = await newPlayer();
    await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'loss',
      period: 'week',
      value: '300',
    });
    let reply = await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'loss',
      period: 'week',
      value: null,
    });
    expect(limitOf(reply, 'loss', 'week')).toMatchObject({ value: '300.00', pendingValue: null });
    expect(limitOf(reply, 'loss', 'week')?.pendingAt).not.toBeNull();

    reply = await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'loss',
      period: 'week',
      value: '200',
    });
    expect(limitOf(reply, 'loss', 'week')).toMatchObject({ value: '200.00', pendingAt: null });

    await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'loss',
      period: 'week',
      value: null,
    });
    offsetMs = DAY_MS + MINUTE_MS;
    const overview = await testApp.app.responsibleGaming.getOverview({ memberId, merchantId });
    expect(overview.limits).toEqual([]);
  });

  it('a deposit that would pass the daily deposit limit is refused with LIMIT_REACHED responsible', async () => {
    const { player } = await newPlayer();
    await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'deposit',
      period: 'day',
      value: '500',
    });
    const over = await player.call('POST', '/wps/payment/deposits', {
      methodId: gateway.id,
      amount: '600.00',
    });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({
      code: 'LIMIT_REACHED',
      value: { limit: 'responsible', period: 'day' },
    });
    // Within the limit the deposit goes on to the gateway (which, here, answers nothing).
    const within = await player.call('POST', '/wps/payment/deposits', {
      methodId: gateway.id,
      amount: '400.00',
    });
    expect(within.body.code).toBe('PAYMENT_UNAVAILABLE');
  });

  it('canDeposit turns false once the deposit limit is used up, and true again when it is raised', async () => {
    const { player, memberId } = await newPlayer();
    expect((await player.call('GET', '/wps/member/responsibleGaming')).body.value.canDeposit).toBe(true);
    let reply = await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'deposit',
      period: 'day',
      value: '500',
    });
    expect(reply.body.value.canDeposit).toBe(true);
    // A deposit in review counts against the limit from its creation.
    await testApp.app.payments.createDeposit({
      merchantId,
      memberId,
      method: gateway,
      currency: 'PHP',
      amountMinor: 50_000n,
      status: 'review',
    });
    reply = await player.call('GET', '/wps/member/responsibleGaming');
    expect(reply.body.value).toMatchObject({ canDeposit: false });
    await expect(
      testApp.app.responsibleGaming.checkDepositAllowed({ memberId, merchantId }, 1n),
    ).rejects.toMatchObject({ code: 'LIMIT_REACHED' });

    await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'deposit',
      period: 'day',
      value: '800',
    });
    offsetMs = DAY_MS + MINUTE_MS;
    // The next day the limit is raised and nothing of it is used yet.
    const overview = await testApp.app.responsibleGaming.getOverview({ memberId, merchantId });
    expect(overview.canDeposit).toBe(true);
  });

  it('a stake that could take the day past the loss limit is refused at bet time', async () => {
    const { registerTestVendor, catalogueGame, fund, callWallet, tokenOf } = await import(
      './support/game-fixtures.ts'
    );
    await registerTestVendor(testApp, { vassalage: 'RGL', games: [catalogueGame('slot-1')] });
    const { memberId, player } = await newPlayer();
    const who = { memberId, merchantId };
    await fund(testApp, memberId, 100_000n, `rg-fund-${memberId}`);
    await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'loss',
      period: 'day',
      value: '100',
    });
    const launched = await player.call('GET', '/wps/game/launchGame?nodeId=RGL_slot-1&mode=real');
    const base = {
      vendor: 'RGL',
      playerToken: tokenOf(launched.body.value.url),
      currency: 'PHP',
      gameCode: 'slot-1',
    };
    // A bet still open counts its whole stake: that money is at risk until it settles.
    const staked = await callWallet(testApp.app, 'debit', {
      ...base,
      transactionId: `rg-bet-1-${memberId}`,
      roundId: `rg-round-1-${memberId}`,
      amount: '80.00',
    });
    expect(staked.status).toBe('OK');
    await expect(testApp.app.responsibleGaming.checkBetAllowed(who, 2_000n)).resolves.toBeUndefined();
    await expect(testApp.app.responsibleGaming.checkBetAllowed(who, 2_001n)).rejects.toMatchObject({
      code: 'LIMIT_REACHED',
      value: { limit: 'loss', period: 'day' },
    });
    // A win brings the loss down, and with it what may be staked.
    const paid = await callWallet(testApp.app, 'credit', {
      ...base,
      transactionId: `rg-win-1-${memberId}`,
      roundId: `rg-round-1-${memberId}`,
      amount: '50.00',
    });
    expect(paid.status).toBe('OK');
    await expect(testApp.app.responsibleGaming.checkBetAllowed(who, 7_000n)).resolves.toBeUndefined();
    await expect(testApp.app.responsibleGaming.checkBetAllowed(who, 7_001n)).rejects.toMatchObject({
      code: 'LIMIT_REACHED',
    });
  });

  it('bets are refused once the day’s logged-in time has used up the session-time limit', async () => {
    // The day's logged-in time starts again at the merchant's midnight (Manila, UTC+8): begin where
    // the next 31 minutes stay within one merchant day.
    const manilaMinute = Math.floor((clock().getTime() + 8 * HOUR_MS) / MINUTE_MS) % (24 * 60);
    const base = offsetMs + (manilaMinute >= 23 * 60 ? 2 * HOUR_MS : 0);
    offsetMs = base;
    const { memberId, player } = await newPlayer();
    const who = { memberId, merchantId };
    await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'session',
      period: 'day',
      value: '30',
    });
    offsetMs = base + 20 * MINUTE_MS;
    expect((await player.call('GET', '/wps/member/responsibleGaming')).status).toBe(200);
    await expect(testApp.app.responsibleGaming.checkBetAllowed(who, 100n)).resolves.toBeUndefined();
    offsetMs = base + 31 * MINUTE_MS;
    const reply = await player.call('GET', '/wps/member/responsibleGaming');
    expect(
      Number((limitOf(reply, 'session', 'day') as { used?: string } | undefined)?.used),
    ).toBeGreaterThanOrEqual(30);
    await expect(testApp.app.responsibleGaming.checkBetAllowed(who, 100n)).rejects.toMatchObject({
      code: 'LIMIT_REACHED',
      value: { limit: 'session' },
    });
  });
});

describe('breaks and self-exclusion', () => {
  it('a 1-day break ends every session, refuses login with the end date, and lifts after a day', async () => {
    const { player, username, memberId } = await newPlayer();
    const other = createAccountsClient(testApp.app, '198.51.100.7');
    expect((await other.logIn(username, 'Secret123')).success).toBe(true);

    const taken = await player.call('POST', '/wps/member/responsibleGaming/break', { kind: 'break_1d' });
    expect(taken.body.success).toBe(true);
    const endsAt = new Date(taken.body.value.endsAt).getTime();
    expect(Math.abs(endsAt - (clock().getTime() + DAY_MS))).toBeLessThan(5_000);

    expect((await player.call('GET', '/wps/member/responsibleGaming')).status).toBe(401);
    expect((await other.call('GET', '/wps/member/responsibleGaming')).status).toBe(401);

    const refused = await createAccountsClient(testApp.app, '198.51.100.8').logIn(username, 'Secret123');
    expect(refused).toMatchObject({
      success: false,
      code: 'SELF_EXCLUDED',
      value: { until: taken.body.value.endsAt },
    });
    await expect(
      testApp.app.responsibleGaming.checkDepositAllowed({ memberId, merchantId }, 10_000n),
    ).rejects.toMatchObject({ code: 'SELF_EXCLUDED' });

    offsetMs = DAY_MS - MINUTE_MS;
    expect((await createAccountsClient(testApp.app, '198.51.100.9').logIn(username, 'Secret123')).code).toBe(
      'SELF_EXCLUDED',
    );
    offsetMs = DAY_MS + MINUTE_MS;
    const back = createAccountsClient(testApp.app, '198.51.100.10');
    expect((await back.logIn(username, 'Secret123')).success).toBe(true);
    expect((await back.call('GET', '/wps/member/responsibleGaming')).body.value.exclusion).toBeNull();
  });

  it('a job lets members back in once their break has run out, without waiting for a login', async () => {
    const { liftEndedExclusions } = await import('../src/workflows/responsible-gaming.ts');
    const deps = { members: testApp.app.members, responsibleGaming: testApp.app.responsibleGaming };
    const day = await newPlayer();
    const week = await newPlayer();
    expect(
      (await day.player.call('POST', '/wps/member/responsibleGaming/break', { kind: 'break_1d' })).body
        .success,
    ).toBe(true);
    expect(
      (await week.player.call('POST', '/wps/member/responsibleGaming/break', { kind: 'break_1w' })).body
        .success,
    ).toBe(true);
    const statusOf = async (memberId: string) =>
      (
        await testApp.database.db
          .selectFrom('members')
          .select('status')
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow()
      ).status;

    offsetMs = DAY_MS - MINUTE_MS;
    await liftEndedExclusions(deps);
    expect(await statusOf(day.memberId)).toBe('self_excluded');

    offsetMs = DAY_MS + MINUTE_MS;
    expect(await liftEndedExclusions(deps)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(day.memberId)).toBe('active');
    expect(await statusOf(week.memberId)).toBe('self_excluded');
    const settings = await testApp.database.db
      .selectFrom('play_settings')
      .select(['exclusion_kind', 'exclusion_ends_at'])
      .where('member_id', '=', day.memberId)
      .executeTakeFirstOrThrow();
    expect(settings).toEqual({ exclusion_kind: null, exclusion_ends_at: null });
    // Lifted once: a second run finds nothing more of this member's.
    await liftEndedExclusions(deps);
    expect(await statusOf(week.memberId)).toBe('self_excluded');
  });

  it('a break cannot be shortened by taking a shorter one', async () => {
    const { memberId } = await newPlayer();
    const who = { memberId, merchantId };
    const week = await testApp.app.responsibleGaming.startExclusion(who, 'break_1w');
    const day = await testApp.app.responsibleGaming.startExclusion(who, 'break_1d');
    expect(day).toEqual(week);
    const year = await testApp.app.responsibleGaming.startExclusion(who, 'exclusion_1y');
    expect(year.endsAt.getTime()).toBeGreaterThan(week.endsAt.getTime());
    await expect(testApp.app.responsibleGaming.checkBetAllowed(who, 1n)).rejects.toMatchObject({
      code: 'SELF_EXCLUDED',
    });
  });
});

describe('the /wallet/v1 debit', () => {
  it('refuses a vendor stake once the player’s loss limit would be passed, and takes one within it', async () => {
    const { registerTestVendor, catalogueGame, fund, callWallet, tokenOf } = await import(
      './support/game-fixtures.ts'
    );
    await registerTestVendor(testApp, { vassalage: 'RGV', games: [catalogueGame('slot-1')] });
    const { player, memberId } = await newPlayer();
    await fund(testApp, memberId, 50_000n, `rg-vendor-fund-${memberId}`);
    await player.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'loss',
      period: 'day',
      value: '100',
    });
    const launched = await player.call('GET', '/wps/game/launchGame?nodeId=RGV_slot-1&mode=real');
    const base = {
      vendor: 'RGV',
      playerToken: tokenOf(launched.body.value.url),
      currency: 'PHP',
      gameCode: 'slot-1',
    };
    const within = await callWallet(testApp.app, 'debit', {
      ...base,
      transactionId: 'rg-d1',
      roundId: 'rg-r1',
      amount: '80.00',
    });
    expect(within).toMatchObject({ status: 'OK', balance: '420.00' });
    const over = await callWallet(testApp.app, 'debit', {
      ...base,
      transactionId: 'rg-d2',
      roundId: 'rg-r2',
      amount: '30.00',
    });
    expect(over).toMatchObject({ status: 'ERROR', balance: '420.00' });
  });
});
