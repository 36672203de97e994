import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamRollupService } from '../src/modules/agent/team-rollup.service.ts';
import { addRoundStake, settleRound } from '../src/modules/game/game.repository.ts';
import type { AccountsClient } from './support/accounts-client.ts';
import { auditCount, expectOneAuditRow } from './support/audit-log.ts';
import {
  type BackOfficeClient,
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { catalogueGame, registerTestVendor } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import {
  insertTeamMember,
  recomputedTeamDays,
  sessionClientOf,
  storedTeamDays,
} from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// Noon of 23 November 2026 in Manila (UTC+8), the merchant's time zone.
const nowMs = Date.parse('2026-11-23T04:00:00Z');
const HOUR_MS = 3_600_000;

let testApp: TestApp;
let merchantId: string;
let otherMerchantId: string;
// top (1) → sub (2) → subPlayer; top → formulaPlayer; rival (1) → rivalPlayer.
let top: string;
let sub: string;
let subPlayer: string;
let formulaPlayer: string;
let rival: string;
let rivalPlayer: string;
let topClient: AccountsClient;
let adminOfA: BackOfficeClient;
let secondAdminOfA: BackOfficeClient;
let supportOfA: BackOfficeClient;
let contentOfA: BackOfficeClient;
let adminOfB: BackOfficeClient;

type Row = Record<string, unknown>;
// An account a spreadsheet would run as a formula, were it not neutralised in a file.
const FORMULA_ACCOUNT = '=HYPERLINK("x",1)';

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

/** A file download as the back office makes it: the operator's token, the raw answer. */
async function download(client: BackOfficeClient, url: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${client.token}` },
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    text: response.body,
    body: { success: response.statusCode === 200 },
  };
}

/** A CSV document's lines as cells (no cell of these files holds a comma, quote or line break but the quoted ones tested). */
function linesOf(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

/** A small deterministic sequence, so that the generated bets are the same on every run. */
function generator(seed: number) {
  let state = seed;
  return (limit: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % limit;
  };
}

const rebuildJob = () => {
  const job = testApp.app.jobs.definitions.find((definition) => definition.name === 'agents.rollup-rebuild');
  if (!job) throw new Error('the rollup rebuild job is not registered');
  return job;
};

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  otherMerchantId = await insertOtherMerchant(db, 'reports_other');
  top = await insertTeamMember(db, merchantId, { type: 1, account: 'rep_top' });
  sub = await insertTeamMember(db, merchantId, { type: 2, uplineId: top, account: 'rep_sub' });
  subPlayer = await insertTeamMember(db, merchantId, { uplineId: sub, account: 'rep_subplayer' });
  formulaPlayer = await insertTeamMember(db, merchantId, { uplineId: top, account: FORMULA_ACCOUNT });
  rival = await insertTeamMember(db, merchantId, { type: 1, account: 'rep_rival' });
  rivalPlayer = await insertTeamMember(db, merchantId, { uplineId: rival, account: 'rep_rivalplayer' });

  const vendor = await registerTestVendor(testApp, {
    vassalage: 'REPV',
    games: [catalogueGame('rep-slot', { gameType: 'SLOT' }), catalogueGame('rep-live', { gameType: 'LIVE' })],
  });
  const games = await db.selectFrom('games').select('id').where('vendor_id', '=', vendor.id).execute();
  const next = generator(23);
  const bettors = [subPlayer, formulaPlayer, sub, rivalPlayer];
  for (let index = 0; index < 30; index += 1) {
    const game = games[next(games.length)];
    if (!game) throw new Error('no game');
    const id = await addRoundStake(db, {
      id: `rep-${index}`,
      merchant_id: merchantId,
      member_id: bettors[index % bettors.length] as string,
      game_id: game.id,
      vendor_id: vendor.id,
      vendor_round_id: `rep-${index}`,
      currency: 'PHP',
      stake_minor: BigInt(100 + next(10_000)),
    });
    const win = next(2) === 0 ? 0n : BigInt(next(25_000));
    await settleRound(db, id, win, new Date(nowMs - next(6 * 24) * HOUR_MS));
  }
  await createTeamRollupService({ db, now: () => new Date(nowMs) }).rebuildChanged();
  // The vendor now plays through a transfer wallet whose bet feed has never been read: the reports
  // say its figures are still being imported.
  await db
    .updateTable('game_vendors')
    .set({ wallet_mode: 'transfer', api_url: 'https://repv.vendor.test/api' })
    .where('id', '=', vendor.id)
    .execute();

  topClient = await sessionClientOf(testApp, top);
  adminOfA = await operatorClient('reports_admin', merchantId, 'admin');
  secondAdminOfA = await operatorClient('reports_admin2', merchantId, 'admin');
  supportOfA = await operatorClient('reports_support', merchantId, 'support');
  contentOfA = await operatorClient('reports_content', merchantId, 'content');
  adminOfB = await operatorClient('reports_admin_b', otherMerchantId, 'admin');
});
afterAll(async () => {
  await testApp.close();
});

const reportPaths = (id: string) => [
  `/bo/agents/${id}/overview`,
  `/bo/agents/${id}/profit-loss/members`,
  `/bo/agents/${id}/profit-loss/game-types`,
  `/bo/agents/${id}/overview.csv`,
  `/bo/agents/${id}/profit-loss/members.csv`,
  `/bo/agents/${id}/profit-loss/game-types.csv`,
  `/bo/agents/${id}/tree.csv`,
];

describe("an agent's reports in the back office", () => {
  it('need players.read, and answer another merchant’s staff as if the agent did not exist', async () => {
    for (const path of [...reportPaths(top), '/bo/agents.csv']) {
      expect((await download(contentOfA, path)).status, path).toBe(403);
    }
    for (const path of reportPaths(top)) {
      expect((await download(supportOfA, path)).status, path).toBe(200);
      const other = await adminOfB.call('GET', path);
      expect(other.body.code, path).toBe('NOT_FOUND');
    }
    expect((await adminOfB.call('GET', `/bo/agents.csv?merchantId=${merchantId}`)).body.code).toBe(
      'FORBIDDEN',
    );
    const ownAgents = await download(adminOfB, '/bo/agents.csv');
    expect(linesOf(ownAgents.text)).toHaveLength(1);
    const anonymous = createBackOfficeClient(testApp.app);
    expect((await anonymous.call('GET', `/bo/agents/${top}/overview`)).body.code).toBe('NOT_LOGGED_IN');
  });

  it("equal the agent's own answers in its centre, with whole account names", async () => {
    for (const query of ['', '?preset=past7Days', '?from=2026-11-20&to=2026-11-22']) {
      const agent = (await topClient.call('GET', `/wps/agent/overview${query}`)).body.value;
      const operator = (await adminOfA.call('GET', `/bo/agents/${top}/overview${query}`)).body.value;
      expect(operator).toEqual(agent);
      expect(operator.importing).toMatchObject([{ vendor: 'REPV', lastImportedAt: null }]);
      expect(Number(operator.validBet)).toBeGreaterThan(0);

      const agentMembers = (await topClient.call('GET', `/wps/agent/profit-loss${query}`)).body.value;
      const members = (await adminOfA.call('GET', `/bo/agents/${top}/profit-loss/members${query}`)).body
        .value;
      expect(members.total).toBe(agentMembers.total);
      expect(members.totals).toEqual(agentMembers.totals);
      expect(members.importing).toEqual(agentMembers.importing);
      expect(members.list.map((row: Row) => row.memberId)).toEqual(
        agentMembers.members.map((row: Row) => row.memberId),
      );
      for (const [index, row] of (members.list as Row[]).entries()) {
        const { account: _masked, ...agentRow } = agentMembers.members[index];
        expect(row).toMatchObject(agentRow);
      }

      const agentTypes = (
        await topClient.call('GET', `/wps/agent/profit-loss?by=gameType${query.replace('?', '&')}`)
      ).body.value;
      const types = (await adminOfA.call('GET', `/bo/agents/${top}/profit-loss/game-types${query}`)).body
        .value;
      expect(types.list).toEqual(agentTypes.gameTypes);
      expect(types.totals).toEqual(agentTypes.totals);
      expect(types.importing).toEqual(agentTypes.importing);
    }
    const members = (await adminOfA.call('GET', `/bo/agents/${top}/profit-loss/members`)).body.value;
    const accounts = members.list.map((row: Row) => row.account);
    expect(accounts).toContain(FORMULA_ACCOUNT);
    expect(accounts).toContain('rep_subplayer');
    expect(accounts).not.toContain('rep_rivalplayer');
  });

  it('page the P&L by member and narrow it to a member of the team, refusing one outside it', async () => {
    const whole = (await adminOfA.call('GET', `/bo/agents/${top}/profit-loss/members`)).body.value;
    const second = (await adminOfA.call('GET', `/bo/agents/${top}/profit-loss/members?pageSize=1&page=2`))
      .body.value;
    expect(second).toMatchObject({ total: whole.total, totalPages: whole.total, totals: whole.totals });
    expect(second.list.map((row: Row) => row.memberId)).toEqual([whole.list[1].memberId]);
    const narrowed = (await adminOfA.call('GET', `/bo/agents/${top}/profit-loss/members?memberId=${sub}`))
      .body.value;
    expect(narrowed.list.map((row: Row) => row.memberId).sort()).toEqual([sub, subPlayer].sort());
    for (const outsider of [rival, rivalPlayer, top]) {
      expect(
        (await adminOfA.call('GET', `/bo/agents/${top}/profit-loss/members?memberId=${outsider}`)).body.code,
      ).toBe('FORBIDDEN');
      expect(
        (await download(adminOfA, `/bo/agents/${top}/profit-loss/members.csv?memberId=${outsider}`)).status,
      ).toBe(403);
    }
  });

  it('validate their queries', async () => {
    for (const query of [
      'preset=forever',
      'from=2026-11-01',
      'from=2026-11-10&to=2026-11-01',
      'from=2025-01-01&to=2026-11-23',
      'pageSize=101',
      'page=0',
      'memberId=a%20b',
    ]) {
      expect(
        (await adminOfA.call('GET', `/bo/agents/${top}/profit-loss/members?${query}`)).body.code,
        query,
      ).toBe('VALIDATION');
    }
    expect((await adminOfA.call('GET', `/bo/agents/${top}/tree.csv?scope=every`)).body.code).toBe(
      'VALIDATION',
    );
    // The tree and summary take the same presets as the reports.
    const week = await adminOfA.call('GET', `/bo/agents/${top}/summary?preset=past7Days`);
    const sameDays = await adminOfA.call('GET', `/bo/agents/${top}/summary?from=2026-11-17&to=2026-11-23`);
    expect(week.body.value.figures).toEqual(sameDays.body.value.figures);
    expect((await adminOfA.call('GET', `/bo/agents/${top}/tree?preset=today`)).status).toBe(200);
    expect((await adminOfA.call('GET', `/bo/agents/${top}/tree?from=2026-11-17`)).body.code).toBe(
      'VALIDATION',
    );
  });
});

describe('the files of agents and their reports', () => {
  it('are CSV for Excel: UTF-8 with a byte order mark, a file name, private', async () => {
    const file = await download(adminOfA, `/bo/agents/${top}/overview.csv?from=2026-11-17&to=2026-11-23`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="agent-rep_top-overview-2026-11-17-2026-11-23.csv"',
    );
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.text.startsWith('\uFEFFDay,Valid bet,Team P&L,Deposits,Withdrawals\r\n')).toBe(true);
    const overview = (await adminOfA.call('GET', `/bo/agents/${top}/overview?from=2026-11-17&to=2026-11-23`))
      .body.value;
    expect(linesOf(file.text).slice(1)).toEqual(
      overview.days.map((day: Row) => [day.day, day.validBet, day.profitLoss, day.deposits, day.withdrawals]),
    );
  });

  it('hold every member of the P&L in the agent’s order, money as decimal strings and formulas neutralised', async () => {
    const members = (await adminOfA.call('GET', `/bo/agents/${top}/profit-loss/members`)).body.value;
    const file = await download(adminOfA, `/bo/agents/${top}/profit-loss/members.csv`);
    const [header, ...rows] = linesOf(
      file.text.replace(`"'${FORMULA_ACCOUNT.replaceAll('"', '""')}"`, 'FORMULA'),
    );
    expect(header).toEqual([
      'Account',
      'Member ID',
      'Type',
      'Level',
      'Bets',
      'Stake',
      'Valid bet',
      'Payout',
      'P&L',
    ]);
    expect(file.text).toContain(`"'=HYPERLINK(""x"",1)"`);
    expect(rows).toEqual(
      members.list.map((row: Row) => [
        row.account === FORMULA_ACCOUNT ? 'FORMULA' : row.account,
        row.memberId,
        row.type === 0 ? 'Player' : 'Sub-agent (2)',
        String(row.level),
        String(row.betCount),
        row.stake,
        row.validBet,
        row.payout,
        row.profitLoss,
      ]),
    );
    // A negative amount is a number, not a formula: it keeps its minus sign without an apostrophe.
    expect(rows.some((row) => row[8]?.startsWith('-'))).toBe(true);

    const types = (await adminOfA.call('GET', `/bo/agents/${top}/profit-loss/game-types`)).body.value;
    const typesFile = await download(adminOfA, `/bo/agents/${top}/profit-loss/game-types.csv`);
    expect(linesOf(typesFile.text)).toEqual([
      ['Game type', 'Bets', 'Stake', 'Valid bet', 'Payout', 'P&L'],
      ...types.list.map((row: Row) => [
        row.gameType,
        String(row.betCount),
        row.stake,
        row.validBet,
        row.payout,
        row.profitLoss,
      ]),
    ]);
  });

  it("hold an agent's downlines with their team figures, and the agents list", async () => {
    const tree = (await adminOfA.call('GET', `/bo/agents/${top}/tree?scope=all`)).body.value;
    const file = await download(adminOfA, `/bo/agents/${top}/tree.csv?scope=all`);
    const [header, ...rows] = linesOf(
      file.text.replace(`"'${FORMULA_ACCOUNT.replaceAll('"', '""')}"`, 'FORMULA'),
    );
    expect(header?.slice(0, 4)).toEqual(['Account', 'Member ID', 'Type', 'Level']);
    expect(rows.map((row) => row[1])).toEqual(tree.list.map((row: Row) => row.id));
    const subRow = rows.find((row) => row[1] === sub);
    const subFigures = tree.list.find((row: Row) => row.id === sub).figures;
    expect(subRow?.slice(8)).toEqual([
      String(subFigures.betCount),
      subFigures.stake,
      subFigures.validBet,
      subFigures.payout,
      subFigures.ggr,
    ]);
    expect(rows.find((row) => row[1] === subPlayer)?.slice(8)).toEqual(['', '', '', '', '']);

    const agentsFile = await download(adminOfA, '/bo/agents.csv?search=rep_');
    expect(agentsFile.headers['content-disposition']).toBe(`attachment; filename="agents-${merchantId}.csv"`);
    const agentRows = linesOf(agentsFile.text).slice(1);
    expect(agentRows.map((row) => row[0])).toEqual(['rep_rival', 'rep_sub', 'rep_top']);
    expect(agentRows.find((row) => row[0] === 'rep_sub')).toEqual([
      'rep_sub',
      sub,
      merchantId,
      'Sub-agent (2)',
      'rep_top',
      '',
      '1',
      'active',
      expect.any(String),
    ]);
  });

  it('are each audited with the report, the agent, the days and the rows', async () => {
    const { db } = testApp.database;
    const { row } = await expectOneAuditRow(
      db,
      () => download(adminOfA, `/bo/agents/${top}/profit-loss/members.csv?preset=past7Days`),
      { action: 'agent.report.export', target_type: 'member', target_id: top, merchant_id: merchantId },
    );
    expect(row.after).toMatchObject({
      report: 'members',
      from: '2026-11-17',
      to: '2026-11-23',
      memberId: null,
    });
    for (const path of [
      `/bo/agents/${top}/overview.csv`,
      `/bo/agents/${top}/profit-loss/game-types.csv`,
      `/bo/agents/${top}/tree.csv`,
      '/bo/agents.csv',
    ]) {
      await expectOneAuditRow(db, () => download(adminOfA, path), { action: 'agent.report.export' });
    }
    // Reading the reports on screen is not an export.
    const before = await auditCount(db);
    await adminOfA.call('GET', `/bo/agents/${top}/profit-loss/members`);
    expect(await auditCount(db)).toBe(before);
  });
});

