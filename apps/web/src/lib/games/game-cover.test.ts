import { describe, expect, it } from 'vitest';
import { coverDataUrl, coverStyleOf, coverSvg, wrapWords } from './game-cover';

const nodeIds = Array.from({ length: 60 }, (_, index) => `VENDOR_game-${index}`);

describe('the colour and motif of a drawn game cover', () => {
  it('is the same for the same game on every visit, whatever the key’s case or spaces', () => {
    expect(coverStyleOf('LAKAN_lakan-coin-flip')).toEqual(coverStyleOf('LAKAN_lakan-coin-flip'));
    expect(coverStyleOf(' lakan_LAKAN-coin-flip ')).toEqual(coverStyleOf('LAKAN_lakan-coin-flip'));
  });

  it('is a gradient from a lighter to a deeper shade of one hue', () => {
    const style = coverStyleOf('SAMPAGUITA_sampaguita-wheel');
    const light = /^hsl\((\d+), 62%, 46%\)$/.exec(style.light);
    const deep = /^hsl\((\d+), 58%, 14%\)$/.exec(style.deep);
    expect(light?.[1]).toBeDefined();
    expect(deep?.[1]).toBe(light?.[1]);
  });

  it('differs between games, so neighbouring tiles are told apart', () => {
    const styles = nodeIds.map(coverStyleOf);
    expect(new Set(styles.map((style) => style.light)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(styles.map((style) => style.motif))).toEqual(new Set(['rays', 'rings', 'diamonds']));
  });
});

describe('the words of a drawn cover', () => {
  it('break between words, never inside one', () => {
    expect(wrapWords('Isda Hipon Alimango', 10, 3)).toEqual(['Isda Hipon', 'Alimango']);
    expect(wrapWords('  Lakan   Live High Card ', 9, 3)).toEqual(['Lakan', 'Live High', 'Card']);
  });

  it('do not fit when they need more lines or a word is longer than a line', () => {
    expect(wrapWords('Lakan Live High Card', 4, 3)).toBeNull();
    expect(wrapWords('Sampaguita', 6, 3)).toBeNull();
  });
});

describe('a drawn game cover', () => {
  const textsOf = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);

  it('shows the game’s name and its vendor’s name, and its colours', () => {
    const svg = coverSvg({
      key: 'LAKAN_lakan-coin-flip',
      title: 'Lakan Coin Flip',
      vendorName: 'Lakan Gaming',
    });
    expect(textsOf(svg).join(' ')).toBe('Lakan Coin Flip LAKAN GAMING');
    expect(svg).toContain(coverStyleOf('LAKAN_lakan-coin-flip').light);
    expect(svg).toContain(coverStyleOf('LAKAN_lakan-coin-flip').deep);
  });

  it('draws a long name smaller, and cuts a name too long for three lines with an ellipsis', () => {
    const sizeOf = (title: string) =>
      Number(/<text[^>]*font-size="(\d+)"[^>]*font-weight="800"/.exec(coverSvg({ key: 'k', title }))?.[1]);
    expect(sizeOf('Dice')).toBeGreaterThan(sizeOf('Lakan Live Mataas na Baraha'));
    const texts = textsOf(coverSvg({ key: 'k', title: 'Word '.repeat(40).trim() }));
    expect(texts).toHaveLength(3);
    expect(texts.at(-1)?.endsWith('…')).toBe(true);
  });

  it('leaves the vendor out when the site does not know its name', () => {
    expect(textsOf(coverSvg({ key: 'k', title: 'Dagat 4D', vendorName: null }))).toEqual(['Dagat 4D']);
  });

  it('escapes a name so that it stays text', () => {
    const svg = coverSvg({ key: 'k', title: 'Tom & Jerry <Deluxe>', vendorName: '"Q" Games' });
    expect(textsOf(svg).join(' ')).toBe('Tom &#38; Jerry &#60;Deluxe&#62; &#34;Q&#34; GAMES');
    expect(svg).not.toContain('<Deluxe>');
  });

  it('is an image address', () => {
    const url = coverDataUrl({ key: 'k', title: 'Dice' });
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(
      coverSvg({ key: 'k', title: 'Dice' }),
    );
  });
});
