import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { POINT_RECORD_TYPES } from '../../db/loyalty-rules.ts';
import type { PointGoodsStatus } from '../../db/schema.ts';
import { LinkUrl } from '../../modules/content/content-inputs.ts';
import type { MerchantService } from '../../modules/merchant/merchant.service.ts';
import {
  ADJUSTMENT_POINTS_MAX,
  GOODS_DESCRIPTION_LENGTH_MAX,
  GOODS_IMAGES_MAX,
  GOODS_NAME_LENGTH_MAX,
  type GoodsInput,
  type PointGoodsRow,
  type PointsService,
  REASON_LENGTH_MAX,
  type RedeemQueueRow,
} from '../../modules/points/points.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { present } from '../../platform/errors/invariant.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../platform/http/typed.ts';
import {
  GOODS_KINDS,
  PointRecordView,
  REDEEM_STATUSES,
  REQUIREMENT_KINDS,
  recordViewOf,
  type ViewReader,
} from '../wps/points/points-views.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  IdParams,
  MerchantIdField,
  PageQueryFields,
} from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type PointsBackOfficeDeps = { points: PointsService; merchants: Pick<MerchantService, 'findById'> };

const TAGS = ['back office: points'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_MAX = 100;
const PAGE_SIZE_DEFAULT = 25;
const GOODS_STATUSES = ['active', 'hidden'] as const satisfies readonly PointGoodsStatus[];
const LANGUAGE = Type.String({ pattern: '^[A-Z]{2}$' });
const Amount = Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16, examples: ['100.00'] });
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$' });
const Localized = (maxLength: number) =>
  Type.Record(LANGUAGE, Type.String({ maxLength }), {
    maxProperties: 40,
    examples: [{ EN: 'Branded T-shirt', TY: 'T-shirt ng Panalo' }],
  });

const GoodsFields = {
  names: Localized(GOODS_NAME_LENGTH_MAX),
  descriptions: Defaulted(
    Type.Record(LANGUAGE, Type.String({ maxLength: GOODS_DESCRIPTION_LENGTH_MAX }), {
      maxProperties: 40,
      default: {},
    }),
  ),
  /** Pictures' addresses: an image uploaded through /bo/images, or any web address. */
  imageUrls: Defaulted(Type.Array(LinkUrl, { maxItems: GOODS_IMAGES_MAX, default: [] })),
  kind: StringOf(GOODS_KINDS),
  points: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
  /** Cash or bonus per unit; required for those kinds, ignored for an item. */
  amount: Defaulted(Type.Union([Amount, Type.Null()], { default: null })),
  requirement: Defaulted(
    Type.Union(
      [
        Type.Object({
          kind: StringOf(REQUIREMENT_KINDS),
          amount: Amount,
          days: Type.Integer({ minimum: 1, maximum: 365 }),
        }),
        Type.Null(),
      ],
      { default: null },
    ),
  ),
  /** Units left; null: unlimited. */
  stock: Defaulted(
    Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000_000 }), Type.Null()], { default: null }),
  ),
  perMemberLimit: Defaulted(
    Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()], { default: null }),
  ),
  status: Defaulted(
    Type.Unsafe<PointGoodsStatus>({ type: 'string', enum: [...GOODS_STATUSES], default: 'active' }),
  ),
  sort: Defaulted(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
};
const GoodsBody = Type.Object(GoodsFields);
const NewGoodsBody = Type.Object({ merchantId: MerchantIdField, ...GoodsFields });

