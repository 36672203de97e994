/**
 * How fast an agent's team reports answer over HTTP for a team of 100,000 members and 10 million
 * bets over 30 days, against the same figures by one hand-written SQL query each, by pgbench.
 *
 * Needs DATABASE_URL (a PostgreSQL server) and pgbench, from Debian's postgresql-client package.
 * The data (generate.ts) is one merchant with a five-level team under one top agent and
 * BENCH_BETS bets over 30 days as member rollups, a sample of real rounds, deposits and
 * withdrawals, and team_bet_days rebuilt by the real full rebuild; it is generated once into a
 * template database named by the generator's version, the sizes and the migrations, and each run
 * copies it into a database of its own (dropped at the end), so a second run starts in seconds.
 *
 * The app runs in a child process (buildApp with every production hook) on that copy, with a
 * session for the top agent and one for a mid-level agent (level 2: about 1 % of the team below
 * it). Two loads then run in alternating rounds:
 *
 *   ours      autocannon, BENCH_CONNECTIONS connections, each cycling through four requests over
 *             the 30 days: GET /wps/agent/overview and the first page (50 rows) of
 *             GET /wps/agent/profit-loss?by=member, for each of the two agents.
 *   baseline  pgbench with as many clients (-M prepared), each transaction one of four scripts, the
 *             same four reports as one hand-written SQL statement each over the same rollups;
 *             every transaction's latency logged (-l), its 99th percentile taken.
 *
 * Before the loads, each report's figures over HTTP must equal the baseline statement's. After
 * them, a full rebuild of team_bet_days (the repair path) is timed. The last line reads:
 *   RESULT agent-reports p99_ms=<ours> baseline_p99_ms=<pgbench> ratio=<baseline/ours> rebuild_s=<s>
 * where both p99 are the median of the rounds' 99th percentiles. Targets: p99 at most 250 ms,
 * ratio at least 0.5.
 *
 * Settings through the environment: BENCH_BETS (10,000,000), BENCH_TEAM_SIZE (100,000 members
 * below the top agent), BENCH_ROUNDS (3), BENCH_DURATION_S (10, per load and round),
 * BENCH_WARMUP_S (3), BENCH_CONNECTIONS (8), BENCH_TIMEOUT_S (60, autocannon's wait for one answer),
 * PGBENCH, PGBENCH_MODE (prepared).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { formatAmount } from '../../packages/money/src/amount.ts';
import { query, runAdminQuery } from '../support/database.ts';
import { findPgbench, PGBENCH_MODE, runPgbench } from '../support/pgbench.ts';
import { forkServer, portOf, productionConfig, stopChild } from '../support/server.ts';
import { LOOPBACK, median, readBoundedInteger } from '../support/settings.ts';
import { describeTeam, ensureTemplate, rebuildTeamRollups, type Team } from './generate.ts';

const BETS = readBoundedInteger('BENCH_BETS', 10_000_000, 1_000, 1_000_000_000);
const TEAM_SIZE = readBoundedInteger('BENCH_TEAM_SIZE', 100_000, 1_000, 10_000_000);
const ROUNDS = readBoundedInteger('BENCH_ROUNDS', 3, 1, 20);
const DURATION_S = readBoundedInteger('BENCH_DURATION_S', 10, 1, 300);
const WARMUP_S = readBoundedInteger('BENCH_WARMUP_S', 3, 0, 60);
const CONNECTIONS = readBoundedInteger('BENCH_CONNECTIONS', 8, 1, 100);
const TIMEOUT_S = readBoundedInteger('BENCH_TIMEOUT_S', 60, 1, 600);
const PAGE_SIZE = 50;
const START_TIMEOUT_MS = 180_000;
const CHILD_DATABASE_ENV = 'BENCH_AGENT_REPORTS_DATABASE_URL';
const CHILD_AGENTS_ENV = 'BENCH_AGENT_REPORTS_AGENTS';

type ReadyMessage = { port: number; tokens: string[] };

/** In the child: the app on the run's database, with a session for each agent; tells the parent. */
async function serve(): Promise<void> {
  const connectionString = process.env[CHILD_DATABASE_ENV];
  const agentIds = (process.env[CHILD_AGENTS_ENV] ?? '').split(',').filter(Boolean);
  if (!connectionString) throw new Error(`agent-reports: the server child needs ${CHILD_DATABASE_ENV}`);
  const database = await openDatabase({ kind: 'postgres', connectionString });
  const app = await buildApp({ config: productionConfig(), database });
  process.on('SIGTERM', () => {
    void (async () => {
      await app.close();
      await database.close();
      process.exit(0);
    })();
  });
  const tokens: string[] = [];
  for (const agentId of agentIds) {
    const member = await app.members.findById(agentId);
    if (!member) throw new Error(`agent-reports: agent ${agentId} is missing`);
    const { token } = await app.members.startSession({
      member,
      policy: { idleMinutes: 240, absoluteMinutes: 720 },
      method: 'username',
      agentPage: true,
      passwordChangeRequired: false,
      ip: LOOPBACK,
      country: null,
      userAgent: 'bench/agent-reports',
    });
    tokens.push(token);
  }
  await app.listen({ host: LOOPBACK, port: 0 });
  process.send?.({ port: portOf(app.server), tokens } satisfies ReadyMessage);
}

