/**
 * How much of PostgreSQL's own transfer rate the wallet service keeps.
 *
 * On a fresh database with a random name on the server of DATABASE_URL (dropped afterwards):
 * one merchant, 1,000 funded players, the game house accounts in their shards. Two loads run
 * against it in alternating rounds, so that other load on a shared machine weighs on both alike:
 *
 *   ours     16 concurrent callers in this process placing bets and paying wins through the
 *            wallet service (debitForBet, creditForWin: bet-sized amounts, random players), each
 *            call awaited before the caller's next, as a game server would.
 *   ceiling  pgbench with 16 clients running the very statement the service sends for a transfer
 *            (compiled from the repository's transferStatement, parameters turned into pgbench
 *            variables), one transaction per transfer, prepared (-M prepared: the fastest way
 *            PostgreSQL can be asked).
 *
 * The last line reads:
 *   RESULT ledger transfers_per_s=<ours> ceiling_per_s=<pgbench> ratio=<ours/pgbench>
 *
 * Settings through the environment: BENCH_ROUNDS (3), BENCH_DURATION_S (5, per load and round),
 * BENCH_WARMUP_S (2), BENCH_CALLERS (16), PGBENCH (pgbench on the PATH, else /usr/bin/pgbench),
 * PGBENCH_MODE (prepared; or extended, as node-postgres sends statements, or simple).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { transferStatement } from '../../apps/server/src/modules/wallet/wallet.repository.ts';
import {
  createWalletService,
  HOUSE_SHARD_COUNT,
} from '../../apps/server/src/modules/wallet/wallet.service.ts';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { createBenchDatabase, query } from '../support/database.ts';
import { FUNDED_CURRENCY, FUNDED_PLAYERS, FUNDING_MINOR } from '../support/funded-players.ts';
import { findPgbench, PGBENCH_MODE, runPgbench } from '../support/pgbench.ts';
import { readBoundedInteger } from '../support/settings.ts';

const ROUNDS = readBoundedInteger('BENCH_ROUNDS', 3, 1, 20);
const DURATION_S = readBoundedInteger('BENCH_DURATION_S', 5, 1, 120);
const WARMUP_S = readBoundedInteger('BENCH_WARMUP_S', 2, 0, 60);
const CALLERS = readBoundedInteger('BENCH_CALLERS', 16, 1, 128);
/** Bets and wins of ₱0.01 to ₱5.00. */
const BET_MINOR_MAX = 500;

type Fixture = { merchantId: string; memberIds: string[] };

async function setUp(database: DatabaseHandle, connectionString: string): Promise<Fixture> {
  await migrateToLatest(database.db);
  const merchantId = randomUUID();
  const memberIds = Array.from({ length: FUNDED_PLAYERS }, () => randomUUID());
  await query(
    connectionString,
    `insert into merchants (id, code, name, currency, currency_symbol, time_zone, default_language, languages)
     values ($1, 'bench', 'Bench', $2, '₱', 'Asia/Manila', 'EN', array['EN'])`,
    [merchantId, FUNDED_CURRENCY],
  );
  await query(
    connectionString,
    `insert into members (id, merchant_id, account, account_key, referral_code)
     select id, $1, 'p' || n, 'p' || n, 'R' || n from unnest($2::text[]) with ordinality as players(id, n)`,
    [merchantId, memberIds],
  );
  // Account ids that pgbench scripts can name from their integer variables (the first player is
  // number 1, as random(1, 1000) counts); the service finds these rows by owner, purpose and
  // shard like any other.
  await query(
    connectionString,
    `insert into ledger_accounts (id, merchant_id, kind, owner_id, currency)
     select 'bench-' || kind || '-' || n, $1, 'player_' || kind, id, $2
     from unnest($3::text[]) with ordinality as players(id, n), unnest(array['cash', 'bonus']) as kind`,
    [merchantId, FUNDED_CURRENCY, memberIds],
  );
  await query(
    connectionString,
    `insert into ledger_accounts (id, merchant_id, kind, purpose, shard, currency)
     select 'bench-house-game-' || shard, $1, 'house', 'game', shard, $2 from generate_series(0, $3::int) as shard`,
    [merchantId, FUNDED_CURRENCY, HOUSE_SHARD_COUNT - 1],
  );
  return { merchantId, memberIds };
}

