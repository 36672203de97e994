import { parseState } from '@panalo/games/state-json.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { BonusTerms } from '../src/modules/bonus/bonus-api.ts';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { BONUS_WAGERING_MET_CHANNEL } from '../src/workflows/bonus-wagering-met.ts';
import { createAccountsClient, type Envelope } from './support/accounts-client.ts';
import { demoMerchantId, fund, tokenOf } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

/**
 * A bonus converts right after the bet that met its wagering (docs/promotions.md "When it runs"):
 * the bet record's trigger notifies `bonus_wagering_met` at commit and the server settles the
 * member, with no settle pass. Members without a bonus set nothing off.
 */

// Rounds are opened at the database's time and bonuses activated at the app's, which is earlier,
// so that every round here is placed while its bonus is active.
const START = Date.parse('2024-03-01T02:00:00Z');

const TERMS: BonusTerms = {
  multiplier: 1,
  includeDeposit: false,
  contributions: { INHOUSE: 10_000 },
  maxStakeMinor: null,
  expiryDays: 7,
  maxConversionMinor: null,
  minSpinStakeMinor: null,
  minSpinLines: null,
};

let testApp: TestApp;
let merchantId: string;
let counter = 0;
const requestId = () => `met-req-${String(++counter).padStart(5, '0')}`;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(START) });
  await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
  merchantId = await demoMerchantId(testApp);
});
afterAll(async () => {
  await testApp?.close();
});

/** Waits for a condition, polling; fails after a bound instead of sleeping a fixed time. */
async function waitFor(condition: () => Promise<boolean>, what: string, boundMs = 15_000): Promise<void> {
  const deadline = performance.now() + boundMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A new member of the demo merchant with `cash` in cash, logged in. */
async function newMember(cashMinor: bigint) {
  counter += 1;
  const account = `wagermet${counter}`;
  const { id: memberId } = await testApp.app.members.createMember({
    merchantId,
    account,
    password: 'Wager12345',
  });
  if (cashMinor > 0n) await fund(testApp, memberId, cashMinor, `wagering-met-${memberId}`);
  const client = createAccountsClient(testApp.app, `203.0.113.${counter % 200}`);
  expect((await client.logIn(account, 'Wager12345')).success).toBe(true);
  return { memberId, client };
}

async function grantBonus(memberId: string, amountMinor: bigint): Promise<string> {
  const outcome = await testApp.app.bonuses.grant({
    merchantId,
    memberId,
    currency: 'PHP',
    source: 'manual',
    amountMinor,
    terms: TERMS,
    language: 'EN',
    reason: 'conversion test',
  });
  expect(outcome.status).toBe('active');
  return outcome.bonusId;
}

/** Opens one of our games' tables for the member, as the game client does. */
async function launch(member: Awaited<ReturnType<typeof newMember>>, gameCode: string): Promise<string> {
  const reply = await member.client.call('GET', `/wps/game/launchGame?nodeId=INHOUSE_${gameCode}&mode=real`);
  expect(reply.status).toBe(200);
  const token = tokenOf(reply.body.value.url);
  expect((await house('/wps/game/house/open', null, { mode: 'real', token })).status).toBe(200);
  return token;
}

async function house(url: string, token: string | null, payload: unknown) {
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(token ? { 'x-game-token': token } : {}),
      'content-type': 'application/json',
      'accept-language': 'en',
    },
    payload: JSON.stringify(payload),
  });
  return { status: response.statusCode, body: response.json() as Envelope };
}

async function diceBet(token: string, stake: string) {
  const reply = await house('/wps/game/house/bet', token, {
    requestId: requestId(),
    stake,
    direction: 'under',
    target: '50.00',
  });
  expect([reply.status, reply.body.code]).toEqual([200, undefined]);
  return reply.body.value;
}

const bonusOf = (bonusId: string) =>
  testApp.database.db
    .selectFrom('member_bonuses')
    .selectAll()
    .where('id', '=', bonusId)
    .executeTakeFirstOrThrow();

