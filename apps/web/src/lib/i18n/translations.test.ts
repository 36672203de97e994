import { describe, expect, it } from 'vitest';
import { en as gameEn } from '../../../game/src/locales/en';
import { ty as gameTy } from '../../../game/src/locales/ty';
import { en } from './locales/en';
import { ty } from './locales/ty';

type Messages = { readonly [key: string]: string | Messages | readonly string[] };

function isLines(value: string | Messages | readonly string[]): value is readonly string[] {
  return Array.isArray(value);
}

/** Every leaf string of a locale by its key path ("pages.memberPages.referral", "fairnessProtocol.2"). */
function leafStrings(messages: Messages, prefix = ''): Map<string, string> {
  const leaves = Object.entries(messages).flatMap(([key, value]): [string, string][] => {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') return [[path, value]];
    if (isLines(value)) return value.map((line, index) => [`${path}.${index}`, line]);
    return [...leafStrings(value, `${path}.`)];
  });
  return new Map(leaves);
}

// Values Filipino players read as they are, so Tagalog may show them exactly as English does. Each
// entry is a whole value, reviewed; anything else equal in both languages is an untranslated string.
const SAME_IN_TAGALOG: Record<string, string> = {
  GCash: 'brand name',
  Maya: 'brand name',
  Google: 'brand name',
  Facebook: 'brand name',
  Telegram: 'brand name',
  WhatsApp: 'brand name',
  TikTok: 'brand name',
  YouTube: 'brand name',
  WeChat: 'brand name',
  LINE: 'brand name',
  QQ: 'brand name',
  iOS: 'brand name',
  Android: 'brand name',
  VIP: 'an abbreviation every Philippine site keeps',
  ID: 'an abbreviation, as on every Philippine ID card',
  Username: 'Filipino sites and apps (GCash, Maya) keep the word',
  Password: 'Filipino sites and apps (GCash, Maya) keep the word',
  Email: 'no one writes "koreo"; ty.ts says email throughout',
  Account: 'the word Filipino banks and wallets use; ty.ts says account throughout',
  Wallet: 'the word GCash and Maya use for themselves; ty.ts says wallet throughout',
  'E-wallet': 'the name Filipinos give GCash and Maya',
  Captcha: 'a name with no Tagalog word',
  Menu: 'the same word in Tagalog',
  Bonus: 'the same word in Tagalog',
  Lotto: 'the name of the game in the Philippines (PCSO Lotto)',
  'E-sports': 'the name of the category; Filipino players use no other',
  '{{count}} item': 'Tagalog writes a numeral of the "one" class straight before "item", without "na"',
  DEMO: 'the badge of play money; ty.ts speaks of demo play throughout',
  Nonce: 'a term of the provably-fair protocol, the same in every tool a player checks with',
  Round: 'ty.ts speaks of a game round as "round" throughout, as Filipino players do',
  Blackjack: 'the name of the game',
  Dealer: 'Philippine casino tables say dealer',
  Insurance: 'the blackjack bet; "seguro" in Tagalog reads as "maybe"',
  Player: 'baccarat’s side, named so on every Philippine table',
  Banker: 'baccarat’s side; "bangkero" in Tagalog is a boatman',
  Dragon: 'the same word in Tagalog',
  Sampaguita: 'a Tagalog word, the national flower',
  Wild: 'the slot symbol’s name, printed on it; "ligaw" means lost',
  Scatter: 'the slot symbol’s name; ty.ts’s paytable says scatter too',
  Bar: 'the slot symbol’s name, printed on it',
  Jack: 'Filipino card players call the J jack',
  'Bead plate': 'the name baccarat players know this scoreboard by, at every Asian table',
  'Big road': 'the name baccarat players know this scoreboard by, at every Asian table',
};

/** Identical strings count only where they hold words: placeholders, numbers and single letters are no text. */
function holdsWords(value: string): boolean {
  const letters = value.replace(/\{\{\w+\}\}/g, '').match(/\p{L}/gu) ?? [];
  return letters.length > 1;
}

const pairs = [
  { name: 'the site', english: leafStrings(en), tagalog: leafStrings(ty) },
  { name: 'the game client', english: leafStrings(gameEn), tagalog: leafStrings(gameTy) },
];

describe('Tagalog translations', () => {
  for (const { name, english, tagalog } of pairs) {
    it(`${name} has the same keys in Tagalog and English`, () => {
      expect([...tagalog.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it(`every Tagalog string of ${name} is translated, except the reviewed words kept as they are`, () => {
      const untranslated = [...english]
        .filter(([path, value]) => tagalog.get(path) === value && holdsWords(value))
        .filter(([, value]) => !Object.hasOwn(SAME_IN_TAGALOG, value))
        .map(([path, value]) => `${path}: ${value}`);
      expect(untranslated).toEqual([]);
    });
  }

  it('every word kept as it is is still used somewhere, so the list stays reviewed', () => {
    const kept = new Set(
      pairs.flatMap(({ english, tagalog }) =>
        [...english].filter(([path, value]) => tagalog.get(path) === value).map(([, value]) => value),
      ),
    );
    expect(Object.keys(SAME_IN_TAGALOG).filter((value) => !kept.has(value))).toEqual([]);
  });
});

// British spellings the site must not show (it writes US English); stems catch the plurals and tenses.
const BRITISH_SPELLINGS = [
  /\bcentre/i,
  /\bfavourit/i,
  /colour/i,
  /\bcancell(ed|ing)\b/i,
  /\blicence/i,
  /\bbehaviour/i,
  /\borganis/i,
  /\brecognis/i,
  /\bauthoris/i,
  /\brealis(e|ed|es|ing)\b/i,
  /\bapologis/i,
  /\bprogramme/i,
  /\bhonour/i,
  /\blabour/i,
  /\bneighbour/i,
  /\bgrey\b/i,
  /\bcheque/i,
  /\btravell(ed|ing|er)/i,
  /\b(defence|offence)/i,
];

describe('US spelling', () => {
  const locales = [
    { name: 'the site in English', leaves: leafStrings(en) },
    { name: 'the site in Tagalog', leaves: leafStrings(ty) },
    { name: 'the game client in English', leaves: leafStrings(gameEn) },
    { name: 'the game client in Tagalog', leaves: leafStrings(gameTy) },
  ];
  for (const { name, leaves } of locales) {
    it(`${name} shows no British spelling (keys may keep theirs)`, () => {
      const british = [...leaves]
        .filter(([, value]) => BRITISH_SPELLINGS.some((spelling) => spelling.test(value)))
        .map(([path, value]) => `${path}: ${value}`);
      expect(british).toEqual([]);
    });
  }

  it('the list of British spellings finds what it is meant to find', () => {
    const caught = ['Member centre', 'My favourites', 'the colour game', 'Cancelled', 'Licence', 'organise'];
    const missed = ['Member center', 'My favorites', 'the color game', 'Canceled', 'cancellation', 'License'];
    expect(caught.filter((value) => !BRITISH_SPELLINGS.some((spelling) => spelling.test(value)))).toEqual([]);
    expect(missed.filter((value) => BRITISH_SPELLINGS.some((spelling) => spelling.test(value)))).toEqual([]);
  });
});
