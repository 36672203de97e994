import { MULTIPLIER_CEILING, readWholeNumber } from '../../lib/bonus-terms.ts';
import { parsePesoAmount } from '../../lib/format.ts';
import type { MerchantConfig } from './configuration-api.ts';

/** The section as the server keeps it: the highest multiplier and the budget per merchant day. */
export type PromotionSettings = MerchantConfig['promotions'];

/**
 * The promotions section as typed: a whole multiplier from 1 to 50, and a budget above zero or
 * blank for none; otherwise the words shown beside each field, by its name.
 */
export function readPromotionSettings(form: {
  maxMultiplier: string;
  budgetPerDay: string;
}): { ok: true; settings: PromotionSettings } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const maxMultiplier = readWholeNumber(form.maxMultiplier, 1, MULTIPLIER_CEILING);
  if (maxMultiplier === null) errors.maxMultiplier = `A whole number from 1 to ${MULTIPLIER_CEILING}.`;
  const budgetPerDay = form.budgetPerDay.trim() === '' ? null : parsePesoAmount(form.budgetPerDay);
  if (form.budgetPerDay.trim() !== '' && budgetPerDay === null) {
    errors.budgetPerDay = 'A positive amount in pesos, at most two decimals; blank for no cap.';
  }
  if (maxMultiplier === null || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, settings: { maxMultiplier, budgetPerDay } };
}
