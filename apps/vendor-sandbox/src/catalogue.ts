import { DIWATA_PROFILE } from './transfer-catalogue.ts';

/**
 * The sandbox's demo vendors and their games. The names are invented; the games are small but
 * real: each round's outcome is drawn here, at the vendor, as a real vendor's would be.
 */
/** Card ranks as the card games show them, ace low. */
export const CARD_NAMES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

export type GameKind = 'coin' | 'wheel' | 'card' | 'hilo' | 'slot' | 'sportsbook' | 'lottery';
export type SandboxGame = {
  gameCode: string;
  names: { EN: string; TY: string };
  gameType: 'RNG' | 'LIVE' | 'SPORTS' | 'LOTT' | 'ELOTT';
  kind: GameKind;
  /** Colours of the game's own pages (play, sportsbook, lottery). */
  colours: [string, string];
  /** Whether play money is offered; lotteries are played for real only (their page needs a member). */
  demo?: boolean;
  /**
   * A slot's lines: a spin plays on all of them unless the page asks for fewer, and its debit tells
   * the platform how many (`lines`), as a bonus's spin rule reads them.
   */
  lines?: number;
};

/** A match on a sportsbook's board, with decimal odds per outcome in hundredths (185 = 1.85). */
export type SportsFixture = {
  id: string;
  sport: { EN: string; TY: string };
  home: string;
  away: string;
  odds: { home: number; draw: number | null; away: number };
};

/**
 * A lottery game's draw: how a ticket picks, how many, from which range, how often, and what a
 * full match pays. Two styles: `numbers` is a lotto (distinct numbers, matched in any order), and
 * `digits` a 4D or 3D draw of South-East Asia (one digit 0 to 9 per place, repeats allowed,
 * matched place by place).
 */
