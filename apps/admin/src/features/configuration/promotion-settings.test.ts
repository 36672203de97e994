import { describe, expect, it } from 'vitest';
import { readPromotionSettings } from './promotion-settings.ts';

describe('readPromotionSettings', () => {
  it('sends the multiplier as a number and the budget as a wire amount, or none when blank', () => {
    expect(readPromotionSettings({ maxMultiplier: '20', budgetPerDay: '50,000' })).toEqual({
      ok: true,
      settings: { maxMultiplier: 20, budgetPerDay: '50000.00' },
    });
    expect(readPromotionSettings({ maxMultiplier: ' 10 ', budgetPerDay: ' ' })).toEqual({
      ok: true,
      settings: { maxMultiplier: 10, budgetPerDay: null },
    });
  });

  it('holds the multiplier to 1 to 50 and the budget above zero, naming each field', () => {
    for (const maxMultiplier of ['0', '51', '2.5', '', 'ten']) {
      const reading = readPromotionSettings({ maxMultiplier, budgetPerDay: '' });
      expect(reading.ok ? {} : reading.errors, maxMultiplier).toHaveProperty('maxMultiplier');
    }
    for (const budgetPerDay of ['0', '-5', '1.005', 'lots']) {
      const reading = readPromotionSettings({ maxMultiplier: '10', budgetPerDay });
      expect(reading.ok ? {} : reading.errors, budgetPerDay).toHaveProperty('budgetPerDay');
    }
  });
});