/** One report of one agent: its URL for ours, its statement for the baseline. */
type Report = { name: string; agentId: string; path: string; token: string; statement: string };

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The overview by hand, one statement: the team (member_tree below the agent), its sign-ups, its
 * active members (member rollups whose upline is the agent or below it), its first deposits,
 * deposits and withdrawals, and the team rollups' sums, per day and in all.
 */
function overviewStatement(agentId: string, team: Team, timeZone: string): string {
  const agent = literal(agentId);
  const start = `(${literal(team.from)}::date::timestamp at time zone ${literal(timeZone)})`;
  const end = `((${literal(team.to)}::date + 1)::timestamp at time zone ${literal(timeZone)})`;
  const days = `day between ${literal(team.from)}::date and ${literal(team.to)}::date`;
  return `with team as (
  select descendant_id as member_id from member_tree where ancestor_id = ${agent} and depth > 0
), uplines as (
  select descendant_id as upline_id from member_tree where ancestor_id = ${agent}
), bets as (
  select day, sum(valid_bet_minor) as valid_bet_minor, sum(win_minor) - sum(stake_minor) as pl_minor
  from team_bet_days where agent_id = ${agent} and ${days} group by day
), money as (
  select (d.credited_at at time zone ${literal(timeZone)})::date as day, d.amount_minor as deposit_minor, 0 as withdrawal_minor
  from team join deposits d on d.member_id = team.member_id
  where d.status = 'credited' and d.credited_at >= ${start} and d.credited_at < ${end}
  union all
  select (w.paid_at at time zone ${literal(timeZone)})::date, 0, w.amount_minor
  from team join withdrawals w on w.member_id = team.member_id
  where w.status = 'paid' and w.paid_at >= ${start} and w.paid_at < ${end}
), money_days as (
  select day, count(*) filter (where deposit_minor > 0) as deposits, sum(deposit_minor) as deposit_minor,
         count(*) filter (where withdrawal_minor > 0) as withdrawals, sum(withdrawal_minor) as withdrawal_minor
  from money group by day
), firsts as (
  select distinct on (d.member_id) d.amount_minor, d.credited_at
  from team join deposits d on d.member_id = team.member_id
  where d.status = 'credited' order by d.member_id, d.credited_at, d.id
)
select
  (select count(*) from team) as team_size,
  (select count(*) from team join members m on m.id = team.member_id
    where m.created_at >= ${start} and m.created_at < ${end}) as new_members,
  (select count(distinct r.member_id) from member_bet_days r join uplines u on u.upline_id = r.upline_id
    where r.${days} and r.bet_count > 0) as active_members,
  (select count(*) from firsts where credited_at >= ${start} and credited_at < ${end}) as first_deposits,
  (select coalesce(sum(amount_minor), 0) from firsts where credited_at >= ${start} and credited_at < ${end})
    as first_deposit_minor,
  (select coalesce(sum(deposits), 0) from money_days) as deposits,
  (select coalesce(sum(deposit_minor), 0) from money_days) as deposit_minor,
  (select coalesce(sum(withdrawals), 0) from money_days) as withdrawals,
  (select coalesce(sum(withdrawal_minor), 0) from money_days) as withdrawal_minor,
  (select coalesce(sum(valid_bet_minor), 0) from bets) as valid_bet_minor,
  (select coalesce(sum(pl_minor), 0) from bets) as pl_minor,
  (select json_agg(json_build_object('day', day, 'validBet', coalesce(b.valid_bet_minor, 0), 'profitLoss',
      coalesce(b.pl_minor, 0), 'deposits', coalesce(m.deposit_minor, 0), 'withdrawals', coalesce(m.withdrawal_minor, 0))
      order by day)
    from bets b full join money_days m using (day)) as days`;
}

