import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import type { AccountsClient, Envelope } from './support/accounts-client.ts';
import { demoMerchantId, fund, memberIdOf, tokenOf } from './support/game-fixtures.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import { insertTeamMember, sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

type Rules = { hedgedBaccarat: 'net' | 'full'; pushes: 'exclude' | 'include' };
type Round = { roundId: string; outcome: { winner: string } };

/** A hedged hand: 100 on player, 60 on banker, 5 on the tie, 2 on the player pair. */
const HEDGED_HAND = [
  { kind: 'player', stake: '100.00' },
  { kind: 'banker', stake: '60.00' },
  { kind: 'tie', stake: '5.00' },
  { kind: 'player-pair', stake: '2.00' },
];
const HEDGED_STAKE_MINOR = 16_700n;
/** The tie and pair bets: they count in full under every rule. */
const SIDE_BETS_MINOR = 700n;

/**
 * What the hedged hand counts for, worked out by hand from the rules' words: player and banker
 * together risk 40 when netted, 160 in full, and nothing when a tie hands them back and pushes are
 * excluded.
 */
function expectedValidBetMinor(winner: string, rules: Rules): bigint {
  if (winner === 'tie' && rules.pushes === 'exclude') return SIDE_BETS_MINOR;
  return (rules.hedgedBaccarat === 'net' ? 4_000n : 16_000n) + SIDE_BETS_MINOR;
}

/** Hands played until both a tie and another result have come up (a tie comes about one hand in ten). */
const HANDS_MAX = 400;
const HANDS_AT_ONCE = 8;

