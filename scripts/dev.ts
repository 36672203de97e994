/**
 * Development: the server (restarting on change) and the Vite dev servers of the player app and
 * the back office, side by side, each line prefixed with its name. Ctrl-C stops all three; so
 * does any one of them exiting.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const viteBin = path.join(repositoryRoot, 'node_modules/vite/bin/vite.js');
const STOP_GRACE_MS = 5_000;
const serverPort = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const adminPort = process.env.ADMIN_PORT ?? '5174';

type Part = { name: string; colour: number; args: string[]; cwd: string };

const parts: Part[] = [
  { name: 'server', colour: 35, args: ['--watch', 'apps/server/src/main.ts'], cwd: repositoryRoot },
  { name: 'web', colour: 36, args: [viteBin], cwd: path.join(repositoryRoot, 'apps/web') },
  { name: 'admin', colour: 33, args: [viteBin], cwd: path.join(repositoryRoot, 'apps/admin') },
];

const width = Math.max(...parts.map((part) => part.name.length));
const children = new Map<string, ChildProcess>();
let isStopping = false;

function prefixLines(stream: NodeJS.ReadableStream | null, prefix: string, target: NodeJS.WriteStream): void {
  if (!stream) return;
  createInterface({ input: stream }).on('line', (line) => target.write(`${prefix} ${line}\n`));
}

function start(part: Part): void {
  const prefix = process.stdout.isTTY
    ? `\u001b[${part.colour}m${part.name.padEnd(width)} |\u001b[0m`
    : `${part.name.padEnd(width)} |`;
  // process.execPath is the Node 24 that runs this script, so every part runs on it too.
  const child = spawn(process.execPath, part.args, {
    cwd: part.cwd,
    env: {
      ...process.env,
      // The Vite dev servers forward API paths to the server, wherever PORT put it.
      API_URL: process.env.API_URL ?? `http://localhost:${serverPort}`,
      // Colours through a pipe only when a person is watching; picocolors reads any FORCE_COLOR as yes.
      ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(part.name, child);
  prefixLines(child.stdout, prefix, process.stdout);
  prefixLines(child.stderr, prefix, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(part.name);
    if (!isStopping) {
      console.error(`${prefix} exited (${signal ?? code}); stopping the others`);
      void stopAll(code ?? 1);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
}

async function stopAll(exitCode: number): Promise<void> {
  if (isStopping) return;
  isStopping = true;
  process.exitCode = exitCode;
  if (children.size === 0) process.exit(exitCode);
  for (const child of children.values()) child.kill('SIGTERM');
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(exitCode);
  }, STOP_GRACE_MS).unref();
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

console.log(
  `dev: server on http://localhost:${serverPort}, player app on http://localhost:${webPort}, back office on http://localhost:${adminPort}/admin/`,
);
for (const part of parts) start(part);
