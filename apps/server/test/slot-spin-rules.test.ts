import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BonusTerms } from '../src/modules/bonus/bonus-api.ts';
import {
  configureDemoVendors,
  SANDBOX_VENDOR_CODES,
  sandboxVendorSecret,
  seedDemoInHouseVendor,
} from '../src/seed/demo-vendors.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import {
  callWallet,
  catalogueGame,
  demoMerchantId,
  fund,
  registerTestVendor,
  tokenOf,
} from './support/game-fixtures.ts';
import { type SandboxProcess, startSandboxProcess } from './support/sandbox-process.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

/**
 * A bonus's spin rule (docs/promotions.md "Slot spins"): a slot spin (our slots, which have lines,
 * and vendors' RNG games) counts toward the bonus's wagering only when it staked at least the
 * minimum and was played on at least the minimum lines (the vendor's `lines`, else the game's);
 * every other round counts as before. And the bet record's signal that a bet met a bonus's
 * wagering (`bonus_wagering_met`), told once, at commit, by the bet that crosses.
 */

// Rounds are opened at the database's time; bonuses are activated at the app's, which is earlier,
// so that every round of these tests is placed while its bonus is active.
const START = Date.parse('2024-03-01T02:00:00Z');
const CHANNEL = 'bonus_wagering_met';

let testApp: TestApp;
let merchantId: string;
let vendorId: string;
let counter = 0;
const nextId = (prefix: string) => `${prefix}-${String(++counter).padStart(5, '0')}`;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(START) });
  await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
  merchantId = await demoMerchantId(testApp);
  vendorId = (
    await registerTestVendor(testApp, {
      vassalage: 'SPINV',
      games: [
        catalogueGame('spin-reels'),
        catalogueGame('spin-lined', { paylines: 20 }),
        catalogueGame('spin-live', { gameType: 'LIVE' }),
      ],
    })
  ).id;
});

afterAll(async () => {
  await testApp?.close();
});

const TERMS: BonusTerms = {
  // ₱100 × 10: no test here meets the wagering by accident.
  multiplier: 10,
  includeDeposit: false,
  contributions: { INHOUSE: 10_000, RNG: 10_000, LIVE: 10_000 },
  maxStakeMinor: null,
  expiryDays: 7,
  maxConversionMinor: null,
  minSpinStakeMinor: null,
  minSpinLines: null,
};

type Member = {
  memberId: string;
  client: ReturnType<typeof createAccountsClient>;
  /** The launch token at the test vendor, for its debits. */
  vendorToken: string;
};

/** A new member of the demo merchant with ₱1,000 cash (or as given), logged in, with a launch token at SPINV. */
async function newMember(cashMinor = 100_000n): Promise<Member> {
  counter += 1;
  const account = `spinrule${counter}`;
  const { id: memberId } = await testApp.app.members.createMember({
    merchantId,
    account,
    password: 'Spin12345',
  });
  if (cashMinor > 0n) await fund(testApp, memberId, cashMinor, `slot-spin-rules-${memberId}`);
  const client = createAccountsClient(testApp.app, `203.0.113.${counter % 200}`);
  expect((await client.logIn(account, 'Spin12345')).success).toBe(true);
  const launched = await client.call('GET', '/wps/game/launchGame?nodeId=SPINV_spin-reels&mode=real');
  expect(launched.status).toBe(200);
  return { memberId, client, vendorToken: tokenOf(launched.body.value.url) };
}

async function grantBonus(memberId: string, terms: Partial<BonusTerms>, amountMinor = 10_000n) {
  const outcome = await testApp.app.bonuses.grant({
    merchantId,
    memberId,
    currency: 'PHP',
    source: 'manual',
    amountMinor,
    terms: { ...TERMS, ...terms },
    language: 'EN',
    reason: 'spin rule test',
  });
  expect(outcome.status).toBe('active');
  return outcome.bonusId;
}

async function wageredOf(bonusId: string): Promise<bigint> {
  const row = await testApp.database.db
    .selectFrom('member_bonuses')
    .select('wagered_minor')
    .where('id', '=', bonusId)
    .executeTakeFirstOrThrow();
  return row.wagered_minor;
}

