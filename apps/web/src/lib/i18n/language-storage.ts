import type { LanguageCode } from '../api/system-types';

export const defaultLanguage: LanguageCode = 'TY';
export const supportedLanguages: readonly LanguageCode[] = ['TY', 'EN'];

/** The BCP 47 tag for `<html lang>` and for i18next (so Intl picks the right plural rules). */
export const languageTags: Record<LanguageCode, string> = { TY: 'fil', EN: 'en' };

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const languageKeys = { language: 'language', historyLanguage: 'historyLanguage' } as const;

/**
 * Spec §4: the language is kept under a language key and a history-language key; the first visit
 * sets both to the default; afterwards the saved language wins, else the default.
 */
export function readInitialLanguage(storage: KeyValueStorage): LanguageCode {
  const saved = storage.getItem(languageKeys.language);
  if (isLanguageCode(saved)) return saved;
  const history = storage.getItem(languageKeys.historyLanguage);
  if (history === null || !isLanguageCode(history)) {
    storage.setItem(languageKeys.language, defaultLanguage);
    storage.setItem(languageKeys.historyLanguage, defaultLanguage);
    return defaultLanguage;
  }
  storage.setItem(languageKeys.language, history);
  return history;
}

/** Choosing a language remembers it under both keys. */
export function saveLanguage(storage: KeyValueStorage, language: LanguageCode): void {
  storage.setItem(languageKeys.language, language);
  storage.setItem(languageKeys.historyLanguage, language);
}
