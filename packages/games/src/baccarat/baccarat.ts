// Baccarat, punto banco (GAMES.md): a fresh 8-deck shoe per round, dealt player, banker, player,
// banker, then the player's third card, then the banker's, by the standard tableau. Player pays
// 1:1; banker 1:1 less 5 % commission (the winnings rounded down to the minor unit); tie 8:1, and
// player and banker bets push on a tie; player pair and banker pair (the hand's first two cards of
// the same rank) 11:1.

import { rankOf, shuffleShoe } from '../fairness/cards.ts';
import type { RoundRng } from '../fairness/round-rng.ts';
import { assertStake, GameError } from '../game-error.ts';
import { createRatio, type Ratio } from '../maths/ratio.ts';
import { countOppositeSidesMinor, type ValidBetRules } from '../valid-bet/valid-bet.ts';

export const BACCARAT_DECKS = 8;
export const BACCARAT_BET_KINDS = ['player', 'banker', 'tie', 'player-pair', 'banker-pair'] as const;
export type BaccaratBetKind = (typeof BACCARAT_BET_KINDS)[number];
export type BaccaratBet = { kind: BaccaratBetKind; stakeMinor: bigint };
export type BaccaratWinner = 'player' | 'banker' | 'tie';

export const BACCARAT_RTP_PERCENT: Readonly<Record<BaccaratBetKind, number>> = {
  banker: 98.94,
  player: 98.76,
  tie: 85.64,
  'player-pair': 89.64,
  'banker-pair': 89.64,
};

export type BaccaratHands = { player: number[]; banker: number[] };

export type BaccaratOutcome = BaccaratHands & {
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  bets: Array<{ bet: BaccaratBet; payoutMinor: bigint }>;
  stakeMinor: bigint;
  payoutMinor: bigint;
};

/** Ace 1, two to nine at face value, tens and pictures 0. */
export function valueOfBaccaratCard(card: number): number {
  const rank = rankOf(card);
  return rank < 9 ? rank + 1 : 0;
}

/**
 * Whether the banker draws with `bankerTotal`, given the value of the player's third card (null
 * when the player stood).
 */