describe("our own games' valid bet follows the merchant's rules (settings validBet)", () => {
  let testApp: TestApp;
  const clock = Date.parse('2030-04-01T04:00:00Z');
  let merchantId: string;
  let agentId: string;
  let counter = 0;
  const requestId = () => `valid-${String(++counter).padStart(6, '0')}`;

  beforeAll(async () => {
    testApp = await createSeededApp({}, { now: () => new Date(clock) });
    await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
    merchantId = await demoMerchantId(testApp);
    agentId = await memberIdOf(testApp, 'agent');
  });
  afterAll(async () => {
    await testApp.close();
  });

  /** A new funded player under the demo agent, at a table of `gameCode` with a seed pair shown. */
  async function seatNewPlayer(
    gameCode: string,
  ): Promise<{ memberId: string; client: AccountsClient; token: string }> {
    const memberId = await insertTeamMember(testApp.database.db, merchantId, { uplineId: agentId });
    await fund(testApp, memberId, 10_000_000n, `valid-bet-fund-${memberId}`);
    const client = await sessionClientOf(testApp, memberId);
    const launched = await client.call('GET', `/wps/game/launchGame?nodeId=INHOUSE_${gameCode}&mode=real`);
    expect(launched.status).toBe(200);
    const token = tokenOf(launched.body.value.url);
    // Opening the table commits the member's first seed pair, which the first bet needs.
    expect((await callGame('/wps/game/house/open', null, { mode: 'real', token })).status).toBe(200);
    return { memberId, client, token };
  }

  async function callGame(url: string, token: string | null, payload: unknown) {
    const response = await testApp.app.inject({
      method: 'POST',
      url,
      headers: { ...(token ? { 'x-game-token': token } : {}), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() as Envelope };
  }

  async function bet(token: string, bets: unknown): Promise<Round> {
    const reply = await callGame('/wps/game/house/bet', token, { requestId: requestId(), bets });
    expect([reply.status, reply.body.code]).toEqual([200, undefined]);
    return reply.body.value.round as Round;
  }

  /** Hedged hands, some at once (played together in one statement), until a tie and another result. */
  async function playUntilTieAndOther(token: string): Promise<Round[]> {
    const rounds: Round[] = [];
    const winners = () => new Set(rounds.map((round) => round.outcome.winner));
    while (rounds.length < HANDS_MAX && !(winners().has('tie') && winners().size > 1)) {
      rounds.push(
        ...(await Promise.all(Array.from({ length: HANDS_AT_ONCE }, () => bet(token, HEDGED_HAND)))),
      );
    }
    expect(winners().has('tie')).toBe(true);
    expect(winners().size).toBeGreaterThan(1);
    return rounds;
  }

  async function recordedValidBets(memberId: string): Promise<Map<string, bigint>> {
    const rows = await testApp.database.db
      .selectFrom('game_rounds')
      .select(['id', 'valid_bet_minor', 'stake_minor', 'status', 'upline_id'])
      .where('member_id', '=', memberId)
      .execute();
    for (const row of rows) {
      expect(row.status).toBe('settled');
      expect(row.upline_id).toBe(agentId);
    }
    return new Map(rows.map((row) => [row.id, BigInt(row.valid_bet_minor)]));
  }

  /** The member's rollups: the day's and the month's, summed over its rows. */
  async function rollupsOf(memberId: string) {
    const { db } = testApp.database;
    const days = await db
      .selectFrom('member_bet_days')
      .select([
        sql<string>`sum(bet_count)`.as('bets'),
        sql<string>`sum(stake_minor)`.as('stake'),
        sql<string>`sum(valid_bet_minor)`.as('valid'),
      ])
      .where('member_id', '=', memberId)
      .where('upline_id', '=', agentId)
      .executeTakeFirstOrThrow();
    const months = await db
      .selectFrom('member_bet_months')
      .select([sql<string>`sum(bet_count)`.as('bets'), sql<string>`sum(valid_bet_minor)`.as('valid')])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return {
      bets: Number(days.bets),
      stakeMinor: BigInt(days.stake),
      validBetMinor: BigInt(days.valid),
      monthBets: Number(months.bets),
      monthValidBetMinor: BigInt(months.valid),
    };
  }

  const RULES: Rules[] = [
    { hedgedBaccarat: 'net', pushes: 'exclude' },
    { hedgedBaccarat: 'full', pushes: 'include' },
    { hedgedBaccarat: 'net', pushes: 'include' },
    { hedgedBaccarat: 'full', pushes: 'exclude' },
  ];

  for (const rules of RULES) {
    it(`baccarat under ${rules.hedgedBaccarat} and ${rules.pushes}: a hedged hand and a tie write their valid bet and rollups`, async () => {
      await patchDemoSettings(testApp, { validBet: rules });
      const { memberId, token } = await seatNewPlayer('baccarat');
      const rounds = await playUntilTieAndOther(token);
      const recorded = await recordedValidBets(memberId);
      expect(recorded.size).toBe(rounds.length);
      let expectedTotalMinor = 0n;
      for (const round of rounds) {
        const expected = expectedValidBetMinor(round.outcome.winner, rules);
        expect(recorded.get(round.roundId), `${round.outcome.winner}`).toBe(expected);
        expectedTotalMinor += expected;
      }
      expect(await rollupsOf(memberId)).toEqual({
        bets: rounds.length,
        stakeMinor: HEDGED_STAKE_MINOR * BigInt(rounds.length),
        validBetMinor: expectedTotalMinor,
        monthBets: rounds.length,
        monthValidBetMinor: expectedTotalMinor,
      });
    });
  }

  it('a member whose bets are played in a transaction of their own (a loss limit on record) gets the same figures', async () => {
    const rules: Rules = { hedgedBaccarat: 'net', pushes: 'exclude' };
    await patchDemoSettings(testApp, { validBet: rules });
    const { memberId, client, token } = await seatNewPlayer('baccarat');
    const limit = await client.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'loss',
      period: 'day',
      value: '1000000.00',
    });
    expect(limit.status).toBe(200);
    const rounds = await playUntilTieAndOther(token);
    const recorded = await recordedValidBets(memberId);
    let expectedTotalMinor = 0n;
    for (const round of rounds) {
      const expected = expectedValidBetMinor(round.outcome.winner, rules);
      expect(recorded.get(round.roundId)).toBe(expected);
      expectedTotalMinor += expected;
    }
    expect((await rollupsOf(memberId)).validBetMinor).toBe(expectedTotalMinor);
  });

  it('dragon tiger nets both sides by the same rule; other games count their stake', async () => {
    const hand = [
      { kind: 'dragon', stake: '70.00' },
      { kind: 'tiger', stake: '20.00' },
      { kind: 'tie', stake: '3.00' },
    ];
    const dragonTiger = await seatNewPlayer('dragon-tiger');
    await patchDemoSettings(testApp, { validBet: { hedgedBaccarat: 'net', pushes: 'exclude' } });
    const netted = await bet(dragonTiger.token, hand);
    await patchDemoSettings(testApp, { validBet: { hedgedBaccarat: 'full', pushes: 'exclude' } });
    const full = await bet(dragonTiger.token, hand);
    const recorded = await recordedValidBets(dragonTiger.memberId);
    expect(recorded.get(netted.roundId)).toBe(5_300n);
    expect(recorded.get(full.roundId)).toBe(9_300n);
    expect((await rollupsOf(dragonTiger.memberId)).validBetMinor).toBe(14_600n);

    const dice = await seatNewPlayer('dice');
    const reply = await callGame('/wps/game/house/bet', dice.token, {
      requestId: requestId(),
      stake: '12.00',
      direction: 'under',
      target: '50.00',
    });
    expect(reply.status).toBe(200);
    expect([...(await recordedValidBets(dice.memberId)).values()]).toEqual([1_200n]);
  });

  it("refuses a round of ours written with a valid bet above its stake, and counts a vendor's bet at its stake", async () => {
    const { db } = testApp.database;
    const ours = await db
      .selectFrom('game_rounds')
      .selectAll()
      .where('seed_pair_id', 'is not', null)
      .limit(1)
      .executeTakeFirstOrThrow();
    const copyOf = (suffix: string, seedPairId: string | null, validBetMinor: bigint) => ({
      id: `${ours.id}-${suffix}`,
      merchant_id: ours.merchant_id,
      member_id: ours.member_id,
      game_id: ours.game_id,
      vendor_id: ours.vendor_id,
      vendor_round_id: `${ours.vendor_round_id}-${suffix}`,
      currency: ours.currency,
      stake_minor: 1_000n,
      win_minor: 0n,
      status: 'settled' as const,
      seed_pair_id: seedPairId,
      settled_at: new Date(clock),
      valid_bet_minor: validBetMinor,
    });
    await expect(
      db
        .insertInto('game_rounds')
        .values(copyOf('above', ours.seed_pair_id, 1_001n))
        .execute(),
    ).rejects.toThrow(/valid bet/);
    // A bet of no seed pair (a vendor's) counts its stake, whatever its writer gave.
    await db
      .insertInto('game_rounds')
      .values(copyOf('vendor', null, 1n))
      .execute();
    const vendorBet = await db
      .selectFrom('game_rounds')
      .select('valid_bet_minor')
      .where('id', '=', `${ours.id}-vendor`)
      .executeTakeFirstOrThrow();
    expect(BigInt(vendorBet.valid_bet_minor)).toBe(1_000n);
  });
});
