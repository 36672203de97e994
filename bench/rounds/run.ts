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
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HOUSE_SHARD_COUNT } from '../../apps/server/src/modules/wallet/wallet.service.ts';
import { createBenchDatabase } from '../support/database.ts';
import {
  auditAnsweredRounds,
  auditLedger,
  auditRollups,
  emptyLoad,
  type Load,
  loadDiceBets,
  openDiceTables,
  type ReadyMessage,
  STAKE_MINOR,
  serveDiceTables,
  startDiceServer,
  WIN_MINOR,
} from '../support/dice-rounds.ts';
import { FUNDED_CURRENCY, FUNDED_PLAYERS } from '../support/funded-players.ts';
import { findPgbench, PGBENCH_MODE, runPgbench } from '../support/pgbench.ts';
import { stopChild } from '../support/server.ts';
import { LOOPBACK, median, readBoundedInteger } from '../support/settings.ts';

const ROUNDS = readBoundedInteger('BENCH_ROUNDS', 3, 1, 20);
const DURATION_S = readBoundedInteger('BENCH_DURATION_S', 5, 1, 120);
const WARMUP_S = readBoundedInteger('BENCH_WARMUP_S', 3, 0, 60);
const CONNECTIONS = readBoundedInteger('BENCH_CONNECTIONS', 20, 1, 100);
/** The environment variable that hands the bench database to the server child. */
const CHILD_DATABASE_ENV = 'BENCH_ROUNDS_DATABASE_URL';

/** Members' ids as pgbench spells them from a player's number (memberIdOf in bench/support/dice-rounds.ts). */
const MEMBER_ID_SQL = (variable: string) => `'00000000-0000-7000-8000-' || lpad(${variable}::text, 12, '0')`;

/** One autocannon run of dice bets of the players' tables; every answer must be a 2xx. */
function loadOurs(baseUrl: string, tokens: string[], durationS: number, into: Load) {
  return loadDiceBets(
    { name: 'ours', baseUrl, tokens, durationS, connections: CONNECTIONS, prefix: 'rb' },
    into,
  );
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
  await auditLedger(connectionString);
  const { answered, ours } = await auditAnsweredRounds(connectionString, 'rounds', 'rb', load);
  // The member rollups of the bet record were written with every round, pgbench's included.
  await auditRollups(connectionString, 'rounds');
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
    const started = await startDiceServer(import.meta.filename, CHILD_DATABASE_ENV, connectionString);
    child = started.child;
    const baseUrl = `http://${LOOPBACK}:${started.ready.port}`;
    const tokens = await openDiceTables(baseUrl, started.ready.players, CONNECTIONS);
    console.log(`  ${tokens.length} players logged in, dice launched and opened`);
    const script = writePgbenchScript(scriptDirectory, started.ready);

    const ours = emptyLoad();
    const warmUp = emptyLoad();
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
  await serveDiceTables({
    label: 'rounds',
    databaseEnv: CHILD_DATABASE_ENV,
    players: FUNDED_PLAYERS,
    concurrency: CONNECTIONS,
    userAgent: 'bench/rounds',
  });
} else {
  await main();
}
