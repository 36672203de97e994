import { formatAmount } from '@panalo/money/amount.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type {
  Database,
  LocalizedText,
  PointGoodsKind,
  PointGoodsStatus,
  PointRecordType,
  PointRedeemStatus,
  PointRequirementKind,
} from '../../db/schema.ts';
import { readVipBenefits } from '../../db/vip-benefits.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant, present } from '../../platform/errors/invariant.ts';
import { startOfDayIn, wallClockIn } from '../../platform/time/zoned-day.ts';
import {
  changePointsIn,
  findPointsBalance,
  lockPointsIn,
  type PointRecordRow,
  type PointsBalance,
} from './points-ledger.repository.ts';
import {
  countHeldUnits,
  decideRedeemIn,
  findGoods,
  findGoodsMerchantId,
  findGoodsPage,
  findMemberMerchantId,
  findMemberRedeemsPage,
  findRecordsPage,
  findRedeem,
  findRedeemMerchantId,
  findRedeemQueuePage,
  findRedeemQueueRow,
  insertGoods,
  insertRedeem,
  lockGoods,
  nextReferenceNumber,
  type PointGoodsRow,
  type PointRedeemRow,
  type RedeemQueueRow,
  returnStock,
  setRedeemBonus,
  sumRequirementFigure,
  updateGoods,
} from './points-mall.repository.ts';
import {
  convertedAmountOf,
  exchangeRowOf,
  type Marketability,
  PLAIN_MULTIPLIER_BP,
  type PointsEngine,
  type PointsMerchant,
  pointsBonusTermsOf,
  type ReadPointsMerchant,
} from './points-policy.ts';

export type { PointGoodsRow, PointRecordRow, PointRedeemRow, PointsBalance, RedeemQueueRow };

const DAY_MS = 86_400_000;
/** Units of one goods a single redeem may ask for. */
export const REDEEM_QUANTITY_MAX = 100;
/** A physical item's delivery address, and an operator's reason or remark. */
export const ADDRESS_LENGTH_MAX = 500;
export const REASON_LENGTH_MAX = 500;
/** Pictures per goods. */
export const GOODS_IMAGES_MAX = 5;
export const GOODS_NAME_LENGTH_MAX = 100;
export const GOODS_DESCRIPTION_LENGTH_MAX = 2000;
/** Points an operator's one adjustment may add or take. */
export const ADJUSTMENT_POINTS_MAX = 1_000_000_000;
/** Points one conversion may convert (the settings' largest `from`). */
export const CONVERT_POINTS_MAX = 1_000_000_000;
export const POINTS_PAGE_SIZE_MAX = 60;

/** What the member inbox is told of a decided redeem (kinds points_redeem_approved, _rejected). */
export type RedeemMessage = {
  merchantId: string;
  memberId: string;
  kind: 'points_redeem_approved' | 'points_redeem_rejected';
  params: Record<string, string>;
  dedupeKey: string;
};

/** Goods as an operator writes them, amounts in minor units. */
export type GoodsInput = {
  names: LocalizedText;
  descriptions: LocalizedText;
  imageUrls: string[];
  kind: PointGoodsKind;
  points: number;
  /** Per unit; required for cash and bonus goods, ignored for an item. */
  amountMinor: bigint | null;
  requirement: { kind: PointRequirementKind; amountMinor: bigint; days: number } | null;
  stock: number | null;
  perMemberLimit: number | null;
  status: PointGoodsStatus;
  sort: number;
};

type Page = { page: number; pageSize: number };

