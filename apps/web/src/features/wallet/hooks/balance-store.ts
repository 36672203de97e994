import { create } from 'zustand';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage-keys';

/** The socket's `balance` event (API.md "Socket events"). */
export type BalancePush = { balance: string; currencySymbol: string };

type BalanceState = {
  /** The amount is shown as stars; remembered on this device. */
  isHidden: boolean;
  /** The newest pushed balance and when it arrived (ms since the epoch). */
  lastPush: (BalancePush & { receivedAtMs: number }) | null;
  setHidden: (isHidden: boolean) => void;
  receivePush: (push: BalancePush) => void;
};

export const useBalanceStore = create<BalanceState>((set) => ({
  isHidden: readStorage('local', storageKeys.balanceHidden) === '1',
  lastPush: null,
  setHidden: (isHidden) => {
    writeStorage('local', storageKeys.balanceHidden, isHidden ? '1' : null);
    set({ isHidden });
  },
  receivePush: (push) => set({ lastPush: { ...push, receivedAtMs: Date.now() } }),
}));
