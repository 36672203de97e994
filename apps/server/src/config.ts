import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The process environment, parsed once and typed. Every variable is described in CONFIG_VARIABLES
 * below, from which docs/configuration.md is generated (`npm run docs:config`).
 */
export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where the embedded database and uploads live when DATABASE_URL is unset. */
  dataDir: string;
  /** PostgreSQL connection string; unset means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /** Redis for socket fan-out and shared rate limits; optional. */
  redisUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Trust X-Forwarded-* from this many proxy hops (0: do not trust). */
  trustProxyHops: number;
  /**
   * The origin (scheme, host and optional port) that links and callback addresses name for a
   * merchant without a main origin of its own (PUBLIC_ORIGIN); never taken from a request. Derived
   * from PORT as http://localhost:<PORT> outside production, required in production.
   */
  publicOrigin: string;
  /** Directory of the built player SPA, served at / when present. */
  webDistDir: string;
  /** Directory of the built back-office SPA, served at /admin when present. */
  adminDistDir: string;
  /** Seed the demo merchant and accounts when the database is empty. */
  seedDemo: boolean;
  /** Run pg-boss workers and schedules in this process. */
  runJobs: boolean;
  /** Seconds between runs of the every-minute jobs (JOBS_MINUTE_SECONDS): 60, or a divisor of 60. */
  jobsMinuteSeconds: number;
  /**
   * A header set by a trusted proxy naming the visitor's country (e.g. CF-IPCountry). Used for
   * region rules when the bundled IPv4 country table cannot tell (IPv6 visitors). Unset: not used.
   */
  countryHeader: string | undefined;
  /** Names this process in job heartbeats and logs (default host name and process id). */
  nodeId: string;
  /**
   * The server's own secret (APP_SECRET, at least 32 bytes as hex or base64): keys the hashes of
   * one-time codes and seals stored secrets such as TOTP keys. Required in production; elsewhere
   * a random one is kept in DATA_DIR (development) or made per process (test).
   */
  appSecret: Buffer;
  /** How SMS leave: kept in the outbox table only (default), or posted to an HTTP SMS gateway. */
  sms: { kind: 'outbox' } | { kind: 'http'; url: string; token: string | undefined };
  /** How emails leave: kept in the outbox table only (default), or sent through an SMTP relay. */
  email: { kind: 'outbox' } | { kind: 'smtp'; url: string; from: string };
  /**
   * Start the local stand-ins for third parties (the identity sandbox for social login, the payment
   * sandbox for deposits) as child processes and point the demo merchant at them; on by default in
   * development only.
   */
  sandboxes: { start: boolean; identityPort: number; payPort: number; vendorPort: number };
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.problems = problems;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;
const NODE_ID_LENGTH_MAX = 100;
const APP_SECRET_BYTES_MIN = 32;
const APP_SECRET_FILE = 'app-secret';
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** What a variable holds: the parser checks a value against it, the docs describe it. */
export type VariableType =
  | { kind: 'text' }
  | { kind: 'path' }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'choice'; choices: readonly string[] }
  | { kind: 'boolean' }
  | { kind: 'url'; protocols: readonly string[] }
  | { kind: 'origin' }
  | { kind: 'header' }
  | { kind: 'secret'; minBytes: number };

export type ConfigVariable = {
  type: VariableType;
  /** The value used when the variable is unset or empty (a path: from the repository's root). */
  fallback?: string | number | boolean;
  /** The default as the docs state it (Markdown), where the fallback alone does not tell it. */
  defaultText?: string;
  /** What the variable does (Markdown). */
  meaning: string;
};

const integer = (min: number, max: number) => ({ kind: 'integer', min, max }) as const;
const choice = <T extends string>(choices: readonly T[]) => ({ kind: 'choice', choices }) as const;
const url = (...protocols: string[]) => ({ kind: 'url', protocols }) as const;
const TEXT = { kind: 'text' } as const;
const PATH = { kind: 'path' } as const;
const BOOLEAN = { kind: 'boolean' } as const;
const PORT_NUMBER = integer(0, 65535);

/**
 * Every environment variable the server reads, in the order the docs list them. loadConfig reads
 * each through the reader of its type, with the bounds, choices and protocols given here.
 */