async function roundRow(where: { id: string } | { vendorRoundId: string }) {
  let query = testApp.database.db.selectFrom('game_rounds').selectAll();
  query =
    'id' in where
      ? query.where('id', '=', where.id)
      : query.where('vendor_id', '=', vendorId).where('vendor_round_id', '=', where.vendorRoundId);
  return query.executeTakeFirstOrThrow();
}

async function houseCall(url: string, token: string, payload: unknown) {
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    headers: { 'x-game-token': token, 'content-type': 'application/json', 'accept-language': 'en' },
    payload: JSON.stringify(payload),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A table of one of our games, opened as the client opens it before its first bet. */
async function launchHouse(member: Member, gameCode: string): Promise<string> {
  const reply = await member.client.call('GET', `/wps/game/launchGame?nodeId=INHOUSE_${gameCode}&mode=real`);
  expect(reply.status).toBe(200);
  const token = tokenOf(reply.body.value.url);
  expect((await houseCall('/wps/game/house/open', token, { mode: 'real', token })).status).toBe(200);
  return token;
}

/** One bet at our table; answers the round's id and stake. */
async function houseBet(token: string, wire: Record<string, unknown>) {
  const reply = await houseCall('/wps/game/house/bet', token, { requestId: nextId('spin-req'), ...wire });
  expect([reply.status, reply.body.code]).toEqual([200, undefined]);
  const round = reply.body.value.round as { roundId: string; stake: string; status: string };
  expect(round.status).toBe('settled');
  return round;
}

const diceBet = (stake: string) => ({ direction: 'under', target: '50.00', stake });

const vendorCall = (action: string, body: Record<string, unknown>) =>
  callWallet(testApp.app, action, body, { timestampSeconds: Math.floor(START / 1000) });

/** A vendor's debit of a spin (lines as given; left out when undefined). */
function debit(
  member: Member,
  input: { roundId: string; gameCode: string; amount: string; lines?: unknown; transactionId?: string },
) {
  return vendorCall('debit', {
    vendor: 'SPINV',
    playerToken: member.vendorToken,
    currency: 'PHP',
    gameCode: input.gameCode,
    transactionId: input.transactionId ?? nextId('d'),
    roundId: input.roundId,
    amount: input.amount,
    ...(input.lines === undefined ? {} : { lines: input.lines }),
  });
}

function credit(member: Member, roundId: string, amount = '0.00') {
  return vendorCall('credit', {
    vendor: 'SPINV',
    playerId: member.memberId,
    currency: 'PHP',
    transactionId: nextId('c'),
    roundId,
    amount,
  });
}

/** A vendor's whole spin: its debits, then a credit of nothing. Answers the vendor's round id. */
async function vendorSpin(
  member: Member,
  gameCode: string,
  debits: Array<{ amount: string; lines?: unknown }>,
) {
  const roundId = nextId('round');
  for (const each of debits) {
    expect((await debit(member, { roundId, gameCode, ...each })).status).toBe('OK');
  }
  expect((await credit(member, roundId)).status).toBe('OK');
  return roundId;
}

describe('slot spins under a bonus’s spin rule', () => {
  it('knows the lines of our slots and of a vendor’s game whose catalogue names them', async () => {
    const rows = await testApp.database.db
      .selectFrom('games')
      .select(['node_id', 'paylines'])
      .where('merchant_id', '=', merchantId)
      .where('node_id', 'in', [
        'INHOUSE_classic-slot',
        'INHOUSE_video-slot',
        'INHOUSE_dice',
        'SPINV_spin-reels',
        'SPINV_spin-lined',
      ])
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.node_id, row.paylines]))).toEqual({
      'INHOUSE_classic-slot': 5,
      'INHOUSE_video-slot': 25,
      INHOUSE_dice: null,
      'SPINV_spin-reels': null,
      'SPINV_spin-lined': 20,
    });
  });

  it('counts our video slot’s spins at or above the minimum stake only, never the classic slot’s 5 lines, and dice as before', async () => {
    const member = await newMember();
    const bonusId = await grantBonus(member.memberId, { minSpinStakeMinor: 5_000n, minSpinLines: 25 });
    const video = await launchHouse(member, 'video-slot');

    // 25 lines × ₱1.00 = ₱25.00, below ₱50.00: nothing counts, but the round remembers the bonus.
    const below = await houseBet(video, { lineStake: '1.00' });
    expect(below.stake).toBe('25.00');
    expect(await wageredOf(bonusId)).toBe(0n);
    expect(await roundRow({ id: below.roundId })).toMatchObject({
      bonus_id: bonusId,
      valid_bet_minor: 2_500n,
    });

    // 25 lines × ₱2.00 = ₱50.00: at the minimum, it counts in full.
    const at = await houseBet(video, { lineStake: '2.00' });
    expect(at.stake).toBe('50.00');
    expect(await wageredOf(bonusId)).toBe(5_000n);
    const above = await houseBet(video, { lineStake: '3.00' });
    expect(above.stake).toBe('75.00');
    expect(await wageredOf(bonusId)).toBe(12_500n);

    // The classic slot has 5 lines: however large its stake, it is below 25 lines.
    const classic = await launchHouse(member, 'classic-slot');
    const narrow = await houseBet(classic, { lineStake: '20.00' });
    expect(narrow.stake).toBe('100.00');
    expect(await wageredOf(bonusId)).toBe(12_500n);

    // Dice is no slot: the spin rule leaves it alone, and ₱5.00 counts.
    const dice = await launchHouse(member, 'dice');
    await houseBet(dice, diceBet('5.00'));
    expect(await wageredOf(bonusId)).toBe(13_000n);
  });

  it('counts a vendor’s RNG spin only with enough lines reported, stands in the game’s own lines for a spin that reports none, and counts LIVE as before', async () => {
    const member = await newMember();
    const bonusId = await grantBonus(member.memberId, { minSpinStakeMinor: 100n, minSpinLines: 25 });

    // No lines reported, none known for the game: a rule on lines is not met.
    const unknown = await vendorSpin(member, 'spin-reels', [{ amount: '10.00' }]);
    expect(await roundRow({ vendorRoundId: unknown })).toMatchObject({ lines: null, bonus_id: bonusId });
    expect(await wageredOf(bonusId)).toBe(0n);
    const few = await vendorSpin(member, 'spin-reels', [{ amount: '10.00', lines: 24 }]);
    expect((await roundRow({ vendorRoundId: few })).lines).toBe(24);
    expect(await wageredOf(bonusId)).toBe(0n);
    await vendorSpin(member, 'spin-reels', [{ amount: '10.00', lines: 25 }]);
    expect(await wageredOf(bonusId)).toBe(1_000n);
    // Enough lines, but below the minimum stake of ₱1.00.
    await vendorSpin(member, 'spin-reels', [{ amount: '0.99', lines: 50 }]);
    expect(await wageredOf(bonusId)).toBe(1_000n);

    // The game's catalogue says 20 lines: a spin reporting none is played on 20, one reporting 30 on 30.
    await vendorSpin(member, 'spin-lined', [{ amount: '10.00' }]);
    expect(await wageredOf(bonusId)).toBe(1_000n);
    await vendorSpin(member, 'spin-lined', [{ amount: '10.00', lines: 30 }]);
    expect(await wageredOf(bonusId)).toBe(2_000n);

    // A LIVE round is no slot spin: it counts without lines.
    await vendorSpin(member, 'spin-live', [{ amount: '10.00' }]);
    expect(await wageredOf(bonusId)).toBe(3_000n);
  });

  it('keeps the largest lines of a round’s debits, and refuses lines that are not a whole number from 1 to 1024', async () => {
    const member = await newMember();
    const bonusId = await grantBonus(member.memberId, { minSpinLines: 25 });
    const roundId = await vendorSpin(member, 'spin-reels', [
      { amount: '5.00', lines: 30 },
      { amount: '5.00', lines: 10 },
      { amount: '5.00' },
    ]);
    expect(await roundRow({ vendorRoundId: roundId })).toMatchObject({ lines: 30, stake_minor: 1_500n });
    expect(await wageredOf(bonusId)).toBe(1_500n);

    const before = await testApp.app.wallet.getBalances({
      merchantId,
      memberId: member.memberId,
      currency: 'PHP',
    });
    for (const lines of [0, 1025, 2.5, '25', -1]) {
      const refusedRound = nextId('round');
      const refused = await debit(member, {
        roundId: refusedRound,
        gameCode: 'spin-reels',
        amount: '5.00',
        lines,
      });
      expect([lines, refused.status]).toEqual([lines, 'ERROR']);
    }
    expect(
      await testApp.app.wallet.getBalances({ merchantId, memberId: member.memberId, currency: 'PHP' }),
    ).toEqual(before);
    // The protocol's widest: 1024 lines.
    const widest = await vendorSpin(member, 'spin-reels', [{ amount: '1.00', lines: 1024 }]);
    expect((await roundRow({ vendorRoundId: widest })).lines).toBe(1024);
  });

  it('takes back what a qualifying spin counted when it is voided, and nothing for a spin that counted nothing', async () => {
    const member = await newMember();
    const bonusId = await grantBonus(member.memberId, { minSpinLines: 25 });
    const counted = await vendorSpin(member, 'spin-reels', [{ amount: '10.00', lines: 25 }]);
    const uncounted = await vendorSpin(member, 'spin-reels', [{ amount: '7.00' }]);
    expect(await wageredOf(bonusId)).toBe(1_000n);
    const voidOf = (refRoundId: string) =>
      vendorCall('void', {
        vendor: 'SPINV',
        playerId: member.memberId,
        currency: 'PHP',
        transactionId: nextId('v'),
        refRoundId,
      });
    expect((await voidOf(uncounted)).status).toBe('OK');
    expect(await wageredOf(bonusId)).toBe(1_000n);
    expect((await voidOf(counted)).status).toBe('OK');
    expect(await wageredOf(bonusId)).toBe(0n);
  });

  it('counts every spin as before for a bonus without a rule', async () => {
    const member = await newMember();
    const bonusId = await grantBonus(member.memberId, {});
    await vendorSpin(member, 'spin-reels', [{ amount: '10.00' }]);
    expect(await wageredOf(bonusId)).toBe(1_000n);
    const video = await launchHouse(member, 'video-slot');
    await houseBet(video, { lineStake: '1.00' });
    expect(await wageredOf(bonusId)).toBe(3_500n);
    const classic = await launchHouse(member, 'classic-slot');
    await houseBet(classic, { lineStake: '1.00' });
    expect(await wageredOf(bonusId)).toBe(4_000n);
  });

  it('shows the rule with the member’s bonus and in the terms the member accepted', async () => {
    const member = await newMember();
    const bonusId = await grantBonus(member.memberId, { minSpinStakeMinor: 100n, minSpinLines: 25 });
    const row = await testApp.database.db
      .selectFrom('member_bonuses')
      .select(['min_spin_stake_minor', 'min_spin_lines', 'terms'])
      .where('id', '=', bonusId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ min_spin_stake_minor: 100n, min_spin_lines: 25 });
    expect(row.terms).toMatchObject({ minSpinStake: '1.00', minSpinLines: 25 });
    const listed = await member.client.call('GET', '/wps/member/bonuses?status=open');
    expect(listed.status).toBe(200);
    expect(listed.body.value.list).toEqual([
      expect.objectContaining({ id: bonusId, minSpinStake: '1.00', minSpinLines: 25 }),
    ]);

    const plain = await newMember();
    await grantBonus(plain.memberId, {});
    const plainListed = await plain.client.call('GET', '/wps/member/bonuses?status=open');
    expect(plainListed.body.value.list).toEqual([
      expect.objectContaining({ minSpinStake: null, minSpinLines: null }),
    ]);
  });
});

