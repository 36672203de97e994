import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { LANGUAGE_CATALOGUE } from './language-catalogue.ts';

export type CountryEntry = { countryCode: string; countryDialingCode: string; name: string };
export type LanguageEntry = {
  code: string;
  bcp47: string;
  name: string;
  nativeName: string;
  supported: boolean;
  isDefault: boolean;
};

const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

// Country lists are the same for every request in a language, so each is built once.
const countriesByLocale = new Map<string, CountryEntry[]>();

/** Every country with a telephone calling code, named in the reader's language and sorted by name. */
export function listCountries(locale: string): CountryEntry[] {
  const cached = countriesByLocale.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  const countries = getCountries()
    .map((countryCode) => ({
      countryCode,
      countryDialingCode: `+${getCountryCallingCode(countryCode)}`,
      name: names.of(countryCode) ?? countryCode,
    }))
    .sort((left, right) => collator.compare(left.name, right.name));
  countriesByLocale.set(locale, countries);
  return countries;
}

/** The language catalogue; `supported` and `isDefault` come from the merchant. */
export function listLanguages(supported: readonly string[], defaultLanguage: string): LanguageEntry[] {
  const english = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
  return LANGUAGE_CATALOGUE.map((language) => ({
    code: language.code,
    bcp47: language.bcp47,
    name: ('name' in language ? language.name : english.of(language.bcp47)) ?? language.bcp47,
    nativeName:
      ('nativeName' in language
        ? language.nativeName
        : new Intl.DisplayNames([language.bcp47], { type: 'language', fallback: 'code' }).of(
            language.bcp47,
          )) ?? language.bcp47,
    supported: supported.includes(language.code),
    isDefault: language.code === defaultLanguage,
  }));
}

const require = createRequire(import.meta.url);
/** The 4:3 SVG flags of the flag-icons package, one file per lower-case ISO code. */
const FLAG_DIRECTORY = path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');
let flagCodes: ReadonlySet<string> | undefined;

/**
 * The file of a country's flag, or null. The code must be two letters and one of the files the
 * package ships, so no request text ever becomes part of a path on its own.
 */
export function findFlagFile(countryCode: string): string | null {
  const code = countryCode.toUpperCase();
  if (!COUNTRY_CODE_PATTERN.test(code)) return null;
  if (!flagCodes) {
    // Only real countries: flag-icons also ships placeholders (XX) and organisations (EU, UN).
    const countries: ReadonlySet<string> = new Set<CountryCode>(getCountries());
    flagCodes = new Set(
      readdirSync(FLAG_DIRECTORY)
        .filter((file) => /^[a-z]{2}\.svg$/.test(file))
        .map((file) => file.slice(0, 2).toUpperCase())
        .filter((candidate) => countries.has(candidate)),
    );
  }
  if (!flagCodes.has(code)) return null;
  return path.join(FLAG_DIRECTORY, `${code.toLowerCase()}.svg`);
}
