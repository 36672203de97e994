/**
 * Languages on the wire use the spec's codes (TY for Tagalog, EN for English); inside the code,
 * in <html lang> and for Intl, Tagalog is the BCP 47 tag `fil`.
 */
export const SUPPORTED_LANGUAGES = ['TY', 'EN'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'TY';

export const BCP47_OF: Record<Language, string> = { TY: 'fil', EN: 'en' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks the reply language: the `language` (or `lang`) query parameter, else Accept-Language,
 * else the merchant's default.
 */
export function resolveLanguage(input: {
  query: string | undefined;
  acceptLanguage: string | undefined;
  fallback: Language;
}): Language {
  const fromQuery = input.query?.toUpperCase();
  if (isLanguage(fromQuery)) return fromQuery;
  if (input.acceptLanguage) {
    for (const part of input.acceptLanguage.split(',')) {
      const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
      if (tag.startsWith('fil') || tag.startsWith('tl')) return 'TY';
      if (tag.startsWith('en')) return 'EN';
    }
  }
  return input.fallback;
}
