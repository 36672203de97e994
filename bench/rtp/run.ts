/**
 * Return to player of every in-house game over many rounds with fresh seeds, against its exact
 * figure, and how fast the engines play.
 *
 * For each game a new server seed and client seed are drawn from the CSPRNG and BENCH_RTP_ROUNDS
 * rounds (10^7 by default, as GAMES.md asks) are played at nonces 0, 1, 2, …, with one fixed bet
 * per round (stake ₱1,000, so that rounding to the centavo weighs nothing). Each game prints its
 * return, the exact figure (blackjack: the basic-strategy reference, which is not derived), the
 * distance in standard errors, and rounds per second. The baseline, measured in the same run, is
 * the raw provably-fair stream: rounds that only derive their HMAC key and read one 32-byte
 * block. The last line reads
 *   RESULT rtp rounds_per_s=<all games> baseline_rounds_per_s=<raw stream> ratio=<rounds/baseline> max_z=<…>
 * and the run fails when a game lands outside its 99.9 % confidence interval (|z| > 3.29), which
 * happens by chance once in a thousand games.
 *
 * Each game's rounds are shared among worker threads (one per core by default), each with its own
 * fresh seed pair, and their sums combined, so one game uses the whole machine and finishes before
 * the next starts. With BENCH_RTP_RECORD=1 each game's line (date, rounds, return, z, speed and the
 * machine's conditions) replaces that game's row of the table in bench/README.md as soon as the game
 * completes, so an interrupted run keeps what it finished.
 *
 * Settings: BENCH_RTP_ROUNDS (10000000), BENCH_RTP_GAMES (a comma-separated subset, all by default),
 * BENCH_RTP_WORKERS (the number of cores), BENCH_RTP_RECORD (unset). On the 2-core development
 * machine the card games run at a few thousand rounds a second per core, so a card game takes about
 * an hour; set BENCH_RTP_ROUNDS lower for a quick look.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { computeBaccaratReturns, playBaccarat } from '../../packages/games/src/baccarat/baccarat.ts';
import { chooseBasicStrategyAction } from '../../packages/games/src/blackjack/basic-strategy.ts';
import {
  applyBlackjackAction,
  BLACKJACK_RTP_PERCENT,
  startBlackjack,
} from '../../packages/games/src/blackjack/blackjack.ts';
import {
  computeClassicSlotReturn,
  playClassicSlot,
} from '../../packages/games/src/classic-slot/classic-slot.ts';
import {
  COLOURS,
  computeColourGameReturn,
  playColourGame,
} from '../../packages/games/src/colour-game/colour-game.ts';
import { computeDiceReturn, playDice } from '../../packages/games/src/dice/dice.ts';
import {
  computeDragonTigerReturns,
  playDragonTiger,
} from '../../packages/games/src/dragon-tiger/dragon-tiger.ts';
import {
  createClientSeed,
  createRoundRng,
  createServerSeed,
  type RoundRng,
} from '../../packages/games/src/fairness/round-rng.ts';
import {
  computeFishPrawnCrabReturn,
  FISH_PRAWN_CRAB_SYMBOLS,
  playFishPrawnCrab,
} from '../../packages/games/src/fish-prawn-crab/fish-prawn-crab.ts';
import { createRatio, type Ratio, ratioToNumber } from '../../packages/games/src/maths/ratio.ts';
import { computeMinesReturn, playMines } from '../../packages/games/src/mines/mines.ts';
import { computeRouletteReturn, playRoulette } from '../../packages/games/src/roulette/roulette.ts';
import { computeSicBoReturn, playSicBo } from '../../packages/games/src/sic-bo/sic-bo.ts';
import { computeVideoSlotReturn, playVideoSlot } from '../../packages/games/src/video-slot/video-slot.ts';
import { readBoundedInteger } from '../support/settings.ts';

const ROUNDS = readBoundedInteger('BENCH_RTP_ROUNDS', 10_000_000, 1_000, 1_000_000_000);
const WORKERS = readBoundedInteger('BENCH_RTP_WORKERS', os.availableParallelism(), 1, 256);
const RECORD_FILE = path.join(import.meta.dirname, '..', 'README.md');
const TABLE_START = '<!-- rtp results: start -->';
const TABLE_END = '<!-- rtp results: end -->';
const Z_999 = 3.2905267314919255;
const STAKE_MINOR = 100_000n;

type BenchGame = {
  name: string;
  /** The figure to compare with; `isExact` false for blackjack's reference. */
  expected: Ratio;
  isExact: boolean;
  /** Plays one round and returns the net result per initial stake, plus one (the round's return). */
  playRound(rng: RoundRng, round: number): number;
};

