// How a finished round went for the player, said honestly: a win smaller than what the round cost
// is money returned, not a win.

export type NetResult =
  /** The round paid more than it cost: net is win − cost. */
  | { kind: 'won'; netMinor: bigint; winMinor: bigint; costMinor: bigint }
  /** The round paid something back, at most what it cost (a push included). */
  | { kind: 'returned'; winMinor: bigint; costMinor: bigint }
  /** The round paid nothing. */
  | { kind: 'lost'; costMinor: bigint };

/** Classifies a settled round by what it paid (win) against what it cost (total stake), in minor units. */
export function classifyNet(winMinor: bigint, costMinor: bigint): NetResult {
  if (winMinor <= 0n) return { kind: 'lost', costMinor };
  if (winMinor > costMinor) return { kind: 'won', netMinor: winMinor - costMinor, winMinor, costMinor };
  return { kind: 'returned', winMinor, costMinor };
}
