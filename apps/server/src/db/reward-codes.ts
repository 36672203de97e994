/**
 * The ledger codes of money the house gives players as a reward (docs/money.md "Ledger codes"),
 * one list for every area that sums rewards: the money report takes them from GGR to make NGR, and
 * agents' dividends take them from the team's revenue. Each counts signed: from the house to a
 * member adds, from a member back to the house (a bonus forfeited) takes away. A bonus converted
 * to cash moves between the member's own wallets and is no reward of its own. Rebates, points
 * conversions and other prizes join the list as their features add codes.
 */
export const PLAYER_REWARD_CODES = ['bonus', 'bonus_forfeit', 'cashback', 'raffle_prize'] as const;
export type PlayerRewardCode = (typeof PLAYER_REWARD_CODES)[number];
