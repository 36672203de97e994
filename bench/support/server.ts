/**
 * Servers in child processes: the parent forks a bench's own file with `--serve …`, the child
 * starts its server on a free loopback port and sends one message when it is ready, and SIGTERM
 * stops it.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo, Server } from 'node:net';
import { type Config, loadConfig } from '../../apps/server/src/config.ts';
import { LOOPBACK } from './settings.ts';

/**
 * Production settings, but request logging off: a baseline logs nothing either, and a log line
 * per request measures the terminal rather than the stack. No jobs and no seed at start: the
 * bench seeds what it needs itself.
 */
export function productionConfig(): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // A throw-away secret: production refuses to start without one, and nothing here outlives the run.
      APP_SECRET: randomBytes(32).toString('hex'),
      // Production requires it; the benches mail no links and take no callbacks.
      PUBLIC_ORIGIN: `http://${LOOPBACK}`,
    }),
    host: LOOPBACK,
    port: 0,
    runJobs: false,
    seedDemo: false,
  };
}

/** The port a listening server was given. */
export function portOf(server: Server): number {
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the server has no port');
  return (address as AddressInfo).port;
}

/** In a child: tells the parent that the server listens, and on which port. */
export function reportReady(server: Server): void {
  process.send?.({ port: portOf(server) } satisfies { port: number });
}

type ForkOptions = {
  /** Named in errors: "<label> did not start …". */
  label: string;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  /** Runs once the child is forked, before it is ready (to hand it data). */
  beforeReady?: (child: ChildProcess) => void;
};

/** In the parent: forks `file` with `args` and waits for the child's first message. */
export function forkServer<Ready>(
  file: string,
  args: string[],
  options: ForkOptions,
): Promise<{ child: ChildProcess; ready: Ready }> {
  const { label, timeoutMs } = options;
  return new Promise((resolve, reject) => {
    const child = fork(file, args, {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      ...(options.env ? { env: options.env } : {}),
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${label} did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('message', (message: Ready) => {
      clearTimeout(timer);
      resolve({ child, ready: message });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited during start (code ${code})`));
    });
    options.beforeReady?.(child);
  });
}

/** Stops a child with SIGTERM, and SIGKILL when it has not exited after graceMs. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