export const CONFIG_VARIABLES = {
  NODE_ENV: {
    type: choice(NODE_ENVS),
    fallback: 'development',
    meaning:
      'production turns the demo seed and the sandboxes off by default and requires `APP_SECRET` and `PUBLIC_ORIGIN`',
  },
  HOST: { type: TEXT, fallback: '0.0.0.0', meaning: 'the address the server listens on' },
  PORT: { type: PORT_NUMBER, fallback: 3000, meaning: 'the port the server listens on' },
  PUBLIC_ORIGIN: {
    type: { kind: 'origin' },
    defaultText: '`http://localhost:<PORT>` outside production; required in production',
    meaning:
      'the origin that emailed links and gateway and identity callbacks name for a merchant whose main domain route sets no scheme; never taken from a request',
  },
  DATA_DIR: {
    type: PATH,
    fallback: 'data',
    defaultText: '`./data` (in the repository)',
    meaning: 'where the embedded database (and uploads) live when `DATABASE_URL` is unset',
  },
  DATABASE_URL: {
    type: url('postgres:', 'postgresql:'),
    meaning: 'a PostgreSQL connection string; unset means the embedded PGlite database under `DATA_DIR`',
  },
  REDIS_URL: {
    type: url('redis:', 'rediss:'),
    meaning:
      "Redis for socket fan-out and rate limits shared across server processes; optional (without it the limits' counters live in the database)",
  },
  LOG_LEVEL: {
    type: choice(LOG_LEVELS),
    fallback: 'info',
    defaultText: '`info` (`silent` in tests)',
    meaning: 'logs are JSON lines on standard output, secrets redacted',
  },
  TRUST_PROXY_HOPS: {
    type: integer(0, 10),
    fallback: 0,
    meaning:
      "how many reverse proxies in front of the server to trust for `X-Forwarded-For` (the visitor's IP); 0 trusts none",
  },
  TRUSTED_COUNTRY_HEADER: {
    type: { kind: 'header' },
    meaning:
      "a header set by a trusted proxy naming the visitor's country (for example `CF-IPCountry`), used for region rules when the bundled IPv4 country table cannot tell (IPv6 visitors)",
  },
  WEB_DIST_DIR: {
    type: PATH,
    fallback: 'apps/web/dist',
    meaning: 'the built player app, served at `/` when present',
  },
  ADMIN_DIST_DIR: {
    type: PATH,
    fallback: 'apps/admin/dist',
    meaning: 'the built back office, served at `/admin/` when present',
  },
  SEED_DEMO: {
    type: BOOLEAN,
    fallback: true,
    defaultText: '`true` (`false` in production)',
    meaning: 'create the demo merchant, its content and demo accounts when the database is empty',
  },
  RUN_JOBS: {
    type: BOOLEAN,
    fallback: true,
    meaning: 'run the scheduled jobs (pg-boss workers and schedules) in this process',
  },
  JOBS_MINUTE_SECONDS: {
    type: integer(5, 60),
    fallback: 60,
    meaning:
      'how often the every-minute jobs (the sweeps that settle rounds, roll up teams, pay points, missions, rewards and referrals) run, in seconds: 60, or a divisor of 60 to run them more often (the browser journeys use 10); every such job is idempotent',
  },
  NODE_ID: {
    type: TEXT,
    defaultText: 'host name and process id',
    meaning: `names this process in job heartbeats and logs (cut to ${NODE_ID_LENGTH_MAX} characters)`,
  },
  APP_SECRET: {
    type: { kind: 'secret', minBytes: APP_SECRET_BYTES_MIN },
    defaultText: `kept in \`DATA_DIR/${APP_SECRET_FILE}\` in development, one per process in tests; required in production`,
    meaning:
      "the server's own secret: keys the hashes of one-time codes and captcha answers and seals stored secrets such as TOTP keys",
  },
  SMS_PROVIDER: {
    type: choice(['outbox', 'http'] as const),
    fallback: 'outbox',
    meaning:
      '`outbox` keeps text messages in the `outbox_messages` table only; `http` also posts them to an SMS gateway',
  },
  SMS_HTTP_URL: {
    type: url('http:', 'https:'),
    meaning:
      'with `SMS_PROVIDER=http` (required then): the gateway\'s URL; it receives `POST {"to","text","reference"}` as JSON, and any 2xx answer counts as sent',
  },
  SMS_HTTP_TOKEN: {
    type: TEXT,
    meaning: 'with `SMS_PROVIDER=http`: sent as `Authorization: Bearer <token>`',
  },
  EMAIL_PROVIDER: {
    type: choice(['outbox', 'smtp'] as const),
    fallback: 'outbox',
    meaning:
      '`outbox` keeps emails in the `outbox_messages` table only; `smtp` also sends them through an SMTP relay',
  },
  SMTP_URL: {
    type: url('smtp:', 'smtps:'),
    meaning:
      'with `EMAIL_PROVIDER=smtp` (required then): the relay, as `smtp://user:password@host:587` or `smtps://…:465`',
  },
  EMAIL_FROM: {
    type: TEXT,
    fallback: 'Panalo <no-reply@localhost>',
    meaning: 'with `EMAIL_PROVIDER=smtp`: the sender of emails',
  },
  START_SANDBOXES: {
    type: BOOLEAN,
    fallback: false,
    defaultText: '`true` in development',
    meaning:
      'start the local stand-ins for third parties as child processes (the identity, payment and vendor sandboxes) and point the demo merchant at them',
  },
  IDENTITY_SANDBOX_PORT: {
    type: PORT_NUMBER,
    fallback: 3100,
    meaning: "the identity sandbox's port (0 picks a free one)",
  },
  PAY_SANDBOX_PORT: {
    type: PORT_NUMBER,
    fallback: 3200,
    meaning: "the payment sandbox's port (0 picks a free one)",
  },
  VENDOR_SANDBOX_PORT: {
    type: PORT_NUMBER,
    fallback: 3300,
    meaning: "the vendor sandbox's port (0 picks a free one)",
  },
} as const satisfies Record<string, ConfigVariable>;

