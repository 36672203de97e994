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
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seedDemoMerchant } from '../../apps/server/src/db/seed/demo-merchant.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';

const ROUNDS = readBoundedInteger('BENCH_ROUNDS', 3, 1, 20);
const DURATION_S = readBoundedInteger('BENCH_DURATION_S', 5, 1, 120);
const WARMUP_S = readBoundedInteger('BENCH_WARMUP_S', 3, 0, 60);
const CONNECTIONS = readBoundedInteger('BENCH_CONNECTIONS', 32, 1, 256);
const OURS_PATH = process.env.BENCH_PATH ?? '/wps/system/status';
const BASELINE_PATH = '/hello';
const START_TIMEOUT_MS = 60_000;
const LOOPBACK = '127.0.0.1';

type Role = 'ours' | 'baseline';
type ReadyMessage = { port: number };

function readBoundedInteger(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** In the child: runs one server on a free loopback port and tells the parent which. */
async function serve(role: Role): Promise<void> {
  if (role === 'baseline') {
    const app = Fastify({ logger: false });
    app.get(BASELINE_PATH, async () => ({ hello: 'world' }));
    await app.listen({ host: LOOPBACK, port: 0 });
    reportReady(app.server.address());
    return;
  }

  const serverUrl = process.env.DATABASE_URL;
  let databaseName: string | undefined;
  let connectionString: string | undefined;
  if (serverUrl) {
    databaseName = `panalo_bench_${randomBytes(6).toString('hex')}`;
    await runAdminQuery(serverUrl, `create database ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    connectionString = url.toString();
  }
  const database = await openDatabase(
    connectionString ? { kind: 'postgres', connectionString } : { kind: 'pglite', dataDir: undefined },
  );
  await migrateToLatest(database.db);
  await seedDemoMerchant(database.db);
  // Production settings, but request logging off: the baseline logs nothing either, and a log
  // line per request measures the terminal rather than the stack.
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // A throw-away secret: production refuses to start without one, and nothing here outlives the run.
      APP_SECRET: randomBytes(32).toString('hex'),
    }),
    host: LOOPBACK,
    port: 0,
    runJobs: false,
    seedDemo: false,
  };
  const app = await buildApp({ config, database });
  await app.listen({ host: LOOPBACK, port: 0 });

  const stop = async () => {
    await app.close();
    await database.close();
    if (serverUrl && databaseName)
      await runAdminQuery(serverUrl, `drop database if exists ${databaseName} with (force)`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  reportReady(app.server.address());
}

function reportReady(address: ReturnType<import('node:net').Server['address']>): void {
  if (typeof address !== 'object' || address === null) throw new Error('the server has no port');
  process.send?.({ port: address.port } satisfies ReadyMessage);
}

async function runAdminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** In the parent: starts a server child and waits for its port. */
function startServer(role: Role): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--serve', role], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${role} server did not start within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    child.once('message', (message: ReadyMessage) => {
      clearTimeout(timer);
      resolve({ child, port: message.port });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${role} server exited during start (code ${code})`));
    });
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
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
    await stopServer(child);
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
    await stopServer(baseline.child);
    if (ours) await stopServer(ours.child);
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
