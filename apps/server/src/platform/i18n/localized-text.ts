import type { LocalizedText } from '../../db/schema.ts';

/** Whose texts are read: the language asked for, then the merchant's default. */
export type TextReader = { language: string; fallbackLanguage: string };

/** A text an operator wrote per language, in the reader's language, else the merchant's default, else any. */
export function textIn(texts: LocalizedText, language: string, fallbackLanguage: string): string {
  return texts[language] ?? texts[fallbackLanguage] ?? Object.values(texts)[0] ?? '';
}

/** textIn for a reader. */
export function textFor(texts: LocalizedText, reader: TextReader): string {
  return textIn(texts, reader.language, reader.fallbackLanguage);
}
