// The fairness protocol of GAMES.md: a round's byte stream is HMAC_SHA256(serverSeed as its ASCII
// hex text, "<clientSeed>:<nonce>:<cursor>") for cursor 0, 1, 2, …, read in order. Everything a
// game draws comes from int(n) (rejection sampling on big-endian 32-bit words), float() and the
// Fisher–Yates shuffle below, so any other implementation of that text reaches the same outcome.
// Everything here is synchronous and uses only Web-standard APIs, so the browser verifier runs
// the very code the server runs.

import { GameError } from '../game-error.ts';
import { createHmacSha256, sha256, toHex } from './sha256.ts';

export type RoundSeeds = {
  /** 64 lowercase hex characters (32 bytes), secret until the pair is rotated. */
  serverSeed: string;
  /** 1–64 characters of A–Z a–z 0–9 _ - (never ":", so that messages cannot collide). */
  clientSeed: string;
  /** Rounds played with this seed pair before this one, from 0. */
  nonce: number;
};

/** The draws a game may make; each reads the round's stream onwards. */
export type RoundRng = {
  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^32, by rejection sampling. */
  int(n: number): number;
  /** int(2^32) / 2^32, a float in [0, 1). */
  float(): number;
  /** Shuffles `items` in place (Fisher–Yates from the last index down) and returns it. */
  shuffle<T>(items: T[]): T[];
  /** Bytes of the stream consumed so far, discarded words included. */
  bytesRead(): number;
};

const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const CLIENT_SEED_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const CLIENT_SEED_DEFAULT_LENGTH = 16;
const TWO_TO_32 = 0x1_0000_0000;
const BLOCK_WORDS = 8;

/** Throws a GameError naming the first input of the round that breaks the protocol's rules. */
export function assertRoundSeeds(seeds: RoundSeeds): void {
  if (typeof seeds.serverSeed !== 'string' || !SERVER_SEED_PATTERN.test(seeds.serverSeed)) {
    throw new GameError('INVALID_SERVER_SEED', 'a server seed is 64 lowercase hex characters');
  }
  if (typeof seeds.clientSeed !== 'string' || !CLIENT_SEED_PATTERN.test(seeds.clientSeed)) {
    throw new GameError('INVALID_CLIENT_SEED', 'a client seed is 1 to 64 of the characters A-Z a-z 0-9 _ -', {
      clientSeed: seeds.clientSeed,
    });
  }
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) {
    throw new GameError('INVALID_NONCE', 'a nonce is a whole number from 0', { nonce: seeds.nonce });
  }
}

/**
 * How a commitment was computed: 2 (GAMES.md, and every pair committed now) is sha256 over the
 * server seed's 64-character ASCII hex text, as third-party verifiers compute it; 1 is sha256 over
 * the 32 bytes the hex spells, which pairs committed before version 2 keep until they are rotated.
 */
export type CommitmentVersion = 1 | 2;
export const COMMITMENT_VERSION: CommitmentVersion = 2;

/** The commitment shown before any round, as lowercase hex (see CommitmentVersion). */
export function hashServerSeed(serverSeed: string, version: CommitmentVersion = COMMITMENT_VERSION): string {
  if (!SERVER_SEED_PATTERN.test(serverSeed)) {
    throw new GameError('INVALID_SERVER_SEED', 'a server seed is 64 lowercase hex characters');
  }
  if (version === 1) return toHex(sha256(hexToBytes(serverSeed)));
  if (version === 2) return toHex(sha256(new TextEncoder().encode(serverSeed)));
  throw new RangeError(`a commitment version is 1 or 2, got ${String(version)}`);
}

/** A fresh server seed: 32 bytes from the platform's CSPRNG, as lowercase hex. */
export function createServerSeed(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

/** A random default client seed of 16 letters and digits, drawn without modulo bias. */
export function createClientSeed(): string {
  let seed = '';
  const buffer = new Uint8Array(32);
  while (seed.length < CLIENT_SEED_DEFAULT_LENGTH) {
    crypto.getRandomValues(buffer);
    for (const byte of buffer) {
      // 248 = 4 × 62: bytes from 248 up would favour the first letters, so they are dropped.
      if (byte < 248 && seed.length < CLIENT_SEED_DEFAULT_LENGTH) seed += CLIENT_SEED_ALPHABET[byte % 62];
    }
  }
  return seed;
}

/** Block `cursor` of a round's stream (32 bytes). */
export function computeStreamBlock(seeds: RoundSeeds, cursor: number): Uint8Array {
  assertRoundSeeds(seeds);
  const hmac = createHmacSha256(new TextEncoder().encode(seeds.serverSeed));
  return hmac.digest(new TextEncoder().encode(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`));
}

/** The random source of one round, reading its stream from block 0. */
export function createRoundRng(seeds: RoundSeeds): RoundRng {
  assertRoundSeeds(seeds);
  const encoder = new TextEncoder();
  // The key is the server seed's hex text itself, not the 32 bytes it spells (GAMES.md).
  const hmac = createHmacSha256(encoder.encode(seeds.serverSeed));
  // The message is "<clientSeed>:<nonce>:" (ASCII, fixed for the round) and the cursor's decimal
  // digits, written into one buffer so that a block costs no allocation.
  const prefix = encoder.encode(`${seeds.clientSeed}:${seeds.nonce}:`);
  const message = new Uint8Array(prefix.length + 16);
  message.set(prefix);
  // The current block as 8 big-endian words: a word is 4 bytes of the stream, and blocks are 32
  // bytes, so a word never straddles two blocks.
  const block = new Int32Array(BLOCK_WORDS);
  let cursor = 0;
  let position = BLOCK_WORDS;
  let consumed = 0;

  function readWord(): number {
    if (position === BLOCK_WORDS) {
      hmac.digestWords(message, prefix.length + writeDecimal(message, prefix.length, cursor), block);
      cursor += 1;
      position = 0;
    }
    const word = block[position]! >>> 0;
    position += 1;
    consumed += 4;
    return word;
  }

  function int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_TO_32) {
      throw new RangeError(`int(n) needs a whole n from 1 to 2^32, got ${n}`);
    }
    const limit = TWO_TO_32 - (TWO_TO_32 % n);
    for (;;) {
      const word = readWord();
      if (word < limit) return word % n;
    }
  }

  return {
    int,
    float: () => int(TWO_TO_32) / TWO_TO_32,
    shuffle<T>(items: T[]): T[] {
      for (let index = items.length - 1; index >= 1; index -= 1) {
        const other = int(index + 1);
        const item = items[index]!;
        items[index] = items[other]!;
        items[other] = item;
      }
      return items;
    },
    bytesRead: () => consumed,
  };
}

/** Writes the decimal digits of `value` (a safe integer ≥ 0) at `offset`; returns how many. */
function writeDecimal(bytes: Uint8Array, offset: number, value: number): number {
  if (value < 10) {
    bytes[offset] = 48 + value;
    return 1;
  }
  const digits = String(value);
  for (let index = 0; index < digits.length; index += 1) bytes[offset + index] = digits.charCodeAt(index);
  return digits.length;
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}
