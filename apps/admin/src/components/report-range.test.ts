import { describe, expect, it } from 'vitest';
import { isCompleteRange, rangeQueryOf, rangeWordsOf } from './report-range.tsx';

describe('a report range', () => {
  it('asks the server for a preset by its name, or for two days chosen by hand', () => {
    expect(rangeQueryOf({ preset: 'past7Days' })).toEqual({ preset: 'past7Days' });
    expect(rangeQueryOf({ preset: 'custom', from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('is complete as a preset, or with both days the first not after the last', () => {
    expect(isCompleteRange({ preset: 'today' })).toBe(true);
    expect(isCompleteRange({ preset: 'custom', from: '2026-11-01', to: '2026-11-01' })).toBe(true);
    expect(isCompleteRange({ preset: 'custom', from: '2026-11-01', to: '' })).toBe(false);
    expect(isCompleteRange({ preset: 'custom', from: '2026-11-02', to: '2026-11-01' })).toBe(false);
  });

  it('reads as its preset’s name or its days', () => {
    expect(rangeWordsOf({ preset: 'lastMonth' })).toBe('Last month');
    expect(rangeWordsOf({ preset: 'custom', from: '2026-11-01', to: '2026-11-30' })).toBe(
      '2026-11-01 to 2026-11-30',
    );
    expect(rangeWordsOf({ preset: 'custom', from: '2026-11-05', to: '2026-11-05' })).toBe('2026-11-05');
  });
});
