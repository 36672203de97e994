import { verifyRaffle } from '@panalo/games/draws/raffle.ts';
import { hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import type { BackOfficeClient } from './support/bo-client.ts';
import { cashOf, ledgerProblems } from './support/contract-fixtures.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import {
  memberAt,
  operatorOf,
  promotionBody,
  publishPromotion,
  TERMS,
} from './support/promotion-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// Raffles (docs/promotions.md "Raffles") against the real bet record, bonus engine and ledger:
// tickets earned by deposit or by valid bet, issued once however many ask at once, the draw that
// anyone can re-compute from what is published, and prizes claimed once.

const START = Date.parse('2030-03-10T04:00:00Z');
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
let nowMs = START;
let testApp: TestApp;
let merchantId: string;
let ownerAt: { nowMs: number; client: BackOfficeClient } | null = null;
let operators = 0;

/** The merchant's owner in the back office, with a session of the test's present moment. */
async function bo(): Promise<BackOfficeClient> {
  if (ownerAt?.nowMs !== nowMs) {
    operators += 1;
    const username = `raffle_owner${operators}`;
    ownerAt = { nowMs, client: await operatorOf(testApp, { username, merchantId, roleId: 'owner', nowMs }) };
  }
  return ownerAt.client;
}
let vendorId: string;
const games = { slot25: '', slotUnknown: '', live: '' };
let methodId: string;

const startsAt = new Date(START - DAY_MS);
const endsAt = new Date(START + 2 * DAY_MS);
/** After the end and its hour of delay: the draw is due. */
const DUE = endsAt.getTime() + HOUR_MS + 60_000;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  merchantId = await demoMerchantId(testApp);
  const { db } = testApp.database;
  vendorId = uuidv7();
  const code = `R${vendorId.slice(-6).toUpperCase()}`;
  await db
    .insertInto('game_vendors')
    .values({
      id: vendorId,
      merchant_id: merchantId,
      vassalage: code,
      name: code,
      launch_url: null,
      catalogue_url: null,
      secret_sealed: null,
    })
    .execute();
  const game = async (gameType: string, gameCode: string, paylines: number | null) => {
    const id = uuidv7();
    await db
      .insertInto('games')
      .values({
        id,
        merchant_id: merchantId,
        vendor_id: vendorId,
        node_id: `${code}-${gameCode}`,
        vassalage: code,
        game_type: gameType,
        game_code: gameCode,
        names: JSON.stringify({ EN: gameCode, TY: gameCode }),
        icon_url: null,
      })
      .execute();
    await sql`update games set paylines = ${paylines} where id = ${id}`.execute(db);
    return id;
  };
  games.slot25 = await game('RNG', 'slot-25', 25);
  games.slotUnknown = await game('RNG', 'slot-any', null);
  games.live = await game('LIVE', 'baccarat', null);
  methodId = (
    await testApp.app.payments.createMethod({
      merchantId,
      code: 'raffle_gcash',
      kind: 'gateway',
      names: { EN: 'GCash' },
      minMinor: 10_000n,
      maxMinor: 5_000_000n,
      playerDailyMaxMinor: null,
      gateway: { baseUrl: 'http://127.0.0.1:9', merchantNo: 'M1', secret: 'secret', channel: 'GCASH' },
    })
  ).id;
});

afterAll(async () => {
  await testApp?.close();
});

/** A raffle's builder body: by valid bet, one ticket per ₱100, prizes in cash. */
function raffleBody(rules: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) {
  return promotionBody(startsAt, {
    type: 'OTHERS',
    kind: 'raffle',
    endsAt: endsAt.toISOString(),
    rules: {
      ticketBy: 'validBet',
      ticketEvery: '100',
      maxTickets: 5,
      prizes: [
        { amount: '1000', count: 1 },
        { amount: '100.5', count: 2 },
      ],
      payAs: 'cash',
      claimDays: 3,
      ...rules,
    },
    bonusTerms: null,
    ...overrides,
  });
}

async function runJob(): Promise<void> {
  const job = testApp.app.jobs.definitions.find((definition) => definition.name === 'promotions.raffles');
  if (!job) throw new Error('the raffles job is registered');
  await job.handle({}, { jobId: uuidv7(), retryCount: 0, signal: new AbortController().signal });
}

