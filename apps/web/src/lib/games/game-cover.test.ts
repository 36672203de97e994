import { describe, expect, it } from 'vitest';
import { coverStyleOf } from './game-cover';

const nodeIds = Array.from({ length: 60 }, (_, index) => `VENDOR_game-${index}`);

describe('a generated game cover', () => {
  it('is the same for the same game on every visit, whatever the key’s case or spaces', () => {
    expect(coverStyleOf('LAKAN_lakan-coin-flip')).toEqual(coverStyleOf('LAKAN_lakan-coin-flip'));
    expect(coverStyleOf(' lakan_LAKAN-coin-flip ')).toEqual(coverStyleOf('LAKAN_lakan-coin-flip'));
  });

  it('draws a gradient from a lighter to a deeper shade of one hue', () => {
    const style = coverStyleOf('SAMPAGUITA_sampaguita-wheel');
    const light = /^hsl\((\d+) 62% 46%\)$/.exec(style.light);
    const deep = /^hsl\((\d+) 58% 14%\)$/.exec(style.deep);
    expect(light?.[1]).toBeDefined();
    expect(deep?.[1]).toBe(light?.[1]);
  });

  it('gives different games different hues and motifs, so neighbouring tiles are told apart', () => {
    const styles = nodeIds.map(coverStyleOf);
    expect(new Set(styles.map((style) => style.light)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(styles.map((style) => style.motif))).toEqual(new Set(['rays', 'rings', 'diamonds']));
  });

  it('has a cover for an empty key too', () => {
    expect(coverStyleOf('').light).toMatch(/^hsl\(/);
  });
});
