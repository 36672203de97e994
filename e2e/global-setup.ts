import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';
const READY_TIMEOUT_MS = 90_000;
const READY_POLL_MS = 250;
const STOP_GRACE_MS = 15_000;

/** Environment variables through which the workers learn where the server and its database are. */
export const E2E_BASE_URL_VARIABLE = 'PANALO_E2E_BASE_URL';
export const E2E_DATABASE_URL_VARIABLE = 'PANALO_E2E_DATABASE_URL';

/**
 * Creates a fresh PostgreSQL database with a random name, starts the real server on it (it
 * migrates and seeds the demo merchant itself), waits until /readyz answers, and hands back the
 * teardown that stops the server and drops the database.
 */
export default async function setUpPlatform(): Promise<() => Promise<void>> {
  const adminUrl = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
  const databaseName = `panalo_e2e_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(adminUrl, `create database ${databaseName}`);
  const databaseUrl = withDatabase(adminUrl, databaseName);

  const [port, identitySandboxPort, paySandboxPort, vendorSandboxPort] = await findFreePorts(4);
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = process.env.E2E_SERVER_LOG ?? path.join(tmpdir(), `${databaseName}.server.log`);
  const log = createWriteStream(logFile);
  console.log(`e2e: server on ${baseUrl}, database ${databaseName}, log ${logFile}`);

  const server = spawn(path.join(repositoryRoot, 'node_modules/.bin/node'), ['apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      // Links and callbacks (a deposit's return address, a social login's redirect) lead back to
      // the address the browser uses, so that its stored session is there when it returns.
      PUBLIC_ORIGIN: baseUrl,
      SEED_DEMO: 'true',
      // Journeys act as different visitors (throttles and captcha count per address) through
      // X-Forwarded-For, which one trusted hop lets through.
      TRUST_PROXY_HOPS: '1',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
      // The every-minute sweeps (team rollups, points, missions, referrals, raffles) run every 10 s,
      // so that a journey waits seconds, not a minute, for what a job does.
      JOBS_MINUTE_SECONDS: '10',
      // The server starts the identity, payment and vendor sandboxes; their own ports keep them apart from
      // a development server's on this machine.
      START_SANDBOXES: 'true',
      IDENTITY_SANDBOX_PORT: String(identitySandboxPort),
      PAY_SANDBOX_PORT: String(paySandboxPort),
      VENDOR_SANDBOX_PORT: String(vendorSandboxPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  const teardown = async () => {
    await stopProcess(server);
    log.end();
    await runAdminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`);
  };

  try {
    await waitUntilReady(baseUrl, server);
  } catch (error) {
    await teardown();
    throw new Error(`${(error as Error).message} (server log: ${logFile})`);
  }

  process.env[E2E_BASE_URL_VARIABLE] = baseUrl;
  process.env[E2E_DATABASE_URL_VARIABLE] = databaseUrl;
  return teardown;
}

async function runAdminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function withDatabase(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/**
 * Distinct free ports: every probe stays open until all are taken, so that the system cannot hand
 * the same port out twice.
 */
async function findFreePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const probe = createServer();
          probe.unref();
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => {
    const address = probe.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  if (ports.some((port) => port === 0)) throw new Error('no free port');
  return ports;
}

async function waitUntilReady(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited during start (code ${server.exitCode ?? server.signalCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS} ms`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
