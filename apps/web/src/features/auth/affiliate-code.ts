/** The invitation code a shared link carries (spec §4: used when no affiliate field is shown). */
export function readAffiliateCodeFromUrl(): string | null {
  const search = new URLSearchParams(window.location.search);
  return search.get('affiliateCode') ?? search.get('code') ?? search.get('ref');
}
