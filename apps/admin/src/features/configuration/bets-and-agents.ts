import type { MerchantConfig } from './configuration-api.ts';

/** The section as the server keeps it: overdue vendor rounds, what agents see, valid-bet rules. */
export type BetsAndAgents = MerchantConfig['betsAndAgents'];
export type HedgedBaccaratRule = BetsAndAgents['validBet']['hedgedBaccarat'];
export type PushRule = BetsAndAgents['validBet']['pushes'];

/** The hours a vendor's round may wait for its credit, as the merchant settings bound them. */
export const OVERDUE_HOURS_MIN = 1;
export const OVERDUE_HOURS_MAX = 30 * 24;

export const HEDGED_BACCARAT_CHOICES = [
  ['net', 'Count only the difference'],
  ['full', 'Count both stakes'],
] as const satisfies ReadonlyArray<readonly [HedgedBaccaratRule, string]>;

export const PUSH_CHOICES = [
  ['exclude', 'Count nothing'],
  ['include', 'Count the stake'],
] as const satisfies ReadonlyArray<readonly [PushRule, string]>;

/**
 * The overdue hours as typed in the form: a whole number of hours within the settings' bounds, or
 * the words shown beside the field.
 */
export function readOverdueHours(text: string): { hours: number } | { error: string } {
  const trimmed = text.trim();
  const range = `Whole hours from ${OVERDUE_HOURS_MIN} to ${OVERDUE_HOURS_MAX} (30 days)`;
  if (!/^\d{1,4}$/.test(trimmed)) return { error: range };
  const hours = Number(trimmed);
  if (hours < OVERDUE_HOURS_MIN || hours > OVERDUE_HOURS_MAX) return { error: range };
  return { hours };
}

/**
 * What a hedged baccarat hand (100 on player, 60 on banker) counts for under the rules, in the
 * help text's words, so that an operator sees the effect of a choice before saving it.
 */
export function describeValidBetRules(rules: BetsAndAgents['validBet']): string {
  const hedged = rules.hedgedBaccarat === 'net' ? '40.00' : '160.00';
  const tied = rules.pushes === 'exclude' ? '0.00' : hedged;
  return `100.00 on player and 60.00 on banker count ${hedged}; if the hand ties they count ${tied}.`;
}
