/** The invitation code a shared link carries (spec §4: used when no affiliate field is shown). */
export function readAffiliateCodeFromUrl(): string | null {
  const search = new URLSearchParams(window.location.search);
  return search.get('affiliateCode') ?? search.get('code');
}

/**
 * A member's referral code a shared referral link carries (`/?ref=CODE`, or `referralCode=`):
 * distinct from an agent's invitation code, which places the new member under the agent.
 */
export function readReferralCodeFromUrl(): string | null {
  const search = new URLSearchParams(window.location.search);
  const code = search.get('ref') ?? search.get('referralCode');
  return code ? code.trim().slice(0, 40) : null;
}
