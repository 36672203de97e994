// The red-envelope split of GAMES.md "Draws for rewards" ("double the mean", in centavos): the
// drop's server seed hash is published before it opens, the client seed is the drop's id and the
// nonce 0. With R left to share, n envelopes left and minimum m, while n > 1 an envelope holds
// m + int(floor(2·(R − m·n) / n) + 1), and the last holds what is left. Envelopes are handed out in
// that order to claimants in claim order. Synchronous and Web-standard only, so the browser's
// verifier runs the very code the server splits with.

import { createRoundRng, hashServerSeed } from '../fairness/round-rng.ts';

const TWO_TO_32 = 0x1_0000_0000n;

/** The most envelopes one drop holds. */
export const RED_ENVELOPE_COUNT_MAX = 100_000;

/**
 * The largest total a drop shares, in minor units: below 2^32 so that every draw of the split,
 * at most floor(2·R / 2) + 1, is an int(n) the protocol allows (n ≤ 2^32).
 */
export const RED_ENVELOPE_TOTAL_MINOR_MAX = 4_000_000_000n;

export type RedEnvelopeInput = {
  /** The drop's server seed: 64 lowercase hex characters, revealed when the drop ends. */
  serverSeed: string;
  /** The drop's id, the split's client seed (1–64 of A–Z a–z 0–9 _ -). */
  dropId: string;
  /** What the drop shares, in minor units. */
  totalMinor: bigint;
  /** How many envelopes, 1 to RED_ENVELOPE_COUNT_MAX. */
  count: number;
  /** The least an envelope holds, in minor units (0 or more); count × minimum ≤ total. */
  minimumMinor: bigint;
};

/** Throws a RangeError naming the first of a drop's figures the split cannot take. */
export function assertRedEnvelopeFigures(input: Omit<RedEnvelopeInput, 'serverSeed' | 'dropId'>): void {
  const { totalMinor, count, minimumMinor } = input;
  if (!Number.isSafeInteger(count) || count < 1 || count > RED_ENVELOPE_COUNT_MAX) {
    throw new RangeError(`a drop holds 1 to ${RED_ENVELOPE_COUNT_MAX} envelopes, got ${count}`);
  }
  if (minimumMinor < 0n) throw new RangeError(`an envelope's minimum is 0 or more, got ${minimumMinor}`);
  if (totalMinor > RED_ENVELOPE_TOTAL_MINOR_MAX) {
    throw new RangeError(
      `a drop shares at most ${RED_ENVELOPE_TOTAL_MINOR_MAX} minor units, got ${totalMinor}`,
    );
  }
  if (totalMinor < BigInt(count) * minimumMinor) {
    throw new RangeError('a drop shares at least its count times its minimum');
  }
}

/**
 * Splits a drop's total into its envelopes, in handing-out order: envelope i goes to the i-th
 * claimant. Every envelope holds at least the minimum and the amounts sum to the total.
 */
export function splitRedEnvelope(input: RedEnvelopeInput): bigint[] {
  assertRedEnvelopeFigures(input);
  const rng = createRoundRng({ serverSeed: input.serverSeed, clientSeed: input.dropId, nonce: 0 });
  const m = input.minimumMinor;
  let left = input.totalMinor;
  const amounts: bigint[] = [];
  for (let n = input.count; n > 1; n -= 1) {
    const spare = left - m * BigInt(n);
    const bound = (2n * spare) / BigInt(n) + 1n;
    // Never reached within the figures' bounds; kept so that a wider total fails loudly.
    if (bound > TWO_TO_32) throw new RangeError('an envelope draw beyond int(2^32)');
    const amount = m + BigInt(rng.int(Number(bound)));
    amounts.push(amount);
    left -= amount;
  }
  amounts.push(left);
  return amounts;
}

export type RedEnvelopeVerification = {
  /** The revealed server seed hashes to the hash published before the drop opened. */
  commitmentMatches: boolean;
  /** The published amounts are the split's, in order. */
  amountsMatch: boolean;
  /** What the split gives, to show beside what was published. */
  amounts: bigint[];
};

/** Re-computes a published drop's split: what a member, an auditor or the web verifier checks. */
export function verifyRedEnvelope(
  published: RedEnvelopeInput & { serverSeedHash: string; amounts: readonly bigint[] },
): RedEnvelopeVerification {
  const amounts = splitRedEnvelope(published);
  return {
    commitmentMatches: hashServerSeed(published.serverSeed) === published.serverSeedHash.toLowerCase(),
    amountsMatch:
      amounts.length === published.amounts.length &&
      amounts.every((amount, index) => amount === published.amounts[index]),
    amounts,
  };
}
