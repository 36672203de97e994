// Card shoes of GAMES.md: a shoe of D decks is the list 0 … 52·D − 1; card c has rank c mod 13
// (0 = ace, 1–9 = two to ten, 10 = jack, 11 = queen, 12 = king) and suit floor(c / 13) mod 4.
// Every round shuffles a fresh shoe and deals from index 0 up.

import type { RoundRng } from './round-rng.ts';

export const SUITS = ['spades', 'hearts', 'clubs', 'diamonds'] as const;
export type Suit = (typeof SUITS)[number];
export const RANK_NAMES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

export const CARDS_PER_DECK = 52;
export const RANKS_PER_SUIT = 13;

/** 0 = ace … 12 = king. */
export function rankOf(card: number): number {
  return card % RANKS_PER_SUIT;
}

export function suitOf(card: number): Suit {
  return SUITS[Math.floor(card / RANKS_PER_SUIT) % 4]!;
}

/** A short name such as "10♥" for logs, tests and the round detail. */
export function nameCard(card: number): string {
  const suitSymbols: Record<Suit, string> = { spades: '♠', hearts: '♥', clubs: '♣', diamonds: '♦' };
  return `${RANK_NAMES[rankOf(card)]}${suitSymbols[suitOf(card)]}`;
}

/** A fresh shoe of `decks` decks, shuffled from the round's stream. */
export function shuffleShoe(rng: RoundRng, decks: number): number[] {
  const shoe = Array.from({ length: CARDS_PER_DECK * decks }, (_, card) => card);
  return rng.shuffle(shoe);
}
