/**
 * The cover the site draws for a game that brings no art of its own (DESIGN.md "Imagery"): its
 * name and its vendor's name on a gradient of the house's depth, in a hue of its own, with one of
 * a few motifs. Everything follows from a key, so a game keeps its cover from visit to visit.
 */
export type CoverMotif = 'rays' | 'rings' | 'diamonds';

export type CoverStyle = {
  /** The gradient's light and deep ends, as CSS colours. */
  light: string;
  deep: string;
  motif: CoverMotif;
};

/**
 * Hues that sit well beside the house's violet-navy and gold (DESIGN.md tokens): violet, indigo,
 * teal, green, amber, coral, crimson and magenta, spaced so neighbouring tiles are told apart.
 */
const coverHues = [262, 228, 188, 152, 36, 14, 350, 312] as const;
const coverMotifs: readonly CoverMotif[] = ['rays', 'rings', 'diamonds'];

/** FNV-1a over the key's UTF-16 units: small, stable and well spread for short names. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The cover of the game with this key (its node id: the same in every language). */
export function coverStyleOf(key: string): CoverStyle {
  const hash = hashOf(key.trim().toLowerCase());
  const hue = coverHues[hash % coverHues.length] ?? coverHues[0];
  const motif = coverMotifs[Math.floor(hash / coverHues.length) % coverMotifs.length] ?? 'rays';
  return {
    light: `hsl(${hue} 62% 46%)`,
    deep: `hsl(${hue} 58% 14%)`,
    motif,
  };
}
