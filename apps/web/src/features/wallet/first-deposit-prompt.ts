import type { FirstDepositState } from '../../lib/session/first-deposit-landing';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage-keys';

/** Whether the navigation came from registration or a social sign-in that made the account. */
export function isNewMemberState(state: unknown): state is FirstDepositState {
  return typeof state === 'object' && state !== null && (state as FirstDepositState).isNewMember === true;
}

/** The local-storage key that remembers a member has seen the first-deposit prompt. */
export function firstDepositSeenKey(memberId: string): string {
  return `${storageKeys.firstDepositSeenPrefix}${memberId}`;
}

export function hasSeenFirstDeposit(memberId: string): boolean {
  return readStorage('local', firstDepositSeenKey(memberId)) === '1';
}

export function rememberFirstDepositSeen(memberId: string): void {
  writeStorage('local', firstDepositSeenKey(memberId), '1');
}

export type FirstDepositView = 'loading' | 'prompt' | 'home';

/**
 * What the first-deposit page shows. It is a prompt for a member whose account was just made, once:
 * the navigation from registration says the member is new, and this device remembers the member has
 * seen it, so a reload (which keeps the navigation's state) or a later visit leads home, as does a
 * member whose deposits are refused. Until the member's info has loaded nothing is decided.
 */
export function chooseFirstDepositView(input: {
  isNewMember: boolean;
  hasToken: boolean;
  /** Null until the member's info has loaded. */
  memberId: string | null;
  /** Whether the member had seen the prompt when the page first knew who they were. */
  wasSeen: boolean;
  /** Whether a deposit is offered now; undefined while the server is being asked. */
  offer: boolean | undefined;
}): FirstDepositView {
  if (!input.isNewMember || !input.hasToken) return 'home';
  if (input.memberId === null) return 'loading';
  if (input.wasSeen || input.offer === false) return 'home';
  return 'prompt';
}
