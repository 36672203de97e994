import type { LeaderboardRow, MissionRow } from './missions-api.ts';

/** Missions and prizes pay in the merchant's currency: pesos on this platform. */
const PESO = '₱';

/** "1 round", "2 rounds": a count and its noun, in the singular for one. */
const counted = (target: string, one: string, many: string) => `${target} ${target === '1' ? one : many}`;

const TASK_WORDS: Record<MissionRow['task'], (target: string) => string> = {
  rounds: (target) => `Play ${counted(target, 'round', 'rounds')}`,
  validBet: (target) => `Valid bet of ${PESO}${target}`,
  deposit: (target) => `Deposits of ${PESO}${target}`,
  loginStreak: (target) => (target === '1' ? 'Log in today' : `Log in ${target} days in a row`),
  newGame: (target) => `Play ${counted(target, 'game', 'games')} never played before`,
};

/** What a mission asks, in a line: "Play 10 rounds of RNG". */
export function taskWords(mission: Pick<MissionRow, 'task' | 'target' | 'gameType'>): string {
  const words = TASK_WORDS[mission.task](mission.target);
  return mission.gameType ? `${words} of ${mission.gameType}` : words;
}

/** A reward in a line: "₱5.00 cash", "₱10.00 bonus, 3× wagering". */
export function rewardWords(reward: {
  kind: 'cash' | 'bonus';
  amount: string;
  multiplier: number | null;
}): string {
  return reward.kind === 'cash'
    ? `${PESO}${reward.amount} cash`
    : `${PESO}${reward.amount} bonus, ${reward.multiplier ?? 0}× wagering`;
}

/** A mission's reward from its row: "3 tickets of Lucky Wheel" for tickets (the table's name when known). */
export function missionRewardWords(
  mission: Pick<MissionRow, 'rewardKind' | 'reward' | 'multiplier' | 'rewardTickets'>,
  tableName?: string,
): string {
  if (mission.rewardKind === 'ticket') {
    const count = mission.rewardTickets ?? 0;
    return `${count} ticket${count === 1 ? '' : 's'}${tableName ? ` of ${tableName}` : ''}`;
  }
  return rewardWords({ kind: mission.rewardKind, amount: mission.reward, multiplier: mission.multiplier });
}

/** The form's choices, in words. */
export const TASK_LABELS: Record<MissionRow['task'], string> = {
  rounds: 'Play rounds',
  validBet: 'Reach a valid bet',
  deposit: 'Deposit',
  loginStreak: 'Log in days in a row',
  newGame: 'Try games never played before',
};
export const TARGET_LABELS: Record<MissionRow['task'], string> = {
  rounds: 'Rounds',
  validBet: 'Valid bet of at least (₱)',
  deposit: 'Deposits of at least (₱)',
  loginStreak: 'Days in a row',
  newGame: 'New games',
};
export const REWARD_KIND_LABELS: Record<MissionRow['rewardKind'], string> = {
  cash: 'Cash',
  bonus: 'Bonus with wagering',
  ticket: 'Reward tickets',
};
export const PERIOD_LABELS: Record<LeaderboardRow['period'], string> = {
  daily: 'Daily',
  weekly: 'Weekly (from Monday)',
  monthly: 'Monthly',
  fixed: 'Fixed window',
};
export const METRIC_LABELS: Record<LeaderboardRow['metric'], string> = {
  validBet: 'Valid bet',
  missionScore: 'Missions claimed',
};

/** The forms' field problems, shown next to each field. */
export const FORM_ERRORS = {
  name: 'Write the name in both languages.',
  amount: 'An amount above 0.00, at most 10,000,000.00.',
  count: (max: number) =>
    max === 1 ? 'A daily run of logins is 1 day.' : `A whole number from 1 to ${max}.`,
  multiplier: 'A whole multiplier from 0 to 50.',
  tickets: 'From 1 to 100 tickets.',
  table: 'Choose the prize table.',
  startsAt: 'Choose when it starts.',
  endsAt: 'The end comes after the start.',
  endsAtRequired: 'A fixed window needs its end.',
  sortOrder: 'A whole number from 0 to 10000.',
  prizes: 'From 1 to 50 prizes.',
};

const PERIOD_WORDS: Record<LeaderboardRow['period'], string> = {
  daily: 'each day',
  weekly: 'each week from Monday',
  monthly: 'each month',
  fixed: 'over a fixed window',
};

/** What a leaderboard ranks by, over which period. */
export function boardWords(board: Pick<LeaderboardRow, 'metric' | 'gameType' | 'period'>): string {
  const metric =
    board.metric === 'validBet'
      ? `Valid bet${board.gameType ? ` on ${board.gameType}` : ''}`
      : 'Missions claimed';
  return `${metric}, ${PERIOD_WORDS[board.period]}`;
}

/** The prizes in a line: "#1 ₱1000.00 cash · #2 …". */
export function prizeWords(board: Pick<LeaderboardRow, 'prizes'>): string {
  return board.prizes.map((prize) => `#${prize.rank} ${rewardWords(prize)}`).join(' · ');
}
