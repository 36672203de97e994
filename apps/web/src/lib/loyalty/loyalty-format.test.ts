import { describe, expect, it } from 'vitest';
import { formatMultiplier, formatRate, orderGameTypes } from './loyalty-format';

describe('loyalty figures in words', () => {
  it('writes rates and multipliers without trailing zeros', () => {
    expect(formatRate('0.50')).toBe('0.5%');
    expect(formatRate('1.00')).toBe('1%');
    expect(formatRate('0.05')).toBe('0.05%');
    expect(formatRate('12')).toBe('12%');
    expect(formatRate('n/a')).toBe('n/a');
    expect(formatMultiplier('1.50')).toBe('×1.5');
    expect(formatMultiplier('2.00')).toBe('×2');
  });

  it('orders game types as the lobby does, each once, unknown ones last', () => {
    expect(orderGameTypes(['LOTT', 'RNG', 'LIVE', 'RNG', 'KENO', 'ARCADE'])).toEqual([
      'LIVE',
      'RNG',
      'LOTT',
      'ARCADE',
      'KENO',
    ]);
  });
});
