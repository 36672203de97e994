// A European wheel: 37 pockets in the wheel's order, turned so that the drawn pocket stops under
// the pointer at the top. While turning, the wheel runs three turns clockwise and the ball the
// other way; at rest both sit on the pocket.

import { RED_NUMBERS } from '@panalo/games/roulette/roulette.ts';
import type { CSSProperties } from 'react';

const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];
const STEP = 360 / WHEEL_ORDER.length;
const C = 100;

function point(radius: number, degrees: number): string {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return `${(C + radius * Math.cos(radians)).toFixed(2)} ${(C + radius * Math.sin(radians)).toFixed(2)}`;
}

function sector(index: number, inner: number, outer: number): string {
  const from = index * STEP - STEP / 2;
  const to = from + STEP;
  return `M${point(inner, from)}L${point(outer, from)}A${outer} ${outer} 0 0 1 ${point(outer, to)}L${point(inner, to)}A${inner} ${inner} 0 0 0 ${point(inner, from)}Z`;
}

const POCKETS = WHEEL_ORDER.map((number, index) => (
  <g key={number}>
    <path
      d={sector(index, 62, 96)}
      fill={number === 0 ? '#1fae4b' : RED_NUMBERS.has(number) ? '#c0263a' : '#17132b'}
      stroke="#f5c451"
      strokeWidth="0.6"
    />
    <text
      x={C}
      y={C - 84}
      textAnchor="middle"
      dominantBaseline="central"
      fontSize="9"
      fontWeight="700"
      fill="#fff"
      transform={`rotate(${index * STEP} ${C} ${C})`}
    >
      {number}
    </text>
  </g>
));

/** The wheel landing on (or at rest on) pocket; the number itself is said beside it. */
export function RouletteWheel({
  pocket,
  isTurning,
  turnMs,
}: {
  pocket: number;
  isTurning: boolean;
  turnMs: number;
}) {
  const at = -WHEEL_ORDER.indexOf(pocket) * STEP;
  const wheel = {
    '--from': `${at - 3 * 360}deg`,
    '--to': `${at}deg`,
    '--turn-ms': `${turnMs}ms`,
  } as CSSProperties;
  return (
    <svg viewBox="0 0 200 200" className="g-wheel" aria-hidden="true">
      <circle cx={C} cy={C} r="99" fill="#3a2a12" />
      <g className={`g-wheel-rotor ${isTurning ? 'g-wheel-turning' : ''}`} style={wheel}>
        {POCKETS}
        <circle cx={C} cy={C} r="62" fill="#2a1f5c" stroke="#f5c451" strokeWidth="2" />
        <path
          d={`M${C} ${C - 40}L${C} ${C + 40}M${C - 40} ${C}L${C + 40} ${C}`}
          stroke="#f5c451"
          strokeWidth="4"
        />
        <circle cx={C} cy={C} r="10" fill="#f5c451" />
      </g>
      <g
        className={`g-wheel-ball ${isTurning ? 'g-wheel-turning' : ''}`}
        style={{ '--from': '720deg', '--to': '0deg', '--turn-ms': `${turnMs}ms` } as CSSProperties}
      >
        <circle cx={C} cy={C - 68} r="4.5" fill="#fff" stroke="#999" strokeWidth="0.8" />
      </g>
      <path d={`M${C - 7} 0L${C + 7} 0L${C} 12Z`} fill="#f5c451" />
    </svg>
  );
}
