/**
 * Lighthouse on the home page, as a visitor's phone first loads it from the real server.
 *
 * The built web app (apps/web/dist; built first when it is missing) is served by the real server
 * (apps/server/src/main.ts) in production mode with the demo seed and the sandboxes, on an
 * embedded PGlite in a temporary directory, or on a fresh database of the PostgreSQL server in
 * DATABASE_URL (dropped afterwards). Lighthouse (the npm package) loads the home page in Debian's
 * Chromium, a fresh browser each run, with its default settings: a mid-range phone on a slow 4G
 * network, simulated. The figures of BENCH_LIGHTHOUSE_RUNS runs (3) are each taken as the median
 * of the runs. The last line reads:
 *   RESULT lighthouse performance=<score 0–100> lcp_ms=<largest contentful paint> cls=<layout shift> ratio=<performance/90>
 * The ratio measures the score against its target, 90: at 1 or above the page meets it. A score
 * is already relative (Lighthouse grades each metric against the field's figures), so it needs no
 * baseline page beside it; targets: performance at least 90, CLS at most 0.05.
 *
 * Settings through the environment: BENCH_LIGHTHOUSE_RUNS (3), CHROMIUM_PATH (/usr/bin/chromium),
 * BENCH_LIGHTHOUSE_REPORT (a directory: each run's full JSON report is written there), WEB_DIST_DIR
 * (a web build elsewhere than apps/web/dist, served instead of it).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createBenchDatabase } from '../support/database.ts';
import { stopChild } from '../support/server.ts';
import { median, readBoundedInteger } from '../support/settings.ts';

const RUNS = readBoundedInteger('BENCH_LIGHTHOUSE_RUNS', 3, 1, 15);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REPORT_DIRECTORY = process.env.BENCH_LIGHTHOUSE_REPORT;
/** No sandbox (a container lacks its privileges), and none of Chromium's own calls home. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const TARGET_PERFORMANCE = 90;
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 15_000;
const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** Distinct free loopback ports: every probe stays open until all are taken. */
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

/**
 * Builds the web app when its build is missing, as `npm run build` would. A WEB_DIST_DIR given in
 * the environment is the server's too (the environment passes through), and is used as it is.
 */
function ensureWebBuild(): void {
  const distDirectory = process.env.WEB_DIST_DIR;
  if (distDirectory) {
    if (!existsSync(path.join(distDirectory, 'index.html')))
      throw new Error(`no index.html in ${distDirectory}`);
    return;
  }
  if (existsSync(path.join(repositoryRoot, 'apps/web/dist/index.html'))) return;
  console.log('  apps/web/dist is missing: building the web app');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', 'build', '--silent', '-w', 'apps/web'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`building the web app failed (exit ${built.status})`);
}

type Server = { child: ChildProcess; baseUrl: string; stop(): Promise<void> };

/** The real server, on a fresh database, with the demo seed and the sandboxes. */
async function startServer(): Promise<Server> {
  const serverUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'panalo-bench-lighthouse-'));
  const benchDatabase = serverUrl ? await createBenchDatabase(serverUrl) : undefined;
  const [port, identityPort, payPort, vendorPort] = await findFreePorts(4);
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // A throw-away secret: production refuses to start without one, and nothing here outlives the run.
    APP_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_ORIGIN: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    START_SANDBOXES: 'true',
    IDENTITY_SANDBOX_PORT: String(identityPort),
    PAY_SANDBOX_PORT: String(payPort),
    VENDOR_SANDBOX_PORT: String(vendorPort),
  };
  if (benchDatabase) env.DATABASE_URL = benchDatabase.connectionString;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  const stop = async () => {
    await stopChild(child, STOP_GRACE_MS);
    rmSync(dataDir, { recursive: true, force: true });
    await benchDatabase?.drop();
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the server exited during start (code ${child.exitCode ?? child.signalCode})`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return { child, baseUrl, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS} ms`);
}

type Figures = { performance: number; lcpMs: number; cls: number };

/** One Lighthouse run in a fresh browser, with Lighthouse's default (mobile) settings. */
async function audit(url: string, run: number): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (REPORT_DIRECTORY) {
      mkdirSync(REPORT_DIRECTORY, { recursive: true });
      writeFileSync(path.join(REPORT_DIRECTORY, `lighthouse-${run}.json`), JSON.stringify(lhr, null, 1));
    }
    const score = lhr.categories.performance?.score;
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
    if (score == null || lcp === undefined || cls === undefined) {
      throw new Error('Lighthouse did not score the page (see BENCH_LIGHTHOUSE_REPORT for the report)');
    }
    const figures = { performance: Math.round(score * 100), lcpMs: Math.round(lcp), cls };
    const opportunities = Object.values(lhr.audits)
      .filter((item) => item.details?.type === 'opportunity' && (item.score ?? 1) < 0.9)
      .map((item) => item.id);
    console.log(
      `  run ${run}: performance ${figures.performance}, FCP ${Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0)} ms, LCP ${figures.lcpMs} ms, TBT ${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms, CLS ${cls.toFixed(3)}, SI ${Math.round(lhr.audits['speed-index']?.numericValue ?? 0)} ms${opportunities.length > 0 ? `; to improve: ${opportunities.join(', ')}` : ''}`,
    );
    return figures;
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  console.log(
    `lighthouse: the home page, ${RUNS} runs in ${CHROMIUM_PATH}, Lighthouse's mobile defaults, database ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}`,
  );
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`no browser at ${CHROMIUM_PATH} (apt-get install chromium)`);
  ensureWebBuild();
  const server = await startServer();
  const runs: Figures[] = [];
  try {
    // One load first, so that every measured run finds the server warm alike.
    await fetch(`${server.baseUrl}/`);
    for (let run = 1; run <= RUNS; run += 1) runs.push(await audit(`${server.baseUrl}/`, run));
  } finally {
    await server.stop();
  }
  const performance = median(runs.map((run) => run.performance));
  const lcpMs = median(runs.map((run) => run.lcpMs));
  const cls = median(runs.map((run) => run.cls));
  console.log(
    `RESULT lighthouse performance=${performance} lcp_ms=${lcpMs} cls=${cls.toFixed(3)} ratio=${(performance / TARGET_PERFORMANCE).toFixed(3)}`,
  );
}

await main();