const ratioOf = (payoutMinor: bigint, stakeMinor: bigint) => Number(payoutMinor) / Number(stakeMinor);

const GAMES: BenchGame[] = [
  {
    name: 'dice',
    expected: computeDiceReturn('under', 5000),
    isExact: true,
    playRound: (rng) =>
      ratioOf(
        playDice({ direction: 'under', targetHundredths: 5000, stakeMinor: STAKE_MINOR }, rng).payoutMinor,
        STAKE_MINOR,
      ),
  },
  {
    name: 'mines',
    expected: computeMinesReturn(3, 4),
    isExact: true,
    playRound: (rng) =>
      ratioOf(
        playMines({ mineCount: 3, picks: [0, 6, 12, 18], stakeMinor: STAKE_MINOR }, rng).payoutMinor,
        STAKE_MINOR,
      ),
  },
  {
    name: 'roulette',
    expected: computeRouletteReturn({ kind: 'red', stakeMinor: 1n }),
    isExact: true,
    playRound: (rng) =>
      ratioOf(playRoulette([{ kind: 'red', stakeMinor: STAKE_MINOR }], rng).payoutMinor, STAKE_MINOR),
  },
  {
    name: 'baccarat',
    expected: computeBaccaratReturns().banker,
    isExact: true,
    playRound: (rng) =>
      ratioOf(playBaccarat([{ kind: 'banker', stakeMinor: STAKE_MINOR }], rng).payoutMinor, STAKE_MINOR),
  },
  {
    name: 'dragon-tiger',
    expected: computeDragonTigerReturns().dragon,
    isExact: true,
    playRound: (rng) =>
      ratioOf(playDragonTiger([{ kind: 'dragon', stakeMinor: STAKE_MINOR }], rng).payoutMinor, STAKE_MINOR),
  },
  {
    name: 'sic-bo',
    expected: computeSicBoReturn({ kind: 'big', stakeMinor: 1n }),
    isExact: true,
    playRound: (rng) =>
      ratioOf(playSicBo([{ kind: 'big', stakeMinor: STAKE_MINOR }], rng).payoutMinor, STAKE_MINOR),
  },
  {
    name: 'colour-game',
    expected: computeColourGameReturn(),
    isExact: true,
    playRound: (rng, round) =>
      ratioOf(
        playColourGame([{ face: COLOURS[round % 6]!, stakeMinor: STAKE_MINOR }], rng).payoutMinor,
        STAKE_MINOR,
      ),
  },
  {
    name: 'fish-prawn-crab',
    expected: computeFishPrawnCrabReturn(),
    isExact: true,
    playRound: (rng, round) =>
      ratioOf(
        playFishPrawnCrab([{ face: FISH_PRAWN_CRAB_SYMBOLS[round % 6]!, stakeMinor: STAKE_MINOR }], rng)
          .payoutMinor,
        STAKE_MINOR,
      ),
  },
  {
    name: 'blackjack',
    expected: createRatio(BigInt(Math.round(BLACKJACK_RTP_PERCENT * 100)), 10_000n),
    isExact: false,
    playRound: (rng) => {
      let state = startBlackjack({ stakeMinor: STAKE_MINOR }, rng);
      while (state.phase !== 'settled') state = applyBlackjackAction(state, chooseBasicStrategyAction(state));
      return 1 + ratioOf(state.payoutMinor - state.totalStakeMinor, STAKE_MINOR);
    },
  },
  {
    name: 'classic-slot',
    expected: computeClassicSlotReturn(),
    isExact: true,
    playRound: (rng) => {
      const outcome = playClassicSlot({ lineStakeMinor: STAKE_MINOR }, rng);
      return ratioOf(outcome.payoutMinor, outcome.stakeMinor);
    },
  },
  {
    name: 'video-slot',
    expected: computeVideoSlotReturn().total,
    isExact: true,
    playRound: (rng) => {
      const outcome = playVideoSlot({ lineStakeMinor: STAKE_MINOR }, rng);
      return ratioOf(outcome.payoutMinor, outcome.stakeMinor);
    },
  },
];