/** A settled round of a member's, opened at `at`: its valid bet is its stake. */
async function bet(
  memberId: string,
  gameId: string,
  stakePesos: number,
  at: number,
  lines: number | null = null,
) {
  const id = uuidv7();
  const { db } = testApp.database;
  await db
    .insertInto('game_rounds')
    .values({
      id,
      merchant_id: merchantId,
      member_id: memberId,
      game_id: gameId,
      vendor_id: vendorId,
      vendor_round_id: id,
      currency: 'PHP',
      stake_minor: BigInt(stakePesos * 100),
      win_minor: 0n,
      status: 'settled',
      server_seed_hash: null,
      client_seed: null,
      nonce: null,
      outcome: null,
      opened_at: new Date(at),
      settled_at: new Date(at),
    })
    .execute();
  if (lines !== null) await sql`update game_rounds set lines = ${lines} where id = ${id}`.execute(db);
}

async function deposit(memberId: string, pesos: number, creditedAt: number, status: 'credited' | 'pending') {
  await testApp.database.db
    .insertInto('deposits')
    .values({
      id: uuidv7(),
      merchant_id: merchantId,
      member_id: memberId,
      method_id: methodId,
      currency: 'PHP',
      amount_minor: BigInt(pesos * 100),
      status,
      gateway_order_id: null,
      pay_url: null,
      reference: null,
      receipt_path: null,
      transfer_id: null,
      failure_reason: null,
      reviewed_by: null,
      created_at: new Date(creditedAt - 60_000),
      credited_at: status === 'credited' ? new Date(creditedAt) : null,
    })
    .execute();
}

type Member = { id: string; client: AccountsClient };

/** A new session of the member's at the test's present moment (the clock moves days on). */
async function signedIn(member: Member): Promise<Member> {
  const row = await testApp.app.members.findById(member.id);
  if (!row) throw new Error('no member');
  const started = await testApp.app.members.startSession({
    member: row,
    policy: { idleMinutes: 600, absoluteMinutes: 6000 },
    method: 'username',
    agentPage: false,
    passwordChangeRequired: false,
    ip: '203.0.113.9',
    country: null,
    userAgent: null,
  });
  const client = createAccountsClient(testApp.app);
  client.token = started.token;
  return { id: member.id, client };
}

async function joinedMember(raffleId: string): Promise<Member> {
  const member = await memberAt(testApp, merchantId, new Date(START - 30 * DAY_MS));
  const joined = await member.client.call('POST', '/wps/promotion/join', { id: raffleId, acceptTerms: true });
  expect(joined.body.success, JSON.stringify(joined.body)).toBe(true);
  return member;
}

async function detailOf(client: AccountsClient | null, id: string) {
  if (client) return (await client.call('GET', `/wps/promotion/detail?id=${id}`)).body;
  return (
    await testApp.app.inject({ method: 'GET', url: `/wps/promotion/detail?id=${id}&language=EN` })
  ).json();
}

async function ticketsOf(promotionId: string) {
  return testApp.database.db
    .selectFrom('raffle_tickets')
    .select(['id', 'member_id as memberId', 'member_seq as seq'])
    .where('promotion_id', '=', promotionId)
    .orderBy('id')
    .execute();
}

/** Tickets are numbered 1…n with no gap or repeat, each member's own count 1…k, and the draw row agrees. */
async function expectContiguous(promotionId: string): Promise<number> {
  const tickets = await ticketsOf(promotionId);
  expect(tickets.map((ticket) => ticket.id)).toEqual(
    tickets.map((_, index) => String(index + 1).padStart(7, '0')),
  );
  const byMember = new Map<string, number[]>();
  for (const ticket of tickets)
    byMember.set(ticket.memberId, [...(byMember.get(ticket.memberId) ?? []), ticket.seq]);
  for (const seqs of byMember.values()) {
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs.map((_, index) => index + 1));
  }
  const draw = await testApp.database.db
    .selectFrom('raffle_draws')
    .select('ticket_count')
    .where('promotion_id', '=', promotionId)
    .executeTakeFirstOrThrow();
  expect(draw.ticket_count).toBe(tickets.length);
  return tickets.length;
}