describe('the signal that a bet met a bonus’s wagering', () => {
  let payloads: string[] = [];
  let stopListening: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const { pglite, connectionString } = testApp.database;
    if (pglite) {
      const unlisten = await pglite.listen(CHANNEL, (payload) => {
        payloads.push(payload);
      });
      stopListening = unlisten;
      return;
    }
    // PostgreSQL: a connection of its own, as a listener keeps one for as long as it listens.
    const client = new pg.Client({ connectionString });
    await client.connect();
    client.on('notification', (message) => {
      if (message.channel === CHANNEL) payloads.push(message.payload ?? '');
    });
    await client.query(`listen ${CHANNEL}`);
    stopListening = () => client.end();
  });
  afterAll(async () => {
    await stopListening();
  });

  const toldFor = (memberId: string) => payloads.filter((payload) => payload === memberId).length;

  /**
   * Signals arrive in the order their transactions commit: once a later member's crossing has
   * been told, anything the earlier bets would have told has arrived too.
   */
  async function afterEverythingTold(): Promise<void> {
    const sentinel = await newMember();
    await grantBonus(sentinel.memberId, { multiplier: 1 }, 100n);
    await vendorSpin(sentinel, 'spin-live', [{ amount: '1.00' }]);
    await vi.waitFor(() => expect(toldFor(sentinel.memberId)).toBe(1));
  }

  it('tells once, with the member’s id, when a bet takes the wagering from below the requirement to it', async () => {
    payloads = [];
    const member = await newMember(0n);
    // ₱10.00 × 1: dice bets of ₱4.00 reach ₱4, ₱8, then ₱12 (met), then ₱16.
    const bonusId = await grantBonus(member.memberId, { multiplier: 1 }, 1_000n);
    // A mines round staked with bonus money, left open, holds the conversion back: the bonus plays
    // on after its wagering is met, and later bets still count toward it.
    const mines = await launchHouse(member, 'mines');
    const opened = await houseCall('/wps/game/house/bet', mines, {
      requestId: nextId('spin-req'),
      stake: '1.00',
      mineCount: 3,
    });
    expect([opened.status, opened.body.value?.round?.status]).toEqual([200, 'open']);
    await fund(testApp, member.memberId, 10_000n, `slot-spin-rules-more-${member.memberId}`);
    const dice = await launchHouse(member, 'dice');
    await houseBet(dice, diceBet('4.00'));
    await houseBet(dice, diceBet('4.00'));
    expect(await wageredOf(bonusId)).toBe(800n);
    await houseBet(dice, diceBet('4.00'));
    await vi.waitFor(() => expect(toldFor(member.memberId)).toBe(1));
    expect(payloads).toContain(member.memberId);
    await houseBet(dice, diceBet('4.00'));
    expect(await wageredOf(bonusId)).toBe(1_600n);
    await afterEverythingTold();
    expect(toldFor(member.memberId)).toBe(1);
    const bonus = await testApp.database.db
      .selectFrom('member_bonuses')
      .select('status')
      .where('id', '=', bonusId)
      .executeTakeFirstOrThrow();
    expect(bonus.status).toBe('active');
  });

  it('tells when a vendor’s credit settles the spin that meets it, not when its stake arrives', async () => {
    payloads = [];
    const member = await newMember();
    await grantBonus(member.memberId, { multiplier: 1 }, 1_000n);
    const roundId = nextId('round');
    expect((await debit(member, { roundId, gameCode: 'spin-reels', amount: '10.00' })).status).toBe('OK');
    await afterEverythingTold();
    expect(toldFor(member.memberId)).toBe(0);
    expect((await credit(member, roundId, '3.00')).status).toBe('OK');
    await vi.waitFor(() => expect(toldFor(member.memberId)).toBe(1));
  });

  it('tells nothing for a spin the spin rule does not count, even one that would have met the wagering', async () => {
    payloads = [];
    const member = await newMember();
    const bonusId = await grantBonus(member.memberId, { multiplier: 1, minSpinLines: 25 }, 1_000n);
    await vendorSpin(member, 'spin-reels', [{ amount: '20.00' }]);
    await afterEverythingTold();
    expect([await wageredOf(bonusId), toldFor(member.memberId)]).toEqual([0n, 0]);
  });

  it('tells once for a burst of simultaneous bets that together meet it', async () => {
    payloads = [];
    const member = await newMember();
    // ₱10.00 × 1, met by the fifth of ten ₱2.00 spins arriving at once.
    const bonusId = await grantBonus(member.memberId, { multiplier: 1 }, 1_000n);
    const spins = await Promise.all(
      Array.from({ length: 10 }, () => vendorSpin(member, 'spin-live', [{ amount: '2.00' }])),
    );
    expect(new Set(spins).size).toBe(10);
    await afterEverythingTold();
    expect(toldFor(member.memberId)).toBe(1);
    // Every spin counted (or, had the bonus converted meanwhile, those after it counted toward nothing).
    expect(await wageredOf(bonusId)).toBeGreaterThanOrEqual(1_000n);
  });
});

