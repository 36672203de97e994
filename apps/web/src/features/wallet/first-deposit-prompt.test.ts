import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chooseFirstDepositView,
  firstDepositSeenKey,
  hasSeenFirstDeposit,
  isNewMemberState,
  rememberFirstDepositSeen,
} from './first-deposit-prompt';

function stubLocalStorage() {
  const values = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    },
  });
  return values;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first-deposit prompt', () => {
  const fresh = { isNewMember: true, hasToken: true, memberId: 'm-1', wasSeen: false, offer: true };

  it('shows to a new member who has not seen it, also while the deposit offer is being asked', () => {
    expect(chooseFirstDepositView(fresh)).toBe('prompt');
    expect(chooseFirstDepositView({ ...fresh, offer: undefined })).toBe('prompt');
  });

  it('waits for the member to be known before deciding', () => {
    expect(chooseFirstDepositView({ ...fresh, memberId: null })).toBe('loading');
  });

  it('leads home on a later visit, a reload after it was seen, without a session, or while deposits are refused', () => {
    expect(chooseFirstDepositView({ ...fresh, isNewMember: false })).toBe('home');
    expect(chooseFirstDepositView({ ...fresh, wasSeen: true })).toBe('home');
    expect(chooseFirstDepositView({ ...fresh, hasToken: false })).toBe('home');
    expect(chooseFirstDepositView({ ...fresh, offer: false })).toBe('home');
  });

  it('is remembered per member on this device', () => {
    const values = stubLocalStorage();
    expect(hasSeenFirstDeposit('m-1')).toBe(false);
    rememberFirstDepositSeen('m-1');
    expect(hasSeenFirstDeposit('m-1')).toBe(true);
    expect(hasSeenFirstDeposit('m-2')).toBe(false);
    expect([...values.keys()]).toEqual([firstDepositSeenKey('m-1')]);
    expect(firstDepositSeenKey('m-1')).not.toBe(firstDepositSeenKey('m-2'));
  });

  it('counts as seen nowhere when storage is unavailable, rather than failing', () => {
    expect(hasSeenFirstDeposit('m-1')).toBe(false);
    expect(() => rememberFirstDepositSeen('m-1')).not.toThrow();
  });

  it('reads only the state registration hands over as a new member', () => {
    expect(isNewMemberState({ isNewMember: true })).toBe(true);
    expect(isNewMemberState({ isNewMember: 'yes' })).toBe(false);
    expect(isNewMemberState(null)).toBe(false);
    expect(isNewMemberState(undefined)).toBe(false);
  });
});
