import { randomUUID } from 'node:crypto';
import { signRequest } from '@panalo/crypto/request-signature.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransferVendorClient } from '../src/modules/game/transfer-vendor-client.ts';
import { wallClockIn } from '../src/platform/time/zoned-day.ts';
import { createTransferBetImport } from '../src/workflows/transfer-bet-import.ts';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { createBackOfficeClient, insertOperatorWithSession } from './support/bo-client.ts';
import { fund, memberIdOf } from './support/game-fixtures.ts';
import { sessionClientOf } from './support/team-fixtures.ts';
import {
  startTransferWorld,
  TRANSFER_VENDOR,
  type TransferWorld,
} from './support/transfer-vendor-fixtures.ts';

/** A bet as the sandbox's feed writes it. */
type SandboxBet = {
  betId: string;
  account: string;
  gameCode: string;
  stake: string;
  payout: string;
  status: 'open' | 'settled' | 'void';
  placedAt: string;
  settledAt: string | null;
};

const toMinor = (amount: string) => BigInt(amount.replace('.', ''));

/**
 * The transfer-wallet vendors' bet feed (workflows/transfer-bet-import.ts): the sandbox vendor
 * records the bets played with the money moved to it and serves them, signed, page by page; the
 * import writes them into the bet record once, follows their later changes, and the reports say
 * when a vendor's figures are still being imported.
 */
