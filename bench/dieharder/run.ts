/**
 * Debian's dieharder on the raw provably-fair stream, as GAMES.md asks: the stream is written to
 * `dieharder -g 200 -d <test>` through a pipe for as long as the test reads (never a short file
 * that dieharder would rewind), one named test after another, each under a time cap. The full
 * report goes to bench/reports/dieharder-<time>.txt (git-ignored). A p-value closer than 10^-6 to
 * 0 or 1 is a failure; dieharder's own WEAK verdicts are counted and reported. The last line reads
 *   RESULT dieharder tests=<run> passed=<…> weak=<…> failed=<…> unfinished=<…> ratio=<passed/run>
 * where unfinished counts tests that hit the time cap or gave no p-value (an unknown name, say).
 *
 * The stream: BENCH_DIEHARDER_STREAM=cursor (default) reads one round's blocks 0, 1, 2, … in order,
 * as a game that draws without end would; nonce concatenates block 0 of rounds 0, 1, 2, …, the
 * first bytes every real round reads. Fresh seeds from the CSPRNG each run.
 * Settings: BENCH_DIEHARDER_TESTS (comma-separated names, the subset below by default),
 * BENCH_DIEHARDER_TIME_S (600 per test), DIEHARDER (its path, `dieharder` by default).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClientSeed, createServerSeed } from '../../packages/games/src/fairness/round-rng.ts';
import { createHmacSha256 } from '../../packages/games/src/fairness/sha256.ts';
import { readBoundedInteger } from '../support/settings.ts';

// Tests dieharder rates "Good", chosen so that the subset reads a modest amount of stream (our
// pure-TypeScript HMAC yields some tens of megabytes a second).
const DEFAULT_TESTS = [
  'diehard_birthdays',
  'diehard_rank_32x32',
  'diehard_count_1s_byte',
  'diehard_parking_lot',
  'diehard_craps',
  'sts_monobit',
  'sts_runs',
  'diehard_squeeze',
  'diehard_runs',
  'dab_bytedistrib',
];
const P_VALUE_MARGIN = 1e-6;
const CHUNK_BLOCKS = 2048;

const tests = (process.env.BENCH_DIEHARDER_TESTS ?? DEFAULT_TESTS.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const timeCapS = readBoundedInteger('BENCH_DIEHARDER_TIME_S', 600, 10, 86_400);
const streamMode = process.env.BENCH_DIEHARDER_STREAM ?? 'cursor';
const dieharder = process.env.DIEHARDER ?? 'dieharder';
if (streamMode !== 'cursor' && streamMode !== 'nonce')
  throw new Error('BENCH_DIEHARDER_STREAM is cursor or nonce');

/** An endless source of stream bytes, a chunk at a time. */
function createStream(): () => Uint8Array {
  const serverSeed = createServerSeed();
  const clientSeed = createClientSeed();
  const hmac = createHmacSha256(new TextEncoder().encode(serverSeed));
  const encoder = new TextEncoder();
  let counter = 0;
  return () => {
    const chunk = new Uint8Array(CHUNK_BLOCKS * 32);
    for (let block = 0; block < CHUNK_BLOCKS; block += 1) {
      const message = streamMode === 'cursor' ? `${clientSeed}:0:${counter}` : `${clientSeed}:${counter}:0`;
      hmac.digest(encoder.encode(message), chunk.subarray(block * 32, block * 32 + 32));
      counter += 1;
    }
    return chunk;
  };
}

type TestResult = { name: string; pValues: number[]; verdicts: string[]; timedOut: boolean; output: string };

function runTest(name: string): Promise<TestResult> {
  return new Promise((resolve, reject) => {
    const nextChunk = createStream();
    const child = spawn(dieharder, ['-g', '200', '-d', name], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let timedOut = false;
    let isClosed = false;
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.stderr.on('data', (data: Buffer) => {
      output += data.toString();
    });
    // dieharder closes its input when the test is done: that ends the stream, not an error.
    child.stdin.on('error', () => {});
    const pump = () => {
      while (!isClosed && child.stdin.write(nextChunk())) {
        // Keep writing until the pipe is full, then wait for it to drain.
      }
    };
    child.stdin.on('drain', pump);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeCapS * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run ${dieharder} (apt-get install dieharder): ${error.message}`));
    });
    child.on('close', () => {
      isClosed = true;
      clearTimeout(timer);
      const rows = output
        .split('\n')
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .filter(
          (cells) =>
            cells.length >= 6 && !Number.isNaN(Number.parseFloat(cells[4]!)) && cells[0] !== 'test_name',
        );
      resolve({
        name,
        pValues: rows.map((cells) => Number.parseFloat(cells[4]!)),
        verdicts: rows.map((cells) => cells[5]!),
        timedOut,
        output,
      });
    });
    pump();
  });
}

const reportsDirectory = path.join(import.meta.dirname, '..', 'reports');
mkdirSync(reportsDirectory, { recursive: true });
const reportPath = path.join(
  reportsDirectory,
  `dieharder-${new Date().toISOString().replaceAll(':', '-')}.txt`,
);
let report = `dieharder on the provably-fair stream (${streamMode} mode), ${tests.length} tests, cap ${timeCapS} s each\n`;
let passed = 0;
let weak = 0;
let failed = 0;
let unfinished = 0;
for (const name of tests) {
  const started = Date.now();
  const result = await runTest(name);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  report += `\n==== ${name} (${seconds} s${result.timedOut ? ', timed out' : ''})\n${result.output}`;
  const extreme = result.pValues.filter((value) => value < P_VALUE_MARGIN || value > 1 - P_VALUE_MARGIN);
  let verdict: string;
  if (result.timedOut || result.pValues.length === 0) {
    unfinished += 1;
    verdict = result.timedOut ? 'TIMED OUT' : 'NO RESULT';
  } else if (extreme.length > 0 || result.verdicts.includes('FAILED')) {
    failed += 1;
    verdict = `FAILED (p = ${extreme.join(', ') || 'see report'})`;
  } else if (result.verdicts.includes('WEAK')) {
    weak += 1;
    passed += 1;
    verdict = 'passed, with a WEAK p-value';
  } else {
    passed += 1;
    verdict = 'passed';
  }
  console.log(
    `dieharder: ${name.padEnd(22)} ${verdict}, p = ${result.pValues.map((value) => value.toFixed(6)).join(' ')} (${seconds} s)`,
  );
}
writeFileSync(reportPath, report);
console.log(`dieharder: report in ${path.relative(process.cwd(), reportPath)}`);
console.log(
  `RESULT dieharder tests=${tests.length} passed=${passed} weak=${weak} failed=${failed} unfinished=${unfinished} ` +
    `ratio=${(passed / tests.length).toFixed(3)}`,
);
if (failed > 0 || unfinished > 0) process.exitCode = 1;