export type LotteryRules = {
  gameCode: string;
  pick: 'numbers' | 'digits';
  /** How many numbers (or digits) a ticket picks and a draw draws. */
  count: number;
  lowest: number;
  highest: number;
  /** A draw closes this long after the previous one, unless drawn on demand before. */
  drawIntervalMs: number;
  /**
   * A ticket matching every number pays its stake times this; matching all but one pays partial
   * (for digits: the last ones, in place, as a 4D's consolation prize).
   */
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

/** One game of a catalogue. Lotteries are played for real only (their page needs a member). */
function sandboxGame(
  gameCode: string,
  names: SandboxGame['names'],
  gameType: SandboxGame['gameType'],
  kind: GameKind,
  colours: SandboxGame['colours'],
): SandboxGame {
  return { gameCode, names, gameType, kind, colours, demo: kind !== 'lottery' };
}

export const VENDOR_PROFILES: readonly SandboxVendorProfile[] = [
  {
    code: 'LAKAN',
    name: 'Lakan Gaming',
    slug: 'lakan',
    games: [
      sandboxGame('lakan-coin-flip', { EN: 'Lakan Coin Flip', TY: 'Lakan Hagis-Barya' }, 'RNG', 'coin', [
        '#f59e0b',
        '#7c2d12',
      ]),
      sandboxGame(
        'lakan-lucky-wheel',
        { EN: 'Lakan Lucky Wheel', TY: 'Lakan Gulong ng Suwerte' },
        'RNG',
        'wheel',
        ['#10b981', '#064e3b'],
      ),
      sandboxGame(
        'lakan-live-high-card',
        { EN: 'Lakan Live High Card', TY: 'Lakan Live Mataas na Baraha' },
        'LIVE',
        'card',
        ['#ef4444', '#450a0a'],
      ),
      {
        ...sandboxGame(
          'lakan-fiesta-slot',
          { EN: 'Lakan Fiesta Slot', TY: 'Lakan Slot ng Pista' },
          'RNG',
          'slot',
          ['#ec4899', '#500724'],
        ),
        lines: 25,
      },
    ],
  },
  {
    code: 'SAMPAGUITA',
    name: 'Sampaguita Live',
    slug: 'sampaguita',
    games: [
      sandboxGame(
        'sampaguita-live-wheel',
        { EN: 'Sampaguita Live Color Wheel', TY: 'Sampaguita Live Gulong ng Kulay' },
        'LIVE',
        'wheel',
        ['#a855f7', '#3b0764'],
      ),
      sandboxGame(
        'sampaguita-live-card-duel',
        { EN: 'Sampaguita Live Card Duel', TY: 'Sampaguita Live Tapatan ng Baraha' },
        'LIVE',
        'card',
        ['#0ea5e9', '#082f49'],
      ),
      sandboxGame(
        'sampaguita-coin',
        { EN: 'Sampaguita Coin Toss', TY: 'Sampaguita Hagis ng Barya' },
        'RNG',
        'coin',
        ['#eab308', '#422006'],
      ),
    ],
  },
  {
    code: 'TAMBULI',
    name: 'Tambuli Sports',
    slug: 'tambuli',
    games: [
      sandboxGame(
        'tambuli-sportsbook',
        { EN: 'Tambuli Sportsbook', TY: 'Tambuli Pustahan sa Isports' },
        'SPORTS',
        'sportsbook',
        ['#22c55e', '#052e16'],
      ),
      sandboxGame(
        'tambuli-basketball',
        { EN: 'Tambuli Basketball', TY: 'Tambuli Basketbol' },
        'SPORTS',
        'sportsbook',
        ['#f97316', '#431407'],
      ),
    ],
  },
  {
    // A lottery vendor under the spec's LOTT vendor code: its games open the /lottery page.
    code: 'LOTT',
    name: 'Bituin Lotto',
    slug: 'bituin',
    games: [
      sandboxGame('bituin-3-of-20', { EN: 'Bituin Lotto 3/20', TY: 'Bituin Loto 3/20' }, 'LOTT', 'lottery', [
        '#facc15',
        '#1e1b4b',
      ]),
      sandboxGame(
        'bituin-quick-2',
        { EN: 'Bituin Quick 2/12', TY: 'Bituin Mabilis 2/12' },
        'ELOTT',
        'lottery',
        ['#38bdf8', '#172554'],
      ),
    ],
  },
  {
    // A South-East-Asian digits lottery under the spec's TCG_SEA code: its games open /seaLottery.
    code: 'TCG_SEA',
    name: 'Dagat Lotto',
    slug: 'dagat',
    games: [
      sandboxGame('dagat-4d', { EN: 'Dagat 4D Draw', TY: 'Dagat 4D Bola' }, 'LOTT', 'lottery', [
        '#2dd4bf',
        '#042f2e',
      ]),
      sandboxGame('dagat-3d', { EN: 'Dagat 3D Draw', TY: 'Dagat 3D Bola' }, 'ELOTT', 'lottery', [
        '#fb7185',
        '#1e1b4b',
      ]),
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

/** A lottery's rules; intervals in minutes, multipliers of the stake. */
function lotteryRules(
  gameCode: string,
  pick: LotteryRules['pick'],
  count: number,
  range: [lowest: number, highest: number],
  drawIntervalMinutes: number,
  [fullMatchMultiplier, partialMatchMultiplier]: [full: number, partial: number],
): LotteryRules {
  const [lowest, highest] = range;
  return {
    gameCode,
    pick,
    count,
    lowest,
    highest,
    drawIntervalMs: drawIntervalMinutes * 60_000,
    fullMatchMultiplier,
    partialMatchMultiplier,
  };
}

/**
 * The lotteries' rules, by game code. The digits draws return about 87 % of stakes: a 4D ticket
 * wins ×6000 at 1 in 10,000 and ×300 for the last three digits at 9 in 10,000; a 3D ticket ×500 at
 * 1 in 1,000 and ×40 for the last two at 9 in 1,000.
 */
export const LOTTERY_RULES: Record<string, LotteryRules> = Object.fromEntries(
  [
    lotteryRules('bituin-3-of-20', 'numbers', 3, [1, 20], 5, [500, 5]),
    lotteryRules('bituin-quick-2', 'numbers', 2, [1, 12], 1, [30, 1]),
    lotteryRules('dagat-4d', 'digits', 4, [0, 9], 5, [6_000, 300]),
    lotteryRules('dagat-3d', 'digits', 3, [0, 9], 1, [500, 40]),
  ].map((rules) => [rules.gameCode, rules]),
);
