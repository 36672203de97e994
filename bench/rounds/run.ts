/**
 * How much of PostgreSQL's own rate for one round's writes a complete dice round over HTTP keeps.
 *
 * Needs DATABASE_URL (a PostgreSQL server; the bench makes its own database with a random name and
 * drops it afterwards) and pgbench, from Debian's postgresql-client package.
 *
 * The app runs in a child process (buildApp with every hook the production app has) on that
 * database, migrated and seeded as a deployment is: the demo merchant, our own games' vendor and
 * catalogue, and 1,000 members, each funded through the wallet service, logged in (a session of
 * their own), with a dice game launched (GET /wps/game/launchGame) and its table opened
 * (POST /wps/game/house/open) with the launch token, as the game client does. Two loads then run
 * against the same database in alternating rounds, so that other load on a shared machine weighs
 * on both alike:
 *
 *   ours     autocannon, 20 connections, each request a dice bet (POST /wps/game/house/bet,
 *            ₱1.00 under 50.00) of a random one of the 1,000 players with a fresh request id:
 *            the round is recorded, its stake taken, drawn, its win paid and answered.
 *   ceiling  pgbench with 20 clients (-j 2, -M prepared) running one round's minimal writes in
 *            one transaction: the guarded update of a random player's cash account, the update of
 *            a random house shard, two inserts into ledger_transfers (the stake and the win) and
 *            one insert into game_rounds, on the very tables the app writes.
 *
 * Every bet must answer 2xx; afterwards the ledger must be sound (every balance the sum of its
 * transfers, the sum over all accounts zero), every answered bet a settled round with its stake
 * (and, when it won, its win) in the ledger, and no other round of ours than those answered and the
 * few cut off when a load's time ran out (at most one per connection). The last line reads:
 *   RESULT rounds rounds_per_s=<ours> ceiling_per_s=<pgbench> p99_ms=<ours> ratio=<ours/pgbench>
 * where rounds_per_s is answered bets over the total measured time and p99_ms the median of the
 * rounds' 99th percentile latencies. Targets: ratio at least 0.4, p99 at most 50 ms.
 *
 * Figures on the 2-core development machine (defaults, other work on it kept to a minimum):
 *   before  rounds_per_s=168 ceiling_per_s=1624 p99_ms=202 ratio=0.104  (24.5 statements and about
 *           5 commits per bet: the round recorded, staked, paid and closed in separate steps)
 *   after   rounds_per_s=319 ceiling_per_s=1615 p99_ms=145 ratio=0.198  (10.5 statements, 1 commit:
 *           a one-step round drawn, staked, paid and recorded in one transaction; the in-house
 *           vendor and opened launch tokens remembered per process)
 * Both still short of the targets. On this virtual machine each round trip to PostgreSQL cost far
 * more than the statement itself (a socket write was about a third of the server's CPU), so a bet
 * is now one statement: house_play_one_step (migration 0083) checks the launch token's session and
 * member, the game's limits (a game and a seed pair are remembered per process and checked there)
 * and the member's responsible-gaming settings, and takes the nonce, stake and win and records the
 * round; rounds that arrive while their lane's statement is out (four lanes by house shard) go
 * together in one statement and one commit (house_play_rounds, migration 0084).
 * Measured only with other work on the machine (load average 15 to 45 on 2 cores):
 *   now     rounds_per_s=526 ceiling_per_s=1343 p99_ms=141 ratio=0.392  (load 11 to 12; the
 *           ten-statement version gave ratio 0.12 at a load of 12)
 *           rounds_per_s=188 ceiling_per_s=648 p99_ms=275 ratio=0.290  (load 17 to 22)
 *   A/B     at a load of about 40, back to back (BENCH_ROUNDS=2 BENCH_DURATION_S=4): ratio 0.156
 *           and 0.228 with batches (then one queue, four out at a time), 0.140 and 0.128 with one
 *           statement a round
 * The targets are not shown yet. In a CPU profile of the server over the load, the socket write of
 * each statement to PostgreSQL took 45 % of its time with one statement a round and under 2 % with
 * batches, and the server was then idle three quarters of the time: what is left is the database's
 * share of a crowded CPU (a few connections of ours beside pgbench's 20) and its row locks on the 16
 * house shards. A run on a quiet machine is the next figure to take.
 *
 * With the bet record (migrations 0130 and 0131), every settled round also adds itself to the member
 * rollups (one upsert into member_bet_days and one into member_bet_months, by a trigger on
 * game_rounds), and the one-step function writes the round's game type, upline and merchant day;
 * the ceiling's insert into game_rounds fires the same trigger, as any write of a round does. The
 * audit checks the rollups against the sums of the bets. Taken alternately with the build before
 * it, BENCH_ROUNDS=1, on the shared 2-core machine at a load average of 10 to 18:
 *   before  ratio=0.308 p99_ms=280, 0.247/268, 0.465/135, 0.245/443, and quieter 0.516/75
 *   after   ratio=0.491 p99_ms=265, 0.411/241, 0.191/593, and quieter 0.593/74
 * The spread within each set is larger than any difference between them; neither meets p99 50 ms
 * on this machine under that load (the quieter pair: 666 and 640 rounds/s).
 *
 * Settings through the environment: BENCH_ROUNDS (3), BENCH_DURATION_S (5, per load and round),
 * BENCH_WARMUP_S (3), BENCH_CONNECTIONS (20), PGBENCH (pgbench on the PATH, else /usr/bin/pgbench),
 * PGBENCH_MODE (prepared; or extended, or simple).
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { HOUSE_SHARD_COUNT } from '../../apps/server/src/modules/wallet/wallet.service.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { DEMO_MERCHANT_CODE } from '../../apps/server/src/seed/demo-merchant.ts';
import { seedDemoInHouseVendor } from '../../apps/server/src/seed/demo-vendors.ts';
import { createBenchDatabase, migrateAndSeed, query } from '../support/database.ts';
import { FUNDED_CURRENCY, FUNDED_PLAYERS, FUNDING_MINOR } from '../support/funded-players.ts';
import { findPgbench, PGBENCH_MODE, runPgbench } from '../support/pgbench.ts';
import { forkServer, portOf, productionConfig, stopChild } from '../support/server.ts';
import { LOOPBACK, median, readBoundedInteger } from '../support/settings.ts';

const ROUNDS = readBoundedInteger('BENCH_ROUNDS', 3, 1, 20);
const DURATION_S = readBoundedInteger('BENCH_DURATION_S', 5, 1, 120);
const WARMUP_S = readBoundedInteger('BENCH_WARMUP_S', 3, 0, 60);
const CONNECTIONS = readBoundedInteger('BENCH_CONNECTIONS', 20, 1, 100);
/** The bet: ₱1.00 on a roll under 50.00, which pays 1.98 times the stake (GAMES.md, dice). */
const STAKE = '1.00';
const STAKE_MINOR = 100;
const WIN_MINOR = 198;
const BET_PATH = '/wps/game/house/bet';
const START_TIMEOUT_MS = 180_000;
/** The environment variable that hands the bench database to the server child. */
const CHILD_DATABASE_ENV = 'BENCH_ROUNDS_DATABASE_URL';

