import { afterEach, describe, expect, it } from 'vitest';
import { isOwnGameClient, isPushShown, useBalanceHold } from './balance-hold';

afterEach(() => {
  useBalanceHold.getState().release();
});

describe('the balance beside a game', () => {
  it('shows every push while no game holds it', () => {
    expect(isPushShown(5_000, null)).toBe(true);
  });

  it('keeps a push that came while the game was still drawing, until the game shows its result', () => {
    const { holdFrom } = useBalanceHold.getState();
    holdFrom(1_000);
    const settledAtMs = 1_500;
    expect(isPushShown(settledAtMs, useBalanceHold.getState().heldFromMs)).toBe(false);
    // The game's word that the result is on the screen moves the hold past the push.
    holdFrom(2_000);
    expect(isPushShown(settledAtMs, useBalanceHold.getState().heldFromMs)).toBe(true);
    expect(isPushShown(2_500, useBalanceHold.getState().heldFromMs)).toBe(false);
    useBalanceHold.getState().release();
    expect(isPushShown(2_500, useBalanceHold.getState().heldFromMs)).toBe(true);
  });

  it("holds only for our own game client, not for a vendor's page", () => {
    const page = 'https://panalo.example/seamless';
    expect(isOwnGameClient('/game/?game=dice&mode=real', page)).toBe(true);
    expect(isOwnGameClient('https://cdn.panalo.example/game/?game=baccarat', page)).toBe(true);
    expect(isOwnGameClient('https://vendor.example/play/high-card?token=x', page)).toBe(false);
  });
});
