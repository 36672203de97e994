import { describe, expect, it } from 'vitest';
import { firstDepositLanding, landingAfterSocialSignIn } from './first-deposit-landing';

describe('where a new member lands', () => {
  it('a social sign-in that made the account leads to the first deposit, as a new member', () => {
    expect(landingAfterSocialSignIn({ created: true })).toEqual({
      to: '/firstDeposit',
      state: { isNewMember: true },
    });
  });

  it('a social sign-in into an existing account stays on the page it came back to', () => {
    expect(landingAfterSocialSignIn({ created: false })).toBeNull();
  });

  it('registration and a new social member land on the same page with the same state', () => {
    expect(landingAfterSocialSignIn({ created: true })).toBe(firstDepositLanding);
  });
});
