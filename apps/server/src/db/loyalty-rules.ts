import { BONUS_GAME_TYPES, type BonusGameType } from './bonus-terms-bounds.ts';

/**
 * What VIP levels, rebates and the points mall share (docs/loyalty.md): the game types rates are
 * set for (the catalogue's, as bonuses' contributions name them), the point record's types of spec
 * §3, and which point type a game type's valid bet earns.
 */
export const LOYALTY_GAME_TYPES = BONUS_GAME_TYPES;
export type LoyaltyGameType = BonusGameType;

/** The point types valid bet earns by (spec §3's point record types, less redeem and deposit). */
export const POINT_BET_TYPES = ['live', 'lottery', 'pvp', 'slots', 'sports'] as const;
export type PointBetType = (typeof POINT_BET_TYPES)[number];

/**
 * Every type a point record carries: spec §3's seven, and ours for a conversion into the bonus
 * wallet, a claw-back of points earned on a bet later voided, a redeem's points given back when an
 * operator rejects it, an operator's adjustment, and a prize drawn with a reward ticket.
 */
export const POINT_RECORD_TYPES = [
  ...POINT_BET_TYPES,
  'redeem',
  'deposit',
  'convert',
  'clawback',
  'refund',
  'adjustment',
  'reward',
] as const;
export type PointRecordType = (typeof POINT_RECORD_TYPES)[number];

/** The point type a bet of a game type earns under. */
export const POINT_TYPE_OF_GAME_TYPE: Record<LoyaltyGameType, PointBetType> = {
  LIVE: 'live',
  LOTT: 'lottery',
  ELOTT: 'lottery',
  PVP: 'pvp',
  RNG: 'slots',
  INHOUSE: 'slots',
  FISH: 'slots',
  SPORTS: 'sports',
  ESPORTS: 'sports',
  COCKFIGHT: 'sports',
};

/** A rate's basis points (50 = 0.50 %) from the wire's and the settings' percent text ("0.50"). */
export function basisPointsOfRate(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** The wire's percent text of a rate's basis points: 50 → "0.50". */
export function rateOfBasisPoints(basisPoints: number): string {
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

/** The highest rebate rate (basis points): 5 % of valid bet is far above any real programme. */
export const REBATE_RATE_BP_MAX = 500;
/** A house edge as settings hold it for theoretical loss (basis points): at most 50 %. */
export const HOUSE_EDGE_BP_MAX = 5000;
