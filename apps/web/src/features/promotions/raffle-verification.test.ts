import { drawRaffle } from '@panalo/games/draws/raffle.ts';
import { hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import { describe, expect, it } from 'vitest';
import type { RaffleView } from './api/raffle';
import { type RaffleVerification, verifyRaffleDraw } from './raffle-verification';

// A raffle drawn by the very code the server draws with, published as the detail would show it,
// then checked as the member's browser checks it; and the same raffle with one thing changed.

const SERVER_SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const OTHER_SEED = '00ffeeddccbbaa99887766554433221100f8e7d6c5b4a3928170b6e5d4c2f1a3';
const ticketIds = Array.from({ length: 40 }, (_, index) => String(index + 1).padStart(7, '0'));
const prizes = [
  { rank: 1, count: 1, amount: '5000.00' },
  { rank: 2, count: 3, amount: '1000.00' },
];
const amounts = ['5000.00', '1000.00', '1000.00', '1000.00'];

function drawnRaffle(): RaffleView {
  const draw = drawRaffle(SERVER_SEED, ticketIds, 4);
  const myTickets = ['0000003', '0000017', draw.winners[2]!].sort();
  return {
    ticketBy: 'validBet',
    ticketEvery: '500.00',
    maxTickets: 100,
    drawAt: '2026-12-31T17:00:00.000Z',
    withdrawn: false,
    serverSeedHash: hashServerSeed(SERVER_SEED),
    serverSeed: SERVER_SEED,
    clientSeed: draw.clientSeed,
    drawnAt: '2026-12-31T17:00:30.000Z',
    ticketCount: ticketIds.length,
    prizes,
    myTicketCount: myTickets.length,
    myTickets,
    progress: null,
    winners: draw.winners.map((ticketId, index) => ({
      rank: index + 1,
      ticketId,
      name: 'ju***an',
      amount: amounts[index]!,
      mine: myTickets.includes(ticketId),
    })),
    myPrizes: [],
  };
}

function failedChecksOf(verification: RaffleVerification | null): string[] {
  return verification?.checks.filter((check) => !check.passed).map((check) => check.name) ?? ['none'];
}

describe('verifying a raffle’s draw in the browser', () => {
  it('passes every check for a draw made as published, in any order the list arrives', () => {
    const raffle = drawnRaffle();
    const verification = verifyRaffleDraw(raffle, [...ticketIds].reverse());
    expect(verification?.passed).toBe(true);
    expect(verification?.checks.map((check) => check.name)).toEqual([
      'commitment',
      'tickets',
      'clientSeed',
      'winners',
    ]);
    expect(verification?.computedClientSeed).toBe(raffle.clientSeed);
    expect(verification?.computedWinners).toEqual(raffle.winners.map((winner) => winner.ticketId));
  });

  it('takes the winners by place whatever order they are listed in', () => {
    const raffle = drawnRaffle();
    expect(verifyRaffleDraw({ ...raffle, winners: [...raffle.winners].reverse() }, ticketIds)?.passed).toBe(
      true,
    );
  });

  it('fails the commitment when the revealed seed is not the one committed to', () => {
    const raffle = drawnRaffle();
    expect(
      failedChecksOf(verifyRaffleDraw({ ...raffle, serverSeedHash: hashServerSeed(OTHER_SEED) }, ticketIds)),
    ).toEqual(['commitment']);
    // Another seed revealed: it hashes to another commitment and draws other winners.
    expect(failedChecksOf(verifyRaffleDraw({ ...raffle, serverSeed: OTHER_SEED }, ticketIds))).toEqual([
      'commitment',
      'winners',
    ]);
  });

  it('fails when a ticket is left out of the list, above all one of the member’s own', () => {
    const raffle = drawnRaffle();
    const withoutMine = ticketIds.filter((ticket) => ticket !== '0000017');
    expect(failedChecksOf(verifyRaffleDraw(raffle, withoutMine))).toEqual([
      'tickets',
      'clientSeed',
      'winners',
    ]);
    // A list the published client seed was made of, but short of tickets issued.
    expect(failedChecksOf(verifyRaffleDraw({ ...raffle, ticketCount: 41 }, ticketIds))).toEqual(['tickets']);
  });

  it('fails the winners when one is swapped, dropped, or paid another place’s amount', () => {
    const raffle = drawnRaffle();
    const loser = ticketIds.find((ticket) => !raffle.winners.some((winner) => winner.ticketId === ticket))!;
    const swapped = raffle.winners.map((winner) =>
      winner.rank === 2 ? { ...winner, ticketId: loser } : winner,
    );
    expect(failedChecksOf(verifyRaffleDraw({ ...raffle, winners: swapped }, ticketIds))).toEqual(['winners']);
    expect(
      failedChecksOf(verifyRaffleDraw({ ...raffle, winners: raffle.winners.slice(0, 3) }, ticketIds)),
    ).toEqual(['winners']);
    const overpaid = raffle.winners.map((winner) =>
      winner.rank === 4 ? { ...winner, amount: '5000.00' } : winner,
    );
    expect(failedChecksOf(verifyRaffleDraw({ ...raffle, winners: overpaid }, ticketIds))).toEqual([
      'winners',
    ]);
  });

  it('fails the client seed when the published one is not the list’s', () => {
    const raffle = drawnRaffle();
    const verification = verifyRaffleDraw({ ...raffle, clientSeed: 'f'.repeat(64) }, ticketIds);
    expect(failedChecksOf(verification)).toEqual(['clientSeed']);
    expect(verification?.computedClientSeed).toBe(raffle.clientSeed);
  });

  it('fails a list the draw does not take, with a ticket twice', () => {
    const raffle = drawnRaffle();
    const verification = verifyRaffleDraw(raffle, [...ticketIds.slice(1), '0000002']);
    expect(failedChecksOf(verification)).toEqual(['tickets', 'clientSeed', 'winners']);
    expect(verification?.computedClientSeed).toBeNull();
  });

  it('checks a raffle drawn without tickets: no winners, nothing to pay', () => {
    const draw = drawRaffle(SERVER_SEED, [], 4);
    const raffle: RaffleView = {
      ...drawnRaffle(),
      clientSeed: draw.clientSeed,
      ticketCount: 0,
      myTicketCount: 0,
      myTickets: [],
      winners: [],
    };
    expect(verifyRaffleDraw(raffle, [])?.passed).toBe(true);
  });

  it('has nothing to check before the draw reveals the seed', () => {
    expect(verifyRaffleDraw({ ...drawnRaffle(), serverSeed: null, clientSeed: null }, ticketIds)).toBeNull();
  });
});
