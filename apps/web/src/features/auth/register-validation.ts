import type { RegisterRule } from '../../lib/api/system-types';
import { type FieldError, validateByRule } from '../../lib/rule-check';

/** The rules a form shows: enabled ones, in the server's order. */
export function selectShownRules(
  rules: readonly RegisterRule[],
  hiddenFields: readonly string[] = [],
): RegisterRule[] {
  return rules.filter((rule) => rule.enabled && !hiddenFields.includes(rule.field));
}

export type RegisterValues = Record<string, string>;

/** Every field's error; confirmPassword must also equal password (spec §5). */
export function validateRegisterForm(
  rules: readonly RegisterRule[],
  values: RegisterValues,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const rule of rules) {
    const error = validateByRule(rule, values[rule.field] ?? '');
    if (error) errors[rule.field] = error;
  }
  if (rules.some((rule) => rule.field === 'password')) {
    const confirmation = values.confirmPassword ?? '';
    if (confirmation === '') errors.confirmPassword ??= { kind: 'required' };
    else if (confirmation !== (values.password ?? '')) errors.confirmPassword = { kind: 'mismatch' };
  }
  return errors;
}
