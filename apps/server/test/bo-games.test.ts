import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { createAccountsClient, type Envelope } from './support/accounts-client.ts';
import { auditCount as auditCountIn, expectOneAuditRow as expectOneAuditRowIn } from './support/audit-log.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { catalogueGame, demoMerchantId, memberIdOf, registerTestVendor } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// Noon in Manila on 10 March 2026; every time these tests depend on derives from it.
const nowMs = Date.parse('2026-03-10T04:00:00Z');
let testApp: TestApp;
let dataDir: string;
let merchantA: string;
let admin: BackOfficeClient;
let ownerOfB: BackOfficeClient;
/** Game ids by game code. */
const games = new Map<string, string>();
let vendorId: string;
let otherVendorId: string;

type Game = { id: string; nodeId: string; gameCode: string; names: Record<string, string>; status: string };
type Item = { nodeId: string; gameCode: string; gameName: string };

const auditCount = () => auditCountIn(testApp.database.db);
/** Runs a change and checks that it wrote exactly one audit row, of this action, on merchant A. */
const expectOneAuditRow = (action: string, change: () => Promise<{ body: Envelope }>) =>
  expectOneAuditRowIn(testApp.database.db, change, { action, merchant_id: merchantA });

const gameId = (code: string) => games.get(code) ?? '';

async function gameRow(code: string) {
  return testApp.database.db
    .selectFrom('games')
    .selectAll()
    .where('id', '=', gameId(code))
    .executeTakeFirstOrThrow();
}

async function lobbyGames(query: string): Promise<Item[]> {
  const reply = await createAccountsClient(testApp.app, '203.0.113.60').call(
    'GET',
    `/wps/relay/games?pageSize=60&${query}`,
  );
  expect(reply.body.success).toBe(true);
  return reply.body.value.games;
}