describe('the rollup rebuild', () => {
  const listOf = async (client: BackOfficeClient) =>
    (await client.call('GET', '/bo/rollup-rebuilds')).body.value.list as Row[];

  it('needs settings.write to start and settings.read to follow, within the operator’s merchant', async () => {
    expect((await supportOfA.call('POST', '/bo/rollup-rebuilds', { scope: 'teams' })).body.code).toBe(
      'FORBIDDEN',
    );
    expect((await supportOfA.call('GET', '/bo/rollup-rebuilds')).body.code).toBe('FORBIDDEN');
    expect(
      (await adminOfB.call('POST', '/bo/rollup-rebuilds', { merchantId, scope: 'teams' })).body.code,
    ).toBe('FORBIDDEN');
    expect((await adminOfA.call('POST', '/bo/rollup-rebuilds', { scope: 'everything' })).body.code).toBe(
      'VALIDATION',
    );
    expect(await listOf(adminOfA)).toEqual([]);
  });

  it('starts one rebuild of a burst from two operators, audited, queued as a background job', async () => {
    const { db } = testApp.database;
    const before = await auditCount(db);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 === 0 ? adminOfA : secondAdminOfA).call('POST', '/bo/rollup-rebuilds', { scope: 'all' }),
      ),
    );
    const started = replies.filter((reply) => reply.status === 200);
    expect(started).toHaveLength(1);
    const rebuildId = started[0]?.body.value.id;
    for (const reply of replies.filter((candidate) => candidate.status !== 200)) {
      expect(reply.body).toMatchObject({ code: 'CONFLICT', value: { reason: 'running', rebuildId } });
    }
    expect(await auditCount(db)).toBe(before + 1);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'agent.rollups.rebuild', target_id: merchantId });
    const queued = await sql<{ count: number }>`
      select count(*)::int as count from pgboss.job
      where name = 'agents.rollup-rebuild' and data->>'rebuildId' = ${rebuildId}`.execute(db);
    expect(queued.rows[0]?.count).toBe(1);
    expect(await listOf(adminOfA)).toMatchObject([{ id: rebuildId, status: 'queued', scope: 'all' }]);
  });

  it('repairs broken member and team rollups, day by day, and shows how it ended', async () => {
    const { db } = testApp.database;
    const [queued] = await listOf(adminOfA);
    // Break both: a member rollup row off by a bet, and a team rollup day gone.
    await sql`update member_bet_days set bet_count = bet_count + 5 where member_id = ${subPlayer}`.execute(
      db,
    );
    await sql`delete from team_bet_days where agent_id = ${top}`.execute(db);
    expect(await storedTeamDays(db, merchantId)).not.toEqual(await recomputedTeamDays(db, merchantId));

    await rebuildJob().handle(
      { rebuildId: queued?.id },
      { jobId: 'test', retryCount: 0, signal: new AbortController().signal },
    );

    const [done] = await listOf(adminOfA);
    expect(done).toMatchObject({
      id: queued?.id,
      status: 'done',
      phase: 'teams',
      error: null,
      isStale: false,
    });
    expect(done?.daysTotal).toBeGreaterThan(0);
    expect(done?.daysDone).toBe(done?.daysTotal);
    expect(done?.startedAt).toBe(new Date(nowMs).toISOString());
    expect(done?.finishedAt).toBe(new Date(nowMs).toISOString());
    expect(await storedTeamDays(db, merchantId)).toEqual(await recomputedTeamDays(db, merchantId));
    const wrong = await sql<{ count: number }>`
      select count(*)::int as count from member_bet_days d
      where d.merchant_id = ${merchantId} and d.bet_count <> (
        select count(*) from game_rounds r
        where r.member_id = d.member_id and r.settled_day = d.day and r.game_type = d.game_type
          and coalesce(r.upline_id, '') = d.upline_id and r.status in ('settled', 'resettled'))`.execute(db);
    expect(wrong.rows[0]?.count).toBe(0);
    const agentAfter = (await topClient.call('GET', '/wps/agent/overview')).body.value;
    expect(Number(agentAfter.validBet)).toBeGreaterThan(0);
    expect((await adminOfA.call('GET', `/bo/agents/${top}/overview`)).body.value).toEqual(agentAfter);

    // A job handed out again finds its rebuild over and does nothing.
    await rebuildJob().handle(
      { rebuildId: queued?.id },
      { jobId: 'again', retryCount: 0, signal: new AbortController().signal },
    );
    expect((await listOf(adminOfA))[0]).toMatchObject({ id: queued?.id, status: 'done' });
  });

  it('ends a rebuild whose process went away, so that another can start', async () => {
    const { db } = testApp.database;
    const started = await adminOfA.call('POST', '/bo/rollup-rebuilds', { scope: 'teams' });
    expect(started.status).toBe(200);
    const blocked = await adminOfA.call('POST', '/bo/rollup-rebuilds', { scope: 'teams' });
    expect(blocked.body.code).toBe('CONFLICT');
    // Taken by a worker that then stopped: no sign of life for 21 minutes.
    await db
      .updateTable('rollup_rebuilds')
      .set({
        status: 'running',
        started_at: new Date(nowMs - 25 * 60_000),
        progressed_at: new Date(nowMs - 21 * 60_000),
      })
      .where('id', '=', started.body.value.id)
      .execute();
    expect((await listOf(adminOfA))[0]).toMatchObject({ id: started.body.value.id, isStale: true });
    const next = await adminOfA.call('POST', '/bo/rollup-rebuilds', { scope: 'teams' });
    expect(next.status).toBe(200);
    const [latest, abandoned] = await listOf(adminOfA);
    expect(latest).toMatchObject({ id: next.body.value.id, status: 'queued' });
    expect(abandoned).toMatchObject({ id: started.body.value.id, status: 'failed', isStale: false });
    expect(abandoned?.error).toMatch(/no progress/);
  });

  it('records a failure with its cause', async () => {
    const [queued] = await listOf(adminOfA);
    const { db } = testApp.database;
    // The merchant's rows go away under the rebuild: its team rollup days cannot be read.
    await sql`alter table team_bet_days rename to team_bet_days_away`.execute(db);
    try {
      await expect(
        rebuildJob().handle(
          { rebuildId: queued?.id },
          { jobId: 'fails', retryCount: 0, signal: new AbortController().signal },
        ),
      ).rejects.toThrow();
    } finally {
      await sql`alter table team_bet_days_away rename to team_bet_days`.execute(db);
    }
    const [failed] = await listOf(adminOfA);
    expect(failed).toMatchObject({
      id: queued?.id,
      status: 'failed',
      finishedAt: new Date(nowMs).toISOString(),
    });
    expect(failed?.error).toMatch(/team_bet_days/);
    expect((await adminOfA.call('POST', '/bo/rollup-rebuilds', { scope: 'teams' })).status).toBe(200);
  });
});
