/**
 * The image and launch CDNs of the permission response (spec §3 imageCDNs, launchGameCDNs): one
 * entry of each list is picked at random once per page load (spec §9), so that a visit spreads
 * over the hosts while each visitor keeps to one; only our own root-relative paths move to it.
 */
const picked = new Map<string, string | null>();

/** One entry of a list, the same for the rest of the page load; null for an empty list. */
export function pickCdn(list: readonly string[], random: () => number = Math.random): string | null {
  const usable = list
    .map((entry) => entry.trim().replace(/\/+$/, ''))
    .filter((entry) => /^https?:\/\//i.test(entry));
  const key = usable.join('\n');
  if (!picked.has(key)) {
    picked.set(key, usable.length === 0 ? null : (usable[Math.floor(random() * usable.length)] ?? null));
  }
  return picked.get(key) ?? null;
}

/** A URL on the CDN: root-relative paths ("/media/…") are served from it, anything else as it is. */
export function onCdn(url: string, cdn: string | null): string {
  if (!cdn || !url.startsWith('/') || url.startsWith('//')) return url;
  return `${cdn}${url}`;
}