/** Funds every player through the service (this also fills its account cache). */
async function fund(wallet: ReturnType<typeof createWalletService>, fixture: Fixture): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (next < fixture.memberIds.length) {
        const memberId = fixture.memberIds[next] as string;
        next += 1;
        await wallet.transfer({
          merchantId: fixture.merchantId,
          currency: FUNDED_CURRENCY,
          key: `fund-${memberId}`,
          code: 'deposit',
          from: { house: 'deposit:bank', shardKey: memberId },
          to: { memberId, wallet: 'cash' },
          amountMinor: FUNDING_MINOR,
        });
      }
    }),
  );
}

let callSequence = 0;
/** The service's load: each caller awaits its call, then places the next, until time is up. */
async function loadService(
  wallet: ReturnType<typeof createWalletService>,
  fixture: Fixture,
  durationS: number,
): Promise<{ transfers: number; seconds: number }> {
  const run = randomBytes(4).toString('hex');
  const started = performance.now();
  const deadline = started + durationS * 1_000;
  let transfers = 0;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (performance.now() < deadline) {
        const memberId = fixture.memberIds[Math.floor(Math.random() * FUNDED_PLAYERS)] as string;
        callSequence += 1;
        const input = {
          merchantId: fixture.merchantId,
          memberId,
          currency: FUNDED_CURRENCY,
          key: `svc-${run}-${callSequence}`,
          amountMinor: BigInt(1 + Math.floor(Math.random() * BET_MINOR_MAX)),
        };
        if (callSequence % 2 === 0) await wallet.debitForBet(input);
        else await wallet.creditForWin(input);
        transfers += 1;
      }
    }),
  );
  return { transfers, seconds: (performance.now() - started) / 1_000 };
}

/**
 * The pgbench scripts: the service's own statement with its parameters replaced by pgbench
 * expressions, one for bets (player to house) and one for wins (house to player).
 */
function writePgbenchScripts(directory: string, merchantId: string): string[] {
  const markers = {
    id: '\u0001id',
    key: '\u0001key',
    player: '\u0001player',
    house: '\u0001house',
    amount: 777_777_777n,
  };
  // A time-sortable id, unique per client: the service's are UUIDv7, just as index-friendly.
  const timeId = `((extract(epoch from clock_timestamp()) * 1000000)::bigint::text || '-' || :client_id)`;
  const expressionFor = (value: unknown): string => {
    if (value === markers.id || value === markers.key) return timeId;
    if (value === markers.player) return `('bench-cash-' || :p)`;
    if (value === markers.house) return `('bench-house-game-' || :s)`;
    if (value === markers.amount) return ':a';
    if (value === null) return 'null';
    if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
    throw new Error(`unexpected parameter ${String(value)}`);
  };
  const files: string[] = [];
  for (const direction of ['bet', 'win'] as const) {
    const compiled = transferStatement({
      id: markers.id,
      merchantId,
      key: markers.key,
      code: direction,
      reference: null,
      debitAccountId: direction === 'bet' ? markers.player : markers.house,
      creditAccountId: direction === 'bet' ? markers.house : markers.player,
      currency: FUNDED_CURRENCY,
      amountMinor: markers.amount,
      reversesKey: null,
    }).compile(createCompiler());
    // Highest numbers first, so that $1 does not eat the front of $10.
    let text = compiled.sql;
    for (let index = compiled.parameters.length; index >= 1; index -= 1) {
      text = text.replaceAll(`$${index}`, expressionFor(compiled.parameters[index - 1]));
    }
    const script = [
      `\\set p random(1, ${FUNDED_PLAYERS})`,
      `\\set s random(0, ${HOUSE_SHARD_COUNT - 1})`,
      `\\set a random(1, ${BET_MINOR_MAX})`,
      // pgbench reads one statement per line unless it ends with a semicolon on its own.
      `${text.replace(/\s+/g, ' ').trim()};`,
    ].join('\n');
    const file = path.join(directory, `${direction}.sql`);
    writeFileSync(file, `${script}\n`);
    files.push(file);
  }
  return files;
}

