/**
 * The names operators read for the codes the server speaks: one map per kind of code, used by
 * every list that shows one. A code the map does not know yet is shown as it came, so that a new
 * one on the server is never hidden.
 */
export type LabelMap = Readonly<Record<string, string>>;

/** Account types (spec §6, §9): 0 a player, 4 a free-play trial, 1, 2, 41 and 42 agents. */
export const MEMBER_TYPE_LABELS: LabelMap = {
  '0': 'Player',
  '1': 'Agent',
  '2': 'Agent',
  '4': 'Free play',
  '41': 'Agent',
  '42': 'Agent',
};

export const MEMBER_STATUS_LABELS: LabelMap = {
  active: 'Active',
  locked: 'Locked',
  self_excluded: 'Self-excluded',
};

/** What moved a player's balance: the ledger's transfer codes. */
export const TRANSFER_CODE_LABELS: LabelMap = {
  deposit: 'Deposit',
  bet: 'Bet',
  win: 'Win',
  rollback: 'Bet refunded',
  bonus: 'Bonus',
  transfer: 'Agent transfer',
  salary: 'Agent salary',
  dividend: 'Agent dividend',
  withdrawal_hold: 'Withdrawal held',
  withdrawal_release: 'Withdrawal returned',
  withdrawal: 'Withdrawal paid',
  adjustment: 'Manual adjustment',
  vendor_transfer: 'Game wallet transfer',
  bonus_convert: 'Bonus converted to cash',
  bonus_forfeit: 'Bonus forfeited',
  cashback: 'Cashback',
  raffle_prize: 'Raffle prize',
  rebate: 'Rebate',
  vip_gift: 'VIP gift',
  points_reward: 'Points reward',
  reward_prize: 'Reward prize',
  red_envelope: 'Red envelope',
  mission_reward: 'Mission reward',
  leaderboard_prize: 'Leaderboard prize',
  referral_reward: 'Referral reward',
};

/** A member bonus's life (docs/promotions.md "A bonus's life"). */
export const BONUS_STATUS_LABELS: LabelMap = {
  waiting: 'Waiting',
  active: 'Active',
  converted: 'Converted',
  forfeited: 'Forfeited',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** Where a member's bonus came from. */
export const BONUS_SOURCE_LABELS: LabelMap = {
  promotion: 'Promotion',
  manual: 'Granted by hand',
  cashback: 'Cashback',
  rebate: 'Rebate',
  vip: 'VIP gift',
  points: 'Points',
};

export const WALLET_LABELS: LabelMap = {
  cash: 'Cash',
  bonus: 'Bonus',
};

/** How a player signed in or registered. */
/** A member's profile fields as their history names them (docs/security.md "Profile"). */
export const PROFILE_FIELD_LABELS: LabelMap = {
  nickname: 'Nickname',
  birthday: 'Birthday',
  telegram: 'Telegram',
  zalo: 'Zalo',
  address: 'Address',
  nationality: 'Nationality',
  occupation: 'Occupation',
  sourceOfIncome: 'Source of income',
  email: 'Email',
  mobile: 'Mobile',
};

export const SIGN_IN_METHOD_LABELS: LabelMap = {
  username: 'Password',
  sms: 'SMS code',
  freeplay: 'Free play',
  register: 'Registration',
  social: 'Social login',
  reset: 'Password reset',
  google: 'Google',
  facebook: 'Facebook',
};

/** Game types: the lobby's categories (spec §2). */
export const GAME_TYPE_LABELS: LabelMap = {
  INHOUSE: 'In-house',
  LIVE: 'Live casino',
  RNG: 'Slots',
  FISH: 'Fishing',
  SPORTS: 'Sports',
  PVP: 'Player vs player',
  ESPORTS: 'Esports',
  COCKFIGHT: 'Cockfighting',
  LOTT: 'Lottery',
  ELOTT: 'E-lottery',
};

/** The kinds of contract an agent type may hold (the contracts issue settles them). */
export const AGENT_CONTRACT_KIND_LABELS: LabelMap = {
  dividend: 'Dividend',
  daily: 'Daily salary',
  hourly: 'Hourly salary',
  realtime: 'Real-time salary',
};

export const OUTBOX_CHANNEL_LABELS: LabelMap = {
  sms: 'SMS',
  email: 'Email',
};

/** Why a text message or email was sent: the verification codes' purposes. */
export const OUTBOX_PURPOSE_LABELS: LabelMap = {
  register: 'Registration code',
  noLogin: 'Sign-in code',
  loginStep: 'Second sign-in step',
  contactChange: 'New email or mobile code',
};

/** The name of `code` in `labels`, or the code itself when it has none yet. */
export function labelOfCode(labels: LabelMap, code: string | number | null | undefined): string {
  if (code === null || code === undefined || code === '') return '—';
  return labels[String(code)] ?? String(code);
}
