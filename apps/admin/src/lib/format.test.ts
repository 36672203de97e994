import { describe, expect, it } from 'vitest';
import { formatDateTime, formatPesos, isSetMoment, NOT_SET, parsePesoAmount } from './format.ts';

describe('formatDateTime', () => {
  it('says "Not set" for an empty, null, zero or epoch moment instead of Jan 1, 1970', () => {
    for (const empty of [null, undefined, '', 0, '1970-01-01T00:00:00.000Z', '1970-01-01T00:00:00Z']) {
      expect(formatDateTime(empty)).toBe(NOT_SET);
      expect(isSetMoment(empty)).toBe(false);
    }
  });

  it('takes the column own word for nothing, as "Never" for a first sign-in still to come', () => {
    expect(formatDateTime(null, 'Never')).toBe('Never');
  });

  it('shows a real moment in Manila time, to the minute', () => {
    // 16:30 UTC is half past midnight the next day in Manila (UTC+8).
    const shown = formatDateTime('2026-11-25T16:30:00.000Z');
    expect(shown).toContain('Nov 26, 2026');
    expect(shown).toMatch(/12:30\sAM/i);
  });

  it('gives back text that is no moment as it came, rather than an invalid date', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('formatPesos', () => {
  it('groups thousands and keeps the centavos as the wire wrote them', () => {
    expect(formatPesos('1234567.05', 'PHP')).toBe('₱1,234,567.05');
    expect(formatPesos('400.00', 'USD')).toBe('USD 400.00');
  });
});

describe('parsePesoAmount', () => {
  it('writes a typed amount as the wire does, with two decimals', () => {
    expect(parsePesoAmount('100')).toBe('100.00');
    expect(parsePesoAmount(' 1,250.5 ')).toBe('1250.50');
    expect(parsePesoAmount('007.25')).toBe('7.25');
  });

  it('refuses zero, negatives, more than two decimals and words', () => {
    for (const bad of ['0', '0.00', '-5', '1.234', 'ten', '', '1e3', '12345678901234']) {
      expect(parsePesoAmount(bad)).toBeNull();
    }
  });
});