function selectGames(): BenchGame[] {
  const wanted = process.env.BENCH_RTP_GAMES?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!wanted) return GAMES;
  const unknown = wanted.filter((name) => !GAMES.some((game) => game.name === name));
  if (unknown.length > 0) throw new Error(`BENCH_RTP_GAMES: no such game: ${unknown.join(', ')}`);
  return GAMES.filter((game) => wanted.includes(game.name));
}

/** Rounds per second of the raw stream: derive the round's HMAC key and read one block. */
function measureRawStream(rounds: number): number {
  const serverSeed = createServerSeed();
  const clientSeed = createClientSeed();
  const started = performance.now();
  let checksum = 0;
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const rng = createRoundRng({ serverSeed, clientSeed, nonce });
    for (let word = 0; word < 8; word += 1) checksum ^= rng.int(2 ** 32);
  }
  const seconds = (performance.now() - started) / 1000;
  if (checksum === 0.5) console.log('unreachable');
  return rounds / seconds;
}

/** What one worker sends back: the sums over its share of a game's rounds. */
type ShareResult = { rounds: number; sum: number; sumOfSquares: number };
type ShareTask = { gameName: string; rounds: number };

/** Plays `rounds` rounds of one game at nonces 0, 1, 2, … under a fresh seed pair of its own. */
function playShare(task: ShareTask): ShareResult {
  const game = GAMES.find((candidate) => candidate.name === task.gameName);
  if (!game) throw new Error(`no such game: ${task.gameName}`);
  const serverSeed = createServerSeed();
  const clientSeed = createClientSeed();
  let sum = 0;
  let sumOfSquares = 0;
  for (let round = 0; round < task.rounds; round += 1) {
    const value = game.playRound(createRoundRng({ serverSeed, clientSeed, nonce: round }), round);
    sum += value;
    sumOfSquares += value * value;
  }
  return { rounds: task.rounds, sum, sumOfSquares };
}

function runShareInWorker(task: ShareTask): Promise<ShareResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: task });
    worker.once('message', (result: ShareResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`rtp worker for ${task.gameName} stopped with code ${code}`));
    });
  });
}

type GameResult = {
  game: BenchGame;
  mean: number;
  expected: number;
  z: number;
  seconds: number;
  failed: boolean;
};

async function runGame(game: BenchGame): Promise<GameResult> {
  const workers = Math.min(WORKERS, ROUNDS);
  const shares = Array.from({ length: workers }, (_, index) => ({
    gameName: game.name,
    rounds: Math.floor(ROUNDS / workers) + (index < ROUNDS % workers ? 1 : 0),
  }));
  const started = performance.now();
  const results = await Promise.all(shares.map(runShareInWorker));
  const seconds = (performance.now() - started) / 1000;
  let sum = 0;
  let sumOfSquares = 0;
  for (const share of results) {
    sum += share.sum;
    sumOfSquares += share.sumOfSquares;
  }
  const mean = sum / ROUNDS;
  const standardError = Math.sqrt((sumOfSquares / ROUNDS - mean * mean) / (ROUNDS - 1));
  const expected = ratioToNumber(game.expected);
  const z = (mean - expected) / standardError;
  const failed = Math.abs(z) > Z_999;
  console.log(
    `rtp: ${game.name.padEnd(16)} ${(mean * 100).toFixed(4)} % against ${game.isExact ? 'exact' : 'reference'} ` +
      `${(expected * 100).toFixed(4)} % (z = ${z.toFixed(2)}${failed ? ', OUTSIDE the 99.9 % interval' : ''}), ` +
      `${Math.round(ROUNDS / seconds)} rounds/s on ${workers} workers`,
  );
  return { game, mean, expected, z, seconds, failed };
}

