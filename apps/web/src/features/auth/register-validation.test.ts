import { describe, expect, it } from 'vitest';
import type { RegisterRule } from '../../lib/api/system-types';
import { formatLengthRange, validateByRule } from '../../lib/rule-check';
import { selectShownRules, validateRegisterForm } from './register-validation';

function rule(overrides: Partial<RegisterRule>): RegisterRule {
  return {
    field: 'username',
    enabled: true,
    required: true,
    acceptedPattern: '^[a-zA-Z][a-zA-Z0-9]*$',
    patternId: 2,
    minLength: 6,
    maxLength: 12,
    type: 'text',
    ...overrides,
  };
}

describe('registration rules', () => {
  it('a value must match the accepted pattern', () => {
    expect(validateByRule(rule({}), 'player01')).toBeNull();
    expect(validateByRule(rule({}), '1player')).toEqual({ kind: 'pattern', patternId: '2', range: '6-12' });
  });

  it('a lone * matches everything', () => {
    expect(
      validateByRule(rule({ acceptedPattern: '*', minLength: 1, maxLength: 40 }), '!@# ñ 漢字'),
    ).toBeNull();
  });

  it('the length must lie between minLength and maxLength, counted in characters', () => {
    expect(validateByRule(rule({}), 'abc12')).not.toBeNull();
    expect(validateByRule(rule({}), 'a12345678901')).toBeNull();
    expect(validateByRule(rule({}), 'a123456789012')).not.toBeNull();
    expect(validateByRule(rule({ acceptedPattern: '*', minLength: 2, maxLength: 2 }), '😀😀')).toBeNull();
  });

  it('a required empty field gets the same pattern message; an optional empty field passes', () => {
    expect(validateByRule(rule({}), '')).toMatchObject({ kind: 'pattern', patternId: '2' });
    expect(validateByRule(rule({ required: false }), '')).toBeNull();
  });

  it('an equal range shows as one number', () => {
    expect(formatLengthRange(6, 12)).toBe('6-12');
    expect(formatLengthRange(11, 11)).toBe('11');
  });

  it('confirmPassword must equal password', () => {
    const rules = [rule({ field: 'password', acceptedPattern: '*', patternId: 1 })];
    expect(validateRegisterForm(rules, { password: 'secret123', confirmPassword: 'secret123' })).toEqual({});
    expect(validateRegisterForm(rules, { password: 'secret123', confirmPassword: 'secret124' })).toEqual({
      confirmPassword: { kind: 'mismatch' },
    });
  });

  it('a confirmPassword rule of its own is checked by pattern, then for equality', () => {
    const rules = [
      rule({ field: 'password', acceptedPattern: '^\\S+$', patternId: 10 }),
      rule({ field: 'confirmPassword', acceptedPattern: '^\\S+$', patternId: 10 }),
    ];
    expect(validateRegisterForm(rules, { password: 'secret123', confirmPassword: 'secret 12' })).toEqual({
      confirmPassword: { kind: 'mismatch' },
    });
    expect(
      validateRegisterForm(rules, { password: 'secret123', confirmPassword: '' }).confirmPassword,
    ).toMatchObject({
      kind: 'pattern',
      patternId: '10',
    });
  });

  it('only enabled rules are shown', () => {
    const rules = [rule({}), rule({ field: 'email', enabled: false }), rule({ field: 'mobileNum' })];
    expect(selectShownRules(rules, ['mobileNum']).map((shown) => shown.field)).toEqual(['username']);
  });
});
