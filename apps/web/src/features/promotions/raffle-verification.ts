import { raffleClientSeed, verifyRaffle } from '@panalo/games/draws/raffle.ts';
import { hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import type { RaffleView } from './api/raffle';
import { amountOfRank, prizeCountOf } from './raffle-prize-table';

// The raffle's verifier in the browser (GAMES.md "Draws for rewards"): the very code the server
// drew with, run again on what was published. The promotion's details load it only when the
// member asks, so the hashing and the shuffle stay out of the pages that do not verify.

/** One thing the verifier checks. */
export type RaffleCheckName = 'commitment' | 'tickets' | 'clientSeed' | 'winners';
export type RaffleCheck = { name: RaffleCheckName; passed: boolean };

export type RaffleVerification = {
  checks: RaffleCheck[];
  /** Every check passed. */
  passed: boolean;
  serverSeedHash: string;
  serverSeed: string;
  /** The client seed published with the draw. */
  clientSeed: string;
  /** The client seed the ticket list gives; null when the list is not one the draw takes. */
  computedClientSeed: string | null;
  /** The winning tickets the seeds give, in prize order. */
  computedWinners: string[];
  ticketCount: number;
};

function commitmentOf(serverSeed: string, serverSeedHash: string): boolean {
  try {
    return hashServerSeed(serverSeed) === serverSeedHash.toLowerCase();
  } catch {
    // A revealed seed that is not 64 hex characters hashes to no commitment at all.
    return false;
  }
}

/** The client seed a ticket list gives, or null for a list the draw does not take (an id repeated, or no ticket number). */
function clientSeedOf(ticketIds: readonly string[]): string | null {
  try {
    return raffleClientSeed(ticketIds);
  } catch {
    return null;
  }
}

/**
 * Checks a drawn raffle against its every ticket (`GET /wps/promotion/raffle/tickets`):
 * - commitment: the revealed server seed hashes to the hash published when the raffle opened;
 * - tickets: the list is one the draw takes, with as many tickets as were issued, the member's own
 *   among them;
 * - clientSeed: the published client seed is the one the list gives;
 * - winners: the seeds draw the published winners, place by place, as many as there are prizes
 *   (or tickets, when fewer), each with its place's amount.
 * Null for a raffle not drawn yet (no seed to check).
 */
export function verifyRaffleDraw(
  raffle: Pick<
    RaffleView,
    'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'ticketCount' | 'myTickets' | 'winners' | 'prizes'
  >,
  ticketIds: readonly string[],
): RaffleVerification | null {
  const { serverSeed, clientSeed, serverSeedHash } = raffle;
  if (!serverSeed || !clientSeed) return null;
  const computedClientSeed = clientSeedOf(ticketIds);
  const listed = new Set(ticketIds);
  const isListWhole =
    computedClientSeed !== null &&
    ticketIds.length === raffle.ticketCount &&
    raffle.myTickets.every((ticket) => listed.has(ticket));
  const winners = [...raffle.winners].sort((left, right) => left.rank - right.rank);
  const isEveryPlaceRight =
    winners.length === Math.min(prizeCountOf(raffle.prizes), ticketIds.length) &&
    winners.every(
      (winner, index) =>
        winner.rank === index + 1 && winner.amount === amountOfRank(raffle.prizes, winner.rank),
    );
  let drawn: { winners: string[]; winnersMatch: boolean } | null = null;
  if (computedClientSeed !== null) {
    try {
      const verified = verifyRaffle({
        serverSeed,
        serverSeedHash,
        clientSeed,
        ticketIds,
        winners: winners.map((winner) => winner.ticketId),
      });
      drawn = { winners: verified.draw.winners, winnersMatch: verified.winnersMatch };
    } catch {
      // A revealed seed the stream does not take draws nothing; the commitment check says why.
      drawn = null;
    }
  }
  const checks: RaffleCheck[] = [
    { name: 'commitment', passed: commitmentOf(serverSeed, serverSeedHash) },
    { name: 'tickets', passed: isListWhole },
    { name: 'clientSeed', passed: computedClientSeed === clientSeed.toLowerCase() },
    { name: 'winners', passed: drawn?.winnersMatch === true && isEveryPlaceRight },
  ];
  return {
    checks,
    passed: checks.every((check) => check.passed),
    serverSeedHash,
    serverSeed,
    clientSeed,
    computedClientSeed,
    computedWinners: drawn?.winners ?? [],
    ticketCount: ticketIds.length,
  };
}
