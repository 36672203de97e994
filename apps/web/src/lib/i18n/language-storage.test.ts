import { describe, expect, it } from 'vitest';
import { readInitialLanguage, saveLanguage } from './language-storage';

function createStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('language storage', () => {
  it('a first visit sets both keys to the default language TY', () => {
    const storage = createStorage();
    expect(readInitialLanguage(storage)).toBe('TY');
    expect(Object.fromEntries(storage.values)).toEqual({ language: 'TY', historyLanguage: 'TY' });
  });

  it('a saved language wins over the default', () => {
    expect(readInitialLanguage(createStorage({ language: 'EN', historyLanguage: 'EN' }))).toBe('EN');
  });

  it('an unsupported saved language falls back to the history language', () => {
    const storage = createStorage({ language: 'ZH', historyLanguage: 'EN' });
    expect(readInitialLanguage(storage)).toBe('EN');
    expect(storage.values.get('language')).toBe('EN');
  });

  it('choosing a language writes both keys', () => {
    const storage = createStorage();
    saveLanguage(storage, 'EN');
    expect(Object.fromEntries(storage.values)).toEqual({ language: 'EN', historyLanguage: 'EN' });
  });
});
