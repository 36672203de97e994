import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss, type ConstructorOptions as PgBossOptions } from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';

/** What a handler learns about the job it runs besides its data. */
export type JobContext = {
  jobId: string;
  /** 0 on the first attempt, then 1, 2 … on retries. */
  retryCount: number;
  /** Aborted when the job expires or the runner stops without grace; long handlers should watch it. */
  signal: AbortSignal;
};

/** How a failed job is tried again; it fails for good after `limit` retries. */
export type RetryPolicy = {
  limit: number;
  delaySeconds: number;
  /** Doubles the delay after every attempt (with jitter), up to an hour. */
  backoff: boolean;
};

/** A job type: a named queue, its handler and, optionally, a recurring schedule. */
export type JobDefinition<Data extends object> = {
  /** Queue name, `area.action` (letters, digits, dots, dashes). */
  name: string;
  /** Runs one job. Throwing fails the attempt, and the retry policy decides what happens next. */
  handle(data: Data, context: JobContext): Promise<void>;
  /** Cron expression (5 fields, or 6 with seconds first), evaluated in `timeZone` (default UTC). */
  schedule?: { cron: string; data: Data; timeZone?: string };
  retry?: RetryPolicy;
  /** An attempt running longer than this is given up and retried. */
  timeoutSeconds?: number;
};

/** Tuning for tests and operators; the defaults suit production. */
export type JobRunnerTuning = {
  /** How often a worker polls its queue when idle. */
  pollingIntervalSeconds: number;
  /** How often the schedules are evaluated (one process wins each pass). */
  cronMonitorIntervalSeconds: number;
  /** How long stop() waits for in-flight jobs before giving up on them. */
  stopTimeoutMs: number;
  /**
   * Seconds between runs of a schedule of every minute (`* * * * *`): 60, or a divisor of 60 that
   * runs those sweeps more often (JOBS_MINUTE_SECONDS); other schedules keep their own times.
   */
  minuteSeconds: number;
};

export type JobRunner = {
  /**
   * Installs or updates pg-boss's schema and creates the queues. With workers, this process also
   * handles jobs and evaluates schedules; without, it only sends.
   */
  start(options: { workers: boolean }): Promise<void>;
  /** Queues a job; answers its id (null when a singleton key dropped it as a duplicate). */
  send<Data extends object>(
    definition: JobDefinition<Data>,
    data: Data,
    options?: { startAfterSeconds?: number; singletonKey?: string },
  ): Promise<string | null>;
  /** Stops polling and schedules, waits for in-flight jobs, and releases pg-boss's connections. */
  stop(): Promise<void>;
  readonly definitions: readonly JobDefinition<object>[];
};

export const JOBS_SCHEMA = 'pgboss';
const JOB_NAME_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;
const JOB_TIMEOUT_SECONDS_DEFAULT = 15 * 60;
const RETRY_DELAY_SECONDS_MAX = 60 * 60;
const RETRY_DEFAULT: RetryPolicy = { limit: 2, delaySeconds: 30, backoff: true };
const JOBS_POOL_SIZE = 4;
/** Completed jobs are kept a week so that an operator can look back at what ran. */
const COMPLETED_RETENTION_SECONDS = 7 * 24 * 60 * 60;
export const JOB_RUNNER_TUNING_DEFAULT: JobRunnerTuning = {
  pollingIntervalSeconds: 2,
  cronMonitorIntervalSeconds: 30,
  stopTimeoutMs: 15_000,
  minuteSeconds: 60,
};

const EVERY_MINUTE_CRON = '* * * * *';

/** One pg-boss schedule of a job: its cron and the key that tells it from the job's others. */
export type ScheduleEntry = { cron: string; key: string };

/**
 * The schedules a job's cron becomes under the tuning. pg-boss sends at most one job a minute for
 * a schedule, however fine its expression, so an every-minute sweep run every `minuteSeconds`
 * seconds is that many schedules of its own: the plain one, and one on each further second of the
 * minute (pg-boss reads six fields as seconds first). Any other cron is one schedule, as written.
 */
export function scheduleEntries(cron: string, minuteSeconds: number): ScheduleEntry[] {
  const plain = [{ cron, key: '' }];
  if (cron !== EVERY_MINUTE_CRON || minuteSeconds >= 60) return plain;
  if (!Number.isInteger(minuteSeconds) || minuteSeconds < 1 || 60 % minuteSeconds !== 0) {
    throw new Error(`a minute cannot be split into runs ${minuteSeconds} s apart`);
  }
  const more = [];
  for (let second = minuteSeconds; second < 60; second += minuteSeconds) {
    more.push({ cron: `${second} * * * * *`, key: `second-${second}` });
  }
  return [...plain, ...more];
}

/** Checks a definition once, where it is written, rather than when the first job fails. */
export function defineJob<Data extends object>(definition: JobDefinition<Data>): JobDefinition<Data> {
  if (!JOB_NAME_PATTERN.test(definition.name)) {
    throw new Error(`job name "${definition.name}" must look like area.action`);
  }
  const retry = definition.retry;
  if (retry && (retry.limit < 0 || retry.limit > 20 || retry.delaySeconds < 0)) {
    throw new Error(`job "${definition.name}" has an out-of-range retry policy`);
  }
  return definition;
}

/**
 * A job without data on a schedule: a sweep that finds its own work each time it runs (overdue
 * rounds, idle trials, ended exclusions). Checked as defineJob checks every definition.
 */
export function defineScheduledJob(job: {
  name: string;
  cron: string;
  retry: RetryPolicy;
  timeoutSeconds: number;
  run: () => Promise<unknown>;
}): JobDefinition<object> {
  return defineJob<object>({
    name: job.name,
    schedule: { cron: job.cron, data: {} },
    retry: job.retry,
    timeoutSeconds: job.timeoutSeconds,
    async handle() {
      await job.run();
    },
  });
}

