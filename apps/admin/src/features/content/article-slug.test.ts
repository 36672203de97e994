import { describe, expect, it } from 'vitest';
import { slugOf } from './article-slug.ts';

describe('an article slug made from its title', () => {
  it('keeps lower-case letters and digits joined by single dashes, as the server accepts', () => {
    expect(slugOf('Grand Opening: 100% Bonus!')).toBe('grand-opening-100-bonus');
    expect(slugOf('  Paano mag-deposit sa GCash?  ')).toBe('paano-mag-deposit-sa-gcash');
    expect(slugOf('Piñata Café')).toBe('pinata-cafe');
    for (const title of ['Grand Opening: 100% Bonus!', 'a -- b', 'x'.repeat(90) + ' y'])
      expect(slugOf(title)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('never passes the longest slug the server takes, nor ends on a dash when cut', () => {
    const slug = slugOf(`${'word '.repeat(30)}`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('is empty for a title with nothing to keep', () => {
    expect(slugOf('¿!')).toBe('');
  });
});
