import { describe, expect, it } from 'vitest';
import { landingRotation, segmentAtPointer, segmentCentre, WHEEL_TURNS } from './wheel';

describe('the prize wheel’s landing', () => {
  it('stops with the answered segment’s middle under the pointer, for every segment of every wheel', () => {
    for (const count of [1, 2, 3, 5, 8, 12]) {
      for (let index = 0; index < count; index += 1) {
        const rotation = landingRotation(index, count);
        expect(segmentAtPointer(rotation, count)).toBe(index);
        expect((((rotation + segmentCentre(index, count)) % 360) + 360) % 360).toBeCloseTo(0, 9);
      }
    }
  });

  it('moves forward from where the last spin stopped, by at least the whole turns', () => {
    const first = landingRotation(3, 8);
    const second = landingRotation(1, 8, first);
    expect(second - first).toBeGreaterThanOrEqual(WHEEL_TURNS * 360);
    expect(second - first).toBeLessThan((WHEEL_TURNS + 1) * 360);
    expect(segmentAtPointer(second, 8)).toBe(1);
  });

  it('lands the first of eight segments at 337.5° past the turns', () => {
    expect(landingRotation(0, 8)).toBe(WHEEL_TURNS * 360 + 337.5);
    expect(landingRotation(7, 8)).toBe(WHEEL_TURNS * 360 + 22.5);
  });

  it('refuses an index that is no segment of the wheel', () => {
    expect(() => landingRotation(8, 8)).toThrow(RangeError);
    expect(() => landingRotation(-1, 8)).toThrow(RangeError);
  });
});
