import {
  Dices,
  Fish,
  Flame,
  Gamepad2,
  Gem,
  Heart,
  House,
  type LucideIcon,
  Spade,
  Sparkles,
  Ticket,
  Trophy,
  Tv,
} from 'lucide-react';

/** Game types the shell links to, with the route that shows each (spec §2). */
export type GameTypeKey =
  | 'LIVE'
  | 'RNG'
  | 'FISH'
  | 'SPORTS'
  | 'ESPORTS'
  | 'PVP'
  | 'LOTT'
  | 'ELOTT'
  | 'INHOUSE';

export type GameTypeLink = { key: GameTypeKey; path: string; icon: LucideIcon };

export const gameTypeLinks: readonly GameTypeLink[] = [
  { key: 'LIVE', path: '/live', icon: Tv },
  { key: 'RNG', path: '/rng', icon: Sparkles },
  { key: 'SPORTS', path: '/sports', icon: Trophy },
  { key: 'FISH', path: '/fish', icon: Fish },
  { key: 'PVP', path: '/pvp', icon: Spade },
  { key: 'ESPORTS', path: '/esports', icon: Gamepad2 },
  { key: 'LOTT', path: '/lott', icon: Ticket },
  { key: 'ELOTT', path: '/elott', icon: Dices },
  { key: 'INHOUSE', path: '/inHouse', icon: Gem },
];

/** Home category chips that exist before the server's categories arrive (spec §2: HOME, HOT, FAV). */
export const homeCategoryIcons = { HOME: House, HOT: Flame, FAV: Heart } as const;
export const homeCategories = [
  'HOME',
  'HOT',
  'FAV',
] as const satisfies readonly (keyof typeof homeCategoryIcons)[];
