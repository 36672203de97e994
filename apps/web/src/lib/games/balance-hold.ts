import { create } from 'zustand';

/**
 * While one of our own games is open, the site's balance waits for the game. The server pushes the
 * new balance as soon as a round settles, while the game is still drawing it (reels stopping, the
 * wheel turning, cards dealt); the game says when the result is on the screen (its panalo:balance
 * message), and only then may the balance beside it show what the round did. A vendor's game sends
 * no such word for every round, so its pushes show at once.
 */
type BalanceHold = {
  /** Pushes received after this moment wait; null while no game holds the balance. */
  heldFromMs: number | null;
  /** Holds from now: a game opens, or has just shown a result. */
  holdFrom: (atMs: number) => void;
  release: () => void;
};

export const useBalanceHold = create<BalanceHold>((set) => ({
  heldFromMs: null,
  holdFrom: (atMs) => set({ heldFromMs: atMs }),
  release: () => set({ heldFromMs: null }),
}));

/** Our own game client, which tells the page when each result is on the screen (apps/web/game). */
export function isOwnGameClient(url: string, pageAddress: string): boolean {
  return new URL(url, pageAddress).pathname.startsWith('/game/');
}

/** Whether a pushed balance may show now: not while a game is still drawing the round it follows. */
export function isPushShown(receivedAtMs: number, heldFromMs: number | null): boolean {
  return heldFromMs === null || receivedAtMs <= heldFromMs;
}
