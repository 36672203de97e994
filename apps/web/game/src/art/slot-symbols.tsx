// The reels' symbols, drawn in the house style (DESIGN.md: deep violet, gold accent): simple
// shapes on a 64 × 64 box, so that each reads at a phone's cell size and costs a few hundred bytes.

import { CLASSIC_SYMBOLS } from '@panalo/games/classic-slot/classic-slot.ts';
import { VIDEO_SYMBOLS } from '@panalo/games/video-slot/video-slot.ts';
import type { ReactNode } from 'react';

const GOLD = '#f5c451';
const VIOLET = '#7b5cff';
const INK = '#1b1400';
const LEAF = '#3ccf91';

function Letter({ text, fill, size = 40 }: { text: string; fill: string; size?: number }) {
  return (
    <text
      x="32"
      y="34"
      textAnchor="middle"
      dominantBaseline="central"
      fontSize={size}
      fontWeight="900"
      fontFamily="Inter Variable, Segoe UI, Arial, sans-serif"
      fill={fill}
      stroke={INK}
      strokeWidth="2"
      paintOrder="stroke"
    >
      {text}
    </text>
  );
}

const Leaf = ({ x, y, rotate = -30 }: { x: number; y: number; rotate?: number }) => (
  <ellipse cx={x} cy={y} rx="9" ry="4" fill={LEAF} transform={`rotate(${rotate} ${x} ${y})`} />
);

const SHAPES: Record<string, ReactNode> = {
  wild: (
    <>
      <rect x="4" y="14" width="56" height="36" rx="8" fill={VIOLET} stroke={GOLD} strokeWidth="3" />
      <Letter text="WILD" fill={GOLD} size={18} />
    </>
  ),
  scatter: (
    <>
      <circle cx="32" cy="32" r="28" fill="#2a1f5c" />
      <path
        d="M32 6l7.6 16.4 17.9 2.1-13.2 12.3 3.5 17.7L32 45.6l-15.8 8.9 3.5-17.7L6.5 24.5l17.9-2.1z"
        fill={GOLD}
        stroke="#fff3c4"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </>
  ),
  mango: (
    <>
      <path d="M20 14c14-6 34 6 32 26-2 16-20 20-30 12S4 22 20 14z" fill="#ffb627" />
      <path d="M44 22c4 6 4 14 0 20" stroke="#ff8a00" strokeWidth="3" fill="none" strokeLinecap="round" />
      <Leaf x={22} y={10} rotate={-20} />
    </>
  ),
  jeepney: (
    <>
      <rect x="6" y="18" width="52" height="28" rx="5" fill="#d9dbe8" stroke={INK} strokeWidth="2" />
      <rect x="6" y="34" width="52" height="5" fill="#e63946" />
      <rect x="6" y="39" width="52" height="3" fill="#1d6fd6" />
      <rect x="11" y="22" width="10" height="9" rx="1.5" fill="#8fd3ff" />
      <rect x="24" y="22" width="10" height="9" rx="1.5" fill="#8fd3ff" />
      <rect x="37" y="22" width="10" height="9" rx="1.5" fill="#8fd3ff" />
      <path d="M47 12l5 6h-10z" fill={GOLD} />
      <circle cx="17" cy="47" r="6" fill="#222" stroke="#888" strokeWidth="2" />
      <circle cx="47" cy="47" r="6" fill="#222" stroke="#888" strokeWidth="2" />
    </>
  ),
  carabao: (
    <>
      <path
        d="M6 18c6 10 14 12 20 10M58 18c-6 10-14 12-20 10"
        stroke="#e8e1cf"
        strokeWidth="6"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M20 26h24l-4 24c-1 6-15 6-16 0z" fill="#6b6a7a" />
      <ellipse cx="32" cy="48" rx="9" ry="6" fill="#8b8a9a" />
      <circle cx="28" cy="48" r="1.8" fill={INK} />
      <circle cx="36" cy="48" r="1.8" fill={INK} />
      <circle cx="26" cy="34" r="2.4" fill="#fff" />
      <circle cx="38" cy="34" r="2.4" fill="#fff" />
    </>
  ),
  sampaguita: (
    <>
      {[0, 72, 144, 216, 288].map((angle) => (
        <ellipse
          key={angle}
          cx="32"
          cy="18"
          rx="8"
          ry="13"
          fill="#fffdf5"
          stroke="#e3dccb"
          strokeWidth="1.5"
          transform={`rotate(${angle} 32 32)`}
        />
      ))}
      <circle cx="32" cy="32" r="6" fill={GOLD} />
    </>
  ),
  ace: <Letter text="A" fill="#ff6b7d" />,
  king: <Letter text="K" fill={GOLD} />,
  queen: <Letter text="Q" fill="#c77dff" />,
  jack: <Letter text="J" fill="#4cc9f0" />,
  ten: <Letter text="10" fill={LEAF} size={34} />,
  seven: <Letter text="7" fill="#e63946" size={50} />,
  bar: (
    <>
      <rect x="6" y="20" width="52" height="24" rx="4" fill="#111" stroke={GOLD} strokeWidth="3" />
      <Letter text="BAR" fill="#fff" size={18} />
    </>
  ),
  bell: (
    <>
      <path
        d="M32 8c-12 0-16 10-16 22v10l-6 8h44l-6-8V30c0-12-4-22-16-22z"
        fill={GOLD}
        stroke="#b8860b"
        strokeWidth="2"
      />
      <circle cx="32" cy="52" r="5" fill="#b8860b" />
    </>
  ),
  plum: (
    <>
      <circle cx="32" cy="36" r="20" fill="#6a3fb5" />
      <path d="M32 18c2 10 2 26 0 36" stroke="#4b2a86" strokeWidth="2" fill="none" />
      <Leaf x={40} y={14} rotate={-25} />
    </>
  ),
  orange: (
    <>
      <circle cx="32" cy="36" r="20" fill="#ff8c1a" />
      <circle cx="25" cy="30" r="1.5" fill="#e07000" />
      <circle cx="38" cy="40" r="1.5" fill="#e07000" />
      <circle cx="30" cy="44" r="1.5" fill="#e07000" />
      <Leaf x={38} y={14} rotate={-25} />
    </>
  ),
  lemon: (
    <>
      <path d="M8 32c6-16 42-16 48 0-6 16-42 16-48 0z" fill="#ffe14d" stroke="#d4b600" strokeWidth="2" />
      <Leaf x={40} y={16} rotate={-15} />
    </>
  ),
  cherry: (
    <>
      <path d="M22 40c2-14 8-24 18-30M42 42c0-14-2-24-2-32" stroke="#3a7d44" strokeWidth="3" fill="none" />
      <circle cx="21" cy="44" r="11" fill="#e63946" />
      <circle cx="43" cy="46" r="11" fill="#c1121f" />
      <circle cx="17" cy="40" r="3" fill="#ff9aa2" />
    </>
  ),
};

/** One reel symbol, named in the player's language for a screen reader. */
export function SlotSymbol({ symbol, name }: { symbol: string; name: string }) {
  const shape = SHAPES[symbol];
  if (!shape) return <span className="g-symbol-text">{name}</span>;
  return (
    <svg viewBox="0 0 64 64" className="g-symbol-art" role="img" aria-label={name}>
      {shape}
    </svg>
  );
}

/** The symbols of the slot a symbol belongs to: what its spinning reels show passing by. */
export function symbolSetOf(symbol: string): readonly string[] {
  return (CLASSIC_SYMBOLS as readonly string[]).includes(symbol) ? CLASSIC_SYMBOLS : VIDEO_SYMBOLS;
}
