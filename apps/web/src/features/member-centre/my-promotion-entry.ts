import { isCancellable } from '../../lib/bonus/bonus-progress';
import type { MyPromotion, MyRaffle } from './api/my-promotions';

// How an entry of My promotions reads (docs/promotions.md "The player's pages"): a raffle lists
// the member's join (with their tickets and prizes, read from the raffle) and each prize claimed as
// an entry of its own.

export type EntryWords = {
  /** The state the entry's badge shows. */
  badgeState: MyPromotion['state'];
  /** The line of its date. */
  dateKey: 'promotions.mine.takenAt' | 'promotions.mine.receivedAt';
  /** The line of its amount, when it has one. */
  amountKey: 'promotions.mine.amount' | 'promotions.mine.rafflePrize' | null;
  /** A raffle joined: its tickets and prizes are read from the raffle itself. */
  isRaffleJoin: boolean;
};

/**
 * An entry's words. A raffle's prize (an entry `issued` when claimed) tells its own state: received,
 * or in progress while the bonus it paid plays; the promotion's state (a prize still to claim, say)
 * belongs to the raffle's join.
 */
export function entryWordsOf(
  entry: Pick<MyPromotion, 'kind' | 'state' | 'entryStatus' | 'amount' | 'bonus'>,
): EntryWords {
  if (entry.kind === 'raffle' && entry.entryStatus === 'issued') {
    return {
      badgeState: entry.bonus && isCancellable(entry.bonus.status) ? 'PROCESS' : 'ISSUED',
      dateKey: 'promotions.mine.receivedAt',
      amountKey: entry.amount ? 'promotions.mine.rafflePrize' : null,
      isRaffleJoin: false,
    };
  }
  return {
    badgeState: entry.state,
    dateKey: 'promotions.mine.takenAt',
    amountKey: entry.amount ? 'promotions.mine.amount' : null,
    isRaffleJoin: entry.kind === 'raffle',
  };
}

/** What a joined raffle holds for the member: their tickets, and the prizes they may still claim. */
export function raffleHoldingOf(
  raffle: Pick<MyRaffle, 'myTicketCount' | 'myPrizes'>,
  now: Date,
): { ticketCount: number; prizesToClaim: number } {
  const prizesToClaim = raffle.myPrizes.filter(
    (prize) => prize.status === 'won' && new Date(prize.claimBy).getTime() > now.getTime(),
  ).length;
  return { ticketCount: raffle.myTicketCount, prizesToClaim };
}
