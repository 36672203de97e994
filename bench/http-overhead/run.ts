/**
 * How much of a bare Fastify's throughput our stack keeps on a cheap, real route.
 *
 * Two servers are started in child processes in the same run: ours (buildApp with every hook the
 * production app has, on an in-memory PGlite with the demo seed, or on a fresh database of the
 * PostgreSQL server in DATABASE_URL), answering GET /wps/system/status, and a bare Fastify
 * hello-world. Both are warmed up, then loaded by autocannon on loopback with the same connection
 * count, in alternating rounds so that a change in the machine's load (other processes on a shared
 * machine) falls on both alike; each figure is its requests over its total measured time. The last
 * line reads:
 *   RESULT http-overhead rps=<ours> baseline_rps=<hello> ratio=<ours/hello>
 *
 * Settings through the environment: BENCH_ROUNDS (3), BENCH_DURATION_S (5, per server and round),
 * BENCH_WARMUP_S (3), BENCH_CONNECTIONS (32), BENCH_PATH (/wps/system/status).
 */
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { migrateAndSeed, openServedDatabase } from '../support/database.ts';
import { forkServer, productionConfig, reportReady, stopChild } from '../support/server.ts';
import { LOOPBACK, readBoundedInteger } from '../support/settings.ts';

const ROUNDS = readBoundedInteger('BENCH_ROUNDS', 3, 1, 20);
const DURATION_S = readBoundedInteger('BENCH_DURATION_S', 5, 1, 120);
const WARMUP_S = readBoundedInteger('BENCH_WARMUP_S', 3, 0, 60);
const CONNECTIONS = readBoundedInteger('BENCH_CONNECTIONS', 32, 1, 256);
const OURS_PATH = process.env.BENCH_PATH ?? '/wps/system/status';
const BASELINE_PATH = '/hello';
const START_TIMEOUT_MS = 60_000;

type Role = 'ours' | 'baseline';
type ReadyMessage = { port: number };

/** In the child: runs one server on a free loopback port and tells the parent which. */
async function serve(role: Role): Promise<void> {
  if (role === 'baseline') {
    const app = Fastify({ logger: false });
    app.get(BASELINE_PATH, async () => ({ hello: 'world' }));
    await app.listen({ host: LOOPBACK, port: 0 });
    reportReady(app.server);
    return;
  }

  const { database, close } = await openServedDatabase();
  await migrateAndSeed(database);
  const app = await buildApp({ config: productionConfig(), database });
  await app.listen({ host: LOOPBACK, port: 0 });

  const stop = async () => {
    await app.close();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  reportReady(app.server);
}

/** In the parent: starts a server child and waits for its port. */
async function startServer(role: Role): Promise<{ child: ChildProcess; port: number }> {
  const { child, ready } = await forkServer<ReadyMessage>(import.meta.filename, ['--serve', role], {
    label: `${role} server`,
    timeoutMs: START_TIMEOUT_MS,
  });
  return { child, port: ready.port };
}

async function load(url: string, durationS: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: durationS, pipelining: 1 });
}

type Target = { role: Role; url: string; child: ChildProcess; answered: number; seconds: number };

async function openTarget(role: Role, path: string): Promise<Target> {
  const { child, port } = await startServer(role);
  const url = `http://${LOOPBACK}:${port}${path}`;
  const probe = await fetch(url);
  if (!probe.ok) {
    await stopChild(child);
    throw new Error(`${role}: GET ${path} answered ${probe.status}`);
  }
  return { role, url, child, answered: 0, seconds: 0 };
}

/** One measured run against one server; every answer must be a 2xx. */
async function measureRound(target: Target): Promise<void> {
  const result = await load(target.url, DURATION_S);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${target.role}: ${failed} of ${result['2xx'] + failed} requests failed`);
  target.answered += result['2xx'];
  target.seconds += DURATION_S;
  console.log(
    `  ${target.role.padEnd(8)} ${(result['2xx'] / DURATION_S).toFixed(0).padStart(7)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
}

async function main(): Promise<void> {
  console.log(
    `http-overhead: GET ${OURS_PATH} against a bare Fastify; ${CONNECTIONS} connections, ${WARMUP_S} s warm-up, ${ROUNDS} rounds of ${DURATION_S} s each, database ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}`,
  );
  const baseline = await openTarget('baseline', BASELINE_PATH);
  let ours: Target | undefined;
  try {
    ours = await openTarget('ours', OURS_PATH);
    if (WARMUP_S > 0) {
      await load(baseline.url, WARMUP_S);
      await load(ours.url, WARMUP_S);
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`round ${round} of ${ROUNDS}`);
      // Alternate which goes first, so that neither always runs on a warmer or quieter machine.
      const order = round % 2 === 1 ? [baseline, ours] : [ours, baseline];
      for (const target of order) await measureRound(target);
    }
  } finally {
    await stopChild(baseline.child);
    if (ours) await stopChild(ours.child);
  }

  const oursRps = ours.answered / ours.seconds;
  const baselineRps = baseline.answered / baseline.seconds;
  console.log(
    `RESULT http-overhead rps=${oursRps.toFixed(0)} baseline_rps=${baselineRps.toFixed(0)} ratio=${(oursRps / baselineRps).toFixed(3)}`,
  );
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex >= 0) {
  await serve(process.argv[serveIndex + 1] === 'baseline' ? 'baseline' : 'ours');
} else {
  await main();
}