function multipart(data: Buffer) {
  const boundary = '----panalo-games-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="icon.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function uploadIcon(client: BackOfficeClient, id: string, data: Buffer) {
  const body = multipart(data);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/bo/games/${id}/icon?language=EN`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${client.token}` },
  });
  return { status: response.statusCode, body: response.json() as Envelope };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'panalo-bo-games-'));
  testApp = await createSeededApp({ dataDir }, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantA = await demoMerchantId(testApp);
  const vendor = await registerTestVendor(testApp, {
    vassalage: 'BOGAMES',
    games: [
      catalogueGame('alpha', { names: { EN: 'Golden Alpha', TY: 'Gintong Alpha' } }),
      catalogueGame('beta', { names: { EN: 'Lucky Beta', TY: 'Masuwerteng Beta' } }),
      catalogueGame('gamma'),
      catalogueGame('delta'),
      catalogueGame('epsilon'),
    ],
  });
  vendorId = vendor.id;
  const other = await registerTestVendor(testApp, {
    vassalage: 'BOLIVE',
    games: [catalogueGame('table', { gameType: 'LIVE', names: { EN: 'Live Table', TY: 'Live na Mesa' } })],
  });
  otherVendorId = other.id;
  for (const row of await db.selectFrom('games').select(['id', 'game_code']).execute()) {
    games.set(row.game_code, row.id);
  }
  admin = createBackOfficeClient(testApp.app);
  admin.token = (
    await insertOperatorWithSession(db, {
      username: 'games-admin',
      merchantId: merchantA,
      roleId: 'admin',
      nowMs,
    })
  ).token;
  const merchantB = await insertOtherMerchant(db, 'other');
  ownerOfB = createBackOfficeClient(testApp.app);
  ownerOfB.token = (
    await insertOperatorWithSession(db, {
      username: 'owner-b',
      merchantId: merchantB,
      roleId: 'owner',
      nowMs,
    })
  ).token;
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the back office game catalogue', () => {
  it('lists the merchant games with search, filters and paging, hidden ones included', async () => {
    await testApp.database.db
      .updateTable('games')
      .set({ status: 'hidden' })
      .where('id', '=', gameId('epsilon'))
      .execute();
    const all = await admin.call('GET', `/bo/games?pageSize=4`);
    expect(all.body.value.total).toBe(6);
    expect(all.body.value.totalPages).toBe(2);
    expect(all.body.value.list).toHaveLength(4);
    expect(all.body.value.gameTypes).toEqual(['LIVE', 'RNG']);
    const second = await admin.call('GET', `/bo/games?pageSize=4&page=2`);
    expect(second.body.value.list).toHaveLength(2);
    const beyond = await admin.call('GET', `/bo/games?pageSize=4&page=3`);
    expect(beyond.body.value.list).toEqual([]);
    const hidden = await admin.call('GET', '/bo/games?status=hidden');
    expect(hidden.body.value.list.map((game: Game) => game.gameCode)).toEqual(['epsilon']);
    const live = await admin.call('GET', '/bo/games?gameType=LIVE');
    expect(live.body.value.list.map((game: Game) => game.gameCode)).toEqual(['table']);
    const byVendor = await admin.call('GET', `/bo/games?vendorId=${otherVendorId}`);
    expect(byVendor.body.value.total).toBe(1);
    const found = await admin.call('GET', `/bo/games?search=${encodeURIComponent('gintong')}`);
    expect(found.body.value.list.map((game: Game) => game.gameCode)).toEqual(['alpha']);
    const tooLarge = await admin.call('GET', '/bo/games?pageSize=101');
    expect([tooLarge.status, tooLarge.body.code]).toEqual([422, 'VALIDATION']);
  });

  it('writes one audit row per game change, with before and after', async () => {
    const { reply, row } = await expectOneAuditRow('game.update', () =>
      admin.call('PUT', `/bo/games/${gameId('gamma')}`, { isHot: true, sortOrder: 7, supportPlay: 0 }),
    );
    expect(reply.body.value).toMatchObject({ isHot: true, sortOrder: 7, supportPlay: 0, status: 'active' });
    expect(row.target_type).toBe('game');
    expect(row.target_id).toBe(gameId('gamma'));
    expect(row.before).toMatchObject({ isHot: false, sortOrder: 2, supportPlay: 1 });
    expect(row.after).toMatchObject({ isHot: true, sortOrder: 7, supportPlay: 0 });
    const hot = await createAccountsClient(testApp.app, '203.0.113.61').call('GET', '/wps/relay/hotGames');
    expect(hot.body.value.games.map((item: Item) => item.gameCode)).toContain('gamma');
  });

  it('makes a game set to maintenance answer GAME_MAINTENANCE at launch', async () => {
    await expectOneAuditRow('game.update', () =>
      admin.call('PUT', `/bo/games/${gameId('delta')}`, { status: 'maintenance' }),
    );
    const member = createAccountsClient(testApp.app, '203.0.113.62');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const refused = await member.call('GET', '/wps/game/launchGame?nodeId=BOGAMES_delta&mode=real');
    expect([refused.status, refused.body.code]).toEqual([409, 'GAME_MAINTENANCE']);
    // The hot game set above is offered instead.
    expect(refused.body.value.suggestions.map((item: Item) => item.nodeId)).toContain('BOGAMES_gamma');
    await expectOneAuditRow('game.update', () =>
      admin.call('PUT', `/bo/games/${gameId('delta')}`, { status: 'active' }),
    );
    const launched = await member.call('GET', '/wps/game/launchGame?nodeId=BOGAMES_delta&mode=real');
    expect(launched.body.success).toBe(true);
  });

  it('takes a hidden game out of the lobby list at once', async () => {
    expect((await lobbyGames('gameType=RNG')).map((item) => item.gameCode)).toContain('beta');
    await expectOneAuditRow('game.update', () =>
      admin.call('PUT', `/bo/games/${gameId('beta')}`, { status: 'hidden' }),
    );
    expect((await lobbyGames('gameType=RNG')).map((item) => item.gameCode)).not.toContain('beta');
    await admin.call('PUT', `/bo/games/${gameId('beta')}`, { status: 'active' });
  });

  it('finds a renamed game under its new name in both languages, in the lobby and the back office', async () => {
    await expectOneAuditRow('game.update', () =>
      admin.call('PUT', `/bo/games/${gameId('alpha')}`, {
        names: { TY: '  Bagyong Perlas ', EN: 'Pearl Typhoon' },
      }),
    );
    expect((await gameRow('alpha')).names).toEqual({ TY: 'Bagyong Perlas', EN: 'Pearl Typhoon' });
    for (const word of ['perlas', 'PEARL typhoon']) {
      const found = await lobbyGames(`gameName=${encodeURIComponent(word)}`);
      expect(found.map((item) => item.gameCode)).toEqual(['alpha']);
      const inBackOffice = await admin.call('GET', `/bo/games?search=${encodeURIComponent(word)}`);
      expect(inBackOffice.body.value.list.map((game: Game) => game.gameCode)).toEqual(['alpha']);
    }
    expect(await lobbyGames(`gameName=${encodeURIComponent('Golden Alpha')}`)).toEqual([]);
    expect((await lobbyGames('gameName=perlas'))[0]?.gameName).toBe('Pearl Typhoon');
  });

  it('refuses bad input with VALIDATION and changes nothing', async () => {
    const before = await gameRow('gamma');
    const audits = await auditCount();
    const bad: unknown[] = [
      { names: { TY: 'x'.repeat(101), EN: 'Fine' } },
      { names: { TY: 'Ayos' } },
      { names: { TY: '   ', EN: 'Fine' } },
      { names: { TY: 'Ayos', EN: 'Fine', FR: 'Bien' } },
      { status: 'broken' },
      { sortOrder: -1 },
      { sortOrder: 100_001 },
      { supportPlay: 2 },
      { isHot: 'yes' },
      { classify: 'lower case' },
      { classify: 'NO_SUCH_GROUP' },
    ];
    for (const body of bad) {
      const reply = await admin.call('PUT', `/bo/games/${gameId('gamma')}`, body);
      expect([JSON.stringify(body), reply.status, reply.body.code]).toEqual([
        JSON.stringify(body),
        422,
        'VALIDATION',
      ]);
      expect(Object.keys(reply.body.value.fields).length).toBeGreaterThan(0);
    }
    const vendorReply = await admin.call('PUT', `/bo/game-vendors/${vendorId}`, { status: 'closed' });
    expect(vendorReply.body.code).toBe('VALIDATION');
    const bulkReply = await admin.call('POST', '/bo/games/bulk', { ids: [], action: 'hide' });
    expect(bulkReply.body.code).toBe('VALIDATION');
    expect(await gameRow('gamma')).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('applies a bulk action to the selection, one audit row per game it changed', async () => {
    const audits = await auditCount();
    // gamma is already hot: only beta changes.
    const hot = await admin.call('POST', '/bo/games/bulk', {
      ids: [gameId('gamma'), gameId('beta')],
      action: 'hotOn',
    });
    expect(hot.body.value).toEqual({ changed: 1 });
    expect(await auditCount()).toBe(audits + 1);
    const maintenance = await admin.call('POST', '/bo/games/bulk', {
      ids: [gameId('gamma'), gameId('beta')],
      action: 'maintenance',
    });
    expect(maintenance.body.value).toEqual({ changed: 2 });
    expect(await auditCount()).toBe(audits + 3);
    const rows = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'game.bulk.maintenance')
      .execute();
    expect(rows.map((row) => row.target_id).sort()).toEqual([gameId('gamma'), gameId('beta')].sort());
    expect((await gameRow('beta')).status).toBe('maintenance');
    const enable = await admin.call('POST', '/bo/games/bulk', {
      ids: [gameId('gamma'), gameId('beta')],
      action: 'enable',
    });
    expect(enable.body.value).toEqual({ changed: 2 });
    const hotOff = await admin.call('POST', '/bo/games/bulk', { ids: [gameId('beta')], action: 'hotOff' });
    expect(hotOff.body.value).toEqual({ changed: 1 });
  });

  it('changes a vendor (status, name, order, in-house list) with one audit row each, seen by the lobby', async () => {
    const { row } = await expectOneAuditRow('game_vendor.update', () =>
      admin.call('PUT', `/bo/game-vendors/${vendorId}`, {
        isInHouse: true,
        name: 'Bahay Games',
        sortOrder: 3,
      }),
    );
    expect(row.before).toMatchObject({ isInHouse: false, sortOrder: 0 });
    expect(row.after).toMatchObject({ isInHouse: true, name: 'Bahay Games', sortOrder: 3 });
    const lanes = await createAccountsClient(testApp.app, '203.0.113.63').call('GET', '/wps/relay/vendors');
    const inHouse = lanes.body.value.list.find((lane: { title: string }) => lane.title === 'INHOUSE');
    expect(inHouse.cards).toEqual([{ vassalage: 'BOGAMES', accountTypeName: 'Bahay Games' }]);
    await expectOneAuditRow('game_vendor.update', () =>
      admin.call('PUT', `/bo/game-vendors/${vendorId}`, { status: 'maintenance', isInHouse: false }),
    );
    const member = createAccountsClient(testApp.app, '203.0.113.64');
    await member.logIn('demo', 'Demo1234');
    const refused = await member.call('GET', '/wps/game/launchGame?nodeId=BOGAMES_gamma&mode=real');
    expect(refused.body.code).toBe('GAME_MAINTENANCE');
    await expectOneAuditRow('game_vendor.update', () =>
      admin.call('PUT', `/bo/game-vendors/${vendorId}`, { status: 'disabled' }),
    );
    expect(await lobbyGames('vassalage=BOGAMES')).toEqual([]);
    await admin.call('PUT', `/bo/game-vendors/${vendorId}`, { status: 'active' });
    const vendors = await admin.call('GET', '/bo/game-vendors');
    expect(vendors.body.value.list).toContainEqual(
      expect.objectContaining({ vassalage: 'BOGAMES', status: 'active', games: 5 }),
    );
  });

  it('creates, renames and orders classify groups the lobby shows, and deletes only an empty one', async () => {
    const created = await expectOneAuditRow('game_classify.create', () =>
      admin.call('POST', '/bo/game-classify-groups', {
        key: 'JACKPOT',
        names: { TY: 'Mga jackpot', EN: 'Jackpots' },
        sortOrder: 1,
      }),
    );
    const groupId = created.reply.body.value.id as string;
    const duplicate = await admin.call('POST', '/bo/game-classify-groups', {
      key: 'JACKPOT',
      names: { TY: 'Iba', EN: 'Other' },
      sortOrder: 2,
    });
    expect(duplicate.body.code).toBe('CONFLICT');
    await expectOneAuditRow('game.update', () =>
      admin.call('PUT', `/bo/games/${gameId('gamma')}`, { classify: 'JACKPOT' }),
    );
    await expectOneAuditRow('game_classify.update', () =>
      admin.call('PUT', `/bo/game-classify-groups/${groupId}`, {
        names: { TY: 'Malaking premyo', EN: 'Big prizes' },
      }),
    );
    const lanes = await testApp.app.inject({ method: 'GET', url: '/wps/relay/vendors?language=TY' });
    const rng = lanes.json().value.list.find((lane: { title: string }) => lane.title === 'RNG');
    expect(rng.gameClassify).toEqual([
      { key: 'JACKPOT', displayName: 'Malaking premyo', vendors: ['BOGAMES'] },
    ]);
    const inUse = await admin.call('DELETE', `/bo/game-classify-groups/${groupId}`);
    expect([inUse.status, inUse.body.code, inUse.body.value]).toEqual([409, 'CONFLICT', { games: 1 }]);
    const groups = await admin.call('GET', '/bo/game-classify-groups');
    expect(groups.body.value.list).toContainEqual(
      expect.objectContaining({
        key: 'JACKPOT',
        games: 1,
        names: { TY: 'Malaking premyo', EN: 'Big prizes' },
      }),
    );
    await admin.call('PUT', `/bo/games/${gameId('gamma')}`, { classify: null });
    await expectOneAuditRow('game_classify.delete', () =>
      admin.call('DELETE', `/bo/game-classify-groups/${groupId}`),
    );
    const gone = await admin.call('GET', '/bo/game-classify-groups');
    expect(gone.body.value.list.map((group: { key: string }) => group.key)).not.toContain('JACKPOT');
  });

  it('re-encodes an uploaded icon, serves it and points the game at it; a non-image changes nothing', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7b5cff' } })
      .png()
      .toBuffer();
    const audits = await auditCount();
    const reply = await uploadIcon(admin, gameId('gamma'), png);
    expect(reply.body.success).toBe(true);
    expect(await auditCount()).toBe(audits + 1);
    const iconUrl = reply.body.value.iconUrl as string;
    expect(iconUrl).toMatch(/^\/media\/uploads\/game-icons\/[0-9a-f-]{36}\.webp$/);
    const served = await testApp.app.inject({ method: 'GET', url: iconUrl });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    const listed = await lobbyGames('vassalage=BOGAMES');
    expect(listed.find((item) => item.gameCode === 'gamma')).toMatchObject({ iconUrl });
    const refused = await uploadIcon(admin, gameId('gamma'), Buffer.from('not an image at all'));
    expect([refused.status, refused.body.code]).toEqual([422, 'VALIDATION']);
    expect((await gameRow('gamma')).icon_url).toBe(iconUrl);
    expect(await auditCount()).toBe(audits + 1);
  });

  it("keeps an operator's names and icon when the vendor's feed is imported again", async () => {
    const vendor = await testApp.app.games.findVendor(merchantA, 'BOGAMES');
    if (!vendor) throw new Error('the test vendor is missing');
    const renamed = (await gameRow('alpha')).names;
    const uploadedIcon = (await gameRow('gamma')).icon_url;
    expect(uploadedIcon).toMatch(/^\/media\/uploads\//);
    await testApp.app.games.importCatalogue(merchantA, vendor, {
      vendor: 'BOGAMES',
      name: vendor.name,
      games: [
        catalogueGame('alpha', { names: { EN: 'Feed Alpha', TY: 'Feed Alpha TY' } }),
        catalogueGame('gamma', {
          names: { EN: 'Feed Gamma', TY: 'Feed Gamma TY' },
          iconUrl: 'https://icons.test/new-gamma.svg',
        }),
        catalogueGame('delta', {
          names: { EN: 'Feed Delta', TY: 'Feed Delta TY' },
          iconUrl: 'https://icons.test/new-delta.svg',
        }),
      ],
    });
    // Alpha was renamed and gamma given an icon in the back office: those stay; the rest follows the feed.
    expect((await gameRow('alpha')).names).toEqual(renamed);
    expect(await gameRow('gamma')).toMatchObject({
      icon_url: uploadedIcon,
      names: { EN: 'Feed Gamma', TY: 'Feed Gamma TY' },
    });
    expect(await gameRow('delta')).toMatchObject({
      icon_url: 'https://icons.test/new-delta.svg',
      names: { EN: 'Feed Delta', TY: 'Feed Delta TY' },
    });
  });

  it("does not let another merchant's operator see or change merchant A's games", async () => {
    const audits = await auditCount();
    const before = await gameRow('gamma');
    const named = await ownerOfB.call('GET', `/bo/games?merchantId=${merchantA}`);
    expect([named.status, named.body.code]).toEqual([403, 'FORBIDDEN']);
    const own = await ownerOfB.call('GET', '/bo/games');
    expect(own.body.value).toMatchObject({ list: [], total: 0 });
    expect((await ownerOfB.call('GET', '/bo/game-vendors')).body.value.list).toEqual([]);
    const change = await ownerOfB.call('PUT', `/bo/games/${gameId('gamma')}`, { status: 'hidden' });
    expect([change.status, change.body.code]).toEqual([404, 'NOT_FOUND']);
    const vendor = await ownerOfB.call('PUT', `/bo/game-vendors/${vendorId}`, { status: 'disabled' });
    expect([vendor.status, vendor.body.code]).toEqual([404, 'NOT_FOUND']);
    // Naming A's games in B's bulk action finds none of them.
    const bulk = await ownerOfB.call('POST', '/bo/games/bulk', { ids: [gameId('gamma')], action: 'hide' });
    expect([bulk.status, bulk.body.code]).toEqual([404, 'NOT_FOUND']);
    const bulkForA = await ownerOfB.call('POST', '/bo/games/bulk', {
      merchantId: merchantA,
      ids: [gameId('gamma')],
      action: 'hide',
    });
    expect([bulkForA.status, bulkForA.body.code]).toEqual([403, 'FORBIDDEN']);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await uploadIcon(ownerOfB, gameId('gamma'), png)).body.code).toBe('NOT_FOUND');
    expect(await gameRow('gamma')).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});

