import { splitRedEnvelope } from '@panalo/games/draws/red-envelope.ts';
import { canonicalTextHash, drawWeighted } from '@panalo/games/draws/weighted-pick.ts';
import { hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import type { Draw, Drop, DropSplit, TableVersion } from './api/reward';

// The reward centre's verifiers in the browser (GAMES.md "Draws for rewards"): the very code the
// server drew and split with, run again on what was published. The centre loads this only when the
// member asks to verify, so the hashing stays out of the pages that do not.

/** One thing a verifier checks, and whether it held. */
export type RewardCheck<Name extends string> = { name: Name; passed: boolean };

export type DrawCheckName = 'commitment' | 'tableHash' | 'pick';
export type DrawVerification = {
  checks: RewardCheck<DrawCheckName>[];
  passed: boolean;
  /** The prize index the seeds pick from the table's weights; null when the table cannot be read. */
  computedIndex: number | null;
  computedTableHash: string;
};

export type DropCheckName = 'commitment' | 'split' | 'mine';
export type DropVerification = {
  checks: RewardCheck<DropCheckName>[];
  passed: boolean;
  /** The amounts the seed gives, in handing-out order, as "12.34". */
  computedAmounts: string[];
  /** What the split gives the member's envelope; null when they opened none. */
  computedMine: string | null;
};

function commitmentOf(serverSeed: string, serverSeedHash: string): boolean {
  try {
    return hashServerSeed(serverSeed) === serverSeedHash.toLowerCase();
  } catch {
    // A revealed seed that is not 64 hex characters hashes to no commitment at all.
    return false;
  }
}

/** "12.34" in minor units; null for text that is no amount of two decimals. */
export function toMinor(amount: string): bigint | null {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  return match ? BigInt(match[1] as string) * 100n + BigInt(match[2] as string) : null;
}

/** Minor units as "12.34". */
export function fromMinor(minor: bigint): string {
  return `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
}

/**
 * Checks a draw whose server seed is out against the table version it was drawn with:
 * - commitment: the revealed server seed hashes to the hash the draw showed;
 * - tableHash: the table's canonical JSON hashes to the draw's `tableHash`;
 * - pick: the seeds, the nonce and the table's weights pick the prize the draw answered.
 * Null for a draw whose seed is still secret.
 */
export function verifyDraw(
  draw: Pick<Draw, 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce' | 'prizeIndex' | 'tableHash'>,
  version: Pick<TableVersion, 'canonical'>,
): DrawVerification | null {
  const { serverSeed } = draw;
  if (!serverSeed) return null;
  const computedTableHash = canonicalTextHash(version.canonical);
  let computedIndex: number | null = null;
  try {
    const table = JSON.parse(version.canonical) as { prizes: { weight: number }[] };
    computedIndex = drawWeighted(
      { serverSeed, clientSeed: draw.clientSeed, nonce: draw.nonce },
      table.prizes.map((prize) => prize.weight),
    );
  } catch {
    // A table or a seed the pick cannot take picks nothing; the other checks say why.
    computedIndex = null;
  }
  const checks: RewardCheck<DrawCheckName>[] = [
    { name: 'commitment', passed: commitmentOf(serverSeed, draw.serverSeedHash) },
    { name: 'tableHash', passed: computedTableHash === draw.tableHash.toLowerCase() },
    { name: 'pick', passed: computedIndex === draw.prizeIndex },
  ];
  return { checks, passed: checks.every((check) => check.passed), computedIndex, computedTableHash };
}

/**
 * Checks an ended drop against its published split:
 * - commitment: the revealed seed hashes to the hash the drop showed before it opened;
 * - split: the seed and the drop's id split the total into the published amounts, in order;
 * - mine: the member's envelope holds what the split gives its place (passes when they opened none).
 */
export function verifyDrop(
  drop: Pick<Drop, 'id' | 'serverSeedHash' | 'count' | 'totalAmount' | 'minimumAmount' | 'mine'>,
  split: Pick<DropSplit, 'serverSeed' | 'amounts'>,
): DropVerification {
  const totalMinor = toMinor(drop.totalAmount);
  const minimumMinor = toMinor(drop.minimumAmount);
  let computed: bigint[] = [];
  try {
    if (totalMinor !== null && minimumMinor !== null) {
      computed = splitRedEnvelope({
        serverSeed: split.serverSeed,
        dropId: drop.id,
        totalMinor,
        count: drop.count,
        minimumMinor,
      });
    }
  } catch {
    computed = [];
  }
  const computedAmounts = computed.map(fromMinor);
  const isSplitRight =
    computed.length === drop.count &&
    split.amounts.length === computed.length &&
    split.amounts.every((amount, index) => toMinor(amount) === computed[index]);
  const minePlace = drop.mine ? computed[drop.mine.index] : undefined;
  const computedMine = minePlace === undefined ? null : fromMinor(minePlace);
  const checks: RewardCheck<DropCheckName>[] = [
    { name: 'commitment', passed: commitmentOf(split.serverSeed, drop.serverSeedHash) },
    { name: 'split', passed: isSplitRight },
    {
      name: 'mine',
      passed: drop.mine === null || (computedMine !== null && toMinor(drop.mine.amount) === minePlace),
    },
  ];
  return { checks, passed: checks.every((check) => check.passed), computedAmounts, computedMine };
}
