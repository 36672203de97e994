import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { en } from '../../lib/i18n/locales/en';
import { ty } from '../../lib/i18n/locales/ty';
import type { RaffleView, RaffleWinner } from './api/raffle';
import { amountOfRank, prizeCountOf } from './raffle-prize-table';
import {
  claimFailureKeyOf,
  DRAW_DUE_POLL_MS,
  drawMomentOf,
  placesOf,
  prizeClaimStateOf,
  prizePoolOf,
  prizeRowsOf,
  raffleRefetchMsOf,
  SHOWN_TICKETS_MAX,
  shownTicketsOf,
  shownWinnersOf,
  TICKETS_POLL_MS,
  ticketProgressOf,
} from './raffle-words';

const prizes = [
  { rank: 1, count: 1, amount: '5000.00' },
  { rank: 2, count: 3, amount: '1000.00' },
  { rank: 5, count: 20, amount: '100.00' },
];

describe('a raffle’s prizes', () => {
  it('lists each tier’s places, and adds the pool up in centavos', () => {
    expect(prizeRowsOf(prizes).map(placesOf)).toEqual(['1', '2–4', '5–24']);
    expect(prizeCountOf(prizes)).toBe(24);
    expect(prizePoolOf(prizes)).toBe('10000.00');
    expect(prizePoolOf([{ rank: 1, count: 3, amount: '0.10' }])).toBe('0.30');
  });

  it('knows each place’s amount, and none past the last', () => {
    expect(amountOfRank(prizes, 1)).toBe('5000.00');
    expect(amountOfRank(prizes, 4)).toBe('1000.00');
    expect(amountOfRank(prizes, 24)).toBe('100.00');
    expect(amountOfRank(prizes, 25)).toBeNull();
  });
});

describe('the way to the next ticket', () => {
  it('measures from the amount that earned the last ticket to the next one’s', () => {
    expect(ticketProgressOf({ counted: '1350.00', nextTicketAt: '1500.00' }, '500.00')).toEqual({
      percent: 70,
      leftMinor: 15_000n,
    });
    expect(ticketProgressOf({ counted: '0.00', nextTicketAt: '500.00' }, '500.00')).toEqual({
      percent: 0,
      leftMinor: 50_000n,
    });
  });

  it('floors the percent, so the bar is never full before the ticket comes', () => {
    expect(ticketProgressOf({ counted: '499.99', nextTicketAt: '500.00' }, '500.00')?.percent).toBe(99);
  });

  it('has no way to show for amounts that are not amounts', () => {
    expect(ticketProgressOf({ counted: 'x', nextTicketAt: '500.00' }, '500.00')).toBeNull();
    expect(ticketProgressOf({ counted: '1.00', nextTicketAt: '500.00' }, '0.00')).toBeNull();
  });
});

describe('the member’s tickets and the winners shown', () => {
  it('shows the first tickets as chips and counts the rest, beyond the 200 the server lists too', () => {
    const myTickets = Array.from({ length: 200 }, (_, index) => String(index + 1).padStart(7, '0'));
    const shown = shownTicketsOf({ myTickets, myTicketCount: 250 });
    expect(shown.shown).toHaveLength(SHOWN_TICKETS_MAX);
    expect(shown.moreCount).toBe(250 - SHOWN_TICKETS_MAX);
    expect(shownTicketsOf({ myTickets: ['0000001'], myTicketCount: 1 })).toEqual({
      shown: ['0000001'],
      moreCount: 0,
    });
  });

  it('lists winners by place, the first ones and the member’s own further down, or all when asked', () => {
    const winners: RaffleWinner[] = Array.from({ length: 30 }, (_, index) => ({
      rank: 30 - index,
      ticketId: String(index).padStart(7, '0'),
      name: 'ma***ia',
      amount: '100.00',
      mine: 30 - index === 27,
    }));
    const shown = shownWinnersOf(winners, false, 5);
    expect(shown.map((winner) => winner.rank)).toEqual([1, 2, 3, 4, 5, 27]);
    expect(shownWinnersOf(winners, true, 5)).toHaveLength(30);
  });
});