describe('the game report', () => {
  beforeAll(async () => {
    const { db } = testApp.database;
    const demo = await memberIdOf(testApp, 'demo');
    const agent = await memberIdOf(testApp, 'agent');
    let sequence = 0;
    const round = async (input: {
      code: string;
      member: string;
      stake: bigint;
      win: bigint;
      status: 'settled' | 'rolled_back' | 'open';
      at: string;
    }) => {
      sequence += 1;
      const game = await gameRow(input.code);
      await db
        .insertInto('game_rounds')
        .values({
          id: `report-round-${sequence}`,
          merchant_id: merchantA,
          member_id: input.member,
          game_id: game.id,
          vendor_id: game.vendor_id,
          vendor_round_id: `report-${sequence}`,
          currency: 'PHP',
          stake_minor: input.stake,
          win_minor: input.win,
          status: input.status,
          opened_at: new Date(Date.parse(input.at) - 60_000),
          settled_at: input.status === 'open' ? null : new Date(input.at),
        })
        .execute();
    };
    // 23:59 on 9 March in Manila (15:59 UTC) and 00:01 on 10 March (16:01 UTC, still 9 March in UTC).
    await round({
      code: 'gamma',
      member: demo,
      stake: 100_00n,
      win: 50_00n,
      status: 'settled',
      at: '2026-03-09T15:59:00Z',
    });
    await round({
      code: 'table',
      member: demo,
      stake: 200_00n,
      win: 300_00n,
      status: 'settled',
      at: '2026-03-09T16:01:00Z',
    });
    await round({
      code: 'gamma',
      member: agent,
      stake: 50_00n,
      win: 0n,
      status: 'settled',
      at: '2026-03-10T03:00:00Z',
    });
    // Neither a rolled-back nor an open round counts.
    await round({
      code: 'gamma',
      member: agent,
      stake: 1_000_00n,
      win: 0n,
      status: 'rolled_back',
      at: '2026-03-10T03:30:00Z',
    });
    await round({
      code: 'table',
      member: agent,
      stake: 700_00n,
      win: 0n,
      status: 'open',
      at: '2026-03-10T03:40:00Z',
    });
    // Outside the range: 00:01 on 11 March in Manila.
    await round({
      code: 'gamma',
      member: demo,
      stake: 9_00n,
      win: 0n,
      status: 'settled',
      at: '2026-03-10T16:01:00Z',
    });
  });

  const report = (query: string) =>
    admin.call('GET', `/bo/reports/games?from=2026-03-09&to=2026-03-10&${query}`);

  it('sums settled rounds per day in the merchant time zone', async () => {
    const reply = await report('groupBy=day');
    expect(reply.body.value.range).toEqual({ from: '2026-03-09', to: '2026-03-10' });
    expect(reply.body.value.rows).toEqual([
      expect.objectContaining({
        day: '2026-03-09',
        bets: '100.00',
        wins: '50.00',
        ggr: '50.00',
        rounds: 1,
        players: 1,
      }),
      expect.objectContaining({
        day: '2026-03-10',
        bets: '250.00',
        wins: '300.00',
        ggr: '-50.00',
        rounds: 2,
        players: 2,
      }),
    ]);
  });

  it('groups by game type, by vendor and as top games, with the same totals', async () => {
    const byType = await report('groupBy=gameType');
    expect(byType.body.value.rows).toEqual([
      expect.objectContaining({
        gameType: 'LIVE',
        bets: '200.00',
        wins: '300.00',
        ggr: '-100.00',
        rounds: 1,
        players: 1,
      }),
      expect.objectContaining({
        gameType: 'RNG',
        bets: '150.00',
        wins: '50.00',
        ggr: '100.00',
        rounds: 2,
        players: 2,
      }),
    ]);
    const byVendor = await report('groupBy=vendor');
    expect(byVendor.body.value.rows).toEqual([
      expect.objectContaining({ vassalage: 'BOLIVE', bets: '200.00', rounds: 1 }),
      expect.objectContaining({ vassalage: 'BOGAMES', bets: '150.00', rounds: 2, players: 2 }),
    ]);
    const top = await report('groupBy=game');
    expect(
      top.body.value.rows.map((row: { nodeId: string; bets: string }) => [row.nodeId, row.bets]),
    ).toEqual([
      ['BOLIVE_table', '200.00'],
      ['BOGAMES_gamma', '150.00'],
    ]);
    const bad = await report('groupBy=week');
    expect(bad.body.code).toBe('VALIDATION');
  });

  it("answers today's preset from the injected clock, and refuses another merchant's report", async () => {
    const today = await admin.call('GET', '/bo/reports/games?preset=today');
    expect(today.body.value.range).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(today.body.value.rows).toEqual([expect.objectContaining({ bets: '250.00', rounds: 2 })]);
    const other = await ownerOfB.call('GET', `/bo/reports/games?merchantId=${merchantA}`);
    expect(other.body.code).toBe('FORBIDDEN');
    const own = await ownerOfB.call('GET', '/bo/reports/games?preset=today&groupBy=game');
    expect(own.body.value.rows).toEqual([]);
  });
});

