import { isoOrNull, toLocalInput } from '../../components/editor-fields.tsx';
import { BONUS_GAME_TYPES } from '../../lib/bonus-terms.ts';
import { parsePesoAmount } from '../../lib/format.ts';
import { FORM_ERRORS } from './mission-words.ts';
import type { LeaderboardBody, LeaderboardRow, MissionBody, MissionRow } from './missions-api.ts';

// The mission and leaderboard forms' pure part (docs/missions.md "Back office", "Limits"): every
// field text until it is read, read into the body the server takes or into each field's problem.
// The server checks them again and has the last word.

export const NAME_LENGTH_MAX = 80;
export const PRIZES_MAX = 50;
export const TICKETS_MAX = 100;
export const MULTIPLIER_MAX = 50;
export const SORT_ORDER_MAX = 10_000;
/** Rewards, prizes and money targets: at most 10,000,000.00. */
const AMOUNT_MAX = 10_000_000;

export type Task = MissionBody['task'];
export type MissionRewardKind = MissionBody['rewardKind'];
export type PrizeKind = LeaderboardBody['prizes'][number]['kind'];

export const TASKS: readonly Task[] = ['rounds', 'validBet', 'deposit', 'loginStreak', 'newGame'];
/** Tasks whose target is money; the others count rounds, days or games. */
export const AMOUNT_TASKS: ReadonlySet<Task> = new Set(['validBet', 'deposit']);
/** Tasks that may count one game type. */
export const GAME_TYPE_TASKS: ReadonlySet<Task> = new Set(['rounds', 'validBet']);
export const GAME_TYPES: readonly string[] = BONUS_GAME_TYPES;

/** A count target's most: a daily run of logins is one day, a weekly one at most seven. */
export function countTargetMax(task: Task, period: MissionBody['period']): number {
  if (task === 'loginStreak') return period === 'daily' ? 1 : 7;
  return task === 'newGame' ? 100 : 100_000;
}

export type MissionForm = {
  nameTy: string;
  nameEn: string;
  period: MissionBody['period'];
  task: Task;
  /** '' counts every game type. */
  gameType: string;
  target: string;
  rewardKind: MissionRewardKind;
  reward: string;
  multiplier: string;
  rewardTableId: string;
  rewardTickets: string;
  /** `datetime-local` text in the operator's time zone. */
  startsAt: string;
  endsAt: string;
  enabled: boolean;
  sortOrder: string;
};

export const newMissionForm = (now: Date): MissionForm => ({
  nameTy: '',
  nameEn: '',
  period: 'daily',
  task: 'rounds',
  gameType: '',
  target: '10',
  rewardKind: 'cash',
  reward: '',
  multiplier: '1',
  rewardTableId: '',
  rewardTickets: '1',
  startsAt: toLocalInput(now.toISOString()),
  endsAt: '',
  enabled: true,
  sortOrder: '0',
});

export function formOfMission(mission: MissionRow): MissionForm {
  return {
    nameTy: mission.nameTy,
    nameEn: mission.nameEn,
    period: mission.period,
    task: mission.task,
    gameType: mission.gameType ?? '',
    target: mission.target,
    rewardKind: mission.rewardKind,
    reward: mission.rewardKind === 'ticket' ? '' : mission.reward,
    multiplier: mission.multiplier === null ? '1' : String(mission.multiplier),
    rewardTableId: mission.rewardTableId ?? '',
    rewardTickets: mission.rewardTickets === null ? '1' : String(mission.rewardTickets),
    startsAt: toLocalInput(mission.startsAt),
    endsAt: toLocalInput(mission.endsAt),
    enabled: mission.enabled,
    sortOrder: String(mission.sortOrder),
  };
}

function wholeIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,6}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/** A money amount above 0.00 and at most 10,000,000.00, as the wire writes it; null otherwise. */
function amountOf(text: string): string | null {
  const amount = parsePesoAmount(text);
  return amount !== null && Number(amount) <= AMOUNT_MAX ? amount : null;
}

function readNames(form: { nameTy: string; nameEn: string }, errors: Record<string, string>) {
  if (form.nameTy.trim() === '') errors.nameTy = FORM_ERRORS.name;
  if (form.nameEn.trim() === '') errors.nameEn = FORM_ERRORS.name;
}

/** The window's instants; the end is optional unless `needsEnd`, and after the start. */
function readWindow(
  form: { startsAt: string; endsAt: string },
  needsEnd: boolean,
  errors: Record<string, string>,
): { startsAt: string; endsAt: string | null } {
  const startsAt = isoOrNull(form.startsAt);
  const endsAt = isoOrNull(form.endsAt);
  if (startsAt === null) errors.startsAt = FORM_ERRORS.startsAt;
  if (endsAt === null && needsEnd) errors.endsAt = FORM_ERRORS.endsAtRequired;
  if (startsAt !== null && endsAt !== null && Date.parse(endsAt) <= Date.parse(startsAt)) {
    errors.endsAt = FORM_ERRORS.endsAt;
  }
  return { startsAt: startsAt ?? '', endsAt };
}

