/**
 * Runs benchmarks: `node bench/run.ts` runs every bench/<name>/run.ts, `node bench/run.ts <name> …`
 * only those named. Each benchmark starts what it measures and its baseline itself and ends with
 * one `RESULT <name> … ratio=<value>` line; this runner prints those lines again at the end.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const benchDirectory = import.meta.dirname;

function listBenchmarks(): string[] {
  return readdirSync(benchDirectory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(benchDirectory, entry.name, 'run.ts')))
    .map((entry) => entry.name)
    .sort();
}

function runBenchmark(name: string): Promise<{ exitCode: number; results: string[] }> {
  return new Promise((resolve) => {
    const results: string[] = [];
    const child = spawn(process.execPath, [path.join(benchDirectory, name, 'run.ts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(line);
      if (line.startsWith('RESULT ')) results.push(line);
    });
    child.on('exit', (code, signal) => resolve({ exitCode: code ?? (signal ? 1 : 0), results }));
  });
}

async function main(): Promise<number> {
  const available = listBenchmarks();
  const requested = process.argv.slice(2).filter((argument) => !argument.startsWith('-'));
  const unknown = requested.filter((name) => !available.includes(name));
  if (unknown.length > 0) {
    console.error(`bench: no such benchmark: ${unknown.join(', ')} (have: ${available.join(', ')})`);
    return 2;
  }

  const names = requested.length > 0 ? requested : available;
  const results: string[] = [];
  let failures = 0;
  for (const name of names) {
    console.log(`bench: ${name}`);
    const outcome = await runBenchmark(name);
    results.push(...outcome.results);
    if (outcome.exitCode !== 0 || outcome.results.length === 0) {
      failures += 1;
      console.error(
        `bench: ${name} failed (exit ${outcome.exitCode}, ${outcome.results.length} RESULT lines)`,
      );
    }
  }
  if (names.length > 1) {
    console.log('bench: results');
    for (const line of results) console.log(line);
  }
  return failures === 0 ? 0 : 1;
}

process.exitCode = await main();