/**
 * The first page of P&L by member by hand, one statement: the member rollups whose upline is the
 * agent or below it, summed per member, the members who won most from the house first, with the
 * list's count and sums, then the page's accounts and levels.
 */
function profitLossStatement(agentId: string, team: Team): string {
  const agent = literal(agentId);
  return `with figures as (
  select r.member_id, sum(r.bet_count) as bet_count, sum(r.stake_minor) as stake_minor,
         sum(r.valid_bet_minor) as valid_bet_minor, sum(r.win_minor) as win_minor
  from member_tree u join member_bet_days r on r.upline_id = u.descendant_id
  where u.ancestor_id = ${agent} and r.day between ${literal(team.from)}::date and ${literal(team.to)}::date
    and r.bet_count > 0
  group by r.member_id
), page as (
  select f.*, count(*) over () as total, sum(f.stake_minor) over () as total_stake_minor,
         sum(f.win_minor) over () as total_win_minor
  from figures f order by f.stake_minor - f.win_minor, f.member_id limit ${PAGE_SIZE}
)
select p.member_id, m.account, m.type, t.depth, p.bet_count, p.stake_minor, p.valid_bet_minor, p.win_minor,
       p.total, p.total_stake_minor, p.total_win_minor
from page p join members m on m.id = p.member_id
left join member_tree t on t.ancestor_id = ${agent} and t.descendant_id = p.member_id
order by p.stake_minor - p.win_minor, p.member_id`;
}

type Envelope<T> = { success: boolean; code?: string; value: T };
type OverviewBody = {
  teamSize: number;
  newMembers: number;
  activeMembers: number;
  firstDeposits: { count: number; amount: string };
  deposits: { count: number; amount: string };
  withdrawals: { count: number; amount: string };
  validBet: string;
  teamProfitLoss: string;
  days: unknown[];
};
type ProfitLossBody = { members: { memberId: string; profitLoss: string }[]; total: number };

const money = (minor: string | number | bigint) => formatAmount(BigInt(minor));

