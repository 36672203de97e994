import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { fund } from './support/game-fixtures.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import { addMemberBetDay, insertTeamMember, sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
const nowMs = Date.parse('2026-11-23T10:00:00Z');
let merchantId: string;
let otherMerchantId: string;
// Merchant A: top (1) → sub (2) → player; top → playerOfTop; rival (1) → rivalPlayer.
let top: string;
let sub: string;
let player: string;
let playerOfTop: string;
let rival: string;
let rivalPlayer: string;
let topClient: AccountsClient;
let subClient: AccountsClient;
let playerClient: AccountsClient;
let adminOfA: BackOfficeClient;
let supportOfA: BackOfficeClient;
let contentOfA: BackOfficeClient;
let ownerOfB: BackOfficeClient;

const memberClient = (memberId: string) => sessionClientOf(testApp, memberId);

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

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  otherMerchantId = await insertOtherMerchant(db, 'other');
  top = await insertTeamMember(db, merchantId, { type: 1, account: 'team_top' });
  sub = await insertTeamMember(db, merchantId, { type: 2, uplineId: top, account: 'team_sub' });
  player = await insertTeamMember(db, merchantId, { uplineId: sub, account: 'team_player' });
  playerOfTop = await insertTeamMember(db, merchantId, { uplineId: top, account: 'top_player' });
  rival = await insertTeamMember(db, merchantId, { type: 1, account: 'team_rival' });
  rivalPlayer = await insertTeamMember(db, merchantId, { uplineId: rival, account: 'rival_player' });
  topClient = await memberClient(top);
  subClient = await memberClient(sub);
  playerClient = await memberClient(player);
  adminOfA = await operatorClient('agents_admin', merchantId, 'admin');
  supportOfA = await operatorClient('agents_support', merchantId, 'support');
  contentOfA = await operatorClient('agents_content', merchantId, 'content');
  ownerOfB = await operatorClient('agents_owner_b', otherMerchantId, 'owner');
});
afterAll(async () => {
  await testApp.close();
});

