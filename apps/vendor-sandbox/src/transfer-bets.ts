import { formatMinor } from './bets.ts';

/**
 * A transfer-wallet vendor's record of its bets and the feed the platform imports them from
 * (README "The bet feed"). Every change of a bet — placed, settled, resettled, voided — is an entry
 * with the next sequence number, carrying the bet's whole state at that moment; a bet changed later
 * appears again with a new number. A page holds the entries after a cursor (the last sequence
 * number the platform has taken, as text) in sequence order, so that paging is stable however many
 * bets arrive meanwhile.
 */
export type FeedBetStatus = 'open' | 'settled' | 'void';

type BetState = {
  betId: string;
  account: string;
  gameCode: string;
  currency: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  status: FeedBetStatus;
  placedAt: Date;
  settledAt: Date | null;
};

/** One bet as the feed writes it: money as decimal strings, times as ISO 8601. */
export type FeedBet = {
  betId: string;
  account: string;
  gameCode: string;
  currency: string;
  stake: string;
  payout: string;
  status: FeedBetStatus;
  placedAt: string;
  settledAt: string | null;
  /** When this version of the bet was written. */
  changedAt: string;
};

export type FeedPage = { bets: FeedBet[]; next: string; hasMore: boolean };

// Every limit named. A test double's memory: past ENTRIES_MAX the oldest entries are forgotten (a
// cursor older than them then continues from the oldest one kept).
const ENTRIES_MAX = 100_000;
const BETS_MAX = 100_000;
/** The most entries one page holds, whatever the platform asks for. */
export const FEED_PAGE_MAX = 100;
const CURSOR_PATTERN = /^(0|[1-9]\d{0,15})$/;
/** Room for this many entries a millisecond before a restarted log's numbers could meet an old one. */
const SEQUENCES_PER_MS = 1_000;

export type BetLog = ReturnType<typeof createBetLog>;

export function createBetLog() {
  const entries: { sequence: number; bet: FeedBet }[] = [];
  const bets = new Map<string, BetState>();
  // Numbers continue above any an earlier run of the sandbox gave out (it keeps its log in memory),
  // so that the platform's stored cursor reads as "before everything" after a restart.
  let sequence = Date.now() * SEQUENCES_PER_MS;

  function write(state: BetState): FeedBet {
    sequence += 1;
    const bet: FeedBet = {
      betId: state.betId,
      account: state.account,
      gameCode: state.gameCode,
      currency: state.currency,
      stake: formatMinor(state.stakeMinor),
      payout: formatMinor(state.payoutMinor),
      status: state.status,
      placedAt: state.placedAt.toISOString(),
      settledAt: state.settledAt?.toISOString() ?? null,
      changedAt: new Date().toISOString(),
    };
    if (entries.length >= ENTRIES_MAX) entries.shift();
    entries.push({ sequence, bet });
    if (!bets.has(state.betId) && bets.size >= BETS_MAX) {
      const oldest = bets.keys().next().value;
      if (oldest !== undefined) bets.delete(oldest);
    }
    bets.set(state.betId, state);
    return bet;
  }

  return {
    /** A new bet: open (its result to come) or settled at once with its payout. */
    place(input: Omit<BetState, 'placedAt' | 'settledAt'>): FeedBet {
      const at = new Date();
      return write({ ...input, placedAt: at, settledAt: input.status === 'open' ? null : at });
    },

    find: (betId: string) => bets.get(betId),

    /**
     * A later change: an open bet settled with its payout, a settled one resettled to a new total
     * payout, or either voided. Answers the new version, or why the change is refused.
     */
    change(
      betId: string,
      to: { status: 'settled'; payoutMinor: bigint } | { status: 'void' },
    ): { bet: FeedBet; before: BetState } | { refused: 'unknown' | 'closed' } {
      const before = bets.get(betId);
      if (!before) return { refused: 'unknown' };
      if (before.status === 'void') return { refused: 'closed' };
      const after: BetState =
        to.status === 'void'
          ? { ...before, status: 'void', settledAt: before.settledAt ?? new Date() }
          : {
              ...before,
              status: 'settled',
              payoutMinor: to.payoutMinor,
              settledAt: before.settledAt ?? new Date(),
            };
      return { bet: write(after), before };
    },

    /** The entries after `since` (a sequence number as text, '' for the beginning); null for a bad cursor. */
    page(since: string, limit: number): FeedPage | null {
      if (since !== '' && !CURSOR_PATTERN.test(since)) return null;
      const after = since === '' ? 0 : Number(since);
      if (after > sequence) return null;
      // Entries are in sequence order: the first one past the cursor by halving.
      let low = 0;
      let high = entries.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((entries[middle]?.sequence ?? 0) <= after) low = middle + 1;
        else high = middle;
      }
      const taken = entries.slice(low, low + Math.min(limit, FEED_PAGE_MAX));
      const last = taken.at(-1);
      return {
        bets: taken.map((entry) => entry.bet),
        next: last ? String(last.sequence) : String(after),
        hasMore: low + taken.length < entries.length,
      };
    },
  };
}