/** The conditions a figure was measured under, for the record. */
function describeConditions(workers: number): string {
  const [oneMinute] = os.loadavg();
  return `${os.availableParallelism()} cores, ${workers} workers, load ${oneMinute?.toFixed(1)} at the end, Node ${process.versions.node}`;
}

/** Replaces (or adds) the game's row in bench/README.md's rtp table, keeping the rows sorted by game. */
/** Cells of a Markdown table row, without the outer pipes. */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/**
 * The table with every column padded to its widest cell and a dashed rule under the header, as the
 * formatter writes Markdown tables, so that a recorded row leaves bench/README.md formatted.
 */
function alignTable(lines: string[]): string {
  const [head = [], ...body] = lines.map(cellsOf);
  const widths = head.map((_, column) =>
    Math.max(3, ...[head, ...body].map((cells) => (cells[column] ?? '').length)),
  );
  const row = (cells: string[]) =>
    `| ${widths.map((width, i) => (cells[i] ?? '').padEnd(width)).join(' | ')} |`;
  return [row(head), row(widths.map((width) => '-'.repeat(width))), ...body.map(row)].join('\n');
}

function recordResult(result: GameResult): void {
  const text = readFileSync(RECORD_FILE, 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${RECORD_FILE} has no rtp results table`);
  const lines = text
    .slice(start + TABLE_START.length, end)
    .trim()
    .split('\n');
  const header = lines.slice(0, 2);
  const rows = new Map(
    lines
      .slice(2)
      .filter((line) => line.startsWith('|'))
      .map((line) => [line.split('|')[1]?.trim() ?? '', line]),
  );
  const date = new Date().toISOString().slice(0, 10);
  const verdict = result.failed ? 'OUTSIDE 99.9 %' : 'within 99.9 %';
  rows.set(
    result.game.name,
    `| ${result.game.name} | ${date} | ${ROUNDS.toLocaleString('en')} | ${(result.mean * 100).toFixed(4)} % | ` +
      `${(result.expected * 100).toFixed(4)} %${result.game.isExact ? '' : ' (reference)'} | ${result.z.toFixed(2)} (${verdict}) | ` +
      `${Math.round(ROUNDS / result.seconds).toLocaleString('en')} | ${describeConditions(Math.min(WORKERS, ROUNDS))} |`,
  );
  const sorted = [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
  const table = alignTable([header[0] ?? '', ...sorted]);
  writeFileSync(RECORD_FILE, `${text.slice(0, start + TABLE_START.length)}\n${table}\n${text.slice(end)}`);
}

async function main(): Promise<void> {
  const games = selectGames();
  console.log(
    `rtp: ${ROUNDS} rounds per game on ${Math.min(WORKERS, ROUNDS)} workers, fresh seeds per worker`,
  );
  const baselinePerSecond = measureRawStream(Math.min(ROUNDS, 1_000_000));
  console.log(
    `rtp: raw stream baseline ${Math.round(baselinePerSecond)} rounds/s on one core (key and one block each)`,
  );
  let totalSeconds = 0;
  let maxZ = 0;
  let failures = 0;
  for (const game of games) {
    const result = await runGame(game);
    if (process.env.BENCH_RTP_RECORD === '1') recordResult(result);
    totalSeconds += result.seconds;
    if (game.isExact) maxZ = Math.max(maxZ, Math.abs(result.z));
    if (result.failed) failures += 1;
  }
  // Rounds per second per core, so that the ratio against the one-core raw stream means the same
  // whatever the number of workers.
  const roundsPerSecond = (games.length * ROUNDS) / totalSeconds / Math.min(WORKERS, ROUNDS);
  console.log(
    `RESULT rtp rounds_per_s=${Math.round(roundsPerSecond)} baseline_rounds_per_s=${Math.round(baselinePerSecond)} ` +
      `ratio=${(roundsPerSecond / baselinePerSecond).toFixed(3)} max_z=${maxZ.toFixed(2)}`,
  );
  if (failures > 0) process.exitCode = 1;
}

if (isMainThread) {
  await main();
} else {
  parentPort?.postMessage(playShare(workerData as ShareTask));
}
