/**
 * The ledger codes of money the house gives players as a reward (docs/money.md "Ledger codes"),
 * one list for every area that sums rewards: the money report takes them from GGR to make NGR, and
 * agents' dividends take them from the team's revenue. Each counts signed: from the house to a
 * member adds, from a member back to the house (a bonus forfeited) takes away. A bonus converted
 * to cash moves between the member's own wallets and is no reward of its own. A bonus activates
 * under its source's code (`bonusActivationCodeOf`): rebates, VIP gifts and points rewards count
 * here under codes of their own. Later prizes join the list as their features add codes.
 */
export const PLAYER_REWARD_CODES = [
  'bonus',
  'bonus_forfeit',
  'cashback',
  'raffle_prize',
  'rebate',
  'vip_gift',
  'points_reward',
  'reward_prize',
  'red_envelope',
  'mission_reward',
  'leaderboard_prize',
  'referral_reward',
] as const;
export type PlayerRewardCode = (typeof PLAYER_REWARD_CODES)[number];

/** The bonus sources of member_bonuses (migrations 0148, 0152). */
export type BonusSourceCode =
  | 'promotion'
  | 'manual'
  | 'cashback'
  | 'rebate'
  | 'vip'
  | 'points'
  | 'reward'
  | 'mission'
  | 'leaderboard'
  | 'referral';

/** The codes a bonus activates under (`bonusActivationCodeOf`). */
export type BonusActivationCode =
  | 'bonus'
  | 'rebate'
  | 'vip_gift'
  | 'points_reward'
  | 'reward_prize'
  | 'mission_reward'
  | 'leaderboard_prize'
  | 'referral_reward';

/** The codes a reward paid as cash moves under (the bonus engine's `payCashIn`). */
export type CashRewardCode =
  | 'cashback'
  | 'raffle_prize'
  | 'points_reward'
  | 'reward_prize'
  | 'red_envelope'
  | 'mission_reward'
  | 'leaderboard_prize'
  | 'referral_reward';

/**
 * The ledger code a bonus's activation credits the bonus wallet under: promotions', cashback's and
 * operators' bonuses `bonus`; rebates, VIP gifts and points rewards their own, so that the money
 * report and NGR tell them apart.
 */
export function bonusActivationCodeOf(source: BonusSourceCode): BonusActivationCode {
  switch (source) {
    case 'rebate':
      return 'rebate';
    case 'vip':
      return 'vip_gift';
    case 'points':
      return 'points_reward';
    case 'reward':
      return 'reward_prize';
    case 'mission':
      return 'mission_reward';
    case 'leaderboard':
      return 'leaderboard_prize';
    case 'referral':
      return 'referral_reward';
    default:
      return 'bonus';
  }
}