describe('bet limits of our own games', () => {
  let inHouseId: string;

  beforeAll(async () => {
    await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
    const vendor = (await testApp.app.games.findVendor(merchantA, 'INHOUSE'))!;
    inHouseId = (await testApp.app.games.findGameByCode(vendor.id, 'roulette'))!.id;
  });

  const limitsColumn = async () =>
    (
      await testApp.database.db
        .selectFrom('games')
        .select('bet_limits')
        .where('id', '=', inHouseId)
        .executeTakeFirstOrThrow()
    ).bet_limits;

  it('shows the limits in force for our games, the defaults until set, and none for a vendor game', async () => {
    const listed = await admin.call('GET', '/bo/games?search=roulette');
    const roulette = listed.body.value.list.find((game: Game) => game.id === inHouseId);
    expect(roulette.betLimits).toEqual({
      minStake: '1.00',
      maxStake: '10000.00',
      maxWin: '1000000.00',
      isDefault: true,
    });
    const vendorGames = await admin.call('GET', `/bo/games?vendorId=${vendorId}`);
    expect(vendorGames.body.value.list.every((game: { betLimits: unknown }) => game.betLimits === null)).toBe(
      true,
    );
  });

  it('sets min stake, max stake and max win with one audit row, before and after', async () => {
    const { reply, row } = await expectOneAuditRow('game.update', () =>
      admin.call('PUT', `/bo/games/${inHouseId}`, {
        betLimits: { minStake: '5', maxStake: '2500.5', maxWin: '50000.00' },
      }),
    );
    expect(reply.body.value.betLimits).toEqual({
      minStake: '5.00',
      maxStake: '2500.50',
      maxWin: '50000.00',
      isDefault: false,
    });
    expect(row.target_id).toBe(inHouseId);
    expect(row.before).toMatchObject({ betLimits: { maxStake: '10000.00', isDefault: true } });
    expect(row.after).toMatchObject({
      betLimits: { minStake: '5.00', maxStake: '2500.50', maxWin: '50000.00' },
    });
    expect(await limitsColumn()).toEqual({ minStake: '500', maxStake: '250050', maxWin: '5000000' });
  });

  it('refuses limits that are not money, not positive or out of order, and changes nothing', async () => {
    const before = await limitsColumn();
    const audits = await auditCount();
    const cases: Array<[unknown, string]> = [
      [{ minStake: '10.00', maxStake: '5.00', maxWin: '100.00' }, 'betLimits.maxStake'],
      [{ minStake: '0', maxStake: '5.00', maxWin: '100.00' }, 'betLimits.minStake'],
      [{ minStake: '1.00', maxStake: '5.00', maxWin: '0.00' }, 'betLimits.maxWin'],
      [{ minStake: '1.234', maxStake: '5.00', maxWin: '100.00' }, 'betLimits.minStake'],
      [{ minStake: 1, maxStake: '5.00', maxWin: '100.00' }, 'betLimits.minStake'],
      [{ minStake: '-1.00', maxStake: '5.00', maxWin: '100.00' }, 'betLimits.minStake'],
      [{ minStake: '1.00', maxStake: '12345678901234', maxWin: '100.00' }, 'betLimits.maxStake'],
      [{ minStake: '1.00', maxStake: '5.00' }, 'betLimits'],
      [{ minStake: '1.00', maxStake: '5.00', maxWin: '100.00', perBet: '1.00' }, 'betLimits'],
    ];
    for (const [betLimits, field] of cases) {
      const reply = await admin.call('PUT', `/bo/games/${inHouseId}`, { betLimits });
      expect([JSON.stringify(betLimits), reply.status, reply.body.code]).toEqual([
        JSON.stringify(betLimits),
        422,
        'VALIDATION',
      ]);
      expect(Object.keys(reply.body.value.fields).some((name) => name.startsWith(field))).toBe(true);
    }
    const onVendorGame = await admin.call('PUT', `/bo/games/${gameId('alpha')}`, {
      betLimits: { minStake: '1.00', maxStake: '5.00', maxWin: '100.00' },
    });
    expect(onVendorGame.body.value.reasons).toEqual({ betLimits: 'inHouseOnly' });
    expect(await limitsColumn()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('goes back to the defaults with null, one audit row', async () => {
    const { reply } = await expectOneAuditRow('game.update', () =>
      admin.call('PUT', `/bo/games/${inHouseId}`, { betLimits: null }),
    );
    expect(reply.body.value.betLimits).toMatchObject({ minStake: '1.00', isDefault: true });
    expect(await limitsColumn()).toBeNull();
  });

  it("does not let another merchant's operator change them", async () => {
    const reply = await ownerOfB.call('PUT', `/bo/games/${inHouseId}`, {
      betLimits: { minStake: '1.00', maxStake: '5.00', maxWin: '100.00' },
    });
    expect(reply.body.success).toBe(false);
    expect(await limitsColumn()).toBeNull();
  });
});
