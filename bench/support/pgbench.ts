/** pgbench, the ceiling that the database benches measure our code against. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readChoice } from './settings.ts';

/** -M for every pgbench run: prepared; or extended, as node-postgres sends statements, or simple. */
export const PGBENCH_MODE = readChoice('PGBENCH_MODE', 'prepared', ['prepared', 'extended', 'simple']);

/** PGBENCH, else pgbench on the PATH, else /usr/bin/pgbench. */
export function findPgbench(): string {
  if (process.env.PGBENCH) {
    if (!existsSync(process.env.PGBENCH)) throw new Error(`PGBENCH=${process.env.PGBENCH} does not exist`);
    return process.env.PGBENCH;
  }
  for (const directory of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(directory, 'pgbench');
    if (existsSync(candidate)) return candidate;
  }
  if (existsSync('/usr/bin/pgbench')) return '/usr/bin/pgbench';
  throw new Error(
    'pgbench not found — install the PostgreSQL client tools (Debian: apt-get install postgresql-client) or set PGBENCH',
  );
}

export type PgbenchRun = {
  pgbench: string;
  connectionString: string;
  clients: number;
  durationS: number;
  /** -M: prepared, extended or simple. */
  mode: string;
  /** The scripts and their variables: -f …, -D name=value. */
  scriptArgs: string[];
};

/** One pgbench run (-n, two threads); answers the transactions it committed. Any failed one throws. */
export function runPgbench(run: PgbenchRun): Promise<number> {
  const url = new URL(run.connectionString);
  const args = [
    '-n',
    '-c',
    String(run.clients),
    '-j',
    '2',
    '-T',
    String(run.durationS),
    '-M',
    run.mode,
    ...run.scriptArgs,
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
    url.pathname.slice(1),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(run.pgbench, args, {
      env: { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const processed = /number of transactions actually processed: (\d+)/.exec(output);
      const failed = /number of failed transactions: (\d+)/.exec(output);
      if (code !== 0 || !processed) {
        reject(new Error(`pgbench failed (exit ${code}):\n${output}`));
        return;
      }
      if (failed && Number(failed[1]) > 0) {
        reject(new Error(`pgbench: ${failed[1]} transactions failed:\n${output}`));
        return;
      }
      resolve(Number(processed[1]));
    });
  });
}
