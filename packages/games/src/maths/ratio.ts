// Exact fractions on bigint, for return-to-player figures derived by enumeration: a figure is
// compared with its stated value only after the whole derivation has been done without rounding.

export type Ratio = { readonly numerator: bigint; readonly denominator: bigint };

function greatestCommonDivisor(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function createRatio(numerator: bigint | number, denominator: bigint | number = 1n): Ratio {
  let top = BigInt(numerator);
  let bottom = BigInt(denominator);
  if (bottom === 0n) throw new RangeError('a ratio cannot have a zero denominator');
  if (bottom < 0n) {
    top = -top;
    bottom = -bottom;
  }
  const divisor = greatestCommonDivisor(top, bottom) || 1n;
  return { numerator: top / divisor, denominator: bottom / divisor };
}

export function addRatios(a: Ratio, b: Ratio): Ratio {
  return createRatio(
    a.numerator * b.denominator + b.numerator * a.denominator,
    a.denominator * b.denominator,
  );
}

export function multiplyRatios(a: Ratio, b: Ratio): Ratio {
  return createRatio(a.numerator * b.numerator, a.denominator * b.denominator);
}

export function isRatioEqual(a: Ratio, b: Ratio): boolean {
  return a.numerator * b.denominator === b.numerator * a.denominator;
}

export function ratioToNumber(ratio: Ratio): number {
  return Number(ratio.numerator) / Number(ratio.denominator);
}

/** The ratio as a percentage rounded half up to `decimals` places, e.g. 97.30 for 36/37 and 2. */
export function ratioToPercent(ratio: Ratio, decimals = 2): number {
  const scale = 10n ** BigInt(decimals);
  const scaled = ratio.numerator * 100n * scale;
  const rounded = (2n * scaled + ratio.denominator) / (2n * ratio.denominator);
  return Number(rounded) / Number(scale);
}
