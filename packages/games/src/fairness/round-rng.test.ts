import { describe, expect, it } from 'vitest';
import { GameError } from '../game-error.ts';
import { readVectors } from '../testing/vectors.ts';
import { rankOf, shuffleShoe, suitOf } from './cards.ts';
import {
  computeStreamBlock,
  createClientSeed,
  createRoundRng,
  createServerSeed,
  hashServerSeed,
  type RoundSeeds,
} from './round-rng.ts';
import { toHex } from './sha256.ts';

type ProtocolVectors = {
  commitments: Array<{ serverSeed: string; hash: string; hashOfBytes: string }>;
  blocks: Array<RoundSeeds & { blocks: string[] }>;
  ints: Array<RoundSeeds & { n: number; values: number[]; bytesRead: number }>;
  floats: Array<RoundSeeds & { values: number[] }>;
  shuffles: Array<RoundSeeds & { length: number; order: number[]; bytesRead: number }>;
  shoes: Array<RoundSeeds & { decks: number; shoe: number[]; firstRanks: number[]; firstSuits: string[] }>;
};

const vectors = readVectors<ProtocolVectors>('protocol.json');
const seedsOf = ({ serverSeed, clientSeed, nonce }: RoundSeeds): RoundSeeds => ({
  serverSeed,
  clientSeed,
  nonce,
});

describe('the fairness protocol, against vectors computed independently from GAMES.md', () => {
  it('commits to sha256 of the server seed hex text (version 2), and reads version 1 over its bytes', () => {
    expect(vectors.commitments.length).toBeGreaterThan(0);
    for (const vector of vectors.commitments) {
      expect(hashServerSeed(vector.serverSeed)).toBe(vector.hash);
      expect(hashServerSeed(vector.serverSeed, 2)).toBe(vector.hash);
      expect(hashServerSeed(vector.serverSeed, 1)).toBe(vector.hashOfBytes);
      expect(vector.hash).not.toBe(vector.hashOfBytes);
    }
    // Any SHA-256 tool gives the same over the 64 characters: sha256("00…0") for the zero seed.
    expect(hashServerSeed('0'.repeat(64))).toBe(
      '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55',
    );
    expect(() => hashServerSeed('0'.repeat(64), 3 as 2)).toThrow(RangeError);
  });

  it('derives each block as HMAC_SHA256(server seed hex text, "clientSeed:nonce:cursor")', () => {
    for (const vector of vectors.blocks) {
      vector.blocks.forEach((block, cursor) => {
        expect(toHex(computeStreamBlock(seedsOf(vector), cursor))).toBe(block);
      });
    }
  });

  it('draws int(n) by rejection sampling on big-endian words read across blocks', () => {
    expect(vectors.ints.length).toBeGreaterThan(0);
    let rejectingVectors = 0;
    for (const vector of vectors.ints) {
      const rng = createRoundRng(seedsOf(vector));
      const values = vector.values.map(() => rng.int(vector.n));
      expect(values, `n = ${vector.n}`).toEqual(vector.values);
      expect(rng.bytesRead()).toBe(vector.bytesRead);
      if (vector.bytesRead > vector.values.length * 4) rejectingVectors += 1;
    }
    // The fixtures must exercise discards, or the rule above would be tested only half.
    expect(rejectingVectors).toBeGreaterThanOrEqual(4);
  });

  it('draws float() as int(2^32) / 2^32', () => {
    for (const vector of vectors.floats) {
      const rng = createRoundRng(seedsOf(vector));
      expect(vector.values.map(() => rng.float())).toEqual(vector.values);
    }
  });

  it('shuffles by Fisher–Yates from the last index down', () => {
    for (const vector of vectors.shuffles) {
      const rng = createRoundRng(seedsOf(vector));
      expect(rng.shuffle(Array.from({ length: vector.length }, (_, index) => index))).toEqual(vector.order);
      expect(rng.bytesRead()).toBe(vector.bytesRead);
    }
  });

  it('shuffles fresh shoes and maps cards to rank and suit', () => {
    for (const vector of vectors.shoes) {
      const shoe = shuffleShoe(createRoundRng(seedsOf(vector)), vector.decks);
      expect(shoe).toEqual(vector.shoe);
      expect(shoe.slice(0, 10).map(rankOf)).toEqual(vector.firstRanks);
      expect(shoe.slice(0, 10).map(suitOf)).toEqual(vector.firstSuits);
    }
  });
});

describe('round inputs', () => {
  const valid: RoundSeeds = { serverSeed: 'a'.repeat(64), clientSeed: 'abc', nonce: 0 };
  const codeOf = (seeds: RoundSeeds) => {
    try {
      createRoundRng(seeds);
      return 'OK';
    } catch (error) {
      return error instanceof GameError ? error.code : 'OTHER';
    }
  };

  it('accepts the limits of each input', () => {
    expect(codeOf(valid)).toBe('OK');
    expect(codeOf({ ...valid, clientSeed: 'Az09_-'.repeat(10).slice(0, 64) })).toBe('OK');
    expect(codeOf({ ...valid, nonce: Number.MAX_SAFE_INTEGER })).toBe('OK');
  });

  it('refuses a server seed that is not 64 lowercase hex characters', () => {
    expect(codeOf({ ...valid, serverSeed: 'A'.repeat(64) })).toBe('INVALID_SERVER_SEED');
    expect(codeOf({ ...valid, serverSeed: 'a'.repeat(63) })).toBe('INVALID_SERVER_SEED');
    expect(codeOf({ ...valid, serverSeed: `${'a'.repeat(63)}g` })).toBe('INVALID_SERVER_SEED');
  });

  it('refuses a client seed that is empty, too long or holds ":" or other characters', () => {
    for (const clientSeed of ['', 'a'.repeat(65), 'a:b', 'a b', 'é', 'a\n']) {
      expect(codeOf({ ...valid, clientSeed })).toBe('INVALID_CLIENT_SEED');
    }
  });

  it('refuses a negative, fractional or unsafe nonce', () => {
    for (const nonce of [-1, 0.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) {
      expect(codeOf({ ...valid, nonce })).toBe('INVALID_NONCE');
    }
  });

  it('refuses int(n) outside 1 … 2^32', () => {
    const rng = createRoundRng(valid);
    for (const n of [0, 1.5, 2 ** 32 + 1]) expect(() => rng.int(n)).toThrow(RangeError);
  });

  it('makes server seeds and client seeds that the protocol accepts, and never the same twice', () => {
    const serverSeeds = new Set(Array.from({ length: 50 }, createServerSeed));
    const clientSeeds = new Set(Array.from({ length: 50 }, createClientSeed));
    expect(serverSeeds.size).toBe(50);
    expect(clientSeeds.size).toBe(50);
    for (const serverSeed of serverSeeds) {
      for (const clientSeed of [...clientSeeds].slice(0, 2)) {
        expect(codeOf({ serverSeed, clientSeed, nonce: 0 })).toBe('OK');
      }
    }
  });
});
