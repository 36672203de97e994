import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export type SandboxProcess = {
  /** The JSON line the sandbox printed when it started listening (its address). */
  ready: Record<string, string>;
  close(): Promise<void>;
};

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const START_TIMEOUT_MS = 15_000;

/**
 * One of the stand-ins for third parties (apps/*-sandbox) in its own process on a free loopback
 * port: to the server under test it is a remote party reached over HTTP, like the real one.
 */
export async function startSandboxProcess(
  script: string,
  env: Record<string, string>,
): Promise<SandboxProcess> {
  const child = spawn(process.execPath, [script], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await readFirstLine(child);
  return {
    ready,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function readFirstLine(child: ChildProcess): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the sandbox did not start')), START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
    if (!child.stdout) return reject(new Error('no output from the sandbox'));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as Record<string, string>);
    });
  });
}