function limitsOf(page: Page) {
  return { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
}

/** The refusal for a member promotions may not reach (the bonus engine's answer, as it gives it). */
function refusalOf(marketability: Exclude<Marketability, { ok: true }>): AppError {
  return marketability.reason === 'TRIAL_ACCOUNT'
    ? new AppError('TRIAL_ACCOUNT', { value: { reason: marketability.reason } })
    : new AppError('FORBIDDEN', { value: { reason: marketability.reason } });
}

/** The merchant's calendar day of a moment, yyyy-MM-dd. */
function dayIn(timeZone: string, at: Date): string {
  const wall = wallClockIn(timeZone, at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** A name kept per language in a record's detail (`goods.EN`, `goods.TY`), as the inbox reads it too. */
function namesDetail(prefix: string, names: LocalizedText): Record<string, string> {
  return Object.fromEntries(Object.entries(names).map(([language, name]) => [`${prefix}.${language}`, name]));
}

function problemsOfGoods(input: GoodsInput): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!Object.values(input.names).some((name) => name.trim() !== '')) fields.names = 'required';
  if (input.kind !== 'item' && (input.amountMinor === null || input.amountMinor <= 0n))
    fields.amount = 'amount';
  if (input.requirement && input.requirement.amountMinor <= 0n) fields['requirement.amount'] = 'amount';
  return fields;
}

function goodsColumnsOf(input: GoodsInput) {
  return {
    names: JSON.stringify(input.names),
    descriptions: JSON.stringify(input.descriptions),
    image_urls: JSON.stringify(input.imageUrls),
    kind: input.kind,
    points: input.points,
    amount_minor: input.kind === 'item' ? null : input.amountMinor,
    requirement_kind: input.requirement?.kind ?? null,
    requirement_minor: input.requirement?.amountMinor ?? null,
    requirement_days: input.requirement?.days ?? null,
    stock: input.stock,
    per_member_limit: input.perMemberLimit,
    status: input.status,
    sort: input.sort,
  };
}

/** Goods as the audit log keeps them (amounts as text: the log is JSON). */
function auditOf(goods: PointGoodsRow) {
  return {
    names: goods.names,
    kind: goods.kind,
    points: goods.points,
    amountMinor: goods.amount_minor?.toString() ?? null,
    requirement:
      goods.requirement_kind === null
        ? null
        : {
            kind: goods.requirement_kind,
            amountMinor: goods.requirement_minor?.toString(),
            days: goods.requirement_days,
          },
    stock: goods.stock,
    perMemberLimit: goods.per_member_limit,
    status: goods.status,
    sort: goods.sort,
    imageUrls: goods.image_urls,
  };
}

export type PointsService = ReturnType<typeof createPointsService>;

/**
 * The points mall (docs/loyalty.md "Points"): the member's balance and records, goods and their
 * redeems (points and stock reserved in one transaction under the member's and the goods' locks,
 * then approved or rejected once by an operator), the conversion of points into the bonus wallet,
 * and operators' adjustments. Every change of a member's points runs under their points row lock.
 */
export function createPointsService(
  deps: ServiceDeps<{
    engine: PointsEngine;
    recordChange: RecordChange;
    readMerchant: ReadPointsMerchant;
    /** Tells the member of a decided redeem (their inbox); called once the decision has committed. */
    tell: (message: RedeemMessage) => Promise<void>;
  }>,
) {
  const { db, engine, recordChange, readMerchant } = deps;
  const now = clockOf(deps);

  async function merchantOf(merchantId: string): Promise<PointsMerchant> {
    return present(await readMerchant(merchantId), `merchant ${merchantId} exists`);
  }

  async function requireMarketable(memberId: string): Promise<void> {
    // Read before the transaction: the check reads on its own connection.
    const marketability = await engine.isMarketable(memberId);
    if (!marketability.ok) throw refusalOf(marketability);
  }

  /** The goods' amount requirement, read in the redeem's transaction; throws what is missing. */
  async function checkRequirement(
    trx: Transaction<Database>,
    merchant: PointsMerchant,
    memberId: string,
    goods: PointGoodsRow,
    at: Date,
  ): Promise<void> {
    if (goods.requirement_kind === null) return;
    const requiredMinor = present(goods.requirement_minor, 'a requirement has its amount');
    const days = present(goods.requirement_days, 'a requirement has its days');
    // The last N merchant days: today and the N − 1 before it.
    const firstDayAt = new Date(at.getTime() - (days - 1) * DAY_MS);
    const figure = await sumRequirementFigure(trx, {
      memberId,
      kind: goods.requirement_kind,
      since: startOfDayIn(merchant.timeZone, firstDayAt),
      fromDay: dayIn(merchant.timeZone, firstDayAt),
    });
    if (figure < requiredMinor) {
      throw new AppError('CONFLICT', {
        value: {
          reason: 'REQUIREMENT',
          requirement: goods.requirement_kind,
          days,
          missing: formatAmount(requiredMinor - figure),
        },
      });
    }
  }

  function requireEnough(balance: PointsBalance, points: bigint): void {
    if (balance.balance < points) {
      throw new AppError('INSUFFICIENT_FUNDS', {
        value: { points: Number(balance.balance), required: Number(points) },
      });
    }
  }

  /** The redeem's reference: PM, the merchant's day and the sequence's number, e.g. PM20261127000042. */
  async function referenceOf(
    trx: Transaction<Database>,
    merchant: PointsMerchant,
    at: Date,
  ): Promise<string> {
    const number = await nextReferenceNumber(trx);
    return `PM${dayIn(merchant.timeZone, at).replaceAll('-', '')}${String(number).padStart(6, '0')}`;
  }

  async function decideOnce(redeemId: string): Promise<never> {
    const current = await findRedeem(db, redeemId);
    if (!current) throw new AppError('NOT_FOUND');
    throw new AppError('CONFLICT', { value: { reason: 'DECIDED', status: current.status } });
  }

  return {
    balanceOf: (memberId: string): Promise<PointsBalance> => findPointsBalance(db, memberId),

    /** The member's level's points multiplier in basis points (1× without a level). */
    async multiplierBpOf(memberId: string): Promise<number> {
      return (await readVipBenefits(db, memberId))?.pointsMultiplierBp ?? PLAIN_MULTIPLIER_BP;
    },

    listRecords: (memberId: string, input: { type: PointRecordType | null } & Page) =>
      findRecordsPage(db, { memberId, type: input.type }, limitsOf(input)),

    listGoods: (input: { merchantIds: readonly string[] | null; status: PointGoodsStatus | null } & Page) =>
      findGoodsPage(db, input, limitsOf(input)),

    async getGoods(id: string): Promise<PointGoodsRow> {
      const goods = await findGoods(db, id);
      if (!goods) throw new AppError('NOT_FOUND');
      return goods;
    },

    listMemberRedeems: (memberId: string, input: { status: PointRedeemStatus | null } & Page) =>
      findMemberRedeemsPage(db, { memberId, status: input.status }, limitsOf(input)),

    listRedeemQueue: (
      input: {
        merchantIds: readonly string[] | null;
        status: PointRedeemStatus | null;
        accountKey: string | null;
        reference: string | null;
      } & Page,
    ) => findRedeemQueuePage(db, input, limitsOf(input)),

    /** One redeem as the operators' queue shows it. */
    async getQueuedRedeem(id: string): Promise<RedeemQueueRow> {
      const redeem = await findRedeemQueueRow(db, id);
      if (!redeem) throw new AppError('NOT_FOUND');
      return redeem;
    },

    findMerchantOfGoods: (id: string) => findGoodsMerchantId(db, id),
    findMerchantOfRedeem: (id: string) => findRedeemMerchantId(db, id),
    findMerchantOfMember: (id: string) => findMemberMerchantId(db, id),

    /** New goods of a merchant, audited. */
    async createGoods(actor: ChangeActor, merchantId: string, input: GoodsInput): Promise<PointGoodsRow> {
      const fields = problemsOfGoods(input);
      if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
      const at = now();
      return db.transaction().execute(async (trx) => {
        const goods = await insertGoods(trx, {
          id: uuidv7(),
          merchant_id: merchantId,
          ...goodsColumnsOf(input),
          created_at: at,
          updated_at: at,
        });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'points.goods.create',
          target: { type: 'point_goods', id: goods.id },
          before: null,
          after: auditOf(goods),
        });
        return goods;
      });
    },

    /** Every field of goods, under its lock (a redeem of it waits), audited. */
    async updateGoods(actor: ChangeActor, id: string, input: GoodsInput): Promise<PointGoodsRow> {
      const fields = problemsOfGoods(input);
      if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
      return db.transaction().execute(async (trx) => {
        const before = await lockGoods(trx, id);
        if (!before) throw new AppError('NOT_FOUND');
        const after = present(
          await updateGoods(trx, id, { ...goodsColumnsOf(input), updated_at: now() }),
          `goods ${id} locked exist`,
        );
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: after.merchant_id,
          action: 'points.goods.update',
          target: { type: 'point_goods', id },
          before: auditOf(before),
          after: auditOf(after),
        });
        return after;
      });
    },

    /**
     * A member's redeem (the payment password checked by the caller): the goods active, the
     * amount requirement met, stock and the per-member limit (processing and approved redeems'
     * units) allowing the quantity, marketable for cash and bonus goods, enough points; then the
     * points and the stock are taken and the redeem waits, processing, for an operator. All of it
     * in one transaction under the member's points lock and the goods' lock, so that a burst never
     * oversells, passes the limit or takes points below zero.
     */
    async redeem(
      merchant: PointsMerchant,
      memberId: string,
      input: { goodsId: string; quantity: number; address: string | null },
    ): Promise<PointRedeemRow> {
      const seen = await findGoods(db, input.goodsId);
      if (!seen || seen.merchant_id !== merchant.id || seen.status !== 'active')
        throw new AppError('NOT_FOUND');
      const address = input.address?.trim() || null;
      if (seen.kind === 'item' && address === null) {
        throw new AppError('VALIDATION', { value: { fields: { address: 'required' } } });
      }
      if (seen.kind !== 'item') await requireMarketable(memberId);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const balance = await lockPointsIn(trx, { merchantId: merchant.id, memberId, now: at });
        const goods = await lockGoods(trx, input.goodsId);
        if (goods?.status !== 'active') throw new AppError('NOT_FOUND');
        await checkRequirement(trx, merchant, memberId, goods, at);
        if (goods.stock !== null && goods.stock < input.quantity) {
          throw new AppError('LIMIT_REACHED', { value: { limit: 'stock', stock: goods.stock } });
        }
        if (goods.per_member_limit !== null) {
          const held = await countHeldUnits(trx, goods.id, memberId);
          if (held + input.quantity > goods.per_member_limit) {
            throw new AppError('LIMIT_REACHED', {
              value: { limit: 'perMember', perMemberLimit: goods.per_member_limit, held },
            });
          }
        }
        const points = BigInt(goods.points) * BigInt(input.quantity);
        requireEnough(balance, points);
        const redeem = await insertRedeem(trx, {
          id: uuidv7(),
          merchant_id: merchant.id,
          member_id: memberId,
          goods_id: goods.id,
          reference: await referenceOf(trx, merchant, at),
          goods_names: JSON.stringify(goods.names),
          kind: goods.kind,
          quantity: input.quantity,
          points,
          amount_minor: goods.amount_minor === null ? null : goods.amount_minor * BigInt(input.quantity),
          requirement_minor: goods.requirement_minor,
          address: goods.kind === 'item' ? address : null,
          applied_at: at,
        });
        await changePointsIn(trx, {
          merchantId: merchant.id,
          memberId,
          before: balance,
          type: 'redeem',
          delta: -points,
          key: `redeem:${redeem.id}`,
          detail: {
            reference: redeem.reference,
            quantity: String(input.quantity),
            ...namesDetail('goods', goods.names),
          },
          remark: null,
          now: at,
        });
        if (goods.stock !== null) {
          await updateGoods(trx, goods.id, { stock: goods.stock - input.quantity });
        }
        return redeem;
      });
    },

    /**
     * An operator approves a processing redeem, once: cash goods are paid to the member's cash
     * (code points_reward, keyed by the redeem), bonus goods granted as a bonus with the merchant's
     * conversion terms (source points), items just approved. Audited in the same transaction; the
     * member hears of it in their inbox.
     */
    async approve(actor: ChangeActor, redeemId: string): Promise<PointRedeemRow> {
      const seen = await findRedeem(db, redeemId);
      if (!seen) throw new AppError('NOT_FOUND');
      if (seen.status !== 'processing') return decideOnce(redeemId);
      const merchant = await merchantOf(seen.merchant_id);
      if (seen.kind !== 'item') await requireMarketable(seen.member_id);
      const at = now();
      const announces: Array<() => void> = [];
      const approved = await db.transaction().execute(async (trx) => {
        const redeem = await decideRedeemIn(trx, redeemId, {
          status: 'approved',
          remark: null,
          operatorId: actor.id,
          operatorName: actor.username,
          decidedAt: at,
        });
        if (!redeem) return null;
        let bonusId: string | null = null;
        if (redeem.kind === 'cash') {
          const paid = await engine.payCashIn(trx, {
            merchantId: redeem.merchant_id,
            memberId: redeem.member_id,
            currency: merchant.currency,
            code: 'points_reward',
            key: `points-redeem:${redeem.id}`,
            reference: `points-redeem:${redeem.reference}`,
            amountMinor: present(redeem.amount_minor, 'cash goods pay an amount'),
            promotionId: null,
          });
          announces.push(paid.announce);
        }
        if (redeem.kind === 'bonus') {
          const granted = await engine.grantIn(trx, {
            merchantId: redeem.merchant_id,
            memberId: redeem.member_id,
            currency: merchant.currency,
            source: 'points',
            amountMinor: present(redeem.amount_minor, 'bonus goods grant an amount'),
            terms: pointsBonusTermsOf(merchant.policy),
            language: merchant.defaultLanguage,
          });
          bonusId = granted.bonusId;
          await setRedeemBonus(trx, redeem.id, bonusId);
          announces.push(granted.announce);
        }
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: redeem.merchant_id,
          action: 'points.redeem.approve',
          target: { type: 'point_redeem', id: redeem.id },
          before: { status: 'processing' },
          after: { status: 'approved', reference: redeem.reference, bonusId },
        });
        return { ...redeem, bonus_id: bonusId };
      });
      if (!approved) return decideOnce(redeemId);
      for (const announce of announces) announce();
      await deps.tell({
        merchantId: approved.merchant_id,
        memberId: approved.member_id,
        kind: 'points_redeem_approved',
        params: {
          reference: approved.reference,
          quantity: String(approved.quantity),
          points: approved.points.toString(),
          outcome: approved.kind,
          ...namesDetail('goods', approved.goods_names),
        },
        dedupeKey: `points-redeem:${approved.id}:approved`,
      });
      return approved;
    },

    /**
     * An operator rejects a processing redeem with a reason, once: its points come back (a refund
     * record, which pays what the member owes first) and its units go back to the goods' stock.
     */
    async reject(actor: ChangeActor, redeemId: string, reason: string): Promise<PointRedeemRow> {
      const at = now();
      const rejected = await db.transaction().execute(async (trx) => {
        const redeem = await decideRedeemIn(trx, redeemId, {
          status: 'rejected',
          remark: reason,
          operatorId: actor.id,
          operatorName: actor.username,
          decidedAt: at,
        });
        if (!redeem) return null;
        const balance = await lockPointsIn(trx, {
          merchantId: redeem.merchant_id,
          memberId: redeem.member_id,
          now: at,
        });
        await changePointsIn(trx, {
          merchantId: redeem.merchant_id,
          memberId: redeem.member_id,
          before: balance,
          type: 'refund',
          delta: redeem.points,
          key: `refund:${redeem.id}`,
          detail: {
            reference: redeem.reference,
            quantity: String(redeem.quantity),
            ...namesDetail('goods', redeem.goods_names),
          },
          remark: reason,
          now: at,
        });
        await returnStock(trx, redeem.goods_id, redeem.quantity);
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: redeem.merchant_id,
          action: 'points.redeem.reject',
          target: { type: 'point_redeem', id: redeem.id },
          before: { status: 'processing' },
          after: { status: 'rejected', reference: redeem.reference, reason },
        });
        return redeem;
      });
      if (!rejected) return decideOnce(redeemId);
      await deps.tell({
        merchantId: rejected.merchant_id,
        memberId: rejected.member_id,
        kind: 'points_redeem_rejected',
        params: {
          reference: rejected.reference,
          quantity: String(rejected.quantity),
          points: rejected.points.toString(),
          reason,
          ...namesDetail('goods', rejected.goods_names),
        },
        dedupeKey: `points-redeem:${rejected.id}:rejected`,
      });
      return rejected;
    },

    /**
     * Converts points into the bonus wallet (the payment password checked by the caller): at
     * least minConvertPoints, at the exchange row with the largest `from` at most the points
     * (amount = points × the row's amount ÷ 100, rounded down), granted as a bonus with the
     * merchant's conversion terms. The points are taken and the bonus granted in one transaction
     * under the member's points lock; a member promotions may not reach converts nothing.
     */
    async convert(
      merchant: PointsMerchant,
      memberId: string,
      input: { points: number; language: string },
    ): Promise<{ points: number; amountMinor: bigint; bonusId: string }> {
      const { policy } = merchant;
      if (policy.exchange.length === 0) throw new AppError('FEATURE_DISABLED');
      const row = exchangeRowOf(policy, input.points);
      if (input.points < policy.minConvertPoints || !row) {
        throw new AppError('VALIDATION', { value: { fields: { points: 'belowMin' } } });
      }
      const amountMinor = convertedAmountOf(input.points, row.amountMinor);
      if (amountMinor <= 0n) throw new AppError('VALIDATION', { value: { fields: { points: 'belowMin' } } });
      await requireMarketable(memberId);
      const at = now();
      const points = BigInt(input.points);
      const outcome = await db.transaction().execute(async (trx) => {
        const balance = await lockPointsIn(trx, { merchantId: merchant.id, memberId, now: at });
        requireEnough(balance, points);
        const granted = await engine.grantIn(trx, {
          merchantId: merchant.id,
          memberId,
          currency: merchant.currency,
          source: 'points',
          amountMinor,
          terms: pointsBonusTermsOf(policy),
          language: input.language,
        });
        await changePointsIn(trx, {
          merchantId: merchant.id,
          memberId,
          before: balance,
          type: 'convert',
          delta: -points,
          key: `convert:${uuidv7()}`,
          detail: {
            amount: formatAmount(amountMinor),
            rate: formatAmount(row.amountMinor),
            bonusId: granted.bonusId,
          },
          remark: null,
          now: at,
        });
        return granted;
      });
      outcome.announce();
      return { points: input.points, amountMinor, bonusId: outcome.bonusId };
    },

    /**
     * An operator's adjustment of a member's points (a reason, audited): added points pay what the
     * member owes first; taken points never take the balance below zero (INSUFFICIENT_FUNDS).
     */
    async adjust(
      actor: ChangeActor,
      memberId: string,
      input: { points: number; reason: string },
    ): Promise<{ record: PointRecordRow; balance: PointsBalance }> {
      assertInvariant(input.points !== 0, 'an adjustment changes the points');
      const merchantId = await findMemberMerchantId(db, memberId);
      if (!merchantId) throw new AppError('NOT_FOUND');
      const at = now();
      const delta = BigInt(input.points);
      return db.transaction().execute(async (trx) => {
        const before = await lockPointsIn(trx, { merchantId, memberId, now: at });
        if (delta < 0n) requireEnough(before, -delta);
        const { record, after } = await changePointsIn(trx, {
          merchantId,
          memberId,
          before,
          type: 'adjustment',
          delta,
          key: `adjustment:${uuidv7()}`,
          detail: { operator: actor.username },
          remark: input.reason,
          now: at,
        });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'points.adjust',
          target: { type: 'member', id: memberId },
          before: { balance: before.balance.toString(), owed: before.owed.toString() },
          after: {
            balance: after.balance.toString(),
            owed: after.owed.toString(),
            points: input.points,
            reason: input.reason,
          },
        });
        return { record, balance: after };
      });
    },
  };
}
