import { parsePesoAmount } from '../../lib/format.ts';

/** The longest reason a member may be given for a rejected application (the server's limit). */
export const REJECT_REASON_LENGTH_MAX = 500;

/** Amounts compared as minor units, never through floating point. */
const minorOf = (wire: string) => {
  const [whole = '0', fraction = '00'] = wire.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};

/**
 * The amount to approve as typed, as a wire amount: above zero and at most the promotion's most
 * (`maxAmount`, null for no limit); otherwise the words shown beside the field.
 */
export function readApprovedAmount(
  text: string,
  maxAmount: string | null,
): { amount: string } | { error: string } {
  const amount = parsePesoAmount(text);
  if (amount === null) return { error: 'A positive amount in pesos, at most two decimals.' };
  if (maxAmount !== null && minorOf(amount) > minorOf(maxAmount)) {
    return { error: `At most ${maxAmount}, the promotion's most.` };
  }
  return { amount };
}

/** The reason as the member will read it: trimmed, 1 to 500 characters. */
export function readRejectReason(text: string): { reason: string } | { error: string } {
  const reason = text.trim();
  if (reason === '') return { error: 'Say why: the member reads the reason.' };
  if (reason.length > REJECT_REASON_LENGTH_MAX)
    return { error: `At most ${REJECT_REASON_LENGTH_MAX} characters.` };
  return { reason };
}