describe('the draw and the claims in time', () => {
  const raffle = { drawAt: '2026-12-31T17:00:00.000Z', drawnAt: null, withdrawn: false };

  it('counts down to the draw, is due once it has passed, and is made once drawn', () => {
    expect(drawMomentOf(raffle, new Date('2026-12-29T15:30:00.000Z'))).toEqual({
      kind: 'upcoming',
      countdown: { days: 2, hours: 1, minutes: 30 },
    });
    expect(drawMomentOf(raffle, new Date('2026-12-31T17:00:00.000Z'))).toEqual({ kind: 'due' });
    expect(
      drawMomentOf({ ...raffle, drawnAt: '2026-12-31T17:01:00.000Z' }, new Date('2026-12-31T17:00:00.000Z')),
    ).toEqual({ kind: 'drawn', drawnAt: '2026-12-31T17:01:00.000Z' });
    expect(drawMomentOf({ ...raffle, withdrawn: true }, new Date('2027-01-01T00:00:00.000Z'))).toEqual({
      kind: 'withdrawn',
    });
  });

  it('offers a prize’s claim until its time, and reads it as it ended after', () => {
    const prize = { status: 'won' as const, claimBy: '2027-01-07T17:00:00.000Z' };
    expect(prizeClaimStateOf(prize, new Date('2027-01-07T16:59:59.000Z'))).toBe('claimable');
    expect(prizeClaimStateOf(prize, new Date('2027-01-07T17:00:00.000Z'))).toBe('expired');
    expect(prizeClaimStateOf({ ...prize, status: 'claimed' }, new Date('2027-01-08T00:00:00.000Z'))).toBe(
      'claimed',
    );
    expect(prizeClaimStateOf({ ...prize, status: 'expired' }, new Date('2027-01-01T00:00:00.000Z'))).toBe(
      'expired',
    );
  });

  it('reads the detail again while the draw is due, now and then while a joined member earns, else never', () => {
    const open = { ...raffle } as RaffleView;
    const before = new Date('2026-12-30T00:00:00.000Z');
    const after = new Date('2026-12-31T17:00:01.000Z');
    expect(raffleRefetchMsOf({ state: 'JOINED', raffle: open }, before)).toBe(TICKETS_POLL_MS);
    expect(raffleRefetchMsOf({ state: 'JOIN', raffle: open }, before)).toBe(false);
    expect(raffleRefetchMsOf({ state: 'JOINED', raffle: open }, after)).toBe(DRAW_DUE_POLL_MS);
    const withdrawn = { ...raffle, withdrawn: true } as RaffleView;
    expect(raffleRefetchMsOf({ state: 'CLOSE', raffle: withdrawn }, after)).toBe(false);
    expect(raffleRefetchMsOf({ state: 'CLOSE', raffle: open }, after)).toBe(DRAW_DUE_POLL_MS);
    expect(
      raffleRefetchMsOf({ state: 'CLAIM', raffle: { ...open, drawnAt: '2026-12-31T17:01:00.000Z' } }, after),
    ).toBe(false);
    expect(raffleRefetchMsOf({ state: 'JOINED', raffle: null }, before)).toBe(false);
    expect(raffleRefetchMsOf(undefined, before)).toBe(false);
  });
});

describe('a refused claim', () => {
  const conflict = (reason: string) =>
    new ApiError({
      code: 'CONFLICT',
      message: 'This cannot be done right now.',
      status: 409,
      value: { reason },
    });

  it('names why in the member’s words, in both languages', () => {
    const keys = [
      claimFailureKeyOf(conflict('PRIZE_CLAIMED')),
      claimFailureKeyOf(conflict('PRIZE_EXPIRED')),
      claimFailureKeyOf(conflict('BUDGET_EXHAUSTED')),
      claimFailureKeyOf(
        new ApiError({ code: 'FORBIDDEN', message: 'x', status: 403, value: { reason: 'NOT_MARKETABLE' } }),
      ),
      claimFailureKeyOf(new ApiError({ code: 'NOT_FOUND', message: 'x', status: 404 })),
    ];
    expect(keys).toEqual([
      'promotions.raffle.claimFailed.PRIZE_CLAIMED',
      'promotions.raffle.claimFailed.PRIZE_EXPIRED',
      'promotions.raffle.claimFailed.BUDGET_EXHAUSTED',
      'promotions.raffle.claimFailed.NOT_MARKETABLE',
      'promotions.raffle.claimFailed.NOT_FOUND',
    ]);
    for (const locale of [en, ty]) {
      for (const key of keys) {
        const reason = key?.split('.').at(-1) as keyof typeof en.promotions.raffle.claimFailed;
        expect(typeof locale.promotions.raffle.claimFailed[reason]).toBe('string');
      }
    }
  });

  it('leaves any other failure to the server’s own message', () => {
    expect(claimFailureKeyOf(conflict('SOMETHING_ELSE'))).toBeNull();
    expect(claimFailureKeyOf(new ApiError({ code: 'NETWORK', message: 'x', status: 0 }))).toBeNull();
    expect(claimFailureKeyOf(new Error('boom'))).toBeNull();
  });
});