describe('building a raffle', () => {
  it('checks its rules field by field and stores them in their wire form', async () => {
    const missingEnd = await (await bo()).call('POST', '/bo/promotions', raffleBody({}, { endsAt: null }));
    expect(missingEnd.body).toMatchObject({ code: 'VALIDATION', value: { reasons: { endsAt: 'required' } } });
    const empty = await (await bo()).call('POST', '/bo/promotions', raffleBody({}, { rules: {} }));
    expect(empty.body.value.reasons).toMatchObject({
      'rules.ticketBy': 'required',
      'rules.ticketEvery': 'required',
      'rules.maxTickets': 'required',
      'rules.prizes': 'required',
      'rules.payAs': 'required',
      'rules.claimDays': 'required',
    });
    const byDeposit = await (await bo()).call(
      'POST',
      '/bo/promotions',
      raffleBody({ ticketBy: 'deposit', gameTypes: ['RNG'], minSpinStake: '1.00', minSpinLines: 25 }),
    );
    expect(byDeposit.body.value.reasons).toEqual({
      'rules.gameTypes': 'invalid',
      'rules.minSpinStake': 'invalid',
      'rules.minSpinLines': 'invalid',
    });
    const tooMany = await (await bo()).call(
      'POST',
      '/bo/promotions',
      raffleBody({
        prizes: [
          { amount: '10', count: 600 },
          { amount: '0', count: 401 },
        ],
      }),
    );
    expect(tooMany.body.value.reasons).toEqual({
      'rules.prizes': 'range',
      'rules.prizes.1.amount': 'amount',
    });
    const bonusWithoutTerms = await (await bo()).call(
      'POST',
      '/bo/promotions',
      raffleBody({ payAs: 'bonus' }),
    );
    expect(bonusWithoutTerms.body.value.reasons).toEqual({ bonusTerms: 'required' });

    const created = await (await bo()).call(
      'POST',
      '/bo/promotions',
      raffleBody({ gameTypes: ['RNG', 'INHOUSE'] }),
    );
    expect(created.body.value).toMatchObject({
      kind: 'raffle',
      bonusTerms: null,
      rules: {
        ticketBy: 'validBet',
        ticketEvery: '100.00',
        prizes: [
          { amount: '1000.00', count: 1 },
          { amount: '100.50', count: 2 },
        ],
        drawDelayMinutes: 60,
        gameTypes: ['INHOUSE', 'RNG'],
      },
      raffle: { status: 'open', ticketCount: 0, drawnAt: null },
    });
    expect(created.body.value.raffle.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives a draft turned into a raffle its draw, and keeps the seed however it changes', async () => {
    const draft = await (await bo()).call('POST', '/bo/promotions', promotionBody(startsAt));
    const id = draft.body.value.id as string;
    expect(draft.body.value.raffle).toBeNull();
    const turned = await (await bo()).call('PUT', `/bo/promotions/${id}`, raffleBody());
    const hash = turned.body.value.raffle.serverSeedHash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const back = await (await bo()).call('PUT', `/bo/promotions/${id}`, promotionBody(startsAt));
    expect(back.body.value.raffle).toBeNull();
    const again = await (await bo()).call('PUT', `/bo/promotions/${id}`, raffleBody({ maxTickets: 9 }));
    expect(again.body.value.raffle.serverSeedHash).toBe(hash);
    await (await bo()).call('POST', `/bo/promotions/${id}/publish`);
    // Once published, its words may still change, but not what tickets and prizes were promised.
    const reworded = await (await bo()).call(
      'PUT',
      `/bo/promotions/${id}`,
      raffleBody({ maxTickets: 9 }, { title: { TY: 'Bagong pangalan', EN: 'A new name' } }),
    );
    expect(reworded.body.value.raffle.serverSeedHash).toBe(hash);
    const changed = await (await bo()).call(
      'PUT',
      `/bo/promotions/${id}`,
      raffleBody({ maxTickets: 7 }, { endsAt: new Date(endsAt.getTime() + DAY_MS).toISOString() }),
    );
    expect(changed.status).toBe(422);
    expect(Object.keys(changed.body.value.fields).sort()).toEqual(['endsAt', 'rules']);
    const listed = await (await bo()).call('GET', `/bo/promotions?merchantId=${merchantId}&pageSize=100`);
    const row = listed.body.value.list.find((item: { id: string }) => item.id === id);
    expect(row.raffle).toMatchObject({ serverSeedHash: hash, status: 'open' });
    expect((await detailOf(null, id)).value.raffle).toMatchObject({ withdrawn: false, drawnAt: null });
    // Withdrawn before its draw, it says no draw will come.
    await (await bo()).call('POST', `/bo/promotions/${id}/withdraw`);
    expect((await detailOf(null, id)).value.raffle).toMatchObject({ withdrawn: true, drawnAt: null });
  });
});

describe('tickets', () => {
  it('are earned by deposits credited after joining, in the window, up to the cap', async () => {
    nowMs = START;
    const id = await publishPromotion(
      await bo(),
      raffleBody({ ticketBy: 'deposit', ticketEvery: '500', maxTickets: 3 }),
    );
    const ana = await memberAt(testApp, merchantId, new Date(START - 30 * DAY_MS));
    // Before she joined: does not count.
    await deposit(ana.id, 5000, START - HOUR_MS, 'credited');
    const joined = await ana.client.call('POST', '/wps/promotion/join', { id, acceptTerms: true });
    expect(joined.body.value).toMatchObject({
      state: 'JOINED',
      raffle: { myTicketCount: 0, progress: { counted: '0.00', nextTicketAt: '500.00' } },
    });
    await deposit(ana.id, 700, START + 60_000, 'credited');
    await deposit(ana.id, 9000, START + 120_000, 'pending');
    nowMs = START + 5 * 60_000;
    const one = (await detailOf(ana.client, id)).value.raffle;
    expect(one).toMatchObject({
      myTicketCount: 1,
      myTickets: ['0000001'],
      progress: { counted: '700.00', nextTicketAt: '1000.00' },
    });
    await deposit(ana.id, 2000, START + 6 * 60_000, 'credited');
    // After the end: does not count.
    await deposit(ana.id, 2000, endsAt.getTime() + 60_000, 'credited');
    nowMs = START + 10 * 60_000;
    await runJob();
    const capped = (await detailOf(ana.client, id)).value.raffle;
    expect(capped).toMatchObject({ myTicketCount: 3, ticketCount: 3, progress: null });
    expect(await expectContiguous(id)).toBe(3);
  });

  it('are earned by valid bets of the game types named, slot spins held to the spin rule', async () => {
    nowMs = START;
    const id = await publishPromotion(
      await bo(),
      raffleBody({ gameTypes: ['RNG'], minSpinStake: '2.00', minSpinLines: 20, maxTickets: 100 }),
    );
    const ben = await memberAt(testApp, merchantId, new Date(START - 30 * DAY_MS));
    await bet(ben.id, games.slot25, 500, START - 60_000);
    await ben.client.call('POST', '/wps/promotion/join', { id, acceptTerms: true });
    const at = START + 60_000;
    await bet(ben.id, games.slot25, 150, at); // counts: 25 lines, ₱150
    await bet(ben.id, games.slotUnknown, 100, at, 30); // counts: 30 lines reported
    await bet(ben.id, games.slotUnknown, 100, at); // lines unknown: nothing
    await bet(ben.id, games.slotUnknown, 100, at, 10); // 10 lines: nothing
    await bet(ben.id, games.live, 1000, at); // not a type named
    for (let spin = 0; spin < 60; spin += 1) await bet(ben.id, games.slot25, 1, at); // ₱1 spins: below ₱2
    nowMs = START + 5 * 60_000;
    const raffle = (await detailOf(ben.client, id)).value.raffle;
    expect(raffle).toMatchObject({
      myTicketCount: 2,
      myTickets: ['0000001', '0000002'],
      progress: { counted: '250.00', nextTicketAt: '300.00' },
    });
  });

  it('are issued once and numbered without gaps under a burst of reads and two runs of the job', async () => {
    nowMs = START;
    const id = await publishPromotion(await bo(), raffleBody({ maxTickets: 50 }));
    const members: Member[] = [];
    for (let index = 0; index < 4; index += 1) {
      const member = await joinedMember(id);
      members.push(member);
      for (let round = 0; round < 5 + index * 3; round += 1)
        await bet(member.id, games.slot25, 100, START + 60_000);
    }
    nowMs = START + 5 * 60_000;
    await Promise.all([
      runJob(),
      runJob(),
      ...members.flatMap((member) => [1, 2, 3, 4, 5].map(() => detailOf(member.client, id))),
    ]);
    expect(await expectContiguous(id)).toBe(5 + 8 + 11 + 14);
    await runJob();
    expect(await expectContiguous(id)).toBe(38);
  });
});

describe('the draw and the prizes', () => {
  let raffleId: string;
  const members: Member[] = [];
  let winners: {
    id: string;
    rank: number;
    ticketId: string;
    memberId: string;
    amount: string;
    status: string;
  }[];

  const memberOf = (memberId: string) => {
    const member = members.find((candidate) => candidate.id === memberId);
    if (!member) throw new Error('a winner is one of the members');
    return signedIn(member);
  };
  const anyMemberBut = async (memberIds: readonly string[]) => {
    const member = members.find((candidate) => !memberIds.includes(candidate.id));
    return member ? signedIn(member) : null;
  };

  it('moves the member from JOIN to JOINED, then CLOSE once the raffle ends', async () => {
    nowMs = START;
    raffleId = await publishPromotion(await bo(), raffleBody({ maxTickets: 4 }));
    const visitor = (await detailOf(null, raffleId)).value;
    expect(visitor).toMatchObject({
      state: 'JOIN',
      reason: 'LOGIN',
      raffle: { myTicketCount: 0, myTickets: [] },
    });
    for (let index = 0; index < 5; index += 1) {
      const member = await memberAt(testApp, merchantId, new Date(START - 30 * DAY_MS));
      if (index === 0) expect((await detailOf(member.client, raffleId)).value.state).toBe('JOIN');
      await member.client.call('POST', '/wps/promotion/join', { id: raffleId, acceptTerms: true });
      members.push(member);
      for (let round = 0; round <= index; round += 1) await bet(member.id, games.slot25, 100, START + 60_000);
    }
    expect((await detailOf(members[0]?.client ?? null, raffleId)).value.state).toBe('JOINED');
    nowMs = endsAt.getTime() + 60_000;
    const first = await signedIn(members[0] as Member);
    expect((await detailOf(first.client, raffleId)).value).toMatchObject({
      state: 'CLOSE',
      raffle: { serverSeed: null, clientSeed: null, winners: [] },
    });
  });

  it('is not drawn before it is due, then once however many draw at once', async () => {
    const early = await (await bo()).call('POST', `/bo/promotions/${raffleId}/raffle/draw`);
    expect(early.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'NOT_DUE' } });
    nowMs = DUE;
    const [manual] = await Promise.all([
      (await bo()).call('POST', `/bo/promotions/${raffleId}/raffle/draw`),
      runJob(),
      runJob(),
    ]);
    const view = (await (await bo()).call('GET', `/bo/promotions/${raffleId}/raffle`)).body.value;
    expect(view).toMatchObject({ status: 'drawn', participants: 5, ticketCount: 1 + 2 + 3 + 4 + 4 });
    expect(view.winners).toHaveLength(3);
    if (manual.body.success) expect(manual.body.value).toEqual(view);
    else expect(manual.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'DRAWN' } });
    const again = await (await bo()).call('POST', `/bo/promotions/${raffleId}/raffle/draw`);
    expect(again.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'DRAWN' } });
    winners = view.winners;
    expect(winners.map((winner) => [winner.rank, winner.amount, winner.status])).toEqual([
      [1, '1000.00', 'won'],
      [2, '100.50', 'won'],
      [3, '100.50', 'won'],
    ]);
  });

  it('is what anyone re-computes from the published seeds and ticket list', async () => {
    const detail = (await detailOf(null, raffleId)).value;
    const { raffle } = detail;
    expect(detail.state).toBe('CLOSE');
    expect(raffle.myTickets).toEqual([]);
    expect(raffle.serverSeed).toMatch(/^[0-9a-f]+$/);
    expect(hashServerSeed(raffle.serverSeed)).toBe(raffle.serverSeedHash);
    const tickets = (
      await testApp.app.inject({
        method: 'GET',
        url: `/wps/promotion/raffle/tickets?id=${raffleId}&language=EN`,
      })
    ).json().value.ticketIds;
    expect(tickets).toEqual((await ticketsOf(raffleId)).map((ticket) => ticket.id));
    const verified = verifyRaffle({
      serverSeed: raffle.serverSeed,
      serverSeedHash: raffle.serverSeedHash,
      clientSeed: raffle.clientSeed,
      ticketIds: tickets,
      winners: raffle.winners.map((winner: { ticketId: string }) => winner.ticketId),
    });
    expect(verified).toMatchObject({ commitmentMatches: true, clientSeedMatches: true, winnersMatch: true });
    expect(raffle.winners.map((winner: { ticketId: string }) => winner.ticketId)).toEqual(
      winners.map((winner) => winner.ticketId),
    );
    for (const winner of raffle.winners) expect(winner.name).toMatch(/^\w{1,2}\*\*\*\w{0,2}$/);
    // Nothing is issued after the draw.
    await bet(members[0]?.id ?? '', games.slot25, 1000, START + 60_000);
    await runJob();
    expect(await expectContiguous(raffleId)).toBe(tickets.length);
  });

  it('tells each winner in their inbox', async () => {
    const first = winners[0];
    if (!first) throw new Error('a winner');
    const messages = await testApp.database.db
      .selectFrom('member_messages')
      .select(['kind', 'params'])
      .where('member_id', '=', first.memberId)
      .where('kind', '=', 'raffle_won')
      .execute();
    expect(messages.map((message) => message.params.ticket)).toContain(first.ticketId);
  });

  it('pays a cash prize once to a burst of claims, in the ledger and the money report', async () => {
    const first = winners[0];
    if (!first) throw new Error('a winner');
    const winner = await memberOf(first.memberId);
    const stranger = await anyMemberBut(winners.map((prize) => prize.memberId));
    const before = await cashOf(testApp.database.db, first.memberId);
    const { rows } = await sql<{
      day: string;
    }>`select (now() at time zone 'Asia/Manila')::date::text as day`.execute(testApp.database.db);
    const day = rows[0]?.day ?? '';
    const rewardsOfDay = async () => {
      const report = await (await bo()).call(
        'GET',
        `/bo/reports/money?from=${day}&to=${day}&merchantId=${merchantId}`,
      );
      const row = report.body.value.rows.find(
        (candidate: { merchantId: string }) => candidate.merchantId === merchantId,
      );
      return Math.round(Number(row?.bonuses ?? 0) * 100);
    };
    const rewardsBefore = await rewardsOfDay();

    expect((await detailOf(winner.client, raffleId)).value.state).toBe('CLAIM');
    if (stranger) {
      const notTheirs = await stranger.client.call('POST', '/wps/promotion/raffle/claim', {
        id: first.id,
        acceptTerms: true,
      });
      expect(notTheirs.body.code).toBe('NOT_FOUND');
    }
    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        winner.client.call('POST', '/wps/promotion/raffle/claim', { id: first.id, acceptTerms: false }),
      ),
    );
    const succeeded = claims.filter((claim) => claim.body.success);
    expect(succeeded).toHaveLength(1);
    for (const claim of claims.filter((candidate) => !candidate.body.success)) {
      expect(claim.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'PRIZE_CLAIMED' } });
    }
    expect(await cashOf(testApp.database.db, first.memberId)).toBe(before + 100_000n);
    const transfers = await testApp.database.db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key as key', 'amount_minor as amount', 'reference'])
      .where('code', '=', 'raffle_prize')
      .where('idempotency_key', '=', `raffle:${first.id}`)
      .execute();
    expect(transfers).toEqual([
      { key: `raffle:${first.id}`, amount: 100_000n, reference: `promotion:${raffleId}` },
    ]);
    expect((await rewardsOfDay()) - rewardsBefore).toBe(100_000);
    const answer = succeeded[0]?.body.value;
    expect(answer.raffle.myPrizes.find((prize: { id: string }) => prize.id === first.id)).toMatchObject({
      status: 'claimed',
      amount: '1000.00',
    });
    const mine = winners.filter((prize) => prize.memberId === first.memberId);
    expect(answer.state).toBe(mine.length > 1 ? 'CLAIM' : 'ISSUED');
    expect(await ledgerProblems(testApp.database.db, merchantId)).toEqual([]);
  });

  it('keeps a closed raffle in the list of a member with a prize to claim, and refuses one claimed too late', async () => {
    const last = winners[2];
    if (!last) throw new Error('a winner');
    const winner = await memberOf(last.memberId);
    const listed = (await winner.client.call('GET', '/wps/promotion/list?pageSize=50')).body.value.list;
    expect(listed.find((item: { id: string }) => item.id === raffleId)).toMatchObject({
      kind: 'raffle',
      state: 'CLAIM',
    });
    const loser = await anyMemberBut(winners.map((prize) => prize.memberId));
    if (loser) {
      const theirs = (await loser.client.call('GET', '/wps/promotion/list?pageSize=50')).body.value.list;
      expect(theirs.map((item: { id: string }) => item.id)).not.toContain(raffleId);
      expect((await detailOf(loser.client, raffleId)).value.state).toBe('CLOSE');
    }
    nowMs = DUE + 3 * DAY_MS + 60_000;
    const lateWinner = await memberOf(last.memberId);
    const late = await lateWinner.client.call('POST', '/wps/promotion/raffle/claim', {
      id: last.id,
      acceptTerms: true,
    });
    expect(late.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'PRIZE_EXPIRED' } });
    await runJob();
    const view = (await (await bo()).call('GET', `/bo/promotions/${raffleId}/raffle`)).body.value;
    expect(view.winners.find((prize: { id: string }) => prize.id === last.id).status).toBe('expired');
    const claimed = winners[0]?.memberId === last.memberId;
    expect((await detailOf(lateWinner.client, raffleId)).value.state).toBe(claimed ? 'ISSUED' : 'CLOSE');
  });
});

