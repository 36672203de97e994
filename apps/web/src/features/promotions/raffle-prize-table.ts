import type { RafflePrizeTier } from './api/raffle';

// A raffle's prize table by place, read by its words and by the verifier; the verifier is loaded
// on demand, so this stays free of what the pages import (the API client, the words).

/** How many prizes the raffle draws. */
export function prizeCountOf(prizes: readonly RafflePrizeTier[]): number {
  return prizes.reduce((sum, tier) => sum + tier.count, 0);
}

/** The amount of the prize at a place, or null past the last tier. */
export function amountOfRank(prizes: readonly RafflePrizeTier[], rank: number): string | null {
  const tier = prizes.find((each) => rank >= each.rank && rank < each.rank + each.count);
  return tier ? tier.amount : null;
}
