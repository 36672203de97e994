/**
 * What the VIP page and the manual rebate page share (docs/loyalty.md): rates as percent text and
 * the game types rates are set for, in the lobby's order.
 */

/** The game types of rebate rates and points (the server's LOYALTY_GAME_TYPES), as the lobby lists them. */
export const LOYALTY_GAME_TYPES = [
  'LIVE',
  'RNG',
  'INHOUSE',
  'SPORTS',
  'FISH',
  'PVP',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
] as const;

/** Game types in the lobby's order, each once; a type the site does not know yet comes last. */
export function orderGameTypes(types: Iterable<string>): string[] {
  const known: readonly string[] = LOYALTY_GAME_TYPES;
  const unique = [...new Set(types)];
  const rankOf = (type: string) => {
    const index = known.indexOf(type);
    return index === -1 ? known.length : index;
  };
  return unique.sort((left, right) => rankOf(left) - rankOf(right) || left.localeCompare(right));
}

/** A wire rate as people write it: "0.50" → "0.5%", "1.00" → "1%"; text that is no rate as it is. */
export function formatRate(text: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return text;
  const [, whole = '0', fraction = ''] = match;
  const kept = fraction.replace(/0+$/, '');
  return `${BigInt(whole).toString()}${kept ? `.${kept}` : ''}%`;
}

/** A multiplier as people write it: "1.50" → "×1.5", "2.00" → "×2". */
export function formatMultiplier(text: string): string {
  const rate = formatRate(text);
  return `×${rate.endsWith('%') ? rate.slice(0, -1) : rate}`;
}