/** Each report's figures over HTTP must be the baseline statement's. */
async function checkFigures(baseUrl: string, connectionString: string, reports: Report[]): Promise<void> {
  for (const report of reports) {
    const answer = await fetch(`${baseUrl}${report.path}`, {
      headers: { authorization: `Bearer ${report.token}` },
    });
    const body = (await answer.json()) as Envelope<OverviewBody & ProfitLossBody>;
    if (answer.status !== 200 || !body.success) {
      throw new Error(`${report.name} answered ${answer.status}: ${JSON.stringify(body).slice(0, 500)}`);
    }
    const rows = await query<Record<string, string | number>>(connectionString, report.statement);
    const http = body.value;
    let ours: unknown;
    let theirs: unknown;
    if (report.name.startsWith('overview')) {
      const row = rows[0] ?? {};
      ours = [
        http.teamSize,
        http.newMembers,
        http.activeMembers,
        http.firstDeposits.count,
        http.firstDeposits.amount,
        http.deposits.count,
        http.deposits.amount,
        http.withdrawals.count,
        http.withdrawals.amount,
        http.validBet,
        http.teamProfitLoss,
      ];
      theirs = [
        Number(row.team_size),
        Number(row.new_members),
        Number(row.active_members),
        Number(row.first_deposits),
        money(row.first_deposit_minor ?? 0),
        Number(row.deposits),
        money(row.deposit_minor ?? 0),
        Number(row.withdrawals),
        money(row.withdrawal_minor ?? 0),
        money(row.valid_bet_minor ?? 0),
        money(row.pl_minor ?? 0),
      ];
      console.log(
        `  ${report.name}: team ${http.teamSize}, active ${http.activeMembers}, valid bet ${http.validBet}, P&L ${http.teamProfitLoss}, ${http.days.length} days`,
      );
    } else {
      ours = [http.total, http.members.map((row) => [row.memberId, row.profitLoss])];
      theirs = [
        Number(rows[0]?.total ?? 0),
        rows.map((row) => [row.member_id, money(BigInt(row.win_minor ?? 0) - BigInt(row.stake_minor ?? 0))]),
      ];
      console.log(`  ${report.name}: ${http.total} members with bets, first page of ${http.members.length}`);
    }
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
      throw new Error(
        `${report.name}: HTTP and the baseline statement differ:\n  ours     ${JSON.stringify(ours).slice(0, 800)}\n  baseline ${JSON.stringify(theirs).slice(0, 800)}`,
      );
    }
  }
}