export function doesBankerDraw(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/**
 * Plays the tableau on the values of the first four cards, asking `drawn(index)` for the value of
 * the shoe's card at `index` when a third card is drawn; returns the final totals and how many
 * cards each side took. Shared by the deal and the exact derivation.
 */
function playTableau(
  first: number,
  second: number,
  third: number,
  fourth: number,
  drawn: (index: number) => number,
) {
  let playerTotal = (first + third) % 10;
  let bankerTotal = (second + fourth) % 10;
  let playerCards = 2;
  let bankerCards = 2;
  if (playerTotal < 8 && bankerTotal < 8) {
    let next = 4;
    let playerThird: number | null = null;
    if (playerTotal <= 5) {
      playerThird = drawn(next);
      playerTotal = (playerTotal + playerThird) % 10;
      playerCards = 3;
      next += 1;
    }
    if (doesBankerDraw(bankerTotal, playerThird)) {
      bankerTotal = (bankerTotal + drawn(next)) % 10;
      bankerCards = 3;
    }
  }
  return { playerTotal, bankerTotal, playerCards, bankerCards };
}

export function dealBaccarat(
  shoe: readonly number[],
): BaccaratHands & { playerTotal: number; bankerTotal: number } {
  const value = (index: number) => valueOfBaccaratCard(shoe[index]!);
  const result = playTableau(value(0), value(1), value(2), value(3), value);
  const player = [shoe[0]!, shoe[2]!];
  const banker = [shoe[1]!, shoe[3]!];
  if (result.playerCards === 3) player.push(shoe[4]!);
  if (result.bankerCards === 3) banker.push(shoe[result.playerCards === 3 ? 5 : 4]!);
  return { player, banker, playerTotal: result.playerTotal, bankerTotal: result.bankerTotal };
}

export function computeBaccaratPayoutMinor(
  bet: BaccaratBet,
  hands: BaccaratHands,
  winner: BaccaratWinner,
): bigint {
  const { stakeMinor } = bet;
  switch (bet.kind) {
    case 'player':
      return winner === 'player' ? 2n * stakeMinor : winner === 'tie' ? stakeMinor : 0n;
    case 'banker':
      return winner === 'banker'
        ? stakeMinor + (stakeMinor * 95n) / 100n
        : winner === 'tie'
          ? stakeMinor
          : 0n;
    case 'tie':
      return winner === 'tie' ? 9n * stakeMinor : 0n;
    case 'player-pair':
      return rankOf(hands.player[0]!) === rankOf(hands.player[1]!) ? 12n * stakeMinor : 0n;
    case 'banker-pair':
      return rankOf(hands.banker[0]!) === rankOf(hands.banker[1]!) ? 12n * stakeMinor : 0n;
  }
}

/**
 * What a hand counts for as valid bet under the operator's rules: the player and banker stakes
 * together count their difference when both were staked and `hedgedBaccarat` is `net` (both in
 * full under `full`), and nothing on a tie when `pushes` is `exclude` (a tie hands them back);
 * tie and pair bets always count in full.
 */
export function computeBaccaratValidBetMinor(
  bets: readonly BaccaratBet[],
  winner: BaccaratWinner,
  rules: ValidBetRules,
): bigint {
  let playerMinor = 0n;
  let bankerMinor = 0n;
  let othersMinor = 0n;
  for (const bet of bets) {
    if (bet.kind === 'player') playerMinor += bet.stakeMinor;
    else if (bet.kind === 'banker') bankerMinor += bet.stakeMinor;
    else othersMinor += bet.stakeMinor;
  }
  const isPushed = winner === 'tie' && rules.pushes === 'exclude';
  const sidesMinor = isPushed ? 0n : countOppositeSidesMinor(playerMinor, bankerMinor, rules.hedgedBaccarat);
  return sidesMinor + othersMinor;
}

export function playBaccarat(bets: BaccaratBet[], rng: RoundRng): BaccaratOutcome {
  if (bets.length < 1 || bets.length > BACCARAT_BET_KINDS.length) {
    throw new GameError('INVALID_BET', `a hand takes 1 to ${BACCARAT_BET_KINDS.length} bets`);
  }
  for (const bet of bets) {
    assertStake(bet.stakeMinor);
    if (!BACCARAT_BET_KINDS.includes(bet.kind))
      throw new GameError('INVALID_BET', 'unknown baccarat bet', { kind: bet.kind });
  }
  const dealt = dealBaccarat(shuffleShoe(rng, BACCARAT_DECKS));
  const winner: BaccaratWinner =
    dealt.playerTotal > dealt.bankerTotal
      ? 'player'
      : dealt.playerTotal < dealt.bankerTotal
        ? 'banker'
        : 'tie';
  const settled = bets.map((bet) => ({ bet, payoutMinor: computeBaccaratPayoutMinor(bet, dealt, winner) }));
  return {
    ...dealt,
    winner,
    bets: settled,
    stakeMinor: bets.reduce((sum, bet) => sum + bet.stakeMinor, 0n),
    payoutMinor: settled.reduce((sum, entry) => sum + entry.payoutMinor, 0n),
  };
}

export type BaccaratProbabilities = { player: Ratio; banker: Ratio; tie: Ratio; pair: Ratio };

/**
 * The exact chances of each result from a full 8-deck shoe, by enumerating every sequence of card
 * values for the up to six cards dealt, each weighted by the number of ways the shoe deals it
 * (the counts of the values still in the shoe). Sequences are counted over six positions, so
 * cards a hand does not take are weighted by the ways of filling their positions; the total is
 * 416 × 415 × … × 411 (below 2^53, so plain numbers add exactly).
 */
export function computeBaccaratProbabilities(): BaccaratProbabilities {
  const counts = Array.from({ length: 10 }, (_, value) => (value === 0 ? 16 : 4) * BACCARAT_DECKS);
  const shoeSize = 52 * BACCARAT_DECKS;
  let playerWins = 0;
  let bankerWins = 0;
  let ties = 0;
  const values = [0, 0, 0, 0, 0, 0];
  // Ways of filling the positions left after `dealt` cards: (shoe − dealt)(shoe − dealt − 1)… up to six.
  const fill = (dealt: number) => {
    let ways = 1;
    for (let position = dealt; position < 6; position += 1) ways *= shoeSize - position;
    return ways;
  };
  const visit = (depth: number, weight: number) => {
    if (depth === 4 || depth === 5 || depth === 6) {
      // Has the tableau asked for a card beyond those fixed so far?
      let needed = 4;
      const result = playTableau(values[0]!, values[1]!, values[2]!, values[3]!, (index) => {
        needed = Math.max(needed, index + 1);
        return values[index]!;
      });
      if (needed <= depth) {
        const ways = weight * fill(depth);
        if (result.playerTotal > result.bankerTotal) playerWins += ways;
        else if (result.playerTotal < result.bankerTotal) bankerWins += ways;
        else ties += ways;
        return;
      }
    }
    for (let value = 0; value < 10; value += 1) {
      const available = counts[value]!;
      if (available === 0) continue;
      values[depth] = value;
      counts[value] = available - 1;
      visit(depth + 1, weight * available);
      counts[value] = available;
    }
  };
  visit(0, 1);
  const total = fill(0);
  if (playerWins + bankerWins + ties !== total) throw new Error('baccarat enumeration lost sequences');
  // A pair: the hand's two cards share a rank; 13 ranks of 32 cards each.
  const pairWays = 13 * (4 * BACCARAT_DECKS) * (4 * BACCARAT_DECKS - 1);
  return {
    player: createRatio(playerWins, total),
    banker: createRatio(bankerWins, total),
    tie: createRatio(ties, total),
    pair: createRatio(pairWays, shoeSize * (shoeSize - 1)),
  };
}

/** The exact return of each bet before the commission's rounding to the minor unit. */
export function computeBaccaratReturns(
  probabilities = computeBaccaratProbabilities(),
): Record<BaccaratBetKind, Ratio> {
  const { player, banker, tie, pair } = probabilities;
  const combine = (terms: Array<[Ratio, bigint, bigint]>) => {
    let numerator = 0n;
    let denominator = 1n;
    for (const [chance, times, per] of terms) {
      // chance × times / per, added to numerator / denominator.
      numerator = numerator * chance.denominator * per + chance.numerator * times * denominator;
      denominator = denominator * chance.denominator * per;
    }
    return createRatio(numerator, denominator);
  };
  return {
    player: combine([
      [player, 2n, 1n],
      [tie, 1n, 1n],
    ]),
    banker: combine([
      [banker, 195n, 100n],
      [tie, 1n, 1n],
    ]),
    tie: combine([[tie, 9n, 1n]]),
    'player-pair': combine([[pair, 12n, 1n]]),
    'banker-pair': combine([[pair, 12n, 1n]]),
  };
}
