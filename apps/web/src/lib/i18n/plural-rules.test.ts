import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

// Filipino plurals follow CLDR: "one" for 1, 2, 3, 5, 7, 8 … and every number whose last digit is
// not 4, 6 or 9; "other" for the rest. i18next must use Intl's rules for 'fil', not a simple n === 1.
describe('Filipino plural rules', () => {
  it('Intl reports the CLDR categories one and other for fil', () => {
    const rules = new Intl.PluralRules('fil');
    expect(rules.resolvedOptions().pluralCategories.sort()).toEqual(['one', 'other']);
    expect([1, 2, 3, 4, 6, 9, 10, 11, 14].map((count) => rules.select(count))).toEqual([
      'one',
      'one',
      'one',
      'other',
      'other',
      'other',
      'one',
      'one',
      'other',
    ]);
  });

  it('i18next picks the _one and _other keys by those rules', async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: 'fil',
      resources: { fil: { translation: { items_one: '{{count}} item', items_other: '{{count}} na item' } } },
    });
    expect(instance.t('items', { count: 1 })).toBe('1 item');
    expect(instance.t('items', { count: 2 })).toBe('2 item');
    expect(instance.t('items', { count: 4 })).toBe('4 na item');
  });
});
