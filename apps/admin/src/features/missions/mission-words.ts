import type { LeaderboardRow, MissionRow } from './missions-api.ts';

/** Missions and prizes pay in the merchant's currency: pesos on this platform. */
const PESO = '₱';

const TASK_WORDS: Record<MissionRow['task'], (target: string) => string> = {
  rounds: (target) => `Play ${target} rounds`,
  validBet: (target) => `Valid bet of ${PESO}${target}`,
  deposit: (target) => `Deposits of ${PESO}${target}`,
  loginStreak: (target) => `Log in ${target} days in a row`,
  newGame: (target) => `Play ${target} games never played before`,
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

/** A mission's reward from its row. */
export function missionRewardWords(
  mission: Pick<MissionRow, 'rewardKind' | 'reward' | 'multiplier'>,
): string {
  return rewardWords({ kind: mission.rewardKind, amount: mission.reward, multiplier: mission.multiplier });
}

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
