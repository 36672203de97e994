/** Amounts as the wire carries them: decimal strings with at most two fraction digits. */
const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

/** How long a changed balance stays highlighted (DESIGN.md: a change is visible, never silent). */
export const BALANCE_HIGHLIGHT_MS = 1_200;

/** Centavos of a typed amount, or null when it is not an amount (never through floating point). */
export function toCentavos(text: string): bigint | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (!AMOUNT_PATTERN.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** The wire form of centavos: "1250.50". */
export function centavosToWire(centavos: bigint): string {
  return `${centavos / 100n}.${(centavos % 100n).toString().padStart(2, '0')}`;
}