describe('a prize paid as a bonus', () => {
  it('is granted with the promotion’s terms once the member accepts them, and shows as PROCESS', async () => {
    nowMs = START;
    const id = await publishPromotion(
      await bo(),
      raffleBody(
        { payAs: 'bonus', prizes: [{ amount: '50', count: 5 }], drawDelayMinutes: 0 },
        { bonusTerms: TERMS },
      ),
    );
    const joined = await joinedMember(id);
    await bet(joined.id, games.slot25, 100, START + 60_000);
    nowMs = endsAt.getTime() + 60_000;
    await runJob();
    const eve = await signedIn(joined);
    const detail = (await detailOf(eve.client, id)).value;
    expect(detail.state).toBe('CLAIM');
    const prize = detail.raffle.myPrizes[0];
    expect(prize).toMatchObject({ rank: 1, ticketId: '0000001', amount: '50.00', status: 'won' });
    const unaccepted = await eve.client.call('POST', '/wps/promotion/raffle/claim', {
      id: prize.id,
      acceptTerms: false,
    });
    expect(unaccepted.body).toMatchObject({
      code: 'VALIDATION',
      value: { reasons: { acceptTerms: 'required' } },
    });
    const claimed = await eve.client.call('POST', '/wps/promotion/raffle/claim', {
      id: prize.id,
      acceptTerms: true,
    });
    expect(claimed.body.value).toMatchObject({
      state: 'PROCESS',
      bonus: { amount: '50.00', status: 'active' },
    });
    const bonus = await testApp.database.db
      .selectFrom('member_bonuses')
      .select(['source', 'promotion_id', 'amount_minor', 'wagering_required_minor', 'max_stake_minor'])
      .where('member_id', '=', eve.id)
      .executeTakeFirstOrThrow();
    expect(bonus).toEqual({
      source: 'promotion',
      promotion_id: id,
      amount_minor: 5000n,
      wagering_required_minor: 25_000n,
      max_stake_minor: 5000n,
    });
    const mine = (await eve.client.call('GET', '/wps/promotion/mine')).body.value.list;
    expect(mine.map((item: { kind: string; entryStatus: string }) => [item.kind, item.entryStatus])).toEqual([
      ['raffle', 'issued'],
      ['raffle', 'joined'],
    ]);
  });
});
