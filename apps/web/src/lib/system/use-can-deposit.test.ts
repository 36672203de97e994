import { describe, expect, it } from 'vitest';
import { isDepositOffered } from './use-can-deposit';

const member = { isLogin: true, isTrial: false, canDeposit: true, isError: false };

describe('isDepositOffered', () => {
  it('offers a deposit to a member the server takes deposits from', () => {
    expect(isDepositOffered(member)).toBe(true);
  });

  it('hides it while the server refuses deposits (a break, a used-up deposit limit)', () => {
    expect(isDepositOffered({ ...member, canDeposit: false })).toBe(false);
  });

  it('hides it from visitors and trial accounts whatever the answer', () => {
    expect(isDepositOffered({ ...member, isLogin: false })).toBe(false);
    expect(isDepositOffered({ ...member, isTrial: true })).toBe(false);
  });

  it('waits for the answer, and keeps the deposit page reachable when the server cannot be asked', () => {
    expect(isDepositOffered({ ...member, canDeposit: undefined })).toBeUndefined();
    expect(isDepositOffered({ ...member, canDeposit: undefined, isError: true })).toBe(true);
  });
});
