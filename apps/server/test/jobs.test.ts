import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/platform/db/database.ts';
import { createHeartbeatJob } from '../src/platform/jobs/heartbeat.job.ts';
import {
  createJobRunner,
  defineJob,
  type JobRunner,
  type JobRunnerTuning,
  scheduleEntries,
} from '../src/platform/jobs/job-runner.ts';
import { createTestDatabase } from './support/test-database.ts';

const logger = pino({ level: 'silent' });
const FAST: Partial<JobRunnerTuning> = {
  pollingIntervalSeconds: 0.5,
  cronMonitorIntervalSeconds: 1,
  stopTimeoutMs: 5_000,
};

/** The keys of the test sweep's schedules, as pg-boss keeps them. */
async function plainSchedules(handle: DatabaseHandle): Promise<{ key: string }[]> {
  const { rows } = await sql<{
    key: string;
  }>`select key from pgboss.schedule where name = 'test.sweep'`.execute(handle.db);
  return rows;
}

async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let database: DatabaseHandle;
const runners: JobRunner[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});
afterAll(async () => {
  await database.close();
});

describe('jobs', () => {
  it('hands a sent job to a worker with its data', async () => {
    const handled: Array<{ greeting: string; jobId: string }> = [];
    const echo = defineJob<{ greeting: string }>({
      name: 'test.echo',
      async handle(data, context) {
        handled.push({ greeting: data.greeting, jobId: context.jobId });
      },
    });
    const runner = createJobRunner({ database, definitions: [echo], logger, tuning: FAST });
    runners.push(runner);
    await runner.start({ workers: true });
    const jobId = await runner.send(echo, { greeting: 'kumusta' });
    expect(jobId).toEqual(expect.any(String));
    await waitFor(() => (handled.length > 0 ? true : undefined));
    expect(handled).toEqual([{ greeting: 'kumusta', jobId }]);
  });

  it('retries a failed attempt according to the retry policy', async () => {
    const attempts: number[] = [];
    const flaky = defineJob<object>({
      name: 'test.flaky',
      retry: { limit: 1, delaySeconds: 0, backoff: false },
      async handle(_data, context) {
        attempts.push(context.retryCount);
        if (context.retryCount === 0) throw new Error('first attempt fails on purpose');
      },
    });
    const runner = createJobRunner({ database, definitions: [flaky], logger, tuning: FAST });
    runners.push(runner);
    await runner.start({ workers: true });
    await runner.send(flaky, {});
    await waitFor(() => (attempts.length >= 2 ? true : undefined));
    expect(attempts).toEqual([0, 1]);
  });

  it('lets an in-flight job finish before stop() returns', async () => {
    let started = false;
    let finished = false;
    const slow = defineJob<object>({
      name: 'test.slow',
      async handle() {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        finished = true;
      },
    });
    const runner = createJobRunner({ database, definitions: [slow], logger, tuning: FAST });
    await runner.start({ workers: true });
    await runner.send(slow, {});
    await waitFor(() => (started ? true : undefined));
    await runner.stop();
    expect(finished).toBe(true);
  });

  it('runs an every-minute schedule every minuteSeconds through a schedule per run, and leaves other schedules as written', async () => {
    expect(scheduleEntries('* * * * *', 60)).toEqual([{ cron: '* * * * *', key: '' }]);
    expect(scheduleEntries('* * * * *', 20)).toEqual([
      { cron: '* * * * *', key: '' },
      { cron: '20 * * * * *', key: 'second-20' },
      { cron: '40 * * * * *', key: 'second-40' },
    ]);
    expect(scheduleEntries('*/5 * * * *', 10)).toEqual([{ cron: '*/5 * * * *', key: '' }]);
    expect(() => scheduleEntries('* * * * *', 7)).toThrow(/minute/);

    const ranAt: number[] = [];
    const sweep = defineJob<object>({
      name: 'test.sweep',
      schedule: { cron: '* * * * *', data: {} },
      handle: async () => {
        ranAt.push(Date.now());
      },
    });
    const runner = createJobRunner({
      database,
      definitions: [sweep],
      logger,
      tuning: { ...FAST, minuteSeconds: 5 },
    });
    runners.push(runner);
    await runner.start({ workers: true });
    // Three runs come inside the minute a plain every-minute schedule would take for one or two.
    await waitFor(() => (ranAt.length >= 3 ? true : undefined), 40_000);
    expect(ranAt.length).toBeGreaterThanOrEqual(3);
    // A later start with the plain tuning leaves the job one schedule again.
    await runner.stop();
    const plain = createJobRunner({ database, definitions: [sweep], logger, tuning: FAST });
    runners.push(plain);
    await plain.start({ workers: true });
    expect((await plainSchedules(database)).map((row) => row.key)).toEqual(['']);
  });

  it('refuses a job name that is not area.action', () => {
    expect(() => defineJob({ name: 'Heartbeat', handle: async () => {} })).toThrow(/area\.action/);
  });

  it('runs the heartbeat schedule and records the node that ran it', async () => {
    const runner = createJobRunner({
      database,
      definitions: [createHeartbeatJob({ db: database.db, nodeId: 'node-solo' })],
      logger,
      tuning: FAST,
    });
    runners.push(runner);
    await runner.start({ workers: true });
    const row = await waitFor(async () =>
      database.db.selectFrom('job_heartbeats').selectAll().executeTakeFirst(),
    );
    expect(row.node_id).toBe('node-solo');
    expect(row.ran_at).toBeInstanceOf(Date);
  });
});

// Two server processes on one PostgreSQL database, each with its own pool and its own pg-boss
// evaluating the same every-minute schedule: the occurrence must run once, not once per process.
describe.skipIf(!process.env.DATABASE_URL)(
  'jobs across processes (PostgreSQL; skipped without DATABASE_URL)',
  () => {
    it('runs a scheduled occurrence once when two processes evaluate the schedule', async () => {
      // Stay clear of a minute boundary, so that no second, legitimate occurrence comes due inside the
      // observation window below (the schedule fires every minute).
      const secondsIntoMinute = new Date().getUTCSeconds();
      if (secondsIntoMinute > 45)
        await new Promise((resolve) => setTimeout(resolve, (61 - secondsIntoMinute) * 1000));

      // A database of its own: the schedule above already sent this minute's occurrence in the shared one.
      const shared = await createTestDatabase();
      const children = ['node-a', 'node-b'].map((nodeId) =>
        spawn(process.execPath, [HEARTBEAT_NODE_SCRIPT, nodeId], {
          env: { ...process.env, DATABASE_URL: shared.connectionString },
          stdio: ['ignore', 'pipe', 'inherit'],
        }),
      );
      try {
        await Promise.all(children.map(readyOf));
        await waitFor(async () => shared.db.selectFrom('job_heartbeats').selectAll().executeTakeFirst());
        // Both processes evaluate the schedule every second; give them several passes to double up.
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        const rows = await shared.db.selectFrom('job_heartbeats').selectAll().execute();
        expect(rows).toHaveLength(1);
        expect(['node-a', 'node-b']).toContain(rows[0]!.node_id);
      } finally {
        await Promise.all(children.map(stopChild));
        await shared.close();
      }
    });
  },
);

const HEARTBEAT_NODE_SCRIPT = fileURLToPath(new URL('./support/heartbeat-node.ts', import.meta.url));
const CHILD_START_TIMEOUT_MS = 20_000;

function readyOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('a heartbeat process did not start')),
      CHILD_START_TIMEOUT_MS,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`a heartbeat process exited early with ${code}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