describe('the bet feed of a transfer-wallet vendor', () => {
  let world: TransferWorld;
  let memberId: string;
  let member: AccountsClient;
  /** The latest state of every bet the sandbox holds for the demo member, by bet id. */
  const bets = new Map<string, SandboxBet>();

  beforeAll(async () => {
    world = await startTransferWorld();
    memberId = await memberIdOf(world.testApp, 'demo');
    await fund(world.testApp, memberId, 500_000n, 'bet-feed-fund');
    const moved = await world.testApp.app.vendorTransfers.transfer(
      { id: world.merchantId, currency: 'PHP' },
      { id: memberId, status: 'active' },
      { from: 'MAIN', to: TRANSFER_VENDOR, amountMinor: 400_000n, requestId: `feed-${randomUUID()}` },
    );
    expect(moved.status).toBe('DONE');
    member = createAccountsClient(world.testApp.app, '203.0.113.91');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await world?.close();
  });

  const db = () => world.testApp.database.db;
  const client = () => createTransferVendorClient({ readSecret: world.testApp.app.games.readVendorSecret });
  const control = async (path: string, body: object) => {
    const response = await fetch(`${world.vendorUrl}/control/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { status: string; bet: SandboxBet };
    expect(reply.status).toBe('OK');
    return reply.bet;
  };
  const place = async (
    stake: string,
    payout: string,
    status: 'open' | 'settled' = 'settled',
    account = memberId,
  ) => {
    const bet = await control('bets', { playerId: account, gameCode: 'diwata-hi-lo', stake, payout, status });
    if (account === memberId) bets.set(bet.betId, bet);
    return bet;
  };
  const change = async (betId: string, to: { status: 'settled'; payout: string } | { status: 'void' }) => {
    const bet = await control('bets/change', { betId, ...to });
    bets.set(bet.betId, bet);
    return bet;
  };
  const importNow = () => world.testApp.app.transferBetImport.importAll();
  const feedRow = () =>
    db()
      .selectFrom('transfer_bet_feeds')
      .selectAll()
      .where('vendor_id', '=', world.vendor.id)
      .executeTakeFirstOrThrow();
  const rounds = () =>
    db()
      .selectFrom('game_rounds')
      .selectAll()
      .where('vendor_id', '=', world.vendor.id)
      .where('member_id', '=', memberId)
      .execute();

  /** The bet record equals the sandbox's bets, and the member rollups equal the bets settled, per Manila day. */
  async function expectRecordEqualsBets() {
    const recorded = new Map((await rounds()).map((round) => [round.vendor_round_id, round]));
    expect(recorded.size).toBe(bets.size);
    for (const bet of bets.values()) {
      const round = recorded.get(bet.betId);
      expect(round).toBeDefined();
      expect({ stake: round?.stake_minor, win: round?.win_minor, game: round?.game_type }).toEqual({
        stake: toMinor(bet.stake),
        win: toMinor(bet.payout),
        game: 'RNG',
      });
      expect(round?.opened_at.toISOString()).toBe(bet.placedAt);
      // Settled, or resettled once its payout changed after the first settlement.
      const expected = bet.status === 'settled' ? ['settled', 'resettled'] : [bet.status];
      expect(expected).toContain(round?.status);
    }
    const expectedDays = new Map<string, { count: number; stake: bigint; win: bigint }>();
    for (const bet of bets.values()) {
      if (bet.status !== 'settled' || !bet.settledAt) continue;
      // A resettled bet stays on the day it first settled, which the feed keeps as settledAt.
      const clock = wallClockIn('Asia/Manila', new Date(bet.settledAt));
      const day = [clock.year, clock.month, clock.day].map((part) => String(part).padStart(2, '0')).join('-');
      const sums = expectedDays.get(day) ?? { count: 0, stake: 0n, win: 0n };
      expectedDays.set(day, {
        count: sums.count + 1,
        stake: sums.stake + toMinor(bet.stake),
        win: sums.win + toMinor(bet.payout),
      });
    }
    const stored = await db()
      .selectFrom('member_bet_days')
      .select(['day', 'bet_count', 'stake_minor', 'valid_bet_minor', 'win_minor'])
      .where('member_id', '=', memberId)
      .where('game_type', '=', 'RNG')
      .where('bet_count', '>', 0)
      .execute();
    expect(
      Object.fromEntries(
        stored.map((row) => [row.day, { count: row.bet_count, stake: row.stake_minor, win: row.win_minor }]),
      ),
    ).toEqual(Object.fromEntries(expectedDays));
    for (const row of stored) expect(row.valid_bet_minor).toBe(row.stake_minor);
    const months = await sql<{ bet_count: number; stake_minor: string; win_minor: string }>`
      select coalesce(sum(bet_count), 0)::int as bet_count, coalesce(sum(stake_minor), 0)::text as stake_minor,
        coalesce(sum(win_minor), 0)::text as win_minor
      from member_bet_months where member_id = ${memberId}`.execute(db());
    const all = [...expectedDays.values()];
    expect(months.rows[0]).toEqual({
      bet_count: all.reduce((total, day) => total + day.count, 0),
      stake_minor: String(all.reduce((total, day) => total + day.stake, 0n)),
      win_minor: String(all.reduce((total, day) => total + day.win, 0n)),
    });
  }

  it('serves the bets in pages after a stable cursor, a later change appearing again further on', async () => {
    const first = await client().fetchBets(world.vendor, '');
    expect(first).toMatchObject({ kind: 'page', bets: [], hasMore: false });
    const placed = [
      await place('10.00', '19.50'),
      await place('20.00', '0.00'),
      await place('5.00', '0.00', 'open'),
    ];
    const start = first.kind === 'page' ? first.next : '';
    const pageOne = await client().fetchBets(world.vendor, start, 2);
    if (pageOne.kind !== 'page') throw new Error(`no page: ${JSON.stringify(pageOne)}`);
    expect(pageOne.bets.map((bet) => bet.betId)).toEqual([placed[0]?.betId, placed[1]?.betId]);
    expect(pageOne.hasMore).toBe(true);
    expect(pageOne.bets[0]).toMatchObject({
      account: memberId,
      gameCode: 'diwata-hi-lo',
      stakeMinor: 1_000n,
      payoutMinor: 1_950n,
      status: 'settled',
    });
    // The same cursor answers the same page, however often it is asked.
    expect(await client().fetchBets(world.vendor, start, 2)).toEqual(pageOne);
    const pageTwo = await client().fetchBets(world.vendor, pageOne.next, 2);
    if (pageTwo.kind !== 'page') throw new Error('no second page');
    expect(pageTwo.bets.map((bet) => [bet.betId, bet.status])).toEqual([[placed[2]?.betId, 'open']]);
    expect(pageTwo.hasMore).toBe(false);
    expect(pageTwo.bets[0]?.settledAt).toBeNull();
    // Settling the open bet adds an entry after the cursor; the earlier pages stay as they were.
    await change(placed[2]?.betId ?? '', { status: 'settled', payout: '9.75' });
    const later = await client().fetchBets(world.vendor, pageTwo.next, 2);
    expect(later).toMatchObject({
      kind: 'page',
      hasMore: false,
      bets: [{ betId: placed[2]?.betId, status: 'settled', payoutMinor: 975n }],
    });
    expect(await client().fetchBets(world.vendor, start, 2)).toEqual(pageOne);
  });

  it('refuses an unsigned request, another vendor, a cursor the signed body does not name, and a cursor it never gave', async () => {
    const rawBody = JSON.stringify({ vendor: TRANSFER_VENDOR, since: '', limit: 10 });
    const post = async (query: string, body: string, secret: string) => {
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await fetch(`${world.vendorUrl}/transfer/v1/bets?since=${query}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-timestamp': String(timestamp),
          'x-signature': signRequest(secret, timestamp, body),
        },
        body,
      });
      return ((await response.json()) as { status: string }).status;
    };
    const secret = world.testApp.app.games.readVendorSecret(world.vendor) ?? '';
    expect(await post('', rawBody, 'not-the-secret')).toBe('INVALID_SIGNATURE');
    expect(await post('', rawBody, secret)).toBe('OK');
    expect(await post('5', rawBody, secret)).toBe('ERROR');
    expect(await post('', JSON.stringify({ vendor: 'LAKAN', since: '' }), secret)).toBe('ERROR');
    const future = '9999999999999999';
    expect(await post(future, JSON.stringify({ vendor: TRANSFER_VENDOR, since: future }), secret)).toBe(
      'ERROR',
    );
    expect(await client().fetchBets(world.vendor, future)).toEqual({
      kind: 'failed',
      reason: 'status ERROR',
    });
  });

  it('imports every bet once into the bet record, with rollups equal to the bets, and moves no money', async () => {
    const cash = async () =>
      (
        await world.testApp.app.wallet.getBalances({
          merchantId: world.merchantId,
          memberId,
          currency: 'PHP',
        })
      ).cashMinor;
    const before = await cash();
    const [result] = await importNow();
    expect(result).toMatchObject({ vendorId: world.vendor.id, imported: 3, failure: null, yielded: false });
    await expectRecordEqualsBets();
    expect(await cash()).toBe(before);
    const feed = await feedRow();
    expect(feed).toMatchObject({ has_more: false, imported_count: 3n, skipped_count: 0n, last_error: null });
    expect(feed.caught_up_at).toBeInstanceOf(Date);
    // Members' rounds at the vendor appear in their betting records, under the vendor.
    const records = await member.call('GET', '/wps/member/bets?preset=today');
    expect(records.body.value.total).toBe(3);
    expect(records.body.value.list[0]).toMatchObject({ vendorName: 'Diwata Games', gameType: 'RNG' });
    expect(records.body.value.importing).toEqual([]);
  });

  it('changes nothing when the same pages are read again, from the stored cursor or from the start', async () => {
    const before = await rounds();
    const days = await db()
      .selectFrom('member_bet_days')
      .selectAll()
      .where('member_id', '=', memberId)
      .execute();
    const [again] = await importNow();
    expect(again).toMatchObject({ pages: 1, imported: 0 });
    await db()
      .updateTable('transfer_bet_feeds')
      .set({ cursor: '' })
      .where('vendor_id', '=', world.vendor.id)
      .execute();
    const [replayed] = await importNow();
    expect(replayed).toMatchObject({ imported: 0, skipped: { refused: 0 } });
    expect(await rounds()).toEqual(before);
    expect(
      await db().selectFrom('member_bet_days').selectAll().where('member_id', '=', memberId).execute(),
    ).toEqual(days);
  });

  it('follows a resettled and a voided bet into the rollups', async () => {
    const [won, lost, settledLater] = [...bets.values()];
    await change(won?.betId ?? '', { status: 'settled', payout: '30.00' });
    await change(lost?.betId ?? '', { status: 'void' });
    const open = await place('7.00', '0.00', 'open');
    await importNow();
    await expectRecordEqualsBets();
    const byId = new Map((await rounds()).map((round) => [round.vendor_round_id, round]));
    expect(byId.get(won?.betId ?? '')).toMatchObject({ status: 'resettled', win_minor: 3_000n });
    expect(byId.get(won?.betId ?? '')?.resettled_at).toBeInstanceOf(Date);
    expect(byId.get(lost?.betId ?? '')).toMatchObject({ status: 'void', valid_bet_minor: 0n });
    expect(byId.get(settledLater?.betId ?? '')).toMatchObject({ status: 'settled' });
    expect(byId.get(open.betId)).toMatchObject({ status: 'open', valid_bet_minor: 0n, settled_day: null });
    // The open bet settles, then is voided after the fact.
    await change(open.betId, { status: 'settled', payout: '14.00' });
    await importNow();
    await expectRecordEqualsBets();
    await change(open.betId, { status: 'void' });
    await importNow();
    await expectRecordEqualsBets();
  });

  it('skips bets of accounts and games the merchant does not know, and keeps importing the rest', async () => {
    // A player of the vendor's who is none of our members, given money at the vendor directly.
    const stranger = `stranger-${randomUUID().slice(0, 8)}`;
    const funded = await client().call(world.vendor, 'deposit', {
      playerId: stranger,
      currency: 'PHP',
      transferId: `t-${randomUUID()}`,
      amountMinor: 10_000n,
    });
    expect(funded).toMatchObject({ kind: 'answered', status: 'OK' });
    await place('1.00', '0.00', 'settled', stranger);
    // A game the merchant's catalogue no longer holds under its code.
    await db()
      .updateTable('games')
      .set({ game_code: 'diwata-hi-lo-gone' })
      .where('vendor_id', '=', world.vendor.id)
      .where('game_code', '=', 'diwata-hi-lo')
      .execute();
    const orphan = await control('bets', {
      playerId: memberId,
      gameCode: 'diwata-hi-lo',
      stake: '2.00',
      payout: '0.00',
      status: 'settled',
    });
    const skippedBefore = (await feedRow()).skipped_count;
    try {
      const [result] = await importNow();
      expect(result?.skipped).toMatchObject({ unknown_account: 1, unknown_game: 1 });
    } finally {
      await db()
        .updateTable('games')
        .set({ game_code: 'diwata-hi-lo' })
        .where('vendor_id', '=', world.vendor.id)
        .where('game_code', '=', 'diwata-hi-lo-gone')
        .execute();
    }
    expect((await feedRow()).skipped_count).toBe(skippedBefore + 2n);
    // The page went by all the same: the next bet arrives.
    const next = await place('3.00', '5.85');
    await importNow();
    const recorded = new Set((await rounds()).map((round) => round.vendor_round_id));
    expect(recorded.has(next.betId)).toBe(true);
    expect(recorded.has(orphan.betId)).toBe(false);
  });

  it('imports each page once when several processes pull the same feed at once', async () => {
    for (let index = 0; index < 24; index += 1)
      await place(`${index + 1}.00`, index % 3 === 0 ? `${index + 2}.00` : '0.00');
    const importedBefore =
      (
        await db()
          .selectFrom('transfer_bet_feeds')
          .select('imported_count')
          .where('vendor_id', '=', world.vendor.id)
          .executeTakeFirst()
      )?.imported_count ?? 0n;
    // Three processes, each with its own import, hold their first page until all three have it:
    // they all ask from the same cursor, and the first to write takes the page.
    const smallPages = createTransferVendorClient({ readSecret: world.testApp.app.games.readVendorSecret });
    const PROCESSES = 3;
    let arrived = 0;
    let releaseAll = () => {};
    const allHaveTheirPage = new Promise<void>((resolve) => {
      releaseAll = resolve;
    });
    const processes = Array.from({ length: PROCESSES }, () => {
      let isFirst = true;
      return createTransferBetImport({
        db: db(),
        client: {
          fetchBets: async (vendor, since) => {
            const page = await smallPages.fetchBets(vendor, since, 5);
            if (isFirst) {
              isFirst = false;
              arrived += 1;
              if (arrived === PROCESSES) releaseAll();
              await allHaveTheirPage;
            }
            return page;
          },
        },
      });
    });
    const results = await Promise.all(processes.map((process) => process.importAll()));
    expect(results.flat().filter((result) => result.yielded)).toHaveLength(PROCESSES - 1);
    await importNow();
    const imported = results.flat().reduce((total, result) => total + result.imported, 0);
    expect(imported).toBe(24);
    expect((await feedRow()).imported_count).toBe(importedBefore + 24n);
    await expectRecordEqualsBets();
  });

  it('leaves imported bets out of loss limits, which count the money moved to the vendor instead', async () => {
    const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const input = { merchantId: world.merchantId, memberId, currency: 'PHP', since };
    const withTransfers = await world.testApp.app.wallet.sumGameLossSince({
      ...input,
      withTransferVendors: true,
    });
    // 4000.00 moved to the vendor and nothing back: that is what counts, not the bets as well.
    expect(withTransfers).toBe(400_000n);
    // The bets alone (the reality check's reading) are the member's losses at the vendor.
    const settled = [...bets.values()].filter((bet) => bet.status === 'settled');
    const open = [...bets.values()].filter((bet) => bet.status === 'open');
    const lostInBets =
      settled.reduce((total, bet) => total + toMinor(bet.stake) - toMinor(bet.payout), 0n) +
      open.reduce((total, bet) => total + toMinor(bet.stake), 0n);
    expect(await world.testApp.app.wallet.sumGameLossSince(input)).toBe(lostInBets);
  });

  it("says in the reports that read bets when a vendor's feed is behind", async () => {
    const backOffice = createBackOfficeClient(world.testApp.app);
    backOffice.token = (
      await insertOperatorWithSession(db(), {
        username: 'feed-reports',
        merchantId: world.merchantId,
        roleId: 'admin',
        nowMs: Date.now(),
      })
    ).token;
    const agent = await sessionClientOf(world.testApp, await memberIdOf(world.testApp, 'leader'));
    const reports = async () => ({
      bets: (await member.call('GET', '/wps/member/bets?preset=today')).body.value.importing,
      games: (await backOffice.call('GET', '/bo/reports/games?preset=today')).body.value.importing,
      money: (await backOffice.call('GET', '/bo/reports/money?preset=today')).body.value.importing,
    });
    /** The agent centre's answers that read the bet record say the same as the member's. */
    const agentReports = async () => [
      (await agent.call('GET', '/wps/agent/overview?preset=today')).body.value.importing,
      (await agent.call('GET', '/wps/agent/profit-loss?preset=today')).body.value.importing,
      (await agent.call('GET', '/wps/agent/profit-loss?preset=today&by=gameType')).body.value.importing,
      (await agent.call('GET', '/wps/agent/bets?preset=today')).body.value.importing,
    ];
    expect(await reports()).toEqual({ bets: [], games: [], money: [] });
    expect(await agentReports()).toEqual([[], [], [], []]);

    const longAgo = new Date(Date.now() - 20 * 60_000);
    await db()
      .updateTable('transfer_bet_feeds')
      .set({ caught_up_at: longAgo })
      .where('vendor_id', '=', world.vendor.id)
      .execute();
    const lag = {
      vendor: TRANSFER_VENDOR,
      vendorName: 'Diwata Games',
      lastImportedAt: longAgo.toISOString(),
    };
    const merchantLag = { merchantId: world.merchantId, merchantCode: 'panalo', ...lag };
    expect(await reports()).toEqual({ bets: [lag], games: [merchantLag], money: [merchantLag] });
    expect(await agentReports()).toEqual([[lag], [lag], [lag], [lag]]);

    // Caught up again, but the vendor said more bets wait: still being imported.
    await importNow();
    const caughtUp = (await feedRow()).caught_up_at;
    expect(await reports()).toEqual({ bets: [], games: [], money: [] });
    await db()
      .updateTable('transfer_bet_feeds')
      .set({ has_more: true })
      .where('vendor_id', '=', world.vendor.id)
      .execute();
    expect((await reports()).bets).toEqual([{ ...lag, lastImportedAt: caughtUp?.toISOString() }]);
    await importNow();

    // A vendor that does not answer keeps the cursor and says why; the notice follows in time.
    await world.testApp.app.games.registerVendor({
      merchantId: world.merchantId,
      vassalage: 'FEEDLESS',
      name: 'Feedless Games',
      walletMode: 'transfer',
      apiUrl: 'http://127.0.0.1:9/feedless',
      secret: 'feedless-secret-0123456789',
    });
    const results = await importNow();
    const feedless = results.find((result) => result.vendorId !== world.vendor.id);
    expect(feedless?.failure).toEqual(expect.any(String));
    expect((await reports()).bets).toEqual([
      { vendor: 'FEEDLESS', vendorName: 'Feedless Games', lastImportedAt: null },
    ]);
  });

  it('runs as a scheduled job every minute', async () => {
    const job = world.testApp.app.jobs.definitions.find(
      (definition) => definition.name === 'vendor-bets.import',
    );
    expect(job?.schedule?.cron).toBe('* * * * *');
    const placed = await place('4.00', '7.80');
    await job?.handle({}, { jobId: 'test', retryCount: 0, signal: new AbortController().signal });
    expect((await rounds()).map((round) => round.vendor_round_id)).toContain(placed.betId);
  });
});