/** The vendor sandbox's slot, in its own process, reporting its spins' lines to this app's wallet. */
describe('the vendor sandbox’s slot', () => {
  let sandboxApp: TestApp;
  let sandbox: SandboxProcess;

  beforeAll(async () => {
    // The sandbox signs its calls at its own time, so this app keeps the time it is started with.
    sandboxApp = await createSeededApp();
    await sandboxApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = sandboxApp.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    sandbox = await startSandboxProcess('apps/vendor-sandbox/src/main.ts', {
      VENDOR_SANDBOX_PORT: '0',
      VENDOR_SANDBOX_WALLET_URL: `http://127.0.0.1:${address.port}`,
      VENDOR_SANDBOX_SECRETS: JSON.stringify(
        SANDBOX_VENDOR_CODES.map((vendor) => ({
          vendor,
          secret: sandboxVendorSecret(sandboxApp.config.appSecret, vendor),
        })),
      ),
      // Every accepted call is delivered twice: a repeated debit answers its first result.
      VENDOR_SANDBOX_DUPLICATE_RATE: '1',
    });
    await configureDemoVendors(sandboxApp.database.db, sandboxApp.app.games, {
      url: sandbox.ready.url ?? '',
      appSecret: sandboxApp.config.appSecret,
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await sandboxApp?.close();
  });

  const post = async (url: string, body: object) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('sends every spin’s lines with its debit: 25 by default, fewer when asked, and the bonus counts only 25', async () => {
    const sandboxMerchant = await demoMerchantId(sandboxApp);
    const { id: memberId } = await sandboxApp.app.members.createMember({
      merchantId: sandboxMerchant,
      account: 'spinsandbox',
      password: 'Spin12345',
    });
    await fund(sandboxApp, memberId, 10_000n, `slot-spin-rules-sandbox-${memberId}`);
    const { bonusId } = await sandboxApp.app.bonuses.grant({
      merchantId: sandboxMerchant,
      memberId,
      currency: 'PHP',
      source: 'manual',
      amountMinor: 10_000n,
      terms: { ...TERMS, minSpinLines: 25 },
      language: 'EN',
    });
    const client = createAccountsClient(sandboxApp.app, '203.0.113.240');
    expect((await client.logIn('spinsandbox', 'Spin12345')).success).toBe(true);
    const launched = await client.call(
      'GET',
      '/wps/game/launchGame?nodeId=LAKAN_lakan-fiesta-slot&mode=real',
    );
    expect(launched.status).toBe(200);
    const launchUrl = new URL(launched.body.value.url);
    const page = await (await fetch(launchUrl)).text();
    expect(page).toContain('Lakan Fiesta Slot');
    expect(page).toContain('data-testid="lines"');
    const started = await post(`${launchUrl.origin}/lakan/api/start`, {
      gameCode: 'lakan-fiesta-slot',
      mode: 'real',
      token: launchUrl.searchParams.get('token'),
    });
    expect(started.status).toBe(200);
    const spin = (extra: object) =>
      post(`${launchUrl.origin}/lakan/api/play`, {
        sessionId: started.body.sessionId,
        stake: '10.00',
        pick: 'spin',
        ...extra,
      });

    expect((await spin({})).body.status).toBe('OK');
    expect((await spin({ lines: 10 })).body.status).toBe('OK');
    expect(await spin({ lines: 26 })).toMatchObject({ status: 422, body: { error: 'lines' } });
    const rounds = await sandboxApp.database.db
      .selectFrom('game_rounds')
      .select(['lines', 'stake_minor', 'status', 'bonus_id'])
      .where('member_id', '=', memberId)
      .execute();
    expect(rounds.map((round) => round.lines ?? 0).sort((left, right) => left - right)).toEqual([10, 25]);
    for (const round of rounds) {
      expect(round).toMatchObject({ stake_minor: 1_000n, status: 'settled', bonus_id: bonusId });
    }
    const bonus = await sandboxApp.database.db
      .selectFrom('member_bonuses')
      .select('wagered_minor')
      .where('id', '=', bonusId)
      .executeTakeFirstOrThrow();
    expect(bonus.wagered_minor).toBe(1_000n);
  });
});
