import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GameError } from '../game-error.ts';
import { drawRaffle, raffleClientSeed, sortTicketIds, verifyRaffle } from './raffle.ts';

// An independent reading of GAMES.md "Draws for rewards" (Raffle) with node:crypto: the stream,
// int(n) by rejection and the Fisher–Yates shuffle written again here, not imported.
function referenceDraw(serverSeed: string, ticketIds: string[], k: number) {
  const sorted = [...ticketIds].sort();
  const clientSeed = createHash('sha256').update(sorted.join('\n')).digest('hex');
  let cursor = 0;
  let words: number[] = [];
  const nextWord = () => {
    if (words.length === 0) {
      const block = createHmac('sha256', serverSeed).update(`${clientSeed}:0:${cursor}`).digest();
      cursor += 1;
      for (let offset = 0; offset < 32; offset += 4) words.push(block.readUInt32BE(offset));
    }
    return words.shift()!;
  };
  const int = (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const word = nextWord();
      if (word < limit) return word % n;
    }
  };
  const list = [...sorted];
  for (let i = list.length - 1; i >= 1; i -= 1) {
    const j = int(i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  words = [];
  return { clientSeed, winners: list.slice(0, k) };
}

const SERVER_SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';

describe('the raffle draw (GAMES.md "Draws for rewards")', () => {
  it('matches an independent computation for lists of many sizes', () => {
    for (const size of [1, 2, 3, 10, 97, 1000]) {
      const ids = Array.from({ length: size }, (_, index) => String(index + 1).padStart(7, '0')).reverse();
      const k = Math.min(5, size);
      const ours = drawRaffle(SERVER_SEED, ids, k);
      const theirs = referenceDraw(SERVER_SEED, ids, k);
      expect(ours.clientSeed).toBe(theirs.clientSeed);
      expect(ours.winners).toEqual(theirs.winners);
      expect(new Set(ours.shuffled)).toEqual(new Set(ids));
    }
  });

  it('sorts ticket ids as strings before anything, so the order they come in does not matter', () => {
    const ids = ['10', '9', 'B', 'a', '1'];
    expect(sortTicketIds(ids)).toEqual(['1', '10', '9', 'B', 'a']);
    expect(raffleClientSeed(ids)).toBe(createHash('sha256').update('1\n10\n9\nB\na').digest('hex'));
    expect(drawRaffle(SERVER_SEED, ids, 3)).toEqual(drawRaffle(SERVER_SEED, [...ids].reverse(), 3));
  });

  it('draws no winners from no tickets, and every ticket when prizes outnumber them', () => {
    expect(drawRaffle(SERVER_SEED, [], 3).winners).toEqual([]);
    expect(drawRaffle(SERVER_SEED, ['0000001', '0000002'], 5).winners).toHaveLength(2);
  });

  it('refuses a ticket id the joined list could not carry, and a repeated one', () => {
    expect(() => raffleClientSeed(['0001', 'a\nb'])).toThrow(GameError);
    expect(() => raffleClientSeed(['0001', '0001'])).toThrow(GameError);
    expect(() => drawRaffle(SERVER_SEED, ['0001'], -1)).toThrow(RangeError);
  });

  it('verifies a published draw and names what does not match', () => {
    const ids = Array.from({ length: 40 }, (_, index) => String(index + 1).padStart(7, '0'));
    const draw = drawRaffle(SERVER_SEED, ids, 3);
    const serverSeedHash = createHash('sha256').update(SERVER_SEED).digest('hex');
    const published = {
      serverSeed: SERVER_SEED,
      serverSeedHash,
      clientSeed: draw.clientSeed,
      ticketIds: ids,
      winners: draw.winners,
    };
    expect(verifyRaffle(published)).toMatchObject({
      commitmentMatches: true,
      clientSeedMatches: true,
      winnersMatch: true,
    });
    const swapped = [draw.winners[1]!, draw.winners[0]!, draw.winners[2]!];
    expect(verifyRaffle({ ...published, winners: swapped }).winnersMatch).toBe(false);
    expect(verifyRaffle({ ...published, ticketIds: ids.slice(1) }).clientSeedMatches).toBe(false);
    expect(verifyRaffle({ ...published, serverSeedHash: '0'.repeat(64) }).commitmentMatches).toBe(false);
  });
});
