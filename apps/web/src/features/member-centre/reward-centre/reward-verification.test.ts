import { canonicalPrizeTable, type PrizeTable, prizeTableHash } from '@panalo/games/draws/weighted-pick.ts';
import { hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import { describe, expect, it } from 'vitest';
import { fromMinor, toMinor, verifyDraw, verifyDrop } from './reward-verification';

// The vectors of packages/games' own tests (weighted-pick.test.ts, red-envelope.test.ts), checked
// again through the centre's verifier as the page calls it.
const SERVER_SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const DROP_ID = '0190f1c2-7a6b-7c3d-8e9f-0a1b2c3d4e5f';
const prize = (name: string, kind: 'cash' | 'bonus' | 'points' | 'none', weight: number) => ({
  name: { TY: name, EN: name },
  kind,
  amount: kind === 'cash' ? '10.00' : kind === 'bonus' ? '50.00' : null,
  points: kind === 'points' ? 100 : null,
  wageringMultiplier: kind === 'bonus' ? 5 : null,
  weight,
});
const WHEEL: PrizeTable = {
  kind: 'wheel',
  name: { TY: 'Gulong ng Premyo', EN: 'Prize Wheel' },
  prizes: [
    prize('₱10', 'cash', 30),
    prize('Bonus', 'bonus', 10),
    prize('100 puntos', 'points', 20),
    prize('Subukan muli', 'none', 40),
  ],
};
// weighted-pick.test.ts: nonces 0–7 of client seed "vector" pick these.
const VECTOR_PICKS = [3, 3, 3, 1, 3, 3, 3, 0];

describe('the draw verifier', () => {
  const canonical = canonicalPrizeTable(WHEEL);
  const tableHash = prizeTableHash(WHEEL);
  const serverSeedHash = hashServerSeed(SERVER_SEED);
  const drawOf = (nonce: number, prizeIndex: number) => ({
    serverSeed: SERVER_SEED,
    serverSeedHash,
    clientSeed: 'vector',
    nonce,
    prizeIndex,
    tableHash,
  });

  it('passes the recorded vectors, every check', () => {
    VECTOR_PICKS.forEach((prizeIndex, nonce) => {
      const verification = verifyDraw(drawOf(nonce, prizeIndex), { canonical });
      expect(verification?.checks).toEqual([
        { name: 'commitment', passed: true },
        { name: 'tableHash', passed: true },
        { name: 'pick', passed: true },
      ]);
      expect(verification?.computedIndex).toBe(prizeIndex);
    });
  });

  it('fails the pick of a prize the seeds did not pick', () => {
    const verification = verifyDraw(drawOf(7, 2), { canonical });
    expect(verification?.passed).toBe(false);
    expect(verification?.checks.find((check) => check.name === 'pick')?.passed).toBe(false);
    expect(verification?.computedIndex).toBe(0);
  });

  it('fails a table whose text is not the one hashed, and a seed that is not the one committed', () => {
    const changed = verifyDraw(drawOf(0, 3), { canonical: canonical.replace('"weight":40', '"weight":41') });
    expect(changed?.checks.find((check) => check.name === 'tableHash')?.passed).toBe(false);
    const otherSeed = verifyDraw({ ...drawOf(0, 3), serverSeedHash: '0'.repeat(64) }, { canonical });
    expect(otherSeed?.checks.find((check) => check.name === 'commitment')?.passed).toBe(false);
    expect(verifyDraw({ ...drawOf(0, 3), serverSeed: 'not hex' }, { canonical })?.passed).toBe(false);
  });

  it('has nothing to check while the server seed is secret', () => {
    expect(verifyDraw({ ...drawOf(0, 3), serverSeed: null }, { canonical })).toBeNull();
  });
});

describe('the red-envelope verifier', () => {
  // red-envelope.test.ts: ₱1,000.00 in 10 envelopes of at least ₱1.00.
  const amounts = [2677, 15418, 4798, 6020, 3287, 2569, 540, 14274, 1454, 48963].map((minor) =>
    fromMinor(BigInt(minor)),
  );
  const drop = {
    id: DROP_ID,
    serverSeedHash: hashServerSeed(SERVER_SEED),
    count: 10,
    totalAmount: '1000.00',
    minimumAmount: '1.00',
    mine: { index: 1, amount: '154.18', openedAt: '2026-11-27T03:00:00.000Z' },
  };

  it('re-computes the published vector and finds my envelope’s amount in its place', () => {
    const verification = verifyDrop(drop, { serverSeed: SERVER_SEED, amounts });
    expect(verification.passed).toBe(true);
    expect(verification.computedAmounts).toEqual(amounts);
    expect(verification.computedMine).toBe('154.18');
  });

  it('fails an envelope that does not hold its place’s amount, and a split out of order', () => {
    expect(
      verifyDrop({ ...drop, mine: { ...drop.mine, amount: '154.19' } }, { serverSeed: SERVER_SEED, amounts })
        .checks,
    ).toContainEqual({ name: 'mine', passed: false });
    const swapped = [amounts[1], amounts[0], ...amounts.slice(2)] as string[];
    expect(verifyDrop(drop, { serverSeed: SERVER_SEED, amounts: swapped }).checks).toContainEqual({
      name: 'split',
      passed: false,
    });
  });

  it('fails a seed that is not the one committed before the drop opened', () => {
    const verification = verifyDrop(
      { ...drop, serverSeedHash: '0'.repeat(64) },
      { serverSeed: SERVER_SEED, amounts },
    );
    expect(verification.checks).toContainEqual({ name: 'commitment', passed: false });
  });

  it('reads and writes amounts in minor units', () => {
    expect(toMinor('154.18')).toBe(15418n);
    expect(toMinor('0.05')).toBe(5n);
    expect(toMinor('1.5')).toBeNull();
    expect(fromMinor(540n)).toBe('5.40');
  });
});