const balancesOf = (memberId: string) =>
  testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });

const isConverted = (bonusId: string) => async () => (await bonusOf(bonusId)).status === 'converted';

/** A member whose bonus's wagering is met as the trigger leaves it, not yet converted. */
async function memberWithWageringMet() {
  const member = await newMember(0n);
  const bonusId = await grantBonus(member.memberId, 500n);
  await testApp.database.db
    .updateTable('member_bonuses')
    .set({ wagered_minor: 500n })
    .where('id', '=', bonusId)
    .execute();
  return { ...member, bonusId };
}

const notify = (payload: string) =>
  sql`select pg_notify(${BONUS_WAGERING_MET_CHANNEL}, ${payload})`.execute(testApp.database.db);

describe('converting a bonus right after the bet that meets its wagering', () => {
  it('converts a 1× bonus once our one-step dice bets meet it, without the settle pass', async () => {
    const settlePass = vi.spyOn(testApp.app.bonuses, 'settleDue');
    try {
      const member = await newMember(10_000n);
      const bonusId = await grantBonus(member.memberId, 1_000n);
      const token = await launch(member, 'dice');
      await diceBet(token, '5.00');
      expect(await bonusOf(bonusId)).toMatchObject({ status: 'active', wagered_minor: 500n });
      await diceBet(token, '5.00');
      await waitFor(isConverted(bonusId), 'the conversion');
      expect(await bonusOf(bonusId)).toMatchObject({ wagered_minor: 1_000n, converted_minor: 1_000n });
      // Cash paid both stakes: the bonus wallet held its ₱10.00 until it turned into cash.
      const rounds = await testApp.database.db
        .selectFrom('game_rounds')
        .select(['stake_minor', 'win_minor', 'bonus_stake_minor'])
        .where('member_id', '=', member.memberId)
        .execute();
      expect(rounds.map((round) => round.bonus_stake_minor)).toEqual([0n, 0n]);
      const wonMinor = rounds.reduce((sum, round) => sum + round.win_minor, 0n);
      expect(await balancesOf(member.memberId)).toEqual({
        cashMinor: 10_000n - 1_000n + wonMinor + 1_000n,
        bonusMinor: 0n,
      });
      expect(settlePass).not.toHaveBeenCalled();
    } finally {
      settlePass.mockRestore();
    }
  });

  it('converts once a mines round played on bonus money meets it, with what the round paid', async () => {
    const member = await newMember(0n);
    const bonusId = await grantBonus(member.memberId, 1_000n);
    const token = await launch(member, 'mines');
    const opened = await house('/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '10.00',
      mineCount: 3,
    });
    expect([opened.status, opened.body.value?.round?.status]).toEqual([200, 'open']);
    const roundId = opened.body.value.round.roundId;
    // Staked, not settled: nothing counts yet.
    expect(await bonusOf(bonusId)).toMatchObject({ status: 'active', wagered_minor: 0n });
    const row = await testApp.database.db
      .selectFrom('game_rounds')
      .select('state')
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    const { mines } = parseState<{ mines: number[] }>(String(row.state));
    const safe = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !mines.includes(tile));
    expect((await house('/wps/game/house/action', token, { roundId, type: 'pick', tile: safe })).status).toBe(
      200,
    );
    const cashed = await house('/wps/game/house/action', token, { roundId, type: 'cash-out' });
    expect(cashed.body.value.round.status).toBe('settled');
    const winMinor = BigInt(Math.round(Number(cashed.body.value.round.win) * 100));
    await waitFor(isConverted(bonusId), 'the conversion');
    expect(await bonusOf(bonusId)).toMatchObject({ converted_minor: winMinor });
    expect(await balancesOf(member.memberId)).toEqual({ cashMinor: winMinor, bonusMinor: 0n });
  });

  it('converts once, with every centavo accounted for, under a burst of simultaneous bets that meet it', async () => {
    const member = await newMember(10_000n);
    const bonusId = await grantBonus(member.memberId, 1_000n);
    const token = await launch(member, 'dice');
    await Promise.all(Array.from({ length: 10 }, () => diceBet(token, '2.00')));
    await waitFor(isConverted(bonusId), 'the conversion');
    const converts = await testApp.database.db
      .selectFrom('ledger_transfers')
      .select('amount_minor')
      .where('idempotency_key', '=', `bonus:${bonusId}:convert`)
      .execute();
    expect(converts).toEqual([{ amount_minor: 1_000n }]);
    const won = await sql<{ won: string }>`
      select coalesce(sum(win_minor), 0)::text as won from game_rounds where member_id = ${member.memberId}`.execute(
      testApp.database.db,
    );
    expect(await balancesOf(member.memberId)).toEqual({
      cashMinor: 10_000n - 2_000n + BigInt(won.rows[0]?.won ?? '0') + 1_000n,
      bonusMinor: 0n,
    });
  });

  it('settles only the members it is told of, and nobody for bets of members without a bonus', async () => {
    const findActive = vi.spyOn(testApp.app.bonuses, 'findActive');
    const settleMember = vi.spyOn(testApp.app.bonuses, 'settleMember');
    try {
      const plain = await newMember(10_000n);
      const token = await launch(plain, 'dice');
      for (let bet = 0; bet < 3; bet += 1) await diceBet(token, '5.00');
      // Told in commit order: once the later member is settled, anything the bets told has been heard.
      const told = await memberWithWageringMet();
      await notify(told.memberId);
      await waitFor(isConverted(told.bonusId), 'the conversion');
      const asked = [...findActive.mock.calls, ...settleMember.mock.calls].map(([input]) =>
        typeof input === 'string' ? input : input.memberId,
      );
      expect(asked).not.toContain(plain.memberId);
      expect(settleMember.mock.calls.map(([input]) => input.memberId)).toEqual([told.memberId]);
    } finally {
      findActive.mockRestore();
      settleMember.mockRestore();
    }
  });

  it('converts once when told many times at once', async () => {
    const settleMember = vi.spyOn(testApp.app.bonuses, 'settleMember');
    try {
      const told = await memberWithWageringMet();
      await Promise.all(Array.from({ length: 6 }, () => notify(told.memberId)));
      await waitFor(isConverted(told.bonusId), 'the conversion');
      // Tell another member after them: once that one is settled, every earlier notification was heard.
      const after = await memberWithWageringMet();
      await notify(after.memberId);
      await waitFor(isConverted(after.bonusId), 'the later conversion');
      const converts = await testApp.database.db
        .selectFrom('ledger_transfers')
        .select('amount_minor')
        .where('idempotency_key', '=', `bonus:${told.bonusId}:convert`)
        .execute();
      expect(converts).toEqual([{ amount_minor: 500n }]);
      expect(await balancesOf(told.memberId)).toEqual({ cashMinor: 500n, bonusMinor: 0n });
      // Once converted, a notification still on its way finds nothing to settle.
      expect(settleMember.mock.calls.filter(([input]) => input.memberId === told.memberId).length).toBe(1);
    } finally {
      settleMember.mockRestore();
    }
  });

  it('stops listening when the app closes', async () => {
    const other = await buildApp({
      config: testApp.config,
      database: testApp.database,
      now: () => new Date(START),
    });
    const settleMember = vi.spyOn(other.bonuses, 'settleMember');
    await other.close();
    const told = await memberWithWageringMet();
    await notify(told.memberId);
    // The app still open converts it; the closed one heard nothing.
    await waitFor(isConverted(told.bonusId), 'the conversion');
    expect(settleMember).not.toHaveBeenCalled();
    if (testApp.database.kind === 'postgres') {
      await waitFor(async () => {
        const listening = await sql<{ count: string }>`
          select count(*)::text as count from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'`.execute(testApp.database.db);
        return listening.rows[0]?.count === '1';
      }, 'the closed app’s listener to let its connection go');
    }
  });
});