const GoodsAdminView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  names: Type.Record(Type.String(), Type.String()),
  descriptions: Type.Record(Type.String(), Type.String()),
  imageUrls: Type.Array(Type.String()),
  kind: StringOf(GOODS_KINDS),
  points: Type.Integer(),
  amount: Nullable(Money),
  requirement: Type.Union([
    Type.Object({ kind: StringOf(REQUIREMENT_KINDS), amount: Money, days: Type.Integer() }),
    Type.Null(),
  ]),
  stock: Nullable(Type.Integer()),
  perMemberLimit: Nullable(Type.Integer()),
  status: StringOf(GOODS_STATUSES),
  sort: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const RedeemAdminView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  memberId: Type.String(),
  account: Type.String(),
  reference: Type.String(),
  goodsId: Type.String(),
  goodsNames: Type.Record(Type.String(), Type.String()),
  kind: StringOf(GOODS_KINDS),
  quantity: Type.Integer(),
  points: Type.Integer(),
  /** What approving pays in all (cash or bonus); null for an item. */
  amount: Nullable(Money),
  amountRequirement: Nullable(Money),
  status: StringOf(REDEEM_STATUSES),
  address: Nullable(Type.String()),
  /** Why it was rejected. */
  remark: Nullable(Type.String()),
  /** Who decided it. */
  operator: Nullable(Type.String()),
  appliedAt: Type.String({ format: 'date-time' }),
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
  bonusId: Nullable(Type.String()),
});

const GoodsQuery = Type.Object({
  merchantId: MerchantIdField,
  status: Type.Optional(StringOf(GOODS_STATUSES)),
  ...PageQueryFields(PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});
const RedeemsQuery = Type.Object({
  merchantId: MerchantIdField,
  status: Type.Optional(StringOf(REDEEM_STATUSES)),
  /** One member's redeems, by account. */
  account: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  reference: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  ...PageQueryFields(PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});
const RecordsQuery = Type.Object({
  type: Type.Optional(StringOf(POINT_RECORD_TYPES)),
  ...PageQueryFields(PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});
const RejectBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: REASON_LENGTH_MAX }) });
const AdjustBody = Type.Object({
  /** Points to add (positive) or take (negative); never below 0. */
  points: Type.Integer({ minimum: -ADJUSTMENT_POINTS_MAX, maximum: ADJUSTMENT_POINTS_MAX }),
  reason: Type.String({ minLength: 1, maxLength: REASON_LENGTH_MAX }),
});
const PlayerPoints = Type.Object({
  points: Type.Integer(),
  owed: Type.Integer(),
  list: Type.Array(PointRecordView),
  total: Type.Integer(),
  totalPages: Type.Integer(),
});
const Adjusted = Type.Object({ points: Type.Integer(), owed: Type.Integer(), record: PointRecordView });

function minorOf(text: string, field: string): bigint {
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.minor <= 0n)
    throw new AppError('VALIDATION', { value: { fields: { [field]: 'amount' } } });
  return parsed.minor;
}

function goodsInputOf(body: Static<typeof GoodsBody>): GoodsInput {
  if (body.kind !== 'item' && body.amount === null) {
    throw new AppError('VALIDATION', { value: { fields: { amount: 'required' } } });
  }
  return {
    names: body.names,
    descriptions: body.descriptions,
    imageUrls: body.imageUrls,
    kind: body.kind,
    points: body.points,
    amountMinor: body.kind === 'item' || body.amount === null ? null : minorOf(body.amount, 'amount'),
    requirement:
      body.requirement === null
        ? null
        : {
            kind: body.requirement.kind,
            amountMinor: minorOf(body.requirement.amount, 'requirement.amount'),
            days: body.requirement.days,
          },
    stock: body.stock,
    perMemberLimit: body.perMemberLimit,
    status: body.status,
    sort: body.sort,
  };
}

function goodsAdminViewOf(goods: PointGoodsRow) {
  return {
    id: goods.id,
    merchantId: goods.merchant_id,
    names: goods.names,
    descriptions: goods.descriptions,
    imageUrls: goods.image_urls,
    kind: goods.kind,
    points: goods.points,
    amount: goods.amount_minor === null ? null : formatAmount(goods.amount_minor),
    requirement:
      goods.requirement_kind === null
        ? null
        : {
            kind: goods.requirement_kind,
            amount: formatAmount(goods.requirement_minor ?? 0n),
            days: goods.requirement_days ?? 0,
          },
    stock: goods.stock,
    perMemberLimit: goods.per_member_limit,
    status: goods.status,
    sort: goods.sort,
    createdAt: goods.created_at.toISOString(),
    updatedAt: goods.updated_at.toISOString(),
  };
}

