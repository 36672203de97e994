import { describe, expect, it } from 'vitest';
import { foldSearchText, maskAccount, SEARCH_TEXT_LENGTH_MAX } from './catalogue.service.ts';

describe('catalogue rules', () => {
  it('folds search text as the database folds names: lower case, no accents, one space', () => {
    expect(foldSearchText('  Café   NIÑO ')).toBe('cafe nino');
    expect(foldSearchText('Suwerteng Niño')).toBe('suwerteng nino');
    expect(foldSearchText('x'.repeat(SEARCH_TEXT_LENGTH_MAX + 10))).toHaveLength(SEARCH_TEXT_LENGTH_MAX);
  });

  it('masks a winner so that the board never shows a whole account name', () => {
    expect(maskAccount('demo')).toBe('d***o');
    expect(maskAccount('juandelacruz')).toBe('ju***z');
    expect(maskAccount('ab')).toBe('a***');
    for (const account of ['demo', 'juandelacruz', 'maria99']) {
      expect(maskAccount(account)).not.toContain(account);
    }
  });
});
