import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The process environment, parsed once and typed. Every variable is documented in the README. */
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

/** Reads the environment; throws one ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];

  function readInteger(name: string, fallback: number, min: number, max: number): number {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  function readChoice<T extends string>(name: string, choices: readonly T[], fallback: T): T {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if ((choices as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${choices.join(', ')} (got "${raw}")`);
    return fallback;
  }

  function readUrl(name: string, protocols: string[]): string | undefined {
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
  function readOrigin(name: string): string | undefined {
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

  function readBoolean(name: string, fallback: boolean): boolean {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  function readHeaderName(name: string): string | undefined {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    if (/^[A-Za-z0-9-]{1,64}$/.test(raw)) return raw.toLowerCase();
    problems.push(`${name} must be an HTTP header name (got "${raw}")`);
    return undefined;
  }

  function readSecret(name: string): Buffer | undefined {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const bytes = /^[0-9a-f]+$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (bytes.length >= APP_SECRET_BYTES_MIN) return bytes;
    problems.push(`${name} must hold at least ${APP_SECRET_BYTES_MIN} bytes as hex or base64`);
    return undefined;
  }

  const nodeEnv = readChoice('NODE_ENV', NODE_ENVS, 'development');
  const dataDir = path.resolve(env.DATA_DIR || path.join(repositoryRoot, 'data'));
  let appSecret = readSecret('APP_SECRET');
  if (!appSecret && nodeEnv === 'production' && !env.APP_SECRET) {
    problems.push('APP_SECRET is required in production (at least 32 bytes as hex or base64)');
  }
  if (!appSecret) appSecret = nodeEnv === 'development' ? readOrCreateLocalSecret(dataDir) : randomBytes(32);

  const port = readInteger('PORT', 3000, 0, 65535);
  const publicOrigin = readOrigin('PUBLIC_ORIGIN');
  if (!publicOrigin && nodeEnv === 'production' && !env.PUBLIC_ORIGIN) {
    problems.push('PUBLIC_ORIGIN is required in production (the origin links and callbacks name)');
  }

  const smsKind = readChoice('SMS_PROVIDER', ['outbox', 'http'] as const, 'outbox');
  const smsUrl = readUrl('SMS_HTTP_URL', ['http:', 'https:']);
  if (smsKind === 'http' && !smsUrl) problems.push('SMS_HTTP_URL is required when SMS_PROVIDER is http');
  const emailKind = readChoice('EMAIL_PROVIDER', ['outbox', 'smtp'] as const, 'outbox');
  const smtpUrl = readUrl('SMTP_URL', ['smtp:', 'smtps:']);
  if (emailKind === 'smtp' && !smtpUrl) problems.push('SMTP_URL is required when EMAIL_PROVIDER is smtp');

  const config: Config = {
    nodeEnv,
    host: env.HOST || '0.0.0.0',
    port,
    publicOrigin: publicOrigin ?? `http://localhost:${port}`,
    dataDir,
    databaseUrl: readUrl('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: readUrl('REDIS_URL', ['redis:', 'rediss:']),
    logLevel: readChoice('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxyHops: readInteger('TRUST_PROXY_HOPS', 0, 0, 10),
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(repositoryRoot, 'apps/web/dist')),
    adminDistDir: path.resolve(env.ADMIN_DIST_DIR || path.join(repositoryRoot, 'apps/admin/dist')),
    seedDemo: readBoolean('SEED_DEMO', nodeEnv !== 'production'),
    runJobs: readBoolean('RUN_JOBS', true),
    countryHeader: readHeaderName('TRUSTED_COUNTRY_HEADER'),
    nodeId: (env.NODE_ID || `${os.hostname()}-${process.pid}`).slice(0, NODE_ID_LENGTH_MAX),
    appSecret,
    sms:
      smsKind === 'http' && smsUrl
        ? { kind: 'http', url: smsUrl, token: env.SMS_HTTP_TOKEN || undefined }
        : { kind: 'outbox' },
    email:
      emailKind === 'smtp' && smtpUrl
        ? { kind: 'smtp', url: smtpUrl, from: env.EMAIL_FROM || 'Panalo <no-reply@localhost>' }
        : { kind: 'outbox' },
    sandboxes: {
      start: readBoolean('START_SANDBOXES', nodeEnv === 'development'),
      identityPort: readInteger('IDENTITY_SANDBOX_PORT', 3100, 0, 65535),
      payPort: readInteger('PAY_SANDBOX_PORT', 3200, 0, 65535),
      vendorPort: readInteger('VENDOR_SANDBOX_PORT', 3300, 0, 65535),
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
