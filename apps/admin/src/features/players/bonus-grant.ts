import { type BonusTermsWire, readTermsDraft, type TermsDraft } from '../../lib/bonus-terms.ts';
import { parsePesoAmount } from '../../lib/format.ts';

/** The longest reason kept with a bonus granted or cancelled by hand (the server's limit). */
export const BONUS_REASON_LENGTH_MAX = 500;
/** A reason short enough to say nothing ("ok") is no reason for the audit log. */
export const BONUS_REASON_LENGTH_MIN = 3;

export type GrantForm = { amount: string; terms: TermsDraft; reason: string };

/**
 * A bonus granted by hand, as typed: the amount as a wire amount, the terms (multiplier bounded by
 * the merchant's highest) and the reason the audit log keeps; otherwise every problem by the field
 * path the server names (`amount`, `terms.multiplier`, `reason` …).
 */
export function readGrantForm(
  form: GrantForm,
  limits: { maxMultiplier: number },
):
  | { ok: true; grant: { amount: string; terms: BonusTermsWire; reason: string } }
  | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const amount = parsePesoAmount(form.amount);
  if (amount === null) errors.amount = 'A positive amount in pesos, at most two decimals.';
  const terms = readTermsDraft(form.terms, limits, 'terms');
  if (!terms.ok) Object.assign(errors, terms.errors);
  const reason = readReason(form.reason);
  if ('error' in reason) errors.reason = reason.error;
  if (amount === null || !terms.ok || 'error' in reason) return { ok: false, errors };
  return { ok: true, grant: { amount, terms: terms.terms, reason: reason.reason } };
}

/** A reason for the audit log and the player's record: trimmed, 3 to 500 characters. */
export function readReason(text: string): { reason: string } | { error: string } {
  const reason = text.trim();
  if (reason.length < BONUS_REASON_LENGTH_MIN)
    return { error: 'Say why, in a few words: the audit log keeps it.' };
  if (reason.length > BONUS_REASON_LENGTH_MAX)
    return { error: `At most ${BONUS_REASON_LENGTH_MAX} characters.` };
  return { reason };
}

/**
 * What cancelling a bonus takes away, in the words the confirmation shows; `money` writes an
 * amount from the wire as the page shows money.
 */
export function cancelEffectOf(
  bonus: { status: string; forfeitIfCancelled: string; amount: string },
  money: (amount: string) => string,
): string {
  if (bonus.status === 'waiting') {
    return `It has not started: it just ends, and the player does not receive the ${money(bonus.amount)} bonus.`;
  }
  if (bonus.forfeitIfCancelled === '0.00') {
    return 'The bonus wallet is empty: nothing is forfeited but the bonus itself.';
  }
  return `Forfeits ${money(bonus.forfeitIfCancelled)} now in the bonus wallet (the bonus and its winnings) back to the house. The player's cash is not touched.`;
}
