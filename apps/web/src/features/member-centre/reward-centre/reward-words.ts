import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api/api-error';
import { formatMoney } from '../../../lib/format';
import type { Prize, TicketWay } from './api/reward';

/** What a prize pays, in words: "₱10.00 na cash", "₱50.00 na bonus", "100 puntos", or "try again". */
export function prizeValueOf(
  prize: Pick<Prize, 'kind' | 'amount' | 'points'>,
  t: TFunction,
  symbol: string,
): string {
  switch (prize.kind) {
    case 'cash':
      return t('rewardCentre.prizeValue.cash', { amount: formatMoney(prize.amount ?? '0', symbol) });
    case 'bonus':
      return t('rewardCentre.prizeValue.bonus', { amount: formatMoney(prize.amount ?? '0', symbol) });
    case 'points':
      return t('rewardCentre.prizeValue.points', { count: prize.points ?? 0 });
    case 'none':
      return t('rewardCentre.prizeValue.none');
  }
}

/** How a way earns tickets, in words: the trigger with its threshold. */
export function wayConditionOf(way: TicketWay, t: TFunction, symbol: string): string {
  const amount = way.amount === null ? null : formatMoney(way.amount, symbol);
  switch (way.trigger) {
    case 'deposit':
      return amount ? t('rewardCentre.ways.deposit', { amount }) : t('rewardCentre.ways.anyDeposit');
    case 'valid_bet_day':
      return t('rewardCentre.ways.validBetDay', { amount: amount ?? formatMoney('0', symbol) });
    case 'mission':
      return t('rewardCentre.ways.mission');
    case 'vip_level':
      return t('rewardCentre.ways.vipLevel', { rank: way.vipRank ?? 1 });
    case 'contact':
      return t('rewardCentre.ways.contact');
  }
}

/** The refusals the centre words itself, in both languages. */
export const REWARD_REFUSALS = [
  'NO_TICKET',
  'BUDGET_EXHAUSTED',
  'NOT_OPEN',
  'ALREADY_OPENED',
  'ALL_TAKEN',
  'NOT_MARKETABLE',
  'TRIAL_ACCOUNT',
  'AUDIENCE',
  'FORBIDDEN',
] as const;
export type RewardRefusal = (typeof REWARD_REFUSALS)[number];

/**
 * The refusal a failed draw or open carries: its `value.reason` (a 409's NO_TICKET, a 403's
 * NOT_MARKETABLE), else its code (TRIAL_ACCOUNT, or FORBIDDEN for a drop whose audience leaves the
 * member out); null for anything else, which shows the server's own message.
 */
export function rewardRefusalOf(error: unknown): RewardRefusal | null {
  if (!isApiError(error)) return null;
  const { value } = error;
  const reason = typeof value === 'object' && value !== null && 'reason' in value ? value.reason : null;
  return (
    REWARD_REFUSALS.find((candidate) => candidate === reason) ??
    REWARD_REFUSALS.find((candidate) => candidate === error.code) ??
    null
  );
}
