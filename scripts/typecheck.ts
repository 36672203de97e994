/**
 * Type-checks every workspace of the root package.json with its own tsconfig.json (the server and
 * scripts run under Node's type stripping, the web apps under Vite: each has different settings,
 * so one `tsc -b` over all of them would not do), plus the root scripts, as many at once as there
 * are cores. Fails when any fails or when a workspace has no tsconfig.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const tscBin = path.join(repositoryRoot, 'node_modules/typescript/bin/tsc');

const rootPackage = JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
const projects = [
  ...rootPackage.workspaces.map((workspace) => `${workspace}/tsconfig.json`),
  'tsconfig.scripts.json',
];

/** Projects checked side by side: one compiler per core, each single-threaded. */
const parallel = Math.max(1, Math.min(availableParallelism(), 4));

/** Runs tsc on one project and collects its output, so that projects' errors never interleave. */
function check(project: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tscBin, '-p', project], { cwd: repositoryRoot });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('close', (status) => resolve({ status, output: output.trim() }));
  });
}

const failed: string[] = [];
const queue = [...projects];
async function work(): Promise<void> {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    if (!existsSync(path.join(repositoryRoot, project))) {
      console.error(`typecheck: ${project} is missing; every workspace needs one`);
      failed.push(project);
      continue;
    }
    const started = Date.now();
    const { status, output } = await check(project);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    // TS18003 "No inputs were found": a workspace laid out before its first source file.
    const isEmpty =
      status !== 0 && output.split('\n').every((line) => line === '' || line.includes('TS18003'));
    if (isEmpty) {
      console.log(`typecheck: ${project} has no sources yet`);
    } else if (status === 0) {
      console.log(`typecheck: ${project} ok (${seconds} s)`);
    } else {
      console.error(output);
      console.error(`typecheck: ${project} FAILED (${seconds} s)`);
      failed.push(project);
    }
  }
}
await Promise.all(Array.from({ length: parallel }, work));

if (failed.length > 0) {
  console.error(`typecheck: ${failed.length} of ${projects.length} projects failed: ${failed.join(', ')}`);
  process.exitCode = 1;
} else {
  console.log(`typecheck: all ${projects.length} projects pass`);
}
