/**
 * The sandbox's two demo vendors and their games. The names are invented; the games are small
 * but real: each round's outcome is drawn here, at the vendor, as a real vendor's would be.
 */
export type GameKind = 'coin' | 'wheel' | 'card';
export type SandboxGame = {
  gameCode: string;
  names: { EN: string; TY: string };
  gameType: 'RNG' | 'LIVE';
  kind: GameKind;
  /** Colours of the generated icon. */
  colours: [string, string];
};
export type SandboxVendorProfile = {
  /** The vendor's code on the platform (the spec's vassalage). */
  code: string;
  name: string;
  /** Its path prefix in the sandbox. */
  slug: string;
  games: SandboxGame[];
};

export const VENDOR_PROFILES: readonly SandboxVendorProfile[] = [
  {
    code: 'LAKAN',
    name: 'Lakan Gaming',
    slug: 'lakan',
    games: [
      {
        gameCode: 'lakan-coin-flip',
        names: { EN: 'Lakan Coin Flip', TY: 'Lakan Hagis-Barya' },
        gameType: 'RNG',
        kind: 'coin',
        colours: ['#f59e0b', '#7c2d12'],
      },
      {
        gameCode: 'lakan-lucky-wheel',
        names: { EN: 'Lakan Lucky Wheel', TY: 'Lakan Gulong ng Suwerte' },
        gameType: 'RNG',
        kind: 'wheel',
        colours: ['#10b981', '#064e3b'],
      },
      {
        gameCode: 'lakan-live-high-card',
        names: { EN: 'Lakan Live High Card', TY: 'Lakan Live Mataas na Baraha' },
        gameType: 'LIVE',
        kind: 'card',
        colours: ['#ef4444', '#450a0a'],
      },
    ],
  },
  {
    code: 'SAMPAGUITA',
    name: 'Sampaguita Live',
    slug: 'sampaguita',
    games: [
      {
        gameCode: 'sampaguita-live-wheel',
        names: { EN: 'Sampaguita Live Colour Wheel', TY: 'Sampaguita Live Gulong ng Kulay' },
        gameType: 'LIVE',
        kind: 'wheel',
        colours: ['#a855f7', '#3b0764'],
      },
      {
        gameCode: 'sampaguita-live-card-duel',
        names: { EN: 'Sampaguita Live Card Duel', TY: 'Sampaguita Live Tapatan ng Baraha' },
        gameType: 'LIVE',
        kind: 'card',
        colours: ['#0ea5e9', '#082f49'],
      },
      {
        gameCode: 'sampaguita-coin',
        names: { EN: 'Sampaguita Coin Toss', TY: 'Sampaguita Hagis ng Barya' },
        gameType: 'RNG',
        kind: 'coin',
        colours: ['#eab308', '#422006'],
      },
    ],
  },
];

/** A square SVG icon: the game's colours and initials, so each tile is told apart at a glance. */
export function iconSvg(game: SandboxGame): string {
  const initials = game.names.EN.split(/\s+/)
    .slice(1, 3)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();
  const [light, dark] = game.colours;
  const badge = game.gameType === 'LIVE' ? 'LIVE' : 'RNG';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="240" height="240" rx="28" fill="url(#g)"/>
<circle cx="120" cy="108" r="62" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="10"/>
<text x="120" y="128" font-family="Arial, sans-serif" font-size="56" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text>
<text x="120" y="212" font-family="Arial, sans-serif" font-size="22" font-weight="700" fill="#ffffff" fill-opacity="0.85" text-anchor="middle">${badge}</text>
</svg>`;
}
