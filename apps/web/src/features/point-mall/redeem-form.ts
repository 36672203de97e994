import type { Goods, RedeemInput } from './api/points';

// The redeem dialog's checks (docs/loyalty.md "Redeem"): what the page can tell before asking the
// server. The server checks all of it again under its locks, and what only it knows (the member's
// earlier redeems against the limit, the requirement's figures) comes back as its refusal.

/** The most units one redeem asks for, whatever the stock: the server's bound. */
export const REDEEM_QUANTITY_MAX = 100;
/** A delivery address, as long as the server keeps one. */
export const ADDRESS_LENGTH_MAX = 500;

export type RedeemFormValues = { quantity: string; address: string; paymentPassword: string };

export type QuantityProblem =
  | { reason: 'format' }
  | { reason: 'outOfStock' }
  | { reason: 'overStock'; left: number }
  | { reason: 'overLimit'; limit: number }
  | { reason: 'notEnoughPoints'; need: number; have: number };

export type AddressProblem = { reason: 'empty' } | { reason: 'tooLong'; max: number };

export type PasswordProblem = { reason: 'empty' };

export type RedeemProblems = {
  quantity?: QuantityProblem;
  address?: AddressProblem;
  paymentPassword?: PasswordProblem;
};

/** Whether a reward is something sent to the member, which needs a delivery address. */
export function needsAddress(goods: Pick<Goods, 'kind'>): boolean {
  return goods.kind === 'item';
}

/** Whether none is left to redeem. */
export function isOutOfStock(goods: Pick<Goods, 'stock'>): boolean {
  return goods.stock !== null && goods.stock <= 0;
}

/**
 * The most units the member may ask for now: the stock, the per-member limit, what the points pay
 * for and the dialog's own bound; 0 when nothing can be redeemed.
 */
export function redeemQuantityMax(
  goods: Pick<Goods, 'stock' | 'perMemberLimit' | 'points'>,
  balance: number,
): number {
  const bounds = [REDEEM_QUANTITY_MAX];
  if (goods.stock !== null) bounds.push(goods.stock);
  if (goods.perMemberLimit !== null) bounds.push(goods.perMemberLimit);
  if (goods.points > 0) bounds.push(Math.floor(balance / goods.points));
  return Math.max(0, Math.min(...bounds));
}

/** A whole quantity from the field, or null. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity >= 1 ? quantity : null;
}

/** What is wrong with the quantity asked for, or undefined when the page sees nothing wrong. */
export function checkQuantity(
  goods: Pick<Goods, 'stock' | 'perMemberLimit' | 'points'>,
  balance: number,
  text: string,
): QuantityProblem | undefined {
  if (isOutOfStock(goods)) return { reason: 'outOfStock' };
  const quantity = parseQuantity(text);
  if (quantity === null || quantity > REDEEM_QUANTITY_MAX) return { reason: 'format' };
  if (goods.stock !== null && quantity > goods.stock) return { reason: 'overStock', left: goods.stock };
  if (goods.perMemberLimit !== null && quantity > goods.perMemberLimit) {
    return { reason: 'overLimit', limit: goods.perMemberLimit };
  }
  const need = quantity * goods.points;
  if (need > balance) return { reason: 'notEnoughPoints', need, have: balance };
  return undefined;
}

/** What is wrong with the delivery address, for a reward that is sent. */
export function checkAddress(goods: Pick<Goods, 'kind'>, text: string): AddressProblem | undefined {
  if (!needsAddress(goods)) return undefined;
  const trimmed = text.trim();
  if (trimmed === '') return { reason: 'empty' };
  if (trimmed.length > ADDRESS_LENGTH_MAX) return { reason: 'tooLong', max: ADDRESS_LENGTH_MAX };
  return undefined;
}

/**
 * The whole form: each field's problem, and the call's body when there is none. The address goes
 * only with a reward that is sent.
 */
export function checkRedeemForm(
  goods: Goods,
  balance: number,
  values: RedeemFormValues,
): { problems: RedeemProblems; input: RedeemInput | null } {
  const problems: RedeemProblems = {};
  const quantityProblem = checkQuantity(goods, balance, values.quantity);
  if (quantityProblem) problems.quantity = quantityProblem;
  const addressProblem = checkAddress(goods, values.address);
  if (addressProblem) problems.address = addressProblem;
  if (values.paymentPassword === '') problems.paymentPassword = { reason: 'empty' };
  const quantity = parseQuantity(values.quantity);
  if (Object.keys(problems).length > 0 || quantity === null) return { problems, input: null };
  return {
    problems,
    input: {
      goodsId: goods.id,
      quantity,
      paymentPassword: values.paymentPassword,
      ...(needsAddress(goods) ? { address: values.address.trim() } : {}),
    },
  };
}

/** The points a redeem of `quantity` units takes, or null while the quantity is no number. */
export function redeemTotalPoints(goods: Pick<Goods, 'points'>, quantityText: string): number | null {
  const quantity = parseQuantity(quantityText);
  return quantity === null ? null : quantity * goods.points;
}