function redeemAdminViewOf(redeem: RedeemQueueRow) {
  return {
    id: redeem.id,
    merchantId: redeem.merchant_id,
    memberId: redeem.member_id,
    account: redeem.account,
    reference: redeem.reference,
    goodsId: redeem.goods_id,
    goodsNames: redeem.goods_names,
    kind: redeem.kind,
    quantity: redeem.quantity,
    points: Number(redeem.points),
    amount: redeem.amount_minor === null ? null : formatAmount(redeem.amount_minor),
    amountRequirement: redeem.requirement_minor === null ? null : formatAmount(redeem.requirement_minor),
    status: redeem.status,
    address: redeem.address,
    remark: redeem.remark,
    operator: redeem.operator_name,
    appliedAt: redeem.applied_at.toISOString(),
    decidedAt: redeem.decided_at?.toISOString() ?? null,
    bonusId: redeem.bonus_id,
  };
}

/**
 * The points mall in the back office (docs/loyalty.md "Points"): goods (loyalty.read to list,
 * loyalty.write to create and change, audited), the redeem queue with its approvals and
 * rejections (loyalty.redeems, each once), and a player's points: their records (loyalty.read)
 * and an adjustment with a reason (loyalty.write, audited, never below 0).
 */
export function registerPointsBackOfficeRoutes(app: TypedApp, deps: PointsBackOfficeDeps): void {
  const { points } = deps;

  /** Records are worded in the operator's language, with the member's merchant's currency. */
  async function readerOf(request: FastifyRequest, memberId: string): Promise<ViewReader> {
    const merchantId = present(await points.findMerchantOfMember(memberId), `member ${memberId} exists`);
    const merchant = present(await deps.merchants.findById(merchantId), `merchant ${merchantId} exists`);
    return {
      language: request.language,
      fallbackLanguage: merchant.defaultLanguage,
      currencySymbol: merchant.currencySymbol,
    };
  }

  app.get(
    '/bo/points/goods',
    {
      ...merchantScopedRoute('loyalty.read'),
      schema: {
        tags: TAGS,
        summary: 'The points mall’s goods in their order, by status',
        querystring: GoodsQuery,
        response: { 200: Envelope(CountedPageOf(GoodsAdminView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const page = await points.listGoods({
        merchantIds: await readMerchantScope(request),
        status: query.status ?? null,
        page: query.page ?? 1,
        pageSize,
      });
      return ok({
        list: page.rows.map(goodsAdminViewOf),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
      });
    },
  );

  app.post(
    '/bo/points/goods',
    {
      ...merchantScopedRoute('loyalty.write'),
      schema: {
        tags: TAGS,
        summary: 'Add goods to the points mall (audited)',
        body: NewGoodsBody,
        response: { 200: Envelope(GoodsAdminView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { merchantId: _named, ...body } = request.body;
      const { actor } = await readOperator(request);
      return ok(goodsAdminViewOf(await points.createGoods(actor, merchantId, goodsInputOf(body))));
    },
  );

  app.put(
    '/bo/points/goods/:id',
    {
      ...resourceRoute('loyalty.write', points.findMerchantOfGoods),
      schema: {
        tags: TAGS,
        summary: 'Change every field of goods, its stock and status among them (audited)',
        params: IdParams,
        body: GoodsBody,
        response: { 200: Envelope(GoodsAdminView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { actor } = await readOperator(request);
      return ok(
        goodsAdminViewOf(await points.updateGoods(actor, request.params.id, goodsInputOf(request.body))),
      );
    },
  );

  app.get(
    '/bo/points/redeems',
    {
      ...merchantScopedRoute('loyalty.redeems'),
      schema: {
        tags: TAGS,
        summary:
          'Redeems by status (processing ones oldest first, decided ones newest first), of an account or a reference',
        querystring: RedeemsQuery,
        response: { 200: Envelope(CountedPageOf(RedeemAdminView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const page = await points.listRedeemQueue({
        merchantIds: await readMerchantScope(request),
        status: query.status ?? null,
        accountKey: query.account?.trim().toLowerCase() ?? null,
        reference: query.reference?.trim().toUpperCase() ?? null,
        page: query.page ?? 1,
        pageSize,
      });
      return ok({
        list: page.rows.map(redeemAdminViewOf),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
      });
    },
  );

  app.post(
    '/bo/points/redeems/:id/approve',
    {
      ...resourceRoute('loyalty.redeems', points.findMerchantOfRedeem),
      schema: {
        tags: TAGS,
        summary:
          'Approve a processing redeem, once: cash goods paid to cash, bonus goods granted as a bonus, items approved',
        params: IdParams,
        response: { 200: Envelope(RedeemAdminView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { actor } = await readOperator(request);
      await points.approve(actor, request.params.id);
      return ok(redeemAdminViewOf(await points.getQueuedRedeem(request.params.id)));
    },
  );

  app.post(
    '/bo/points/redeems/:id/reject',
    {
      ...resourceRoute('loyalty.redeems', points.findMerchantOfRedeem),
      schema: {
        tags: TAGS,
        summary: 'Reject a processing redeem with a reason, once: its points and stock come back',
        params: IdParams,
        body: RejectBody,
        response: { 200: Envelope(RedeemAdminView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const reason = request.body.reason.trim();
      if (reason === '') throw new AppError('VALIDATION', { value: { fields: { reason: 'required' } } });
      const { actor } = await readOperator(request);
      await points.reject(actor, request.params.id, reason);
      return ok(redeemAdminViewOf(await points.getQueuedRedeem(request.params.id)));
    },
  );

  app.get(
    '/bo/players/:id/points',
    {
      ...resourceRoute('loyalty.read', points.findMerchantOfMember),
      schema: {
        tags: TAGS,
        summary: "A player's points, what they owe, and their point records, newest first",
        params: IdParams,
        querystring: RecordsQuery,
        response: { 200: Envelope(PlayerPoints), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const memberId = request.params.id;
      const [balance, page] = await Promise.all([
        points.balanceOf(memberId),
        points.listRecords(memberId, { type: query.type ?? null, page: query.page ?? 1, pageSize }),
      ]);
      const reader = await readerOf(request, memberId);
      return ok({
        points: Number(balance.balance),
        owed: Number(balance.owed),
        list: page.rows.map((record) => recordViewOf(record, reader)),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
      });
    },
  );

  app.post(
    '/bo/players/:id/points',
    {
      ...resourceRoute('loyalty.write', points.findMerchantOfMember),
      schema: {
        tags: TAGS,
        summary: "Adjust a player's points with a reason (audited); never below 0",
        params: IdParams,
        body: AdjustBody,
        response: { 200: Envelope(Adjusted), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { body } = request;
      const reason = body.reason.trim();
      if (body.points === 0) throw new AppError('VALIDATION', { value: { fields: { points: 'range' } } });
      if (reason === '') throw new AppError('VALIDATION', { value: { fields: { reason: 'required' } } });
      const { actor } = await readOperator(request);
      const adjusted = await points.adjust(actor, request.params.id, { points: body.points, reason });
      return ok({
        points: Number(adjusted.balance.balance),
        owed: Number(adjusted.balance.owed),
        record: recordViewOf(adjusted.record, await readerOf(request, request.params.id)),
      });
    },
  );
}
