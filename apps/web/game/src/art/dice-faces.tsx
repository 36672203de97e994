// The faces of the three dice games: sic bo's pips, the colour game's swatches and the pictures of
// fish-prawn-crab, each with its name in the player's language.

import type { ReactNode } from 'react';

const INK = '#0f0c1d';

/** Where the pips of 1 to 6 sit on a 64 × 64 face. */
const PIPS: Record<number, Array<[number, number]>> = {
  1: [[32, 32]],
  2: [
    [18, 18],
    [46, 46],
  ],
  3: [
    [16, 16],
    [32, 32],
    [48, 48],
  ],
  4: [
    [18, 18],
    [46, 18],
    [18, 46],
    [46, 46],
  ],
  5: [
    [18, 18],
    [46, 18],
    [32, 32],
    [18, 46],
    [46, 46],
  ],
  6: [
    [18, 16],
    [46, 16],
    [18, 32],
    [46, 32],
    [18, 48],
    [46, 48],
  ],
};

export function PipFace({ value, name }: { value: number; name: string }) {
  return (
    <svg viewBox="0 0 64 64" className="g-die-art" role="img" aria-label={name}>
      <rect x="2" y="2" width="60" height="60" rx="12" fill="#f4f2ff" />
      {(PIPS[value] ?? []).map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="6" fill={value === 1 || value === 4 ? '#e5262f' : INK} />
      ))}
    </svg>
  );
}

/** The colour game's six colours, as the table's spots show them. */
export const COLOUR_SWATCHES: Record<string, string> = {
  yellow: '#f5d000',
  white: '#f4f2ff',
  pink: '#ff6fb1',
  blue: '#2f6bff',
  red: '#e5262f',
  green: '#1fae4b',
};

export function ColourFace({ colour, name }: { colour: string; name: string }) {
  return (
    <span className="g-colour-face" role="img" aria-label={name}>
      <span className="g-swatch" style={{ background: COLOUR_SWATCHES[colour] ?? '#888' }} />
      <span className="g-face-name" aria-hidden="true">
        {name}
      </span>
    </span>
  );
}

const CREATURES: Record<string, ReactNode> = {
  fish: (
    <>
      <path d="M10 32c10-14 30-14 40 0-10 14-30 14-40 0z" fill="#2f9bff" />
      <path d="M48 32l10-10v20z" fill="#2f6bff" />
      <circle cx="20" cy="29" r="3" fill={INK} />
    </>
  ),
  prawn: (
    <>
      <path
        d="M44 14c-18 0-30 12-26 28 2 8 10 10 16 6"
        stroke="#ff7a45"
        strokeWidth="10"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M34 48l-6 10M34 48l4 10" stroke="#ff7a45" strokeWidth="4" strokeLinecap="round" />
      <path d="M46 14l12-6M46 16l12 2" stroke="#c2410c" strokeWidth="2" strokeLinecap="round" />
      <circle cx="44" cy="16" r="2.5" fill={INK} />
    </>
  ),
  crab: (
    <>
      <ellipse cx="32" cy="38" rx="18" ry="12" fill="#e5262f" />
      <path
        d="M14 34l-8-6M14 40l-8 2M50 34l8-6M50 40l8 2"
        stroke="#e5262f"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="14" cy="20" r="6" fill="#e5262f" />
      <circle cx="50" cy="20" r="6" fill="#e5262f" />
      <circle cx="27" cy="30" r="2.5" fill={INK} />
      <circle cx="37" cy="30" r="2.5" fill={INK} />
    </>
  ),
  rooster: (
    <>
      <path d="M16 30c0-10 8-16 16-14l8 6c8 4 12 14 6 24-6 10-24 10-30-2z" fill="#f4a261" />
      <path d="M24 16c0-6 4-8 6-6 2-4 6-2 6 2 4-2 6 2 4 6z" fill="#e5262f" />
      <path d="M16 28l-8 4 8 2z" fill="#f5c451" />
      <path d="M44 28c8-8 14-6 14 2-4 0-8 4-10 8z" fill="#2a9d8f" />
      <circle cx="22" cy="26" r="2.5" fill={INK} />
    </>
  ),
  gourd: (
    <>
      <circle cx="32" cy="22" r="10" fill="#a3c85a" />
      <circle cx="32" cy="44" r="15" fill="#8fb84a" />
      <path d="M32 12V6" stroke="#6b4f2a" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  stag: (
    <>
      <path d="M22 30h20l-4 20c-1 6-11 6-12 0z" fill="#b5793c" />
      <path
        d="M24 30c-6-6-10-14-8-22M22 18l-8-2M40 30c6-6 10-14 8-22M42 18l8-2"
        stroke="#6b4f2a"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <circle cx="28" cy="38" r="2.2" fill={INK} />
      <circle cx="36" cy="38" r="2.2" fill={INK} />
      <ellipse cx="32" cy="50" rx="4" ry="3" fill={INK} />
    </>
  ),
};

export function CreatureFace({ face, name }: { face: string; name: string }) {
  return (
    <span className="g-creature-face">
      <svg viewBox="0 0 64 64" className="g-die-art" role="img" aria-label={name}>
        <rect x="2" y="2" width="60" height="60" rx="12" fill="#f4f2ff" />
        {CREATURES[face]}
      </svg>
      <span className="g-face-name" aria-hidden="true">
        {name}
      </span>
    </span>
  );
}

/**
 * The small mark on a bet spot of the colour game (its colour) or fish-prawn-crab (its picture), so
 * that a spot looks like the die face it pays on; the spot's text already names it.
 */
export function SpotMark({ gameCode, face }: { gameCode: string; face: string }) {
  if (gameCode === 'colour-game' && COLOUR_SWATCHES[face]) {
    return <span className="g-spot-mark g-spot-swatch" style={{ background: COLOUR_SWATCHES[face] }} />;
  }
  if (gameCode === 'fish-prawn-crab' && CREATURES[face]) {
    return (
      <svg viewBox="0 0 64 64" className="g-spot-mark" aria-hidden="true">
        <rect x="2" y="2" width="60" height="60" rx="12" fill="#f4f2ff" />
        {CREATURES[face]}
      </svg>
    );
  }
  return null;
}
