/**
 * The language catalogue of spec §1 (about 35 codes). Codes are the spec's two-letter codes; a few
 * differ from ISO 639 (TY is Tagalog, ZH simplified and ZF traditional Chinese, JA Japanese). BCP 47
 * tags are what Intl, <html lang> and translators use.
 */
export const LANGUAGE_CATALOGUE = [
  // Intl calls fil "Filipino"; the spec and players call the language Tagalog.
  { code: 'TY', bcp47: 'fil', name: 'Tagalog', nativeName: 'Tagalog' },
  { code: 'EN', bcp47: 'en' },
  { code: 'ZH', bcp47: 'zh-Hans' },
  { code: 'ZF', bcp47: 'zh-Hant' },
  { code: 'VI', bcp47: 'vi' },
  { code: 'TH', bcp47: 'th' },
  { code: 'ID', bcp47: 'id' },
  { code: 'MS', bcp47: 'ms' },
  { code: 'KO', bcp47: 'ko' },
  { code: 'JA', bcp47: 'ja' },
  { code: 'HI', bcp47: 'hi' },
  { code: 'BN', bcp47: 'bn' },
  { code: 'TA', bcp47: 'ta' },
  { code: 'TE', bcp47: 'te' },
  { code: 'MR', bcp47: 'mr' },
  { code: 'UR', bcp47: 'ur' },
  { code: 'NE', bcp47: 'ne' },
  { code: 'SI', bcp47: 'si' },
  { code: 'KM', bcp47: 'km' },
  { code: 'LO', bcp47: 'lo' },
  { code: 'MY', bcp47: 'my' },
  { code: 'CB', bcp47: 'ceb' },
  { code: 'ES', bcp47: 'es' },
  { code: 'PT', bcp47: 'pt-BR' },
  { code: 'FR', bcp47: 'fr' },
  { code: 'DE', bcp47: 'de' },
  { code: 'IT', bcp47: 'it' },
  { code: 'NL', bcp47: 'nl' },
  { code: 'RU', bcp47: 'ru' },
  { code: 'UK', bcp47: 'uk' },
  { code: 'PL', bcp47: 'pl' },
  { code: 'TR', bcp47: 'tr' },
  { code: 'AR', bcp47: 'ar' },
  { code: 'FA', bcp47: 'fa' },
  { code: 'HE', bcp47: 'he' },
  { code: 'EL', bcp47: 'el' },
] as const satisfies readonly { code: string; bcp47: string; name?: string; nativeName?: string }[];
