import type { TFunction } from 'i18next';
import type { StatusTone } from '../../components/ui/status-badge';
import { formatMoney } from '../../lib/format';
import { centavosToWire } from '../../lib/money';
import type { Goods, GoodsRequirement, PointRecordType, PointsConfig, RedeemStatus } from './api/points';
import type { ConvertPointsProblem } from './exchange';
import type { PointFailure } from './point-failures';
import type { AddressProblem, PasswordProblem, QuantityProblem } from './redeem-form';

// The points mall in the member's words: counts of points, statuses, record types, requirements,
// the earning rules and every problem a field can show.

/** A count of points with thousands grouped, as people read it: 12,345. */
export function formatPointCount(points: number): string {
  const sign = points < 0 ? '-' : '';
  return `${sign}${String(Math.abs(Math.trunc(points))).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** "1,500 points" (and "1 point") in the member's language. */
export function pointsWords(t: TFunction, points: number): string {
  return t('pointMall.points', { count: points, points: formatPointCount(points) });
}

/** A record's change of points, signed: "+120", "−50" (a true minus sign), "0". */
export function signedPoints(points: number): string {
  if (points > 0) return `+${formatPointCount(points)}`;
  if (points < 0) return `−${formatPointCount(-points)}`;
  return '0';
}

/** A multiplier as the wire's text ("1.50") written for people: "×1.5", "×2". */
export function formatMultiplier(multiplier: string | number): string {
  const text = String(multiplier).trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return `×${text}`;
  const [, whole = '0', fraction = ''] = match;
  const kept = fraction.replace(/0+$/, '');
  return `×${BigInt(whole).toString()}${kept ? `.${kept}` : ''}`;
}

/** What a redeem's status means to the member: still on its way, done, or refused. */
export const redeemStatusTone: Record<RedeemStatus, StatusTone> = {
  processing: 'waiting',
  approved: 'good',
  rejected: 'bad',
};

export function redeemStatusWords(t: TFunction, status: RedeemStatus): string {
  return t(`pointMall.history.status.${status}`);
}

export function recordTypeWords(t: TFunction, type: PointRecordType): string {
  return t(`pointMall.details.types.${type}`);
}

/** "Deposit at least ₱1,000.00 in the last 30 days". */
export function requirementWords(t: TFunction, requirement: GoodsRequirement, symbol: string): string {
  return t(`pointMall.goods.requirement.${requirement.kind}`, {
    amount: formatMoney(requirement.amount, symbol),
    days: requirement.days,
  });
}

/** What one unit of a reward is worth: "₱50.00 in cash", "₱100.00 bonus money"; null for an item. */
export function goodsAmountWords(
  t: TFunction,
  goods: Pick<Goods, 'kind' | 'amount'>,
  symbol: string,
): string | null {
  if (goods.kind === 'item' || goods.amount === null) return null;
  return t(`pointMall.goods.amount.${goods.kind}`, { amount: formatMoney(goods.amount, symbol) });
}

/** "In stock: 12", "Always in stock" or "Out of stock". */
export function stockWords(t: TFunction, stock: number | null): string {
  if (stock === null) return t('pointMall.goods.stockUnlimited');
  if (stock <= 0) return t('pointMall.goods.outOfStock');
  return t('pointMall.goods.stock', { stock: formatPointCount(stock) });
}

/**
 * How points are earned, one line per rule: each bet type's (in the order the config lists them),
 * then deposits'. Rules that give no points are left out.
 */
export function earnRuleLines(
  t: TFunction,
  config: Pick<PointsConfig, 'earn' | 'deposit'>,
  symbol: string,
): string[] {
  const lines = config.earn
    .filter((rule) => rule.points > 0)
    .map((rule) =>
      t('pointMall.rules.betRule', {
        type: recordTypeWords(t, rule.type),
        points: pointsWords(t, rule.points),
        per: formatMoney(rule.per, symbol),
      }),
    );
  if (config.deposit && config.deposit.points > 0) {
    lines.push(
      t('pointMall.rules.depositRule', {
        points: pointsWords(t, config.deposit.points),
        per: formatMoney(config.deposit.per, symbol),
      }),
    );
  }
  return lines;
}

/** Money of centavos with the currency symbol. */
export function moneyOfMinor(amountMinor: bigint, symbol: string): string {
  return formatMoney(centavosToWire(amountMinor), symbol);
}

export function quantityProblemWords(t: TFunction, problem: QuantityProblem, max: number): string {
  switch (problem.reason) {
    case 'format':
      return t('pointMall.problems.quantityFormat', { max: Math.max(1, max) });
    case 'outOfStock':
      return t('pointMall.problems.outOfStock');
    case 'overStock':
      return t('pointMall.problems.overStock', { left: formatPointCount(problem.left) });
    case 'overLimit':
      return t('pointMall.problems.overLimit', { limit: problem.limit });
    case 'notEnoughPoints':
      return t('pointMall.problems.notEnoughPoints', {
        need: pointsWords(t, problem.need),
        have: pointsWords(t, problem.have),
      });
  }
}

export function addressProblemWords(t: TFunction, problem: AddressProblem): string {
  return problem.reason === 'empty'
    ? t('pointMall.problems.addressEmpty')
    : t('pointMall.problems.addressTooLong', { max: problem.max });
}

export function passwordProblemWords(t: TFunction, _problem: PasswordProblem): string {
  return t('pointMall.problems.passwordEmpty');
}

export function convertProblemWords(t: TFunction, problem: ConvertPointsProblem): string {
  switch (problem.reason) {
    case 'empty':
      return t('pointMall.problems.pointsEmpty');
    case 'format':
      return t('pointMall.problems.pointsFormat');
    case 'belowMinimum':
      return t('pointMall.problems.belowMinimum', { points: pointsWords(t, problem.minimum) });
    case 'notEnough':
      return t('pointMall.problems.notEnoughPointsShort', { have: pointsWords(t, problem.have) });
    case 'noRate':
      return t('pointMall.problems.noRate', { points: pointsWords(t, problem.from) });
  }
}

/**
 * A server's refusal in words. A requirement names what the reward asks and how much is missing,
 * when the reward's requirement is known; `need` is the points the refused call asked for.
 */
export function failureWords(
  t: TFunction,
  failure: PointFailure,
  context: { symbol: string; requirement?: GoodsRequirement | null; need?: number },
): string {
  switch (failure.reason) {
    case 'notEnoughPoints':
      if (failure.have === null) return t('pointMall.problems.notEnoughPointsUnknown');
      return context.need === undefined
        ? t('pointMall.problems.notEnoughPointsShort', { have: pointsWords(t, failure.have) })
        : t('pointMall.problems.notEnoughPoints', {
            need: pointsWords(t, context.need),
            have: pointsWords(t, failure.have),
          });
    case 'stockShort':
      return t('pointMall.problems.stockShort');
    case 'limitReached':
      return t('pointMall.problems.limitReached');
    case 'wrongPassword':
      return t('pointMall.problems.wrongPassword');
    case 'requirement': {
      const requirement = context.requirement;
      if (!requirement || failure.missing === null) return t('pointMall.problems.requirement.unknown');
      return t(`pointMall.problems.requirement.${requirement.kind}`, {
        amount: formatMoney(requirement.amount, context.symbol),
        days: requirement.days,
        missing: formatMoney(failure.missing, context.symbol),
      });
    }
    case 'notMarketable':
      return t('pointMall.problems.notMarketable');
    case 'needPaymentPassword':
      return t('pointMall.redeem.needPaymentPassword');
    case 'server':
    case 'tooManyTries':
    case 'message':
      return failure.message;
  }
}
