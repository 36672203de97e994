/**
 * A storm of red-envelope claims over HTTP against the rounds bench's dice bets.
 *
 * Needs DATABASE_URL (a PostgreSQL server; the bench makes its own database with a random name and
 * drops it afterwards).
 *
 * The server is the rounds bench's (bench/support/dice-rounds.ts): the app in a child process with
 * every hook the production app has, on that database migrated and seeded as a deployment is, and
 * 2,000 members funded, logged in, and (the first 1,000) with dice launched and its table opened.
 * Each round, two loads run one after the other against the same server and database, alternating
 * which goes first, so that other load on a shared machine weighs on both alike:
 *
 *   drop      a fresh drop of 1,000 envelopes sharing ₱1,000.00 (minimum ₱0.50, every member,
 *             open from now), split from its server seed as an operator's drop is; autocannon,
 *             50 connections, each of the 2,000 members opening it once
 *             (POST /wps/reward/envelopes/{id}/open) until every member has asked.
 *   baseline  autocannon, 50 connections, the rounds bench's dice bets (₱1.00 under 50.00) of a
 *             random one of the 1,000 tables, for as long as the drop's load took.
 *
 * After each drop exactly 1,000 members must have been answered 200 and the other 1,000
 * 409 ALL_TAKEN; the drop's envelopes must all be opened, each by another member, their amounts
 * the split's and their sum the total, with one `red_envelope` transfer each. At the end the
 * ledger must be sound and every answered bet a settled round. The last line reads:
 *   RESULT red-envelope claims_per_s=<claims> baseline_per_s=<bets> p99_ms=<claims' p99> ratio=<claims/bets>
 * where claims are the members' open requests answered (paid or refused) per second of the drops'
 * loads, bets the dice bets answered per second of the baseline's, and p99 the worst round's.
 * Targets: ratio at least 0.7, p99 at most 100 ms.
 *
 * Settings through the environment: BENCH_ROUNDS (5), BENCH_WARMUP_S (3), BENCH_CONNECTIONS (50).
 */
import type { ChildProcess } from 'node:child_process';
import { splitRedEnvelope } from '@panalo/games/draws/red-envelope.ts';
import { createServerSeed, hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import autocannon from 'autocannon';
import { v7 as uuidv7 } from 'uuid';
import { createBenchDatabase, query } from '../support/database.ts';
import {
  auditAnsweredRounds,
  auditLedger,
  emptyLoad,
  loadDiceBets,
  openDiceTables,
  serveDiceTables,
  startDiceServer,
} from '../support/dice-rounds.ts';
import { FUNDED_PLAYERS } from '../support/funded-players.ts';
import { stopChild } from '../support/server.ts';
import { LOOPBACK, readBoundedInteger } from '../support/settings.ts';

const ROUNDS = readBoundedInteger('BENCH_ROUNDS', 5, 1, 20);
const WARMUP_S = readBoundedInteger('BENCH_WARMUP_S', 3, 0, 60);
const CONNECTIONS = readBoundedInteger('BENCH_CONNECTIONS', 50, 1, 200);
const CHILD_DATABASE_ENV = 'BENCH_RED_ENVELOPE_DATABASE_URL';
const REQUEST_PREFIX = 're';
/** Members who claim each drop; the first FUNDED_PLAYERS of them also bet. */
const CLAIMANTS = 2 * FUNDED_PLAYERS;
const ENVELOPES = 1_000;
const TOTAL_MINOR = 100_000n;
const MINIMUM_MINOR = 50n;

/**
 * A drop written as the back office writes one: its total reserved against the merchant's budget
 * of the opening day, the row, then its envelopes in handing-out order.
 */
async function createDrop(
  connectionString: string,
  merchantId: string,
): Promise<{ id: string; amounts: bigint[] }> {
  const id = uuidv7();
  const serverSeed = createServerSeed();
  const amounts = splitRedEnvelope({
    serverSeed,
    dropId: id,
    totalMinor: TOTAL_MINOR,
    count: ENVELOPES,
    minimumMinor: MINIMUM_MINOR,
  });
  const now = new Date();
  await query(
    connectionString,
    `with drop_row as (
       insert into red_envelope_drops (id, merchant_id, titles, total_minor, envelope_count, minimum_minor,
         audience, starts_at, ends_at, server_seed, server_seed_hash, budget_day, created_at, updated_at)
       select $1, $2, '{"TY":"Bench","EN":"Bench"}', $3, $4, $5, 'all', $6, $7, $8, $9,
         ($6::timestamptz at time zone m.time_zone)::date, $6, $6
       from merchants m where m.id = $2
       returning merchant_id, budget_day, total_minor)
     insert into promotion_budget_days as b (merchant_id, scope, day, granted_minor)
     select merchant_id, '', budget_day, total_minor from drop_row
     on conflict (merchant_id, scope, day) do update set granted_minor = b.granted_minor + excluded.granted_minor`,
    [
      id,
      merchantId,
      String(TOTAL_MINOR),
      ENVELOPES,
      String(MINIMUM_MINOR),
      new Date(now.getTime() - 1_000),
      new Date(now.getTime() + 3_600_000),
      serverSeed,
      hashServerSeed(serverSeed),
    ],
  );
  await query(
    connectionString,
    `insert into red_envelopes (drop_id, envelope_index, amount_minor)
     select $1, i - 1, a from unnest($2::bigint[]) with ordinality as t(a, i)`,
    [id, amounts.map(String)],
  );
  await query(connectionString, 'analyze red_envelopes');
  return { id, amounts };
}

/** Every member opens the drop once, 50 at a time; answers autocannon's result and the statuses. */
async function claimStorm(baseUrl: string, dropId: string, tokens: string[]) {
  const statuses = new Map<number, number>();
  const refusals = new Map<string, number>();
  let next = 0;
  const url = new URL(baseUrl);
  const started = performance.now();
  // The storm lasts until its last answer: autocannon reports being done on its next one-second
  // tick, which would round every storm up to whole seconds.
  let lastAnswerAt = started;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    amount: tokens.length,
    pipelining: 1,
    requests: [
      {
        method: 'POST',
        path: `/wps/reward/envelopes/${dropId}/open`,
        setupRequest: (request) => {
          const token = tokens[next % tokens.length] as string;
          next += 1;
          return { ...request, headers: { host: url.host, authorization: `Bearer ${token}` } };
        },
        onResponse: (status, body) => {
          lastAnswerAt = performance.now();
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status !== 200) {
            const reason =
              (JSON.parse(body) as { value?: { reason?: string } }).value?.reason ?? String(status);
            refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
          }
        },
      },
    ],
  });
  const seconds = (lastAnswerAt - started) / 1000;
  return { result, seconds, statuses, refusals };
}