/** A player of the bench: number n (1 to FUNDED_PLAYERS, as pgbench's random(1, 1000) counts). */
type Player = { n: number; memberId: string; sessionToken: string };
type ReadyMessage = { port: number; merchantId: string; gameId: string; vendorId: string; players: Player[] };

/**
 * Ids pgbench can spell from a player's number: members get UUID-shaped ids ending in the
 * number, their accounts `rb-cash-<n>` and `rb-bonus-<n>`, the game house shards
 * `rb-house-game-<shard>`. The wallet service finds these rows by owner, purpose and shard like
 * any other.
 */
const memberIdOf = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const MEMBER_ID_SQL = (variable: string) => `'00000000-0000-7000-8000-' || lpad(${variable}::text, 12, '0')`;

/** Runs `work` for every item with `concurrency` callers at a time. */
async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await work(item);
      }
    }),
  );
}

/** In the child: the app on the bench database with its merchant, game and players; tells the parent. */
async function serve(): Promise<void> {
  const connectionString = process.env[CHILD_DATABASE_ENV];
  if (!connectionString) throw new Error(`rounds: the server child needs ${CHILD_DATABASE_ENV}`);
  const database = await openDatabase({ kind: 'postgres', connectionString });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  process.on('SIGTERM', () => {
    void (async () => {
      await app?.close();
      await database.close();
      process.exit(0);
    })();
  });
  const { db } = database;
  await migrateAndSeed(database);
  const built = await buildApp({ config: productionConfig(), database });
  app = built;
  await seedDemoInHouseVendor(db, built.games);

  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'currency'])
    .where('code', '=', DEMO_MERCHANT_CODE)
    .executeTakeFirstOrThrow();
  if (merchant.currency !== FUNDED_CURRENCY)
    throw new Error(`rounds: the demo merchant pays in ${merchant.currency}`);
  const game = await db
    .selectFrom('games')
    .select(['id', 'vendor_id'])
    .where('merchant_id', '=', merchant.id)
    .where('node_id', '=', 'INHOUSE_dice')
    .executeTakeFirstOrThrow();

  // Members and their accounts in bulk; the game house shards too, so that pgbench can name them.
  const numbers = Array.from({ length: FUNDED_PLAYERS }, (_, index) => index + 1);
  await sql`
    insert into members (id, merchant_id, account, account_key, referral_code)
    select ${sql.lit('00000000-0000-7000-8000-')} || lpad(n::text, 12, '0'), ${merchant.id},
      'rb' || n, 'rb' || n, 'RB' || n
    from unnest(${numbers}::int[]) as n`.execute(db);
  await sql`
    insert into ledger_accounts (id, merchant_id, kind, owner_id, currency)
    select 'rb-' || wallet || '-' || n, ${merchant.id}, 'player_' || wallet,
      ${sql.lit('00000000-0000-7000-8000-')} || lpad(n::text, 12, '0'), ${FUNDED_CURRENCY}
    from unnest(${numbers}::int[]) as n, unnest(array['cash', 'bonus']) as wallet`.execute(db);
  await sql`
    insert into ledger_accounts (id, merchant_id, kind, purpose, shard, currency)
    select 'rb-house-game-' || shard, ${merchant.id}, 'house', 'game', shard, ${FUNDED_CURRENCY}
    from generate_series(0, ${HOUSE_SHARD_COUNT - 1}::int) as shard`.execute(db);

  // Money comes in as deposits through the wallet service; each player logs in once.
  const players: Player[] = [];
  await forEachConcurrently(numbers, CONNECTIONS, async (n) => {
    const memberId = memberIdOf(n);
    await built.wallet.transfer({
      merchantId: merchant.id,
      currency: FUNDED_CURRENCY,
      key: `rb-fund-${n}`,
      code: 'deposit',
      from: { house: 'deposit:bench', shardKey: memberId },
      to: { memberId, wallet: 'cash' },
      amountMinor: FUNDING_MINOR,
    });
    const member = await built.members.findById(memberId);
    if (!member) throw new Error(`rounds: member ${n} is missing`);
    const { token } = await built.members.startSession({
      member,
      policy: { idleMinutes: 240, absoluteMinutes: 720 },
      method: 'username',
      agentPage: false,
      passwordChangeRequired: false,
      ip: LOOPBACK,
      country: null,
      userAgent: 'bench/rounds',
    });
    players.push({ n, memberId, sessionToken: token });
  });
  for (const table of ['members', 'member_sessions', 'ledger_accounts', 'ledger_transfers']) {
    await sql`analyze ${sql.table(table)}`.execute(db);
  }

  await built.listen({ host: LOOPBACK, port: 0 });
  process.send?.({
    port: portOf(built.server),
    merchantId: merchant.id,
    gameId: game.id,
    vendorId: game.vendor_id,
    players: players.sort((left, right) => left.n - right.n),
  } satisfies ReadyMessage);
}

