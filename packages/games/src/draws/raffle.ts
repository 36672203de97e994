// The raffle of GAMES.md "Draws for rewards": the server seed is drawn and its hash published when
// the raffle opens; at close the client seed is the SHA-256 hex of the ticket ids sorted as strings
// and joined by "\n", and the winners are the first k tickets of a Fisher–Yates shuffle of that
// sorted list on the stream of (server seed, client seed, nonce 0). Synchronous and Web-standard
// only, so the browser's verifier runs the very code the server draws with.

import { createRoundRng, hashServerSeed } from '../fairness/round-rng.ts';
import { sha256, toHex } from '../fairness/sha256.ts';
import { GameError } from '../game-error.ts';

/** A ticket id: 1–64 characters of A–Z a–z 0–9 _ - (no "\n", which joins them). */
const TICKET_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Ticket ids in the draw's order: sorted as strings (UTF-16 code units, as JavaScript sorts). */
export function sortTicketIds(ticketIds: readonly string[]): string[] {
  return [...ticketIds].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
}

/** The raffle's client seed: SHA-256 hex of the sorted ticket ids joined by "\n". */
export function raffleClientSeed(ticketIds: readonly string[]): string {
  const sorted = sortTicketIds(ticketIds);
  const seen = new Set<string>();
  for (const id of sorted) {
    if (!TICKET_ID_PATTERN.test(id)) {
      throw new GameError('INVALID_TICKET', 'a ticket id is 1 to 64 of the characters A-Z a-z 0-9 _ -', {
        ticketId: id,
      });
    }
    if (seen.has(id)) throw new GameError('INVALID_TICKET', 'ticket ids are unique', { ticketId: id });
    seen.add(id);
  }
  return toHex(sha256(new TextEncoder().encode(sorted.join('\n'))));
}

export type RaffleDraw = {
  clientSeed: string;
  /** Every ticket in the shuffled order; the first `winnerCount` won, in prize order. */
  shuffled: string[];
  /** The first min(k, tickets) tickets of the shuffle: prize 1 first. */
  winners: string[];
};

/**
 * Draws `winnerCount` tickets from `ticketIds` (any order: they are sorted first) with the raffle's
 * server seed. No tickets draw no winners; fewer tickets than prizes all win.
 */
export function drawRaffle(
  serverSeed: string,
  ticketIds: readonly string[],
  winnerCount: number,
): RaffleDraw {
  if (!Number.isSafeInteger(winnerCount) || winnerCount < 0) {
    throw new RangeError(`a raffle draws a whole number of winners from 0, got ${winnerCount}`);
  }
  const clientSeed = raffleClientSeed(ticketIds);
  const shuffled = sortTicketIds(ticketIds);
  createRoundRng({ serverSeed, clientSeed, nonce: 0 }).shuffle(shuffled);
  return { clientSeed, shuffled, winners: shuffled.slice(0, Math.min(winnerCount, shuffled.length)) };
}

export type RaffleVerification = {
  /** The revealed server seed hashes to the hash published at the raffle's opening. */
  commitmentMatches: boolean;
  /** The published client seed is the one the ticket list gives. */
  clientSeedMatches: boolean;
  /** The published winners are the draw's, in order. */
  winnersMatch: boolean;
  /** What the draw gives, to show beside what was published. */
  draw: RaffleDraw;
};

/** Re-computes a published raffle: what a member, an auditor or the web app's verifier checks. */
export function verifyRaffle(published: {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  ticketIds: readonly string[];
  winners: readonly string[];
}): RaffleVerification {
  const draw = drawRaffle(published.serverSeed, published.ticketIds, published.winners.length);
  return {
    commitmentMatches: hashServerSeed(published.serverSeed) === published.serverSeedHash.toLowerCase(),
    clientSeedMatches: draw.clientSeed === published.clientSeed.toLowerCase(),
    winnersMatch:
      draw.winners.length === published.winners.length &&
      draw.winners.every((ticket, index) => ticket === published.winners[index]),
    draw,
  };
}