/** The drop paid exactly its envelopes, each to another member, in the split's amounts. */
async function auditDrop(connectionString: string, drop: { id: string; amounts: bigint[] }) {
  const opened = await query<{ envelope_index: number; amount_minor: string; member_id: string | null }>(
    connectionString,
    'select envelope_index, amount_minor::text, member_id from red_envelopes where drop_id = $1 order by envelope_index',
    [drop.id],
  );
  const members = new Set(opened.map((row) => row.member_id));
  const wrong = opened.filter((row, index) => BigInt(row.amount_minor) !== drop.amounts[index]);
  const unopened = opened.filter((row) => row.member_id === null);
  const sum = opened.reduce((total, row) => total + BigInt(row.amount_minor), 0n);
  const [paid] = await query<{ transfers: string; sum: string }>(
    connectionString,
    `select count(*)::text as transfers, coalesce(sum(amount_minor), 0)::text as sum
       from ledger_transfers where code = 'red_envelope' and reference = $1`,
    [`red_envelope:${drop.id}`],
  );
  if (
    opened.length !== ENVELOPES ||
    unopened.length > 0 ||
    members.size !== ENVELOPES ||
    wrong.length > 0 ||
    sum !== TOTAL_MINOR ||
    paid?.transfers !== String(ENVELOPES) ||
    paid.sum !== String(TOTAL_MINOR)
  ) {
    throw new Error(
      `red-envelope: drop ${drop.id}: ${opened.length - unopened.length} of ${opened.length} envelopes opened by ${members.size} members, ${wrong.length} amounts not the split's, sum ${sum}; ${paid?.transfers} transfers of ${paid?.sum}`,
    );
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      'red-envelope: set DATABASE_URL to a PostgreSQL server (the bench makes its own database)',
    );
  console.log(
    `red-envelope: ${ROUNDS} drops of ${ENVELOPES} envelopes, each opened by ${CLAIMANTS} members over HTTP with ${CONNECTIONS} connections, against dice bets of ${FUNDED_PLAYERS} members for as long`,
  );
  const benchDatabase = await createBenchDatabase(serverUrl);
  const { connectionString } = benchDatabase;
  let child: ChildProcess | undefined;
  try {
    const started = await startDiceServer(import.meta.filename, CHILD_DATABASE_ENV, connectionString);
    child = started.child;
    const baseUrl = `http://${LOOPBACK}:${started.ready.port}`;
    const { players, merchantId } = started.ready;
    const sessionTokens = players.map((player) => player.sessionToken);
    const gameTokens = await openDiceTables(
      baseUrl,
      players.filter((player) => player.n <= FUNDED_PLAYERS),
      CONNECTIONS,
    );
    console.log(`  ${players.length} members logged in, ${gameTokens.length} of them with dice opened`);

    const bets = (durationS: number) => ({
      name: 'baseline',
      baseUrl,
      tokens: gameTokens,
      durationS,
      connections: CONNECTIONS,
      prefix: REQUEST_PREFIX,
    });
    const baseline = emptyLoad();
    const warmUp = emptyLoad();
    if (WARMUP_S > 0) {
      warmUp.answered += (await loadDiceBets(bets(WARMUP_S), warmUp))['2xx'];
      const drop = await createDrop(connectionString, merchantId);
      await claimStorm(baseUrl, drop.id, sessionTokens);
      await auditDrop(connectionString, drop);
    }
    let claims = 0;
    let claimSeconds = 0;
    const claimP99s: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`round ${round} of ${ROUNDS}`);
      const drop = await createDrop(connectionString, merchantId);
      const storm = async () => {
        const outcome = await claimStorm(baseUrl, drop.id, sessionTokens);
        const paid = outcome.statuses.get(200) ?? 0;
        const taken = outcome.refusals.get('ALL_TAKEN') ?? 0;
        if (paid !== ENVELOPES || taken !== CLAIMANTS - ENVELOPES || outcome.result.errors > 0) {
          throw new Error(
            `red-envelope: ${paid} paid, ${taken} ALL_TAKEN of ${CLAIMANTS} claims (${JSON.stringify(Object.fromEntries(outcome.statuses))}, ${JSON.stringify(Object.fromEntries(outcome.refusals))}, ${outcome.result.errors} errors)`,
          );
        }
        await auditDrop(connectionString, drop);
        claims += CLAIMANTS;
        claimSeconds += outcome.seconds;
        claimP99s.push(outcome.result.latency.p99);
        console.log(
          `  drop     ${(CLAIMANTS / outcome.seconds).toFixed(0).padStart(7)} claims/s (${paid} paid, ${taken} all taken) in ${outcome.seconds.toFixed(2)} s, latency p50 ${outcome.result.latency.p50} ms, p99 ${outcome.result.latency.p99} ms`,
        );
        return outcome.seconds;
      };
      const dice = async (seconds: number) => {
        const durationS = Math.max(1, Math.round(seconds));
        const result = await loadDiceBets(bets(durationS), baseline);
        baseline.answered += result['2xx'];
        baseline.seconds += durationS;
        baseline.p99s.push(result.latency.p99);
        console.log(
          `  baseline ${(result['2xx'] / durationS).toFixed(0).padStart(7)} bets/s for ${durationS} s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
        );
      };
      // Alternate which goes first; the dice load lasts as long as the last drop's storm did.
      if (round % 2 === 1) {
        await dice(await storm());
      } else {
        await dice(claimSeconds / (round - 1));
        await storm();
      }
    }

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await auditLedger(connectionString);
    const loads = [warmUp, baseline];
    await auditAnsweredRounds(connectionString, 'red-envelope', REQUEST_PREFIX, {
      answered: loads.reduce((sum, load) => sum + load.answered, 0),
      seconds: 0,
      p99s: [],
      confirmed: loads.flatMap((load) => load.confirmed),
      cutOffMax: loads.reduce((sum, load) => sum + load.cutOffMax, 0),
    });
    console.log(
      `  audit: ${ROUNDS + (WARMUP_S > 0 ? 1 : 0)} drops each paid exactly ${ENVELOPES} envelopes to ${ENVELOPES} members, summing to the total; ledger sound (sum 0); answered bets settled rounds`,
    );

    const claimRate = claims / claimSeconds;
    const betRate = baseline.answered / baseline.seconds;
    console.log(
      `RESULT red-envelope claims_per_s=${claimRate.toFixed(0)} baseline_per_s=${betRate.toFixed(0)} p99_ms=${Math.max(...claimP99s)} ratio=${(claimRate / betRate).toFixed(3)}`,
    );
  } finally {
    if (child) await stopChild(child);
    await benchDatabase.drop();
  }
}

if (process.argv.includes('--serve')) {
  await serveDiceTables({
    label: 'red-envelope',
    databaseEnv: CHILD_DATABASE_ENV,
    players: CLAIMANTS,
    concurrency: CONNECTIONS,
    userAgent: 'bench/red-envelope',
  });
} else {
  await main();
}
