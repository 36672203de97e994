// The prize wheel's geometry. The wheel is cut into equal segments in the table's prize order,
// clockwise from the top, where the pointer stands; every prize's chance is listed beside it.

/** Whole turns a spin makes before it settles, so that it reads as a spin and not a nudge. */
export const WHEEL_TURNS = 5;

/** The angle a segment spans, in degrees. */
export function segmentAngle(count: number): number {
  return 360 / Math.max(1, count);
}

/** The angle of a segment's middle, clockwise from the top, in degrees. */
export function segmentCentre(index: number, count: number): number {
  return (index + 0.5) * segmentAngle(count);
}

/**
 * The rotation (clockwise, degrees, growing from `from`) that leaves the middle of segment
 * `prizeIndex` under the pointer after `turns` whole turns more: a point at angle c shows at c + r,
 * so the wheel must stop at r ≡ −c (mod 360). Always forward, by at least `turns` turns.
 */
export function landingRotation(prizeIndex: number, count: number, from = 0, turns = WHEEL_TURNS): number {
  if (!Number.isInteger(prizeIndex) || prizeIndex < 0 || prizeIndex >= count) {
    throw new RangeError(`prize index ${prizeIndex} is not a segment of ${count}`);
  }
  const target = (((-segmentCentre(prizeIndex, count) - from) % 360) + 360) % 360;
  return from + turns * 360 + target;
}

/** The segment under the pointer when the wheel stands at `rotation` degrees. */
export function segmentAtPointer(rotation: number, count: number): number {
  const underPointer = ((-rotation % 360) + 360) % 360;
  return Math.floor(underPointer / segmentAngle(count)) % count;
}

/** The SVG path of a segment of a wheel of radius `r` centred on (r, r). */
export function segmentPath(index: number, count: number, r: number): string {
  if (count === 1) return `M ${r} 0 A ${r} ${r} 0 1 1 ${r - 0.01} 0 Z`;
  const start = index * segmentAngle(count);
  const end = start + segmentAngle(count);
  const point = (angle: number) => {
    const radians = (angle * Math.PI) / 180;
    return `${(r + r * Math.sin(radians)).toFixed(3)} ${(r - r * Math.cos(radians)).toFixed(3)}`;
  };
  const isLarge = end - start > 180 ? 1 : 0;
  return `M ${r} ${r} L ${point(start)} A ${r} ${r} 0 ${isLarge} 1 ${point(end)} Z`;
}