/** In the parent: starts the server child and waits until it is ready. */
function startServer(connectionString: string): Promise<{ child: ChildProcess; ready: ReadyMessage }> {
  return forkServer<ReadyMessage>(import.meta.filename, ['--serve'], {
    label: 'the server',
    timeoutMs: START_TIMEOUT_MS,
    env: { ...process.env, [CHILD_DATABASE_ENV]: connectionString },
  });
}

type Envelope<T> = { success: boolean; code?: string; value: T };

/** Each player launches dice and opens its table as the game client does; answers the game tokens. */
async function openTables(baseUrl: string, players: Player[]): Promise<string[]> {
  const tokens: string[] = new Array(players.length);
  await forEachConcurrently(players, CONNECTIONS, async (player) => {
    const launched = await fetch(`${baseUrl}/wps/game/launchGame?nodeId=INHOUSE_dice&mode=real`, {
      headers: { authorization: `Bearer ${player.sessionToken}` },
    });
    const launch = (await launched.json()) as Envelope<{ url: string }>;
    if (launched.status !== 200 || !launch.success) {
      throw new Error(`launch of player ${player.n} answered ${launched.status}: ${JSON.stringify(launch)}`);
    }
    // The launch token travels in the URL's fragment, which no server or log sees.
    const launchUrl = new URL(launch.value.url, baseUrl);
    const token = new URLSearchParams(launchUrl.hash.slice(1)).get('token');
    if (!token) throw new Error(`launch of player ${player.n} gave no token: ${launch.value.url}`);
    const opened = await fetch(`${baseUrl}/wps/game/house/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'real', token, gameCode: 'dice' }),
    });
    const table = (await opened.json()) as Envelope<{ mode: string; balance: string }>;
    const funded = (Number(FUNDING_MINOR) / 100).toFixed(2);
    if (opened.status !== 200 || table.value.mode !== 'real' || table.value.balance !== funded) {
      throw new Error(`open of player ${player.n} answered ${opened.status}: ${JSON.stringify(table)}`);
    }
    tokens[player.n - 1] = token;
  });
  return tokens;
}

type Load = { answered: number; seconds: number; p99s: number[]; confirmed: string[]; cutOffMax: number };

let betSequence = 0;
/** One autocannon run of dice bets; every answer must be a 2xx. */
async function loadOurs(
  baseUrl: string,
  tokens: string[],
  durationS: number,
  into: Load,
): Promise<autocannon.Result> {
  const run = randomBytes(4).toString('hex');
  const url = new URL(baseUrl);
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: durationS,
    pipelining: 1,
    requests: [
      {
        method: 'POST',
        path: BET_PATH,
        setupRequest: (request, context) => {
          betSequence += 1;
          const requestId = `rb-${run}-${betSequence}`;
          (context as { requestId?: string }).requestId = requestId;
          return {
            ...request,
            headers: {
              host: url.host,
              'content-type': 'application/json',
              'x-game-token': tokens[Math.floor(Math.random() * tokens.length)] as string,
            },
            body: JSON.stringify({ requestId, stake: STAKE, direction: 'under', target: '50.00' }),
          };
        },
        onResponse: (status, _body, context) => {
          const requestId = (context as { requestId?: string }).requestId;
          if (status >= 200 && status < 300 && requestId) into.confirmed.push(requestId);
        },
      },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(
      `ours: ${failed} of ${result['2xx'] + failed} bets failed (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  // A request in flight when the time runs out is still played by the server, unanswered.
  into.cutOffMax += CONNECTIONS;
  return result;
}

/** A pgbench script and the variables it needs (-D name=value). */
type PgbenchScript = { file: string; variables: Record<string, string> };

/**
 * The pgbench script: one round's minimal writes in one transaction. pgbench reads `:name` as a
 * variable even inside a quoted literal, so the JSON columns come in as variables.
 */
function writePgbenchScript(directory: string, ready: ReadyMessage): PgbenchScript {
  const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
  // Time-sortable ids, unique per client (one client runs one transaction at a time).
  const timeId = (suffix: string) =>
    `((extract(epoch from clock_timestamp()) * 1000000)::bigint::text || '-' || :client_id::text || '${suffix}')`;
  const played = JSON.stringify({
    game: 'dice',
    bet: { stakeMinor: { $bigint: String(STAKE_MINOR) }, direction: 'under', target: 5000 },
  });
  const outcome = JSON.stringify({ roll: 1234, isWin: true, payoutMinor: { $bigint: String(WIN_MINOR) } });
  const net = WIN_MINOR - STAKE_MINOR;
  const lines = [
    `\\set p random(1, ${FUNDED_PLAYERS})`,
    `\\set s random(0, ${HOUSE_SHARD_COUNT - 1})`,
    'begin;',
    // The guarded update: the stake must be there; the round's net result lands at once.
    `update ledger_accounts set balance_minor = balance_minor + ${net} where id = 'rb-cash-' || :p::text and balance_minor >= ${STAKE_MINOR} returning balance_minor as pb \\gset`,
    `update ledger_accounts set balance_minor = balance_minor - ${net} where id = 'rb-house-game-' || :s::text returning balance_minor as hb \\gset`,
    // The stake, then the win, each with both balances right after it.
    `insert into ledger_transfers (id, merchant_id, idempotency_key, code, reference, debit_account_id, credit_account_id, currency, amount_minor, debit_balance_after_minor, credit_balance_after_minor) values (${timeId('-b')}, ${literal(ready.merchantId)}, 'pgb-' || ${timeId('-stake')}, 'bet', 'INHOUSE-pgbench', 'rb-cash-' || :p::text, 'rb-house-game-' || :s::text, '${FUNDED_CURRENCY}', ${STAKE_MINOR}, :pb::bigint - ${WIN_MINOR}, :hb::bigint + ${WIN_MINOR});`,
    `insert into ledger_transfers (id, merchant_id, idempotency_key, code, reference, debit_account_id, credit_account_id, currency, amount_minor, debit_balance_after_minor, credit_balance_after_minor) values (${timeId('-w')}, ${literal(ready.merchantId)}, 'pgb-' || ${timeId('-win')}, 'win', 'INHOUSE-pgbench', 'rb-house-game-' || :s::text, 'rb-cash-' || :p::text, '${FUNDED_CURRENCY}', ${WIN_MINOR}, :hb::bigint, :pb::bigint);`,
    // The settled round with its fairness inputs and outcome, as the app records one.
    `insert into game_rounds (id, merchant_id, member_id, game_id, vendor_id, vendor_round_id, currency, stake_minor, win_minor, status, server_seed_hash, client_seed, nonce, played, outcome, phase, balance_before_minor, balance_after_minor, settled_at) values (${timeId('-r')}, ${literal(ready.merchantId)}, ${MEMBER_ID_SQL(':p')}, ${literal(ready.gameId)}, ${literal(ready.vendorId)}, 'pgb-' || ${timeId('')}, '${FUNDED_CURRENCY}', ${STAKE_MINOR}, ${WIN_MINOR}, 'settled', ${literal(createHash('sha256').update('pgbench').digest('hex'))}, 'pgbench', 0, :played::jsonb, :outcome::jsonb, 'done', :pb::bigint - ${net}, :pb::bigint, now());`,
    'end;',
  ];
  const file = path.join(directory, 'round.sql');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, variables: { played, outcome } };
}

/** One pgbench run; answers the rounds it committed. */
async function loadPgbench(
  pgbench: string,
  connectionString: string,
  script: PgbenchScript,
  durationS: number,
): Promise<{ rounds: number; seconds: number }> {
  const rounds = await runPgbench({
    pgbench,
    connectionString,
    clients: CONNECTIONS,
    durationS,
    mode: PGBENCH_MODE,
    scriptArgs: [
      '-f',
      script.file,
      ...Object.entries(script.variables).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
    ],
  });
  return { rounds, seconds: durationS };
}

/**
 * The runs must have left a sound ledger and exactly the rounds answered: every balance the sum
 * of its transfers and the sum over all accounts zero; every answered bet a settled round with
 * its stake (and its win, if any) in the ledger; no other round of ours but the few cut off.
 */
async function audit(connectionString: string, load: Load): Promise<void> {
  const [ledger] = await query<{ mismatched: string; total: string }>(
    connectionString,
    // One pass over the transfers, grouped by account (a correlated sum per account would read the
    // house's hundreds of thousands of transfers once for each account).
    `with moves as (
       select credit_account_id as account_id, amount_minor from ledger_transfers
       union all
       select debit_account_id, -amount_minor from ledger_transfers
     ),
     net as (select account_id, sum(amount_minor) as net_minor from moves group by account_id)
     select
       count(*) filter (where a.balance_minor <> coalesce(n.net_minor, 0))::text as mismatched,
       coalesce(sum(a.balance_minor), 0)::text as total
     from ledger_accounts a left join net n on n.account_id = a.id`,
  );
  if (ledger?.mismatched !== '0' || ledger.total !== '0') {
    throw new Error(
      `the ledger is not sound after the runs: ${ledger?.mismatched} accounts differ from their transfers, sum ${ledger?.total}`,
    );
  }
  const [rounds] = await query<{ answered: string; ours: string; unsettled: string; unpaid: string }>(
    connectionString,
    // Joins, not a lookup per round: the answered ids come as a set, and the stakes and wins are
    // matched to their rounds by key in one pass over the transfers.
    `with confirmed as (select distinct unnest($1::text[]) as request_id),
     ours as (
       select r.id, r.phase, r.status, r.stake_minor, r.win_minor, c.request_id is not null as answered
         from game_rounds r left join confirmed c on c.request_id = r.request_id
        where r.request_id like 'rb-%'
     ),
     moves as (
       select idempotency_key, code, count(*) as n, min(amount_minor) as low, max(amount_minor) as high
         from ledger_transfers where idempotency_key like 'house:%' group by idempotency_key, code
     ),
     paid as (
       select o.*, s.n as stakes, s.low as stake_low, s.high as stake_high,
              w.n as wins, w.low as win_low, w.high as win_high
         from ours o
         left join moves s on s.idempotency_key = 'house:' || o.id || ':stake' and s.code = 'bet'
         left join moves w on w.idempotency_key = 'house:' || o.id || ':win' and w.code = 'win'
     )
     select
       count(*) filter (where answered and phase = 'done' and status = 'settled')::text as answered,
       count(*)::text as ours,
       count(*) filter (where phase <> 'done' or status <> 'settled')::text as unsettled,
       count(*) filter (where
         coalesce(stakes, 0) <> 1 or stake_low <> stake_minor or stake_high <> stake_minor
         or coalesce(wins, 0) <> (case when win_minor > 0 then 1 else 0 end)
         or (wins > 0 and (win_low <> win_minor or win_high <> win_minor))
       )::text as unpaid
     from paid`,
    [load.confirmed],
  );
  const answered = Number(rounds?.answered);
  const ours = Number(rounds?.ours);
  if (answered !== load.confirmed.length || load.confirmed.length !== load.answered) {
    throw new Error(
      `rounds: ${load.answered} bets answered 2xx (${load.confirmed.length} seen), but ${answered} of them are settled rounds`,
    );
  }
  if (ours - answered > load.cutOffMax || rounds?.unsettled !== '0' || rounds.unpaid !== '0') {
    throw new Error(
      `rounds: ${ours} rounds of ours for ${answered} answered bets (at most ${load.cutOffMax} cut off), ${rounds?.unsettled} not settled, ${rounds?.unpaid} without their exact stake and win`,
    );
  }
  // The member rollups of the bet record were written with every round, pgbench's included.
  const [rollups] = await query<{ mismatched: string }>(
    connectionString,
    `with summed as (
       select member_id, settled_day as day, game_type, coalesce(upline_id, '') as upline_id, count(*) as bet_count,
              sum(stake_minor) as stake_minor, sum(valid_bet_minor) as valid_bet_minor, sum(win_minor) as win_minor
         from game_rounds where status in ('settled', 'resettled')
        group by member_id, settled_day, game_type, coalesce(upline_id, '')
     ),
     stored as (
       select member_id, day, game_type, upline_id, bet_count::bigint as bet_count, stake_minor, valid_bet_minor,
              win_minor
         from member_bet_days where bet_count > 0
     )
     select count(*)::text as mismatched from (
       (select * from summed except select * from stored) union all (select * from stored except select * from summed)
     ) differences`,
  );
  if (rollups?.mismatched !== '0') {
    throw new Error(`rounds: ${rollups?.mismatched} member rollup rows differ from the sums of the bets`);
  }
  console.log(
    `  audit: ledger sound (sum 0), ${answered} answered bets = ${answered} settled rounds, ${ours - answered} cut off at the end of a load, member rollups = sums of the bets`,
  );
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error('rounds: set DATABASE_URL to a PostgreSQL server (the bench makes its own database)');
  const pgbench = findPgbench();
  console.log(
    `rounds: dice bets over HTTP, ${FUNDED_PLAYERS} players, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up, ${ROUNDS} rounds of ${DURATION_S} s per load; ceiling: pgbench -c ${CONNECTIONS} -j 2 -M ${PGBENCH_MODE}`,
  );
  const benchDatabase = await createBenchDatabase(serverUrl);
  const { connectionString } = benchDatabase;
  const scriptDirectory = mkdtempSync(path.join(tmpdir(), 'panalo-bench-rounds-'));
  let child: ChildProcess | undefined;
  try {
    const started = await startServer(connectionString);
    child = started.child;
    const baseUrl = `http://${LOOPBACK}:${started.ready.port}`;
    const tokens = await openTables(baseUrl, started.ready.players);
    console.log(`  ${tokens.length} players logged in, dice launched and opened`);
    const script = writePgbenchScript(scriptDirectory, started.ready);

    const ours: Load = { answered: 0, seconds: 0, p99s: [], confirmed: [], cutOffMax: 0 };
    const warmUp: Load = { answered: 0, seconds: 0, p99s: [], confirmed: [], cutOffMax: 0 };
    const ceiling = { rounds: 0, seconds: 0 };
    if (WARMUP_S > 0) {
      const result = await loadOurs(baseUrl, tokens, WARMUP_S, warmUp);
      warmUp.answered += result['2xx'];
      await loadPgbench(pgbench, connectionString, script, WARMUP_S);
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`round ${round} of ${ROUNDS}`);
      // Alternate which goes first, so that neither always runs on a warmer or quieter machine.
      const order = round % 2 === 1 ? (['ceiling', 'ours'] as const) : (['ours', 'ceiling'] as const);
      for (const load of order) {
        if (load === 'ours') {
          const result = await loadOurs(baseUrl, tokens, DURATION_S, ours);
          ours.answered += result['2xx'];
          ours.seconds += DURATION_S;
          ours.p99s.push(result.latency.p99);
          console.log(
            `  ours     ${(result['2xx'] / DURATION_S).toFixed(0).padStart(7)} rounds/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
          );
        } else {
          const result = await loadPgbench(pgbench, connectionString, script, DURATION_S);
          ceiling.rounds += result.rounds;
          ceiling.seconds += result.seconds;
          console.log(`  ceiling  ${(result.rounds / result.seconds).toFixed(0).padStart(7)} rounds/s`);
        }
      }
    }

    // Let the bets cut off at the end of the last load finish on the server before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await audit(connectionString, {
      answered: ours.answered + warmUp.answered,
      seconds: 0,
      p99s: [],
      confirmed: [...warmUp.confirmed, ...ours.confirmed],
      cutOffMax: warmUp.cutOffMax + ours.cutOffMax,
    });

    const oursRate = ours.answered / ours.seconds;
    const ceilingRate = ceiling.rounds / ceiling.seconds;
    console.log(
      `RESULT rounds rounds_per_s=${oursRate.toFixed(0)} ceiling_per_s=${ceilingRate.toFixed(0)} p99_ms=${median(ours.p99s)} ratio=${(oursRate / ceilingRate).toFixed(3)}`,
    );
  } finally {
    if (child) await stopChild(child);
    rmSync(scriptDirectory, { recursive: true, force: true });
    await benchDatabase.drop();
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else {
  await main();
}