/** One autocannon run, every connection cycling through the reports; every answer must be a 2xx. */
async function loadOurs(baseUrl: string, reports: Report[], durationS: number): Promise<autocannon.Result> {
  const host = new URL(baseUrl).host;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: durationS,
    timeout: TIMEOUT_S,
    pipelining: 1,
    requests: reports.map((report) => ({
      method: 'GET' as const,
      path: report.path,
      headers: { host, authorization: `Bearer ${report.token}` },
    })),
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(
      `ours: ${failed} of ${result['2xx'] + failed} requests failed (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  return result;
}

/** One pgbench run over the four statements with every transaction's latency logged; answers its p99. */
async function loadBaseline(
  pgbench: string,
  connectionString: string,
  files: string[],
  directory: string,
  durationS: number,
): Promise<{ transactions: number; p99Ms: number }> {
  const logDirectory = mkdtempSync(path.join(directory, 'log-'));
  try {
    const transactions = await runPgbench({
      pgbench,
      connectionString,
      clients: CONNECTIONS,
      durationS,
      mode: PGBENCH_MODE,
      scriptArgs: [
        ...files.flatMap((file) => ['-f', file]),
        '-l',
        '--log-prefix',
        path.join(logDirectory, 'tx'),
      ],
    });
    // Each line: client, transaction number, latency in µs, script, epoch, µs.
    const latencies: number[] = [];
    for (const name of readdirSync(logDirectory)) {
      for (const line of readFileSync(path.join(logDirectory, name), 'utf8').split('\n')) {
        const latency = Number(line.split(' ')[2]);
        if (line && Number.isFinite(latency)) latencies.push(latency / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    const p99Ms =
      latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? Number.NaN;
    return { transactions, p99Ms: Math.round(p99Ms) };
  } finally {
    rmSync(logDirectory, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('agent-reports: set DATABASE_URL to a PostgreSQL server');
  const pgbench = findPgbench();
  console.log(
    `agent-reports: ${TEAM_SIZE} members below the top agent, ${BETS} bets over 30 days; ${CONNECTIONS} connections, ${WARMUP_S} s warm-up, ${ROUNDS} rounds of ${DURATION_S} s per load; baseline pgbench -c ${CONNECTIONS} -M ${PGBENCH_MODE}`,
  );
  const template = await ensureTemplate(serverUrl, TEAM_SIZE, BETS, console.log);
  const name = `panalo_bench_ar_run_${process.pid}_${Date.now().toString(36)}`;
  const copyStarted = performance.now();
  await runAdminQuery(serverUrl, `create database ${name} template ${template}`);
  console.log(`  copied the template in ${((performance.now() - copyStarted) / 1000).toFixed(1)} s`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connectionString = url.toString();
  const directory = mkdtempSync(path.join(tmpdir(), 'panalo-bench-agent-reports-'));
  let child: ChildProcess | undefined;
  try {
    const team = await describeTeam(connectionString, TEAM_SIZE);
    const [merchant] = await query<{ time_zone: string }>(
      connectionString,
      'select time_zone from merchants where id = $1',
      [team.merchantId],
    );
    const timeZone = merchant?.time_zone as string;
    console.log(
      `  ${team.bets} bets in ${team.memberBetDays} member rollup rows from ${team.from} to ${team.to}; top agent's team ${team.topTeamSize}, mid-level agent's ${team.midTeamSize}`,
    );

    const started = await forkServer<ReadyMessage>(import.meta.filename, ['--serve'], {
      label: 'the server',
      timeoutMs: START_TIMEOUT_MS,
      env: {
        ...process.env,
        [CHILD_DATABASE_ENV]: connectionString,
        [CHILD_AGENTS_ENV]: `${team.topAgentId},${team.midAgentId}`,
      },
    });
    child = started.child;
    const baseUrl = `http://${LOOPBACK}:${started.ready.port}`;
    const range = `from=${team.from}&to=${team.to}`;
    const reports: Report[] = [];
    for (const [index, [label, agentId]] of [
      ['top', team.topAgentId],
      ['mid', team.midAgentId],
    ].entries()) {
      const token = started.ready.tokens[index] as string;
      reports.push({
        name: `overview (${label})`,
        agentId: agentId as string,
        token,
        path: `/wps/agent/overview?${range}`,
        statement: overviewStatement(agentId as string, team, timeZone),
      });
      reports.push({
        name: `profit-loss by member (${label})`,
        agentId: agentId as string,
        token,
        path: `/wps/agent/profit-loss?by=member&${range}&pageNo=1&pageSize=${PAGE_SIZE}`,
        statement: profitLossStatement(agentId as string, team),
      });
    }
    await checkFigures(baseUrl, connectionString, reports);
    const files = reports.map((report, index) => {
      const file = path.join(directory, `report-${index}.sql`);
      writeFileSync(file, `${report.statement.replaceAll('\n', ' ')};\n`);
      return file;
    });

    if (WARMUP_S > 0) {
      await loadOurs(baseUrl, reports, WARMUP_S);
      await loadBaseline(pgbench, connectionString, files, directory, WARMUP_S);
    }
    const oursP99: number[] = [];
    const baselineP99: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`round ${round} of ${ROUNDS}`);
      const order = round % 2 === 1 ? (['baseline', 'ours'] as const) : (['ours', 'baseline'] as const);
      for (const load of order) {
        if (load === 'ours') {
          const result = await loadOurs(baseUrl, reports, DURATION_S);
          oursP99.push(result.latency.p99);
          console.log(
            `  ours      ${(result['2xx'] / DURATION_S).toFixed(1).padStart(7)} requests/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
          );
        } else {
          const result = await loadBaseline(pgbench, connectionString, files, directory, DURATION_S);
          baselineP99.push(result.p99Ms);
          console.log(
            `  baseline  ${(result.transactions / DURATION_S).toFixed(1).padStart(7)} statements/s, latency p99 ${result.p99Ms} ms`,
          );
        }
      }
    }
    await stopChild(child);
    child = undefined;

    // The repair path: every day of every merchant's team rollups rebuilt.
    const rebuilt = await rebuildTeamRollups(connectionString);
    const rebuildS = rebuilt.seconds;
    console.log(
      `  full rebuild of team_bet_days: ${rebuilt.rows} rows over ${rebuilt.days} days in ${rebuildS.toFixed(1)} s`,
    );

    const p99 = median(oursP99);
    const baselineP99Ms = median(baselineP99);
    console.log(
      `RESULT agent-reports p99_ms=${p99} baseline_p99_ms=${baselineP99Ms} ratio=${(baselineP99Ms / p99).toFixed(3)} rebuild_s=${rebuildS.toFixed(1)}`,
    );
  } finally {
    if (child) await stopChild(child);
    rmSync(directory, { recursive: true, force: true });
    await runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else {
  await main();
}