type Variables = typeof CONFIG_VARIABLES;
/** The names of the variables of one kind, so that each reader takes only its own. */
type NameOf<Kind extends VariableType['kind']> = {
  [Name in keyof Variables]: Variables[Name]['type']['kind'] extends Kind ? Name : never;
}[keyof Variables];

/** Reads the environment; throws one ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];

  function readText(name: NameOf<'text' | 'path'>): string | undefined {
    return env[name] || undefined;
  }

  function readInteger(name: NameOf<'integer'>, fallback: number = CONFIG_VARIABLES[name].fallback): number {
    const { min, max } = CONFIG_VARIABLES[name].type;
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  function readChoice<Name extends NameOf<'choice'>>(
    name: Name,
    fallback: Variables[Name]['type']['choices'][number] = CONFIG_VARIABLES[name].fallback,
  ): Variables[Name]['type']['choices'][number] {
    const choices: readonly string[] = CONFIG_VARIABLES[name].type.choices;
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (choices.includes(raw)) return raw as Variables[Name]['type']['choices'][number];
    problems.push(`${name} must be one of ${choices.join(', ')} (got "${raw}")`);
    return fallback;
  }

  function readUrl(name: NameOf<'url'>): string | undefined {
    const protocols: readonly string[] = CONFIG_VARIABLES[name].type.protocols;
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    try {
      const url = new URL(raw);
      if (!protocols.includes(url.protocol)) {
        problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
      }
    } catch {
      problems.push(`${name} is not a valid URL`);
    }
    return raw;
  }

  /** An http(s) origin alone: no path, query, fragment or credentials; answered as URL.origin. */
  function readOrigin(name: NameOf<'origin'>): string | undefined {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    try {
      const url = new URL(raw);
      const isBare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      if ((url.protocol === 'http:' || url.protocol === 'https:') && isBare && !raw.endsWith('/')) {
        return url.origin;
      }
    } catch {
      // Reported below like any other malformed value.
    }
    problems.push(
      `${name} must be an origin such as https://www.example.com or http://localhost:3000 (got "${raw}")`,
    );
    return undefined;
  }

  function readBoolean(
    name: NameOf<'boolean'>,
    fallback: boolean = CONFIG_VARIABLES[name].fallback,
  ): boolean {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  function readHeaderName(name: NameOf<'header'>): string | undefined {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    if (/^[A-Za-z0-9-]{1,64}$/.test(raw)) return raw.toLowerCase();
    problems.push(`${name} must be an HTTP header name (got "${raw}")`);
    return undefined;
  }

  function readSecret(name: NameOf<'secret'>): Buffer | undefined {
    const { minBytes } = CONFIG_VARIABLES[name].type;
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const bytes = /^[0-9a-f]+$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (bytes.length >= minBytes) return bytes;
    problems.push(`${name} must hold at least ${minBytes} bytes as hex or base64`);
    return undefined;
  }

  function readMinuteSeconds(): number {
    const seconds = readInteger('JOBS_MINUTE_SECONDS');
    if (60 % seconds === 0) return seconds;
    problems.push(`JOBS_MINUTE_SECONDS must divide 60 evenly (got "${seconds}")`);
    return CONFIG_VARIABLES.JOBS_MINUTE_SECONDS.fallback;
  }

  const nodeEnv = readChoice('NODE_ENV');
  const dataDir = path.resolve(
    readText('DATA_DIR') ?? path.join(repositoryRoot, CONFIG_VARIABLES.DATA_DIR.fallback),
  );
  let appSecret = readSecret('APP_SECRET');
  if (!appSecret && nodeEnv === 'production' && !env.APP_SECRET) {
    problems.push('APP_SECRET is required in production (at least 32 bytes as hex or base64)');
  }
  if (!appSecret) appSecret = nodeEnv === 'development' ? readOrCreateLocalSecret(dataDir) : randomBytes(32);

  const port = readInteger('PORT');
  const publicOrigin = readOrigin('PUBLIC_ORIGIN');
  if (!publicOrigin && nodeEnv === 'production' && !env.PUBLIC_ORIGIN) {
    problems.push('PUBLIC_ORIGIN is required in production (the origin links and callbacks name)');
  }

  const smsKind = readChoice('SMS_PROVIDER');
  const smsUrl = readUrl('SMS_HTTP_URL');
  if (smsKind === 'http' && !smsUrl) problems.push('SMS_HTTP_URL is required when SMS_PROVIDER is http');
  const emailKind = readChoice('EMAIL_PROVIDER');
  const smtpUrl = readUrl('SMTP_URL');
  if (emailKind === 'smtp' && !smtpUrl) problems.push('SMTP_URL is required when EMAIL_PROVIDER is smtp');

  const config: Config = {
    nodeEnv,
    host: readText('HOST') ?? CONFIG_VARIABLES.HOST.fallback,
    port,
    publicOrigin: publicOrigin ?? `http://localhost:${port}`,
    dataDir,
    databaseUrl: readUrl('DATABASE_URL'),
    redisUrl: readUrl('REDIS_URL'),
    logLevel: readChoice('LOG_LEVEL', nodeEnv === 'test' ? 'silent' : CONFIG_VARIABLES.LOG_LEVEL.fallback),
    trustProxyHops: readInteger('TRUST_PROXY_HOPS'),
    webDistDir: path.resolve(
      readText('WEB_DIST_DIR') ?? path.join(repositoryRoot, CONFIG_VARIABLES.WEB_DIST_DIR.fallback),
    ),
    adminDistDir: path.resolve(
      readText('ADMIN_DIST_DIR') ?? path.join(repositoryRoot, CONFIG_VARIABLES.ADMIN_DIST_DIR.fallback),
    ),
    seedDemo: readBoolean(
      'SEED_DEMO',
      nodeEnv === 'production' ? false : CONFIG_VARIABLES.SEED_DEMO.fallback,
    ),
    runJobs: readBoolean('RUN_JOBS'),
    jobsMinuteSeconds: readMinuteSeconds(),
    countryHeader: readHeaderName('TRUSTED_COUNTRY_HEADER'),
    nodeId: (readText('NODE_ID') ?? `${os.hostname()}-${process.pid}`).slice(0, NODE_ID_LENGTH_MAX),
    appSecret,
    sms:
      smsKind === 'http' && smsUrl
        ? { kind: 'http', url: smsUrl, token: readText('SMS_HTTP_TOKEN') }
        : { kind: 'outbox' },
    email:
      emailKind === 'smtp' && smtpUrl
        ? { kind: 'smtp', url: smtpUrl, from: readText('EMAIL_FROM') ?? CONFIG_VARIABLES.EMAIL_FROM.fallback }
        : { kind: 'outbox' },
    sandboxes: {
      start: readBoolean(
        'START_SANDBOXES',
        nodeEnv === 'development' || CONFIG_VARIABLES.START_SANDBOXES.fallback,
      ),
      identityPort: readInteger('IDENTITY_SANDBOX_PORT'),
      payPort: readInteger('PAY_SANDBOX_PORT'),
      vendorPort: readInteger('VENDOR_SANDBOX_PORT'),
    },
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** A development machine keeps one random secret in its data directory across restarts. */
function readOrCreateLocalSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, APP_SECRET_FILE);
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  const secret = randomBytes(32);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret.toString('hex'), { mode: 0o600 });
  return secret;
}
