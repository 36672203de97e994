/**
 * The contract modal of spec §2 ("contract (logged in only)"): it shows an agent the offers waiting
 * for its answer once per session, and again only when an offer it has not been shown arrives.
 */

/** The most offer ids remembered as shown; far more than can wait at once (one per kind and side). */
export const SEEN_OFFERS_MAX = 50;

/** Whether to open: some offer waiting for my answer has not been shown to me this session. */
export function hasUnseenOffers(waitingIds: readonly string[], seenIds: readonly string[]): boolean {
  return waitingIds.some((id) => !seenIds.includes(id));
}

/** The ids shown so far, with the ones just shown, the newest kept when the list is full. */
export function rememberShown(seenIds: readonly string[], shownIds: readonly string[]): string[] {
  const merged = [...seenIds.filter((id) => !shownIds.includes(id)), ...shownIds];
  return merged.slice(-SEEN_OFFERS_MAX);
}

/** The remembered ids as kept in session storage (a JSON list); anything else reads as none. */
export function readSeenIds(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