let compilerDatabase: DatabaseHandle | undefined;
function createCompiler() {
  if (!compilerDatabase) throw new Error('no database to compile with');
  return compilerDatabase.db;
}

/** One pgbench run; answers the transfers it committed and the seconds it took. */
async function loadPgbench(
  connectionString: string,
  scripts: string[],
  durationS: number,
): Promise<{ transfers: number; seconds: number }> {
  const transfers = await runPgbench({
    pgbench: findPgbench(),
    connectionString,
    clients: CALLERS,
    durationS,
    mode: PGBENCH_MODE,
    scriptArgs: scripts.flatMap((script) => ['-f', `${script}@1`]),
  });
  return { transfers, seconds: durationS };
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error('ledger: set DATABASE_URL to a PostgreSQL server (the bench makes its own database)');
  console.log(
    `ledger: ${FUNDED_PLAYERS} players, ${CALLERS} callers, ${WARMUP_S} s warm-up, ${ROUNDS} rounds of ${DURATION_S} s per load; ceiling: pgbench -M ${PGBENCH_MODE}`,
  );
  const benchDatabase = await createBenchDatabase(serverUrl);
  const { connectionString } = benchDatabase;
  const scriptDirectory = mkdtempSync(path.join(tmpdir(), 'panalo-bench-ledger-'));
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase({ kind: 'postgres', connectionString, poolSize: CALLERS });
    compilerDatabase = database;
    const fixture = await setUp(database, connectionString);
    const wallet = createWalletService({ db: database.db });
    await fund(wallet, fixture);
    const scripts = writePgbenchScripts(scriptDirectory, fixture.merchantId);

    if (WARMUP_S > 0) {
      await loadService(wallet, fixture, WARMUP_S);
      await loadPgbench(connectionString, scripts, WARMUP_S);
    }
    const totals = { ours: { transfers: 0, seconds: 0 }, ceiling: { transfers: 0, seconds: 0 } };
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`round ${round} of ${ROUNDS}`);
      // Alternate which goes first, so that neither always runs on a warmer or quieter machine.
      const order = round % 2 === 1 ? (['ceiling', 'ours'] as const) : (['ours', 'ceiling'] as const);
      for (const load of order) {
        const result =
          load === 'ours'
            ? await loadService(wallet, fixture, DURATION_S)
            : await loadPgbench(connectionString, scripts, DURATION_S);
        totals[load].transfers += result.transfers;
        totals[load].seconds += result.seconds;
        console.log(
          `  ${load.padEnd(8)} ${(result.transfers / result.seconds).toFixed(0).padStart(7)} transfers/s`,
        );
      }
    }

    // The runs must have left a sound ledger: every balance a sum over the log, the total zero.
    const [audit] = await query<{ mismatched: string; total: string }>(
      connectionString,
      `select
         (select count(*) from ledger_accounts a where a.balance_minor <>
           coalesce((select sum(amount_minor) from ledger_transfers where credit_account_id = a.id), 0)
           - coalesce((select sum(amount_minor) from ledger_transfers where debit_account_id = a.id), 0))::text as mismatched,
         (select coalesce(sum(balance_minor), 0) from ledger_accounts)::text as total`,
    );
    const { mismatched, total } = audit ?? { mismatched: '?', total: '?' };
    if (mismatched !== '0' || total !== '0') {
      throw new Error(
        `the ledger is not sound after the runs: ${mismatched} accounts differ from the log, sum ${total}`,
      );
    }

    const ours = totals.ours.transfers / totals.ours.seconds;
    const ceiling = totals.ceiling.transfers / totals.ceiling.seconds;
    console.log(
      `RESULT ledger transfers_per_s=${ours.toFixed(0)} ceiling_per_s=${ceiling.toFixed(0)} ratio=${(ours / ceiling).toFixed(3)}`,
    );
  } finally {
    await database?.close();
    rmSync(scriptDirectory, { recursive: true, force: true });
    await benchDatabase.drop();
  }
}

await main();
