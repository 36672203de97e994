import type { ReferralKind, ReferralRuleBody, ReferralRuleRow, ReferralTrigger } from './referrals-api.ts';

/** A rule's form as the operator types it: every field text until it is read. */
export type RuleForm = {
  /** The rule's name in Tagalog, which members reading Tagalog see. */
  nameTy: string;
  nameEn: string;
  trigger: ReferralTrigger;
  threshold: string;
  kind: ReferralKind;
  referrerAmount: string;
  friendAmount: string;
  multiplier: string;
  expiryDays: string;
  withinDays: string;
  enabled: boolean;
};

export const EMPTY_RULE_FORM: RuleForm = {
  nameTy: '',
  nameEn: '',
  trigger: 'register',
  threshold: '0',
  kind: 'cash',
  referrerAmount: '',
  friendAmount: '0',
  multiplier: '1',
  expiryDays: '7',
  withinDays: '30',
  enabled: true,
};

export function formOfRule(rule: ReferralRuleRow): RuleForm {
  return {
    nameTy: rule.nameTy,
    nameEn: rule.nameEn,
    trigger: rule.trigger,
    threshold: rule.threshold,
    kind: rule.kind,
    referrerAmount: rule.referrerAmount,
    friendAmount: rule.friendAmount,
    multiplier: String(rule.multiplier),
    expiryDays: String(rule.expiryDays),
    withinDays: String(rule.withinDays),
    enabled: rule.enabled,
  };
}

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

function wholeIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/**
 * Reads the form into the body the server takes, or the fields' problems: a name in each language, amounts in
 * pesos with at most two decimals (a threshold above 0 except for "registers", a referrer's amount
 * above 0), and whole days and multiplier in their ranges. The server checks them again.
 */
export function readRuleForm(
  form: RuleForm,
): { body: ReferralRuleBody } | { errors: Partial<Record<keyof RuleForm, string>> } {
  const errors: Partial<Record<keyof RuleForm, string>> = {};
  if (form.nameTy.trim() === '') errors.nameTy = 'Name the rule in Tagalog.';
  if (form.nameEn.trim() === '') errors.nameEn = 'Name the rule in English.';
  const threshold = form.trigger === 'register' ? '0' : form.threshold.trim();
  if (form.trigger !== 'register' && (!AMOUNT.test(threshold) || Number(threshold) <= 0)) {
    errors.threshold = 'An amount above 0, in pesos.';
  }
  if (!AMOUNT.test(form.referrerAmount.trim()) || Number(form.referrerAmount) <= 0) {
    errors.referrerAmount = 'An amount above 0, in pesos.';
  }
  const friendAmount = form.friendAmount.trim() === '' ? '0' : form.friendAmount.trim();
  if (!AMOUNT.test(friendAmount)) errors.friendAmount = 'An amount in pesos, 0 for nothing.';
  const multiplier = form.kind === 'bonus' ? wholeIn(form.multiplier, 0, 50) : 0;
  if (multiplier === null) errors.multiplier = 'A whole number from 0 to 50.';
  const expiryDays = wholeIn(form.expiryDays, 1, 365);
  if (expiryDays === null) errors.expiryDays = 'Whole days, 1 to 365.';
  const withinDays = wholeIn(form.withinDays, 1, 365);
  if (withinDays === null) errors.withinDays = 'Whole days, 1 to 365.';
  if (Object.keys(errors).length > 0 || multiplier === null || expiryDays === null || withinDays === null) {
    return { errors };
  }
  return {
    body: {
      nameTy: form.nameTy.trim(),
      nameEn: form.nameEn.trim(),
      trigger: form.trigger,
      threshold,
      kind: form.kind,
      referrerAmount: form.referrerAmount.trim(),
      friendAmount,
      multiplier,
      expiryDays,
      withinDays,
      enabled: form.enabled,
    },
  };
}
