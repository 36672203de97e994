import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RED_ENVELOPE_TOTAL_MINOR_MAX, splitRedEnvelope, verifyRedEnvelope } from './red-envelope.ts';

// An independent reading of GAMES.md "Draws for rewards" (Red-envelope split) with node:crypto and
// bigints: the stream, int(n) by rejection and the split written again here, not imported.
function referenceSplit(serverSeed: string, dropId: string, total: bigint, count: number, minimum: bigint) {
  let cursor = 0;
  const words: number[] = [];
  const nextWord = () => {
    if (words.length === 0) {
      const block = createHmac('sha256', serverSeed).update(`${dropId}:0:${cursor}`).digest();
      cursor += 1;
      for (let offset = 0; offset < 32; offset += 4) words.push(block.readUInt32BE(offset));
    }
    return words.shift()!;
  };
  const int = (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const word = nextWord();
      if (word < limit) return word % n;
    }
  };
  let left = total;
  const amounts: bigint[] = [];
  for (let n = count; n > 1; n -= 1) {
    const spare = left - minimum * BigInt(n);
    const amount = minimum + BigInt(int(Number((2n * spare) / BigInt(n) + 1n)));
    amounts.push(amount);
    left -= amount;
  }
  amounts.push(left);
  return amounts;
}

const SERVER_SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const DROP_ID = '0190f1c2-7a6b-7c3d-8e9f-0a1b2c3d4e5f';

describe('the red-envelope split (GAMES.md "Draws for rewards")', () => {
  it('gives the published vectors', () => {
    // Computed with a separate Python reading of the same text (hmac, hashlib, struct).
    const split = (dropId: string, total: bigint, count: number, minimum: bigint) =>
      splitRedEnvelope({ serverSeed: SERVER_SEED, dropId, totalMinor: total, count, minimumMinor: minimum });
    expect(split(DROP_ID, 100_000n, 10, 100n)).toEqual(
      [2677, 15418, 4798, 6020, 3287, 2569, 540, 14274, 1454, 48963].map(BigInt),
    );
    // No spare: every envelope holds the minimum, and nothing is drawn but zeros.
    expect(split('drop-1', 1000n, 5, 200n)).toEqual([200n, 200n, 200n, 200n, 200n]);
    expect(split('drop-2', 500n, 1, 100n)).toEqual([500n]);
  });

  it('matches an independent computation, holds the minimum and sums to the total', () => {
    for (const [total, count, minimum] of [
      [100_000n, 1000, 1n],
      [100_000n, 1000, 100n],
      [1_000_000n, 100, 0n],
      [RED_ENVELOPE_TOTAL_MINOR_MAX, 2, 1n],
      [12_345n, 7, 3n],
    ] as const) {
      const ours = splitRedEnvelope({
        serverSeed: SERVER_SEED,
        dropId: DROP_ID,
        totalMinor: total,
        count,
        minimumMinor: minimum,
      });
      expect(ours).toEqual(referenceSplit(SERVER_SEED, DROP_ID, total, count, minimum));
      expect(ours).toHaveLength(count);
      expect(ours.reduce((sum, amount) => sum + amount, 0n)).toBe(total);
      expect(ours.every((amount) => amount >= minimum)).toBe(true);
    }
  });

  it('refuses figures the split cannot take', () => {
    const base = {
      serverSeed: SERVER_SEED,
      dropId: DROP_ID,
      totalMinor: 1000n,
      count: 10,
      minimumMinor: 100n,
    };
    expect(() => splitRedEnvelope({ ...base, minimumMinor: 101n })).toThrow(RangeError);
    expect(() => splitRedEnvelope({ ...base, count: 0 })).toThrow(RangeError);
    expect(() => splitRedEnvelope({ ...base, totalMinor: RED_ENVELOPE_TOTAL_MINOR_MAX + 1n })).toThrow(
      RangeError,
    );
    expect(() => splitRedEnvelope({ ...base, dropId: 'a:b' })).toThrow();
  });

  it('verifies a published split and names what does not match', () => {
    const input = {
      serverSeed: SERVER_SEED,
      dropId: DROP_ID,
      totalMinor: 50_000n,
      count: 20,
      minimumMinor: 50n,
    };
    const amounts = splitRedEnvelope(input);
    const serverSeedHash = createHash('sha256').update(SERVER_SEED).digest('hex');
    expect(verifyRedEnvelope({ ...input, serverSeedHash, amounts })).toMatchObject({
      commitmentMatches: true,
      amountsMatch: true,
    });
    const swapped = [amounts[1]!, amounts[0]!, ...amounts.slice(2)];
    expect(verifyRedEnvelope({ ...input, serverSeedHash, amounts: swapped }).amountsMatch).toBe(false);
    expect(verifyRedEnvelope({ ...input, serverSeedHash: '0'.repeat(64), amounts }).commitmentMatches).toBe(
      false,
    );
  });
});
