import { describe, expect, it } from 'vitest';
import { computeChiSquare, computeChiSquarePValue } from './statistics.ts';

describe('the chi-square test used on every primitive', () => {
  it('gives the tabulated 99.9 % critical values', () => {
    // Upper 0.001 points of the chi-square distribution (standard tables).
    const table: Array<[number, number]> = [
      [1, 10.828],
      [5, 20.515],
      [36, 67.985],
      [50, 86.661],
      [100, 149.449],
    ];
    for (const [degrees, critical] of table) {
      expect(computeChiSquarePValue(critical, degrees)).toBeCloseTo(0.001, 5);
    }
  });

  it('rejects counts that are plainly not uniform', () => {
    const statistic = computeChiSquare([1150, 1000, 1000, 1000, 1000, 850]);
    expect(computeChiSquarePValue(statistic, 5)).toBeLessThan(0.001);
  });
});