export type Reading<Body> = { ok: true; body: Body } | { ok: false; errors: Record<string, string> };

/** Reads a mission's form into the body the server takes, or each field's problem. */
export function readMissionForm(form: MissionForm): Reading<MissionBody> {
  const errors: Record<string, string> = {};
  readNames(form, errors);
  const isAmount = AMOUNT_TASKS.has(form.task);
  const countMax = countTargetMax(form.task, form.period);
  const target = isAmount ? amountOf(form.target) : wholeIn(form.target, 1, countMax);
  if (target === null) errors.target = isAmount ? FORM_ERRORS.amount : FORM_ERRORS.count(countMax);
  const gameType = GAME_TYPE_TASKS.has(form.task) && form.gameType !== '' ? form.gameType : null;
  const isTicket = form.rewardKind === 'ticket';
  const reward = isTicket ? '0.00' : amountOf(form.reward);
  if (reward === null) errors.reward = FORM_ERRORS.amount;
  const multiplier = form.rewardKind === 'bonus' ? wholeIn(form.multiplier, 0, MULTIPLIER_MAX) : null;
  if (form.rewardKind === 'bonus' && multiplier === null) errors.multiplier = FORM_ERRORS.multiplier;
  const rewardTickets = isTicket ? wholeIn(form.rewardTickets, 1, TICKETS_MAX) : null;
  if (isTicket && rewardTickets === null) errors.rewardTickets = FORM_ERRORS.tickets;
  if (isTicket && form.rewardTableId === '') errors.rewardTableId = FORM_ERRORS.table;
  const window = readWindow(form, false, errors);
  const sortOrder = wholeIn(form.sortOrder, 0, SORT_ORDER_MAX);
  if (sortOrder === null) errors.sortOrder = FORM_ERRORS.sortOrder;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      nameTy: form.nameTy.trim(),
      nameEn: form.nameEn.trim(),
      period: form.period,
      task: form.task,
      gameType,
      target: String(target),
      rewardKind: form.rewardKind,
      reward: reward ?? '0.00',
      multiplier,
      rewardTableId: isTicket ? form.rewardTableId : null,
      rewardTickets,
      ...window,
      enabled: form.enabled,
      sortOrder: sortOrder ?? 0,
    },
  };
}

export type PrizeForm = { kind: PrizeKind; amount: string; multiplier: string };

export type LeaderboardForm = {
  nameTy: string;
  nameEn: string;
  metric: LeaderboardBody['metric'];
  /** '' ranks every game type. */
  gameType: string;
  period: LeaderboardBody['period'];
  startsAt: string;
  endsAt: string;
  /** Ranks 1, 2, 3 … in order. */
  prizes: PrizeForm[];
  enabled: boolean;
};

export const newPrizeForm = (): PrizeForm => ({ kind: 'cash', amount: '', multiplier: '1' });

export const newLeaderboardForm = (now: Date): LeaderboardForm => ({
  nameTy: '',
  nameEn: '',
  metric: 'validBet',
  gameType: '',
  period: 'weekly',
  startsAt: toLocalInput(now.toISOString()),
  endsAt: '',
  prizes: [newPrizeForm()],
  enabled: true,
});

export function formOfLeaderboard(board: LeaderboardRow): LeaderboardForm {
  return {
    nameTy: board.nameTy,
    nameEn: board.nameEn,
    metric: board.metric,
    gameType: board.gameType ?? '',
    period: board.period,
    startsAt: toLocalInput(board.startsAt),
    endsAt: toLocalInput(board.endsAt),
    prizes: board.prizes.map((prize) => ({
      kind: prize.kind,
      amount: prize.amount,
      multiplier: prize.multiplier === null ? '1' : String(prize.multiplier),
    })),
    enabled: board.enabled,
  };
}

/** Reads a leaderboard's form into the body the server takes, or each field's problem (`prizes.0.amount`). */
export function readLeaderboardForm(form: LeaderboardForm): Reading<LeaderboardBody> {
  const errors: Record<string, string> = {};
  readNames(form, errors);
  const window = readWindow(form, form.period === 'fixed', errors);
  if (form.prizes.length === 0 || form.prizes.length > PRIZES_MAX) errors.prizes = FORM_ERRORS.prizes;
  const prizes = form.prizes.map((prize, index) => {
    const amount = amountOf(prize.amount);
    if (amount === null) errors[`prizes.${index}.amount`] = FORM_ERRORS.amount;
    const multiplier = prize.kind === 'bonus' ? wholeIn(prize.multiplier, 0, MULTIPLIER_MAX) : null;
    if (prize.kind === 'bonus' && multiplier === null) {
      errors[`prizes.${index}.multiplier`] = FORM_ERRORS.multiplier;
    }
    return { rank: index + 1, kind: prize.kind, amount: amount ?? '0.00', multiplier };
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      nameTy: form.nameTy.trim(),
      nameEn: form.nameEn.trim(),
      metric: form.metric,
      gameType: form.metric === 'validBet' && form.gameType !== '' ? form.gameType : null,
      period: form.period,
      ...window,
      prizes,
      enabled: form.enabled,
    },
  };
}
