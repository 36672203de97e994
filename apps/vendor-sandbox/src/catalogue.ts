import { DIWATA_PROFILE } from './transfer-catalogue.ts';

/**
 * The sandbox's two demo vendors and their games. The names are invented; the games are small
 * but real: each round's outcome is drawn here, at the vendor, as a real vendor's would be.
 */
export type GameKind = 'coin' | 'wheel' | 'card' | 'hilo' | 'sportsbook' | 'lottery';
export type SandboxGame = {
  gameCode: string;
  names: { EN: string; TY: string };
  gameType: 'RNG' | 'LIVE' | 'SPORTS' | 'LOTT' | 'ELOTT';
  kind: GameKind;
  /** Colours of the generated icon. */
  colours: [string, string];
  /** Whether play money is offered; lotteries are played for real only (their page needs a member). */
  demo?: boolean;
};

/** A match on a sportsbook's board, with decimal odds per outcome in hundredths (185 = 1.85). */
export type SportsFixture = {
  id: string;
  sport: { EN: string; TY: string };
  home: string;
  away: string;
  odds: { home: number; draw: number | null; away: number };
};

/** A lottery game's draw: how many numbers, from which range, how often, and what a full match pays. */
export type LotteryRules = {
  gameCode: string;
  /** How many numbers a ticket picks and a draw draws (distinct). */
  count: number;
  lowest: number;
  highest: number;
  /** A draw closes this long after the previous one, unless drawn on demand before. */
  drawIntervalMs: number;
  /** A ticket matching every number, in any order, pays its stake times this; matching all but one pays partial. */
  fullMatchMultiplier: number;
  partialMatchMultiplier: number;
};
export type SandboxVendorProfile = {
  /** The vendor's code on the platform (the spec's vassalage). */
  code: string;
  name: string;
  /** Its path prefix in the sandbox. */
  slug: string;
  /** Whose wallet the stakes come from: the platform's (seamless, the default) or the vendor's own (transfer). */
  walletMode?: 'seamless' | 'transfer';
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
  {
    code: 'TAMBULI',
    name: 'Tambuli Sports',
    slug: 'tambuli',
    games: [
      {
        gameCode: 'tambuli-sportsbook',
        names: { EN: 'Tambuli Sportsbook', TY: 'Tambuli Pustahan sa Isports' },
        gameType: 'SPORTS',
        kind: 'sportsbook',
        colours: ['#22c55e', '#052e16'],
        demo: true,
      },
      {
        gameCode: 'tambuli-basketball',
        names: { EN: 'Tambuli Basketball', TY: 'Tambuli Basketbol' },
        gameType: 'SPORTS',
        kind: 'sportsbook',
        colours: ['#f97316', '#431407'],
        demo: true,
      },
    ],
  },
  {
    // A lottery vendor under the spec's LOTT vendor code: its games open the /lottery page.
    code: 'LOTT',
    name: 'Bituin Lotto',
    slug: 'bituin',
    games: [
      {
        gameCode: 'bituin-3-of-20',
        names: { EN: 'Bituin Lotto 3/20', TY: 'Bituin Loto 3/20' },
        gameType: 'LOTT',
        kind: 'lottery',
        colours: ['#facc15', '#1e1b4b'],
        demo: false,
      },
      {
        gameCode: 'bituin-quick-2',
        names: { EN: 'Bituin Quick 2/12', TY: 'Bituin Mabilis 2/12' },
        gameType: 'ELOTT',
        kind: 'lottery',
        colours: ['#38bdf8', '#172554'],
        demo: false,
      },
    ],
  },
  DIWATA_PROFILE,
];

/** The sportsbooks' boards: invented teams, a fixed board per game. */
export const SPORTS_FIXTURES: Record<string, SportsFixture[]> = {
  'tambuli-sportsbook': [
    {
      id: 'F1',
      sport: { EN: 'Football', TY: 'Putbol' },
      home: 'Maynila Makisig',
      away: 'Cebu Kidlat',
      odds: { home: 210, draw: 320, away: 330 },
    },
    {
      id: 'F2',
      sport: { EN: 'Football', TY: 'Putbol' },
      home: 'Davao Agila',
      away: 'Iloilo Alon',
      odds: { home: 175, draw: 340, away: 450 },
    },
    {
      id: 'V1',
      sport: { EN: 'Volleyball', TY: 'Balibol' },
      home: 'Baguio Ulap',
      away: 'Bicol Bulkan',
      odds: { home: 165, draw: null, away: 215 },
    },
  ],
  'tambuli-basketball': [
    {
      id: 'B1',
      sport: { EN: 'Basketball', TY: 'Basketbol' },
      home: 'Pasig Tamaraw',
      away: 'Quezon Haribon',
      odds: { home: 185, draw: null, away: 190 },
    },
    {
      id: 'B2',
      sport: { EN: 'Basketball', TY: 'Basketbol' },
      home: 'Pampanga Kalabaw',
      away: 'Batangas Barako',
      odds: { home: 150, draw: null, away: 250 },
    },
  ],
};

/** The lotteries' rules, by game code. */
export const LOTTERY_RULES: Record<string, LotteryRules> = {
  'bituin-3-of-20': {
    gameCode: 'bituin-3-of-20',
    count: 3,
    lowest: 1,
    highest: 20,
    drawIntervalMs: 5 * 60_000,
    fullMatchMultiplier: 500,
    partialMatchMultiplier: 5,
  },
  'bituin-quick-2': {
    gameCode: 'bituin-quick-2',
    count: 2,
    lowest: 1,
    highest: 12,
    drawIntervalMs: 60_000,
    fullMatchMultiplier: 30,
    partialMatchMultiplier: 1,
  },
};

/** A square SVG icon: the game's colours and initials, so each tile is told apart at a glance. */
export function iconSvg(game: SandboxGame): string {
  const initials = game.names.EN.split(/\s+/)
    .slice(1, 3)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();
  const [light, dark] = game.colours;
  const badge = game.gameType;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="240" height="240" rx="28" fill="url(#g)"/>
<circle cx="120" cy="108" r="62" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="10"/>
<text x="120" y="128" font-family="Arial, sans-serif" font-size="56" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text>
<text x="120" y="212" font-family="Arial, sans-serif" font-size="22" font-weight="700" fill="#ffffff" fill-opacity="0.85" text-anchor="middle">${badge}</text>
</svg>`;
}
