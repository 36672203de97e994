/**
 * The bounds of a bonus's terms (docs/promotions.md "Bonus terms"), one list for the promotions a
 * merchant builds, the bonus engine that grants, and the vendors' wallet that reads a spin's lines:
 * the catalogue's game types a contribution may name, and the ranges the columns' CHECKs hold.
 */
export const BONUS_GAME_TYPES = [
  'INHOUSE',
  'LIVE',
  'RNG',
  'FISH',
  'SPORTS',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
] as const;
export type BonusGameType = (typeof BONUS_GAME_TYPES)[number];

/** A contribution is basis points of valid bet: 10,000 counts a bet in full. */
export const CONTRIBUTION_BP_MAX = 10_000;
/** The highest multiplier any merchant may allow (merchant setting promotions.maxMultiplier). */
export const BONUS_MULTIPLIER_MAX = 50;
export const BONUS_EXPIRY_DAYS_MIN = 1;
export const BONUS_EXPIRY_DAYS_MAX = 365;
/** A slot's lines, as games.paylines, game_rounds.lines and a spin rule hold them (a 1024-ways game counts 1024). */
export const SPIN_LINES_MAX = 1024;
