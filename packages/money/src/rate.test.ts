import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRate, formatRate, parseRate, RATE_BASIS_POINTS_MAX } from './rate.ts';

describe('parseRate', () => {
  it.each([
    ['0', 0n],
    ['0.50', 50n],
    ['0.5', 50n],
    ['1.25', 125n],
    ['12', 1_200n],
    ['100', 10_000n],
    ['100.00', 10_000n],
  ])('reads %s %% as %s basis points', (text, basisPoints) => {
    expect(parseRate(text)).toEqual({ ok: true, basisPoints });
  });

  it.each([
    ['', 'NOT_A_RATE'],
    ['-1', 'NOT_A_RATE'],
    ['0.505', 'NOT_A_RATE'],
    ['1e2', 'NOT_A_RATE'],
    ['50%', 'NOT_A_RATE'],
    ['1000', 'NOT_A_RATE'],
    ['100.01', 'TOO_LARGE'],
    ['999.99', 'TOO_LARGE'],
  ])('refuses %j as %s', (text, reason) => {
    expect(parseRate(text)).toEqual({ ok: false, reason });
  });

  it('reads back every rate it writes', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: RATE_BASIS_POINTS_MAX }), (basisPoints) => {
        expect(parseRate(formatRate(basisPoints))).toEqual({ ok: true, basisPoints });
      }),
    );
  });
});

describe('formatRate', () => {
  it('writes basis points as a percentage with two fraction digits', () => {
    expect(formatRate(50n)).toBe('0.50');
    expect(formatRate(5n)).toBe('0.05');
    expect(formatRate(10_000n)).toBe('100.00');
  });

  it('refuses a rate outside 0–100 % or not a bigint', () => {
    expect(() => formatRate(-1n)).toThrow(RangeError);
    expect(() => formatRate(10_001n)).toThrow(RangeError);
    expect(() => formatRate(50 as unknown as bigint)).toThrow(RangeError);
  });
});

describe('applyRate', () => {
  it('takes the share rounded toward zero', () => {
    expect(applyRate(100_000n, 50n)).toBe(500n); // 0.50 % of ₱1,000.00 is ₱5.00
    expect(applyRate(199n, 50n)).toBe(0n); // 0.995 centavos is not paid
    expect(applyRate(-199_999n, 5_000n)).toBe(-99_999n);
  });

  it('never pays more than the exact share nor a centavo less', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: RATE_BASIS_POINTS_MAX }),
        (minor, basisPoints) => {
          const share = applyRate(minor, basisPoints);
          const exactTimesWhole = minor * basisPoints;
          expect(share * 10_000n <= exactTimesWhole).toBe(true);
          expect((share + 1n) * 10_000n > exactTimesWhole).toBe(true);
          expect(share <= minor).toBe(true);
        },
      ),
    );
  });
});
