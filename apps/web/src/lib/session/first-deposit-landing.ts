/** The state a new member's way to the first deposit carries; the page reads it (features/wallet). */
export type FirstDepositState = { isNewMember: true };

/**
 * Where a member whose account was just made lands: the first deposit, offered once. Registration
 * and a social sign-in that made the account both go there.
 */
export const firstDepositLanding = {
  to: '/firstDeposit',
  state: { isNewMember: true } satisfies FirstDepositState,
} as const;

/** A social sign-in leads to the first deposit only when it made the account; otherwise it stays put. */
export function landingAfterSocialSignIn(result: { created: boolean }): typeof firstDepositLanding | null {
  return result.created ? firstDepositLanding : null;
}
