import { describe, expect, it } from 'vitest';
import { NO_PROMOTION_NAME, promotionNameOf } from './promotions-report-words.ts';

describe('promotionNameOf', () => {
  it('names a promotion by its Tagalog title, else its English one, else its id', () => {
    expect(
      promotionNameOf({ promotionId: 'p-1', title: { TY: 'Bonus sa pagsali', EN: 'Welcome bonus' } }),
    ).toBe('Bonus sa pagsali');
    expect(promotionNameOf({ promotionId: 'p-1', title: { EN: 'Welcome bonus' } })).toBe('Welcome bonus');
    expect(promotionNameOf({ promotionId: 'p-1', title: {} })).toBe('p-1');
  });

  it('names the line of no promotion by what it holds', () => {
    expect(promotionNameOf({ promotionId: null, title: null })).toBe(NO_PROMOTION_NAME);
  });
});
