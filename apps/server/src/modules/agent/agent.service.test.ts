import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedClosure, insertTeamMember, storedClosure } from '../../../test/support/team-fixtures.ts';
import { createTestDatabase } from '../../../test/support/test-database.ts';
import { insertLedgerMerchant } from '../../../test/support/wallet-fixtures.ts';
import type { ChangeEntry } from '../../platform/audit/record-change.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { type AgentService, createAgentService } from './agent.service.ts';

const operator = { id: 'op-1', username: 'ops', ip: '192.0.2.1' };

describe('the team tree', () => {
  let database: DatabaseHandle;
  let agents: AgentService;
  let merchantId: string;
  let otherMerchantId: string;
  const audit: ChangeEntry[] = [];
  // top (1) → sub (2) → player; top → affiliate (41) → player2
  let top: string;
  let sub: string;
  let player: string;
  let affiliate: string;
  let player2: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    merchantId = await insertLedgerMerchant(db);
    otherMerchantId = await insertLedgerMerchant(db);
    agents = createAgentService({
      db,
      now: () => new Date('2026-11-23T10:00:00Z'),
      recordChange: async (_executor, entry) => {
        audit.push(entry);
      },
    });
    top = await insertTeamMember(db, merchantId, { type: 1, account: 'TopAgent' });
    sub = await insertTeamMember(db, merchantId, { type: 2, uplineId: top, account: 'SubAgent' });
    player = await insertTeamMember(db, merchantId, { uplineId: sub, account: 'playerone' });
    affiliate = await insertTeamMember(db, merchantId, { type: 41, uplineId: top, account: 'affiliate' });
    player2 = await insertTeamMember(db, merchantId, { uplineId: affiliate, account: 'playertwo' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps a closure row for every member and each of its uplines as members are inserted', async () => {
    expect(await storedClosure(database.db, merchantId)).toEqual(
      await expectedClosure(database.db, merchantId),
    );
    expect(await agents.isInSubtree(top, player)).toBe(true);
    expect(await agents.isInSubtree(sub, player2)).toBe(false);
    expect(await agents.isInSubtree(player, player)).toBe(true);
  });

  it('gives new merchants the labelled agent types', async () => {
    const types = await agents.listAgentTypes(otherMerchantId);
    expect(types.map((type) => [type.type, type.names.EN, type.mayRegisterSubagents])).toEqual([
      [1, 'Agent', true],
      [2, 'Sub-agent', true],
      [41, 'Affiliate', false],
      [42, 'Affiliate partner', false],
    ]);
    expect(types.every((type) => type.names.TY && type.names.TY !== type.names.EN)).toBe(true);
  });

  it('lists direct and all downlines with their level from the viewer and their team size', async () => {
    const direct = await agents.listDownlines({
      viewerId: top,
      parentId: top,
      scope: 'direct',
      search: '',
      searchMode: 'contains',
      page: 1,
      pageSize: 10,
    });
    expect(direct.total).toBe(2);
    expect(new Map(direct.list.map((row) => [row.account, row.team_size]))).toEqual(
      new Map([
        ['SubAgent', 1],
        ['affiliate', 1],
      ]),
    );
    const all = await agents.listDownlines({
      viewerId: top,
      parentId: top,
      scope: 'all',
      search: 'player',
      searchMode: 'contains',
      page: 1,
      pageSize: 1,
    });
    expect(all.total).toBe(2);
    expect(all.list).toHaveLength(1);
    expect(all.list[0]?.level).toBe(2);
    const below = await agents.listDownlines({
      viewerId: top,
      parentId: sub,
      scope: 'direct',
      search: '',
      searchMode: 'contains',
      page: 1,
      pageSize: 10,
    });
    expect(below.list.map((row) => [row.account, row.level])).toEqual([['playerone', 2]]);
  });

  it('refuses a parent or a chain outside the viewer subtree', async () => {
    await expect(
      agents.listDownlines({
        viewerId: sub,
        parentId: affiliate,
        scope: 'all',
        search: '',
        searchMode: 'contains',
        page: 1,
        pageSize: 10,
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(agents.uplineChain(sub, player2)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const chain = await agents.uplineChain(top, player);
    expect(chain.map((row) => [row.account, row.depth])).toEqual([
      ['TopAgent', 0],
      ['SubAgent', 1],
      ['playerone', 2],
    ]);
  });

  it('makes a player an agent under an agent whose type may hold sub-agents, audited', async () => {
    const { db } = database;
    const candidate = await insertTeamMember(db, merchantId, { uplineId: sub, account: 'soon' });
    await expect(
      agents.makeAgent(operator, {
        memberId: candidate,
        type: 2,
        uplineId: affiliate,
        invitationCode: 'SOON1',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION', value: { fields: { uplineId: 'noSubagents' } } });
    const made = await agents.makeAgent(operator, {
      memberId: candidate,
      type: 2,
      uplineId: top,
      invitationCode: 'SOON1',
    });
    expect(made).toMatchObject({ type: 2, upline_id: top, affiliate_code: 'SOON1' });
    expect(audit.at(-1)).toMatchObject({ action: 'agent.make', target: { id: candidate } });
    const moves = await db
      .selectFrom('member_upline_moves')
      .selectAll()
      .where('member_id', '=', candidate)
      .execute();
    expect(moves).toMatchObject([{ from_upline_id: sub, to_upline_id: top, operator_id: 'op-1' }]);
    expect(await agents.isInSubtree(sub, candidate)).toBe(false);
    expect(await storedClosure(db, merchantId)).toEqual(await expectedClosure(db, merchantId));

    const again = await insertTeamMember(db, merchantId, { account: 'again' });
    await expect(
      agents.makeAgent(operator, { memberId: again, type: 1, uplineId: null, invitationCode: 'soon1' }),
    ).rejects.toMatchObject({ code: 'VALIDATION', value: { fields: { invitationCode: 'taken' } } });
    await expect(
      agents.makeAgent(operator, { memberId: candidate, type: 1, uplineId: null, invitationCode: 'OTHER1' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('moves a member with its whole team, keeps the history and refuses cycles and other merchants', async () => {
    const { db } = database;
    const before = audit.length;
    await expect(
      agents.moveUpline(operator, { memberId: sub, uplineId: affiliate, reason: 'x' }),
    ).rejects.toMatchObject({ code: 'VALIDATION', value: { fields: { uplineId: 'noSubagents' } } });
    await agents.moveUpline(operator, {
      memberId: player,
      uplineId: affiliate,
      reason: 'Asked by the player',
    });
    expect(await agents.isInSubtree(sub, player)).toBe(false);
    expect(await agents.isInSubtree(affiliate, player)).toBe(true);
    expect(audit.slice(before).map((entry) => entry.action)).toEqual(['agent.move']);
    await expect(
      agents.moveUpline(operator, { memberId: top, uplineId: sub, reason: 'cycle' }),
    ).rejects.toMatchObject({ code: 'VALIDATION', value: { fields: { uplineId: 'ownDownline' } } });
    await expect(
      agents.moveUpline(operator, { memberId: top, uplineId: top, reason: 'self' }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    const stranger = await insertTeamMember(db, otherMerchantId, { type: 1 });
    await expect(
      agents.moveUpline(operator, { memberId: player, uplineId: stranger, reason: 'other merchant' }),
    ).rejects.toMatchObject({ code: 'VALIDATION', value: { fields: { uplineId: 'unknown' } } });
    await expect(
      agents.moveUpline(operator, { memberId: player, uplineId: player2, reason: 'to a player' }),
    ).rejects.toMatchObject({ code: 'VALIDATION', value: { fields: { uplineId: 'notAgent' } } });
    expect(await storedClosure(db, merchantId)).toEqual(await expectedClosure(db, merchantId));
    const history = await db
      .selectFrom('member_upline_moves')
      .select(['from_upline_id', 'to_upline_id', 'reason'])
      .where('member_id', '=', player)
      .execute();
    expect(history).toEqual([
      { from_upline_id: sub, to_upline_id: affiliate, reason: 'Asked by the player' },
    ]);
  });

  it('refuses, in the database itself, an upline change that would close a cycle', async () => {
    await expect(
      sql`update members set upline_id = ${player2} where id = ${top}`.execute(database.db),
    ).rejects.toThrow(/own downline/);
  });
});

// PGlite serves one connection, so only PostgreSQL can run these moves at the same time.
describe.skipIf(!process.env.DATABASE_URL)('simultaneous moves (PostgreSQL)', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('a burst of crossing moves leaves a tree without cycles whose closure matches the uplines', async () => {
    const { db } = database;
    const merchantId = await insertLedgerMerchant(db);
    const agents = createAgentService({ db, recordChange: async () => {} });
    const root = await insertTeamMember(db, merchantId, { type: 1 });
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const upline = index === 0 ? root : (ids[Math.floor(index / 2)] ?? root);
      ids.push(await insertTeamMember(db, merchantId, { type: 2, uplineId: upline }));
    }
    // Every pair moved both ways at once: only one of each pair can win without a cycle.
    const moves = ids.flatMap((first, index) =>
      ids
        .slice(index + 1)
        .flatMap((second) => [
          agents.moveUpline(operator, { memberId: first, uplineId: second, reason: 'burst' }),
          agents.moveUpline(operator, { memberId: second, uplineId: first, reason: 'burst' }),
        ]),
    );
    const settled = await Promise.allSettled(moves);
    const unexpected = settled.filter(
      (result) =>
        result.status === 'rejected' &&
        !['VALIDATION', 'CONFLICT'].includes((result.reason as { code?: string }).code ?? ''),
    );
    expect(unexpected).toEqual([]);
    expect(settled.some((result) => result.status === 'fulfilled')).toBe(true);
    expect(await storedClosure(db, merchantId)).toEqual(await expectedClosure(db, merchantId));
  });

  it('registrations under a member being moved land under its new chain, never half of it', async () => {
    const { db } = database;
    const merchantId = await insertLedgerMerchant(db);
    const agents = createAgentService({ db, recordChange: async () => {} });
    const left = await insertTeamMember(db, merchantId, { type: 1 });
    const right = await insertTeamMember(db, merchantId, { type: 1 });
    const middle = await insertTeamMember(db, merchantId, { type: 2, uplineId: left });
    const deep = await insertTeamMember(db, merchantId, { type: 2, uplineId: middle });
    const work = [
      ...Array.from({ length: 30 }, () => insertTeamMember(db, merchantId, { uplineId: deep })),
      ...Array.from({ length: 6 }, (_, index) =>
        agents.moveUpline(operator, {
          memberId: middle,
          uplineId: index % 2 === 0 ? right : left,
          reason: 'burst',
        }),
      ),
    ];
    const settled = await Promise.allSettled(work);
    const unexpected = settled.filter(
      (result) => result.status === 'rejected' && (result.reason as { code?: string }).code !== 'CONFLICT',
    );
    expect(unexpected).toEqual([]);
    expect(await storedClosure(db, merchantId)).toEqual(await expectedClosure(db, merchantId));
  });
});