/**
 * pg-boss on the platform database: on PGlite through its adapter (the embedded engine is shared
 * with Kysely, and PGlite serialises the two), on PostgreSQL through its own small pool in the
 * `pgboss` schema. Several processes may run workers on one PostgreSQL database: a job is handed
 * to one worker, and each schedule's occurrence is sent once, whichever process evaluates it.
 */
export function createJobRunner(deps: {
  database: DatabaseHandle;
  definitions: readonly JobDefinition<object>[];
  logger: FastifyBaseLogger;
  tuning?: Partial<JobRunnerTuning>;
}): JobRunner {
  const { database, definitions, logger } = deps;
  const tuning = { ...JOB_RUNNER_TUNING_DEFAULT, ...deps.tuning };
  // Schedules are evaluated at least as often as the every-minute jobs are to run.
  const cronMonitorSeconds = Math.min(tuning.cronMonitorIntervalSeconds, tuning.minuteSeconds);
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  if (byName.size !== definitions.length) throw new Error('two job definitions share a name');

  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let hasWorkers = false;
  let stopped = false;

  function createBoss(workers: boolean): PgBoss {
    const common = {
      schema: JOBS_SCHEMA,
      schedule: workers,
      supervise: workers,
      cronMonitorIntervalSeconds: cronMonitorSeconds,
      // The internal queue that turns a schedule's occurrence into a job polls as often as passes run.
      cronWorkerIntervalSeconds: Math.min(cronMonitorSeconds, 5),
    } satisfies PgBossOptions;
    let options: PgBossOptions;
    if (database.kind === 'pglite' && database.pglite) {
      options = { ...common, db: fromPglite(database.pglite), backend: 'pglite' };
    } else if (database.connectionString) {
      options = {
        ...common,
        connectionString: database.connectionString,
        max: JOBS_POOL_SIZE,
        application_name: 'panalo-jobs',
      };
    } else {
      throw new Error('the database handle has neither an embedded engine nor a connection string');
    }
    const instance = new PgBoss(options);
    instance.on('error', (error) => logger.error({ err: error }, 'job runner error'));
    instance.on('warning', (warning) => logger.warn({ warning }, 'job runner warning'));
    return instance;
  }

  async function startBoss(workers: boolean): Promise<void> {
    const instance = createBoss(workers);
    await instance.start();
    for (const definition of definitions) {
      const retry = definition.retry ?? RETRY_DEFAULT;
      await instance.createQueue(definition.name, {
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: retry.backoff,
        ...(retry.backoff ? { retryDelayMax: RETRY_DELAY_SECONDS_MAX } : {}),
        expireInSeconds: definition.timeoutSeconds ?? JOB_TIMEOUT_SECONDS_DEFAULT,
        deleteAfterSeconds: COMPLETED_RETENTION_SECONDS,
      });
    }
    if (workers) {
      for (const definition of definitions) {
        await instance.work<object>(
          definition.name,
          { pollingIntervalSeconds: tuning.pollingIntervalSeconds, batchSize: 1 },
          async (jobs) => {
            for (const job of jobs) {
              await runOne(definition, job);
            }
          },
        );
        if (definition.schedule) {
          const entries = scheduleEntries(definition.schedule.cron, tuning.minuteSeconds);
          // A schedule an earlier start made under another tuning would go on sending: it goes.
          const keys = new Set(entries.map((entry) => entry.key));
          for (const existing of await instance.getSchedules(definition.name)) {
            if (!keys.has(existing.key)) await instance.unschedule(definition.name, existing.key);
          }
          for (const { cron, key } of entries) {
            await instance.schedule(definition.name, cron, definition.schedule.data, {
              tz: definition.schedule.timeZone ?? 'UTC',
              key,
            });
          }
        }
      }
    }
    boss = instance;
    hasWorkers = workers;
  }

  async function runOne(
    definition: JobDefinition<object>,
    job: { id: string; data: object; retryCount: number; signal: AbortSignal },
  ): Promise<void> {
    const started = performance.now();
    try {
      await definition.handle(job.data, { jobId: job.id, retryCount: job.retryCount, signal: job.signal });
      logger.debug(
        { job: definition.name, jobId: job.id, durationMs: Math.round(performance.now() - started) },
        'job done',
      );
    } catch (error) {
      logger.warn(
        { job: definition.name, jobId: job.id, retryCount: job.retryCount, err: error },
        'job failed',
      );
      throw error;
    }
  }

  async function ensureStarted(workers: boolean): Promise<PgBoss> {
    if (stopped) throw new Error('the job runner has been stopped');
    if (!starting) {
      // A failed start (the database was away) is tried again by the next caller.
      starting = startBoss(workers).catch((error: unknown) => {
        starting = undefined;
        throw error;
      });
    }
    await starting;
    if (workers && !hasWorkers) throw new Error('the job runner was started without workers');
    return boss!;
  }

  return {
    definitions,
    async start(options) {
      await ensureStarted(options.workers);
    },
    async send(definition, data, options = {}) {
      if (byName.get(definition.name) !== definition) {
        throw new Error(`job "${definition.name}" is not registered with this runner`);
      }
      // A process that runs no workers still sends: it installs the schema on first use.
      const instance = await ensureStarted(false);
      return instance.send(definition.name, data, {
        ...(options.startAfterSeconds !== undefined ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (!starting) return;
      await starting.catch(() => undefined);
      await boss?.stop({ graceful: true, timeout: tuning.stopTimeoutMs, close: true });
    },
  };
}