describe('the agent team calls', () => {
  it('refuse a visitor without a session and a member who is not an agent', async () => {
    const anonymous = createAccountsClient(testApp.app);
    expect((await anonymous.call('GET', '/wps/agent/downlines')).body.code).toBe('NOT_LOGGED_IN');
    expect((await playerClient.call('GET', '/wps/agent/downlines')).body.code).toBe('NON_AGENT');
    expect((await playerClient.call('GET', `/wps/agent/upline-chain?memberId=${player}`)).body.code).toBe(
      'NON_AGENT',
    );
  });

  it("list an agent's direct downlines with masked accounts, level, type and team size", async () => {
    const reply = await topClient.call('GET', '/wps/agent/downlines?scope=direct');
    expect(reply.status).toBe(200);
    expect(reply.body.value.total).toBe(2);
    const byId = new Map(reply.body.value.list.map((row: { id: string }) => [row.id, row]));
    expect(byId.get(sub)).toMatchObject({
      account: 'te****ub',
      type: 2,
      level: 1,
      teamSize: 1,
      status: 'active',
    });
    expect(byId.get(playerOfTop)).toMatchObject({ account: 'to******er', type: 0, level: 1, teamSize: 0 });
  });

  it('list all downlines by a whole account name and a downline of a downline with the level from the caller', async () => {
    const all = await topClient.call('GET', '/wps/agent/downlines?scope=all&search=TEAM_Player');
    expect(all.body.value.list.map((row: { id: string }) => row.id)).toEqual([player]);
    // Names are masked, so a part of one finds nothing.
    expect(
      (await topClient.call('GET', '/wps/agent/downlines?scope=all&search=player')).body.value.total,
    ).toBe(0);
    const below = await topClient.call('GET', `/wps/agent/downlines?parentId=${sub}`);
    expect(below.body.value.list).toMatchObject([{ id: player, level: 2 }]);
  });

  it("refuse another agent's members, and the caller's own upline, as parent or chain end", async () => {
    for (const other of [rival, rivalPlayer, top]) {
      expect((await subClient.call('GET', `/wps/agent/downlines?parentId=${other}`)).body.code).toBe(
        'FORBIDDEN',
      );
      expect((await subClient.call('GET', `/wps/agent/upline-chain?memberId=${other}`)).body.code).toBe(
        'FORBIDDEN',
      );
    }
  });

  it('answer the chain from the caller down to a downline', async () => {
    const reply = await topClient.call('GET', `/wps/agent/upline-chain?memberId=${player}`);
    expect(reply.body.value.list).toEqual([
      { id: top, account: 'team_top', type: 1, level: 0 },
      { id: sub, account: 'te****ub', type: 2, level: 1 },
      { id: player, account: 'te*******er', type: 0, level: 2 },
    ]);
  });

  it("show downlines' cash balances only where the merchant allows it, off by default", async () => {
    await fund(testApp, player, 12_345n, 'agents-team-balance-player');
    await fund(testApp, playerOfTop, 700n, 'agents-team-balance-top-player');
    const hidden = await topClient.call('GET', '/wps/agent/downlines?scope=all');
    expect(hidden.body.value.showsBalances).toBe(false);
    expect(hidden.body.value.list.length).toBe(3);
    for (const row of hidden.body.value.list) expect(row.balance).toBeNull();

    await patchDemoSettings(testApp, { agents: { showDownlineBalances: true } });
    try {
      const shown = await topClient.call('GET', '/wps/agent/downlines?scope=all');
      expect(shown.body.value.showsBalances).toBe(true);
      const balances = Object.fromEntries(
        shown.body.value.list.map((row: { id: string; balance: string }) => [row.id, row.balance]),
      );
      // A member without a wallet yet has nothing in it.
      expect(balances).toEqual({ [sub]: '0.00', [player]: '123.45', [playerOfTop]: '7.00' });
      const below = await subClient.call('GET', '/wps/agent/downlines');
      expect(below.body.value.list).toMatchObject([{ id: player, balance: '123.45' }]);
      // The setting shows balances, never the team of another agent.
      expect((await subClient.call('GET', `/wps/agent/downlines?parentId=${rival}`)).body.code).toBe(
        'FORBIDDEN',
      );
    } finally {
      await patchDemoSettings(testApp, { agents: { showDownlineBalances: false } });
    }
    const hiddenAgain = await topClient.call('GET', '/wps/agent/downlines?scope=direct');
    for (const row of hiddenAgain.body.value.list) expect(row.balance).toBeNull();
  });

  it('validate their queries', async () => {
    for (const query of [
      'scope=nobody',
      'pageSize=1000',
      'pageNo=0',
      `search=${'x'.repeat(65)}`,
      'parentId=a%20b',
    ]) {
      expect((await topClient.call('GET', `/wps/agent/downlines?${query}`)).body.code).toBe('VALIDATION');
    }
    expect((await topClient.call('GET', '/wps/agent/upline-chain')).body.code).toBe('VALIDATION');
  });
});

