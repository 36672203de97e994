import { describe, expect, it } from 'vitest';
import { EMPTY_RULE_FORM, readRuleForm } from './referral-rule-form.ts';

describe('readRuleForm', () => {
  it('reads a friend-deposits bonus rule into the body the server takes', () => {
    expect(
      readRuleForm({
        ...EMPTY_RULE_FORM,
        nameTy: ' Nagdeposito ang kaibigan ',
        nameEn: ' Friend deposits ',
        trigger: 'deposit',
        threshold: '500',
        kind: 'bonus',
        referrerAmount: '50.00',
        friendAmount: '20',
        multiplier: '3',
      }),
    ).toEqual({
      body: {
        nameTy: 'Nagdeposito ang kaibigan',
        nameEn: 'Friend deposits',
        trigger: 'deposit',
        threshold: '500',
        kind: 'bonus',
        referrerAmount: '50.00',
        friendAmount: '20',
        multiplier: 3,
        expiryDays: 7,
        withinDays: 30,
        enabled: true,
      },
    });
  });

  it('sends no threshold for "registers" and no multiplier for cash', () => {
    const read = readRuleForm({
      ...EMPTY_RULE_FORM,
      nameTy: 'Sumali',
      nameEn: 'Joins',
      threshold: '99',
      referrerAmount: '10',
    });
    expect(read).toMatchObject({ body: { threshold: '0', multiplier: 0, kind: 'cash' } });
  });

  it('names each field that is wrong', () => {
    const read = readRuleForm({
      ...EMPTY_RULE_FORM,
      nameEn: '  ',
      trigger: 'valid_bet',
      threshold: '0',
      referrerAmount: '1.234',
      kind: 'bonus',
      multiplier: '60',
      withinDays: '0',
    });
    expect(read).toEqual({
      errors: {
        nameTy: 'Name the rule in Tagalog.',
        nameEn: 'Name the rule in English.',
        threshold: 'An amount above 0, in pesos.',
        referrerAmount: 'An amount above 0, in pesos.',
        multiplier: 'A whole number from 0 to 50.',
        withinDays: 'Whole days, 1 to 365.',
      },
    });
  });
});