describe('agents in the back office', () => {
  it('check the role: content staff cannot read agents, support staff cannot edit agent types', async () => {
    expect((await contentOfA.call('GET', '/bo/agents')).body.code).toBe('FORBIDDEN');
    expect(
      (await contentOfA.call('POST', `/bo/agents/${player}/move`, { uplineId: top, reason: 'x' })).body.code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await supportOfA.call('PUT', '/bo/agent-types/41', {
          names: { TY: 'Kaanib', EN: 'Affiliate' },
          mayRegisterSubagents: true,
          contractKinds: [],
        })
      ).body.code,
    ).toBe('FORBIDDEN');
  });

  it("answer another merchant's staff as if the member did not exist", async () => {
    const from = '2026-11-01';
    for (const [method, url, body] of [
      ['GET', `/bo/agents/${top}/tree?from=${from}&to=2026-11-23`, undefined],
      ['GET', `/bo/agents/${top}/summary?from=${from}&to=2026-11-23`, undefined],
      ['POST', `/bo/agents/${player}/move`, { uplineId: rival, reason: 'x' }],
      ['POST', `/bo/agents/${playerOfTop}/make`, { type: 2, uplineId: top, invitationCode: 'NOPE1' }],
    ] as const) {
      expect((await ownerOfB.call(method, url, body)).body.code).toBe('NOT_FOUND');
    }
    expect((await ownerOfB.call('GET', '/bo/agents')).body.value.total).toBe(0);
  });

  it('list agents by account with their team size', async () => {
    const reply = await adminOfA.call('GET', '/bo/agents?search=team_');
    const rows = new Map(reply.body.value.list.map((row: { id: string }) => [row.id, row]));
    expect(rows.get(top)).toMatchObject({ teamSize: 3, type: 1 });
    expect(rows.get(sub)).toMatchObject({ teamSize: 1, uplineAccount: 'team_top' });
    expect(rows.has(player)).toBe(false);
  });

  it('edit an agent type, audited, and validate its names and contract kinds', async () => {
    const body = {
      names: { TY: 'Kasosyo', EN: 'Partner' },
      mayRegisterSubagents: true,
      contractKinds: ['realtime', 'daily'],
    };
    const { reply, row } = await expectOneAuditRow(
      testApp.database.db,
      () => adminOfA.call('PUT', '/bo/agent-types/42', body),
      { action: 'agent.type.update', merchant_id: merchantId },
    );
    expect(reply.body.value).toEqual({ type: 42, ...body, contractKinds: ['daily', 'realtime'] });
    expect(row.before).toMatchObject({ names: { EN: 'Affiliate partner' } });
    const list = await adminOfA.call('GET', '/bo/agent-types');
    expect(list.body.value.list.find((type: { type: number }) => type.type === 42)).toMatchObject({
      names: { EN: 'Partner' },
    });
    for (const bad of [
      { ...body, names: { EN: 'Partner' } },
      { ...body, contractKinds: ['weekly'] },
      { ...body, names: { TY: '', EN: 'Partner' } },
    ]) {
      expect((await adminOfA.call('PUT', '/bo/agent-types/42', bad)).body.code).toBe('VALIDATION');
    }
    expect((await adminOfA.call('PUT', '/bo/agent-types/7', body)).body.code).toBe('VALIDATION');
  });

  it('make a player an agent, audited, and refuse a taken code or a bad upline', async () => {
    const candidate = await insertTeamMember(testApp.database.db, merchantId, {
      uplineId: top,
      account: 'candidate',
    });
    expect(
      (
        await adminOfA.call('POST', `/bo/agents/${candidate}/make`, {
          type: 2,
          uplineId: top,
          invitationCode: 'x',
        })
      ).body.code,
    ).toBe('VALIDATION');
    expect(
      (
        await adminOfA.call('POST', `/bo/agents/${candidate}/make`, {
          type: 2,
          uplineId: player,
          invitationCode: 'CAND01',
        })
      ).body,
    ).toMatchObject({ code: 'VALIDATION', value: { reasons: { uplineId: 'notAgent' } } });
    await expectOneAuditRow(
      testApp.database.db,
      () =>
        adminOfA.call('POST', `/bo/agents/${candidate}/make`, {
          type: 2,
          uplineId: sub,
          invitationCode: 'CAND01',
        }),
      { action: 'agent.make', target_id: candidate },
    );
    const other = await insertTeamMember(testApp.database.db, merchantId, { account: 'candidate2' });
    expect(
      (
        await adminOfA.call('POST', `/bo/agents/${other}/make`, {
          type: 1,
          uplineId: null,
          invitationCode: 'cand01',
        })
      ).body,
    ).toMatchObject({ code: 'VALIDATION', value: { reasons: { invitationCode: 'taken' } } });
    // An invitation link's code is taken too: it already signs players up under its own agent.
    await sql`insert into agent_invitation_links (id, merchant_id, agent_id, code, kind)
      values ('link-taken', ${merchantId}, ${top}, 'LINK0001', 'player')`.execute(testApp.database.db);
    expect(
      (
        await adminOfA.call('POST', `/bo/agents/${other}/make`, {
          type: 1,
          uplineId: null,
          invitationCode: 'link0001',
        })
      ).body,
    ).toMatchObject({ code: 'VALIDATION', value: { reasons: { invitationCode: 'taken' } } });
  });

  it('move a member under another agent with a reason, audited, and refuse a cycle', async () => {
    const mover = await insertTeamMember(testApp.database.db, merchantId, {
      uplineId: rival,
      account: 'mover',
    });
    expect(
      (await adminOfA.call('POST', `/bo/agents/${mover}/move`, { uplineId: top, reason: '' })).body.code,
    ).toBe('VALIDATION');
    await expectOneAuditRow(
      testApp.database.db,
      () => adminOfA.call('POST', `/bo/agents/${mover}/move`, { uplineId: top, reason: 'Agent request #12' }),
      { action: 'agent.move', target_id: mover },
    );
    expect((await topClient.call('GET', `/wps/agent/upline-chain?memberId=${mover}`)).status).toBe(200);
    const summary = await adminOfA.call('GET', `/bo/agents/${mover}/summary`);
    expect(summary.body.value.moves).toMatchObject([
      {
        fromAccount: 'team_rival',
        toAccount: 'team_top',
        operator: 'agents_admin',
        reason: 'Agent request #12',
      },
    ]);
    expect(
      (await adminOfA.call('POST', `/bo/agents/${top}/move`, { uplineId: sub, reason: 'cycle' })).body,
    ).toMatchObject({ code: 'VALIDATION', value: { reasons: { uplineId: 'ownDownline' } } });
  });

  it("show an agent's tree and summary with the team figures the rollup job rebuilt", async () => {
    const { db } = testApp.database;
    const bet = {
      gameType: 'SLOT',
      betCount: 3,
      stakeMinor: 30_000n,
      validBetMinor: 25_000n,
      winMinor: 10_000n,
    };
    await addMemberBetDay(
      db,
      merchantId,
      { ...bet, memberId: player, uplineId: sub, day: '2026-11-22' },
      new Date(nowMs),
    );
    await addMemberBetDay(
      db,
      merchantId,
      { ...bet, gameType: 'LIVE', memberId: playerOfTop, uplineId: top, day: '2026-11-21' },
      new Date(nowMs),
    );
    const job = testApp.app.jobs.definitions.find((definition) => definition.name === 'agents.team-rollups');
    await job?.handle({}, { id: 'test', name: 'agents.team-rollups' } as never);

    const tree = await adminOfA.call('GET', `/bo/agents/${top}/tree?from=2026-11-01&to=2026-11-23`);
    const rows = new Map(tree.body.value.list.map((row: { id: string }) => [row.id, row]));
    expect(rows.get(sub)).toMatchObject({
      level: 1,
      figures: { betCount: 3, stake: '300.00', validBet: '250.00', payout: '100.00', ggr: '200.00' },
    });
    expect(rows.get(playerOfTop)).toMatchObject({ figures: null });
    expect(tree.body.value.rebuiltAt).toBe(new Date(nowMs).toISOString());

    const summary = await adminOfA.call('GET', `/bo/agents/${top}/summary?from=2026-11-21&to=2026-11-21`);
    expect(summary.body.value).toMatchObject({
      member: { id: top, account: 'team_top', type: 1 },
      chain: [{ id: top }],
      figures: { betCount: 3, stake: '300.00' },
      byGameType: [{ gameType: 'LIVE', betCount: 3 }],
    });
    const bad = await adminOfA.call('GET', `/bo/agents/${top}/summary?from=2026-11-23&to=2026-11-01`);
    expect(bad.body.code).toBe('VALIDATION');
  });
});
