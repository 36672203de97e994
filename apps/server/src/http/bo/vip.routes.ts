import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import { type Static, Type } from 'typebox';
import { basisPointsOfRate } from '../../db/loyalty-rules.ts';
import type { VipGiftStatus } from '../../db/schema.ts';
import { LinkUrl } from '../../modules/content/content-inputs.ts';
import {
  VIP_PAGE_SIZE_MAX,
  VIP_REASON_LENGTH_MAX,
  type VipGiftListRow,
  type VipMemberListRow,
  type VipService,
} from '../../modules/vip/vip.service.ts';
import {
  VIP_RANK_MAX,
  type VipLevelInput,
  type VipLevelRecord,
  type VipLevelsService,
} from '../../modules/vip/vip-levels.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../platform/http/typed.ts';
import type { ImageStore } from '../../platform/storage/image-store.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import { basisPointsOfMultiplier, Money, MULTIPLIER_PATTERN, vipLevelTermsOf } from '../wps/vip/vip-views.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  IdParams,
  MerchantIdField,
  PageQueryFields,
} from './bo-schemas.ts';
import { addMerchantImageUpload, type ImageUploadLimits } from './image-upload.ts';
import { readOperator } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type VipAdminRoutesDeps = { vip: VipService; levels: VipLevelsService; images: ImageStore };

const TAGS = ['back office: vip'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 25;
const GIFT_STATUSES = ['waiting', 'granted', 'dropped'] as const satisfies readonly VipGiftStatus[];
/** A badge is shown small beside the level's name: 512 KiB and 1024 × 1024 are plenty. */
export const VIP_BADGE_BYTES_MAX = 512 * 1024;
const VIP_BADGE_UPLOAD: ImageUploadLimits = {
  namespace: 'content',
  maxBytes: VIP_BADGE_BYTES_MAX,
  maxPixels: 1024 * 1024,
};

const Amount = Type.String({ pattern: '^\\d{1,13}\\.\\d{2}$', maxLength: 16, examples: ['5000.00'] });
const ZERO = Defaulted(Type.String({ pattern: '^\\d{1,13}\\.\\d{2}$', maxLength: 16, default: '0.00' }));
const Name = Type.String({ minLength: 1, maxLength: 40 });
const Reason = Type.String({ minLength: 1, maxLength: VIP_REASON_LENGTH_MAX });
const Birthday = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, examples: ['1990-05-17'] });

const LevelFields = {
  rank: Type.Integer({ minimum: 1, maximum: VIP_RANK_MAX }),
  names: Type.Object({ TY: Name, EN: Name }, { additionalProperties: false }),
  label: Type.String({ minLength: 1, maxLength: 20 }),
  badgeUrl: Defaulted(Type.Union([LinkUrl, Type.Null()], { default: null })),
  deposit: Amount,
  validBet: Amount,
  keepDeposit: ZERO,
  keepValidBet: ZERO,
  guaranteedDays: Defaulted(Type.Integer({ minimum: 0, maximum: 365, default: 0 })),
  upgradeBonus: ZERO,
  birthdayBonus: ZERO,
  monthlyBonus: ZERO,
  /** Game type → percent text ("0.50"); a type not named takes the merchant's rate. */
  rebateRates: Defaulted(
    Type.Record(Type.String({ pattern: '^[A-Z]{2,12}$' }), Type.String({ pattern: '^\\d{1,3}\\.\\d{2}$' }), {
      maxProperties: 20,
      default: {},
    }),
  ),
  withdrawCountDay: Defaulted(
    Type.Union([Type.Integer({ minimum: 0, maximum: 1000 }), Type.Null()], { default: null }),
  ),
  withdrawAmountDay: Defaulted(Type.Union([Amount, Type.Null()], { default: null })),
  pointsMultiplier: Defaulted(Type.String({ pattern: MULTIPLIER_PATTERN, default: '1.00' })),
};
const LevelBody = Type.Object(LevelFields);
const NewLevelBody = Type.Object({ merchantId: MerchantIdField, ...LevelFields });

const LevelAdminView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  rank: Type.Integer(),
  names: Type.Record(Type.String(), Type.String()),
  label: Type.String(),
  badgeUrl: Nullable(Type.String()),
  deposit: Money,
  validBet: Money,
  keepDeposit: Money,
  keepValidBet: Money,
  guaranteedDays: Type.Integer(),
  upgradeBonus: Money,
  birthdayBonus: Money,
  monthlyBonus: Money,
  rebateRates: Type.Record(Type.String(), Type.String()),
  withdrawCountDay: Nullable(Type.Integer()),
  withdrawAmountDay: Nullable(Money),
  pointsMultiplier: Type.String(),
  /** Members holding the level now: while any do, it cannot be deleted or moved to another rank. */
  holders: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const MemberView = Type.Object({
  memberId: Type.String(),
  merchantId: Type.String(),
  account: Type.String(),
  rank: Type.Integer(),
  label: Type.String(),
  names: Type.Record(Type.String(), Type.String()),
  reachedAt: Type.String(),
  guaranteedUntil: Type.String(),
  projection: Nullable(StringOf(['keep', 'rise', 'fall'])),
  projectedRank: Nullable(Type.Integer()),
  projectedAt: Nullable(Type.String()),
});

const GiftView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  memberId: Type.String(),
  account: Type.String(),
  kind: StringOf(['upgrade', 'birthday', 'monthly']),
  key: Type.String(),
  rank: Type.Integer(),
  amount: Money,
  status: StringOf(GIFT_STATUSES),
  bonusId: Nullable(Type.String()),
  createdAt: Type.String(),
  decidedAt: Nullable(Type.String()),
});

const ReviewView = Type.Object({
  reviewed: Type.Boolean(),
  lowered: Type.Integer(),
  monthlyGifts: Type.Integer(),
  projected: Type.Integer(),
  birthdayGifts: Type.Integer(),
  granted: Type.Integer(),
  dropped: Type.Integer(),
});

const PlayerLevelView = Type.Object({
  level: Nullable(
    Type.Object({
      rank: Type.Integer(),
      label: Type.String(),
      names: Type.Record(Type.String(), Type.String()),
    }),
  ),
});

function levelViewOf(level: VipLevelRecord): Static<typeof LevelAdminView> {
  return {
    id: level.id,
    merchantId: level.merchantId,
    rank: level.rank,
    names: level.names,
    ...vipLevelTermsOf(level),
    holders: level.holders,
    createdAt: level.createdAt.toISOString(),
    updatedAt: level.updatedAt.toISOString(),
  };
}

/** The wire's level in minor units and basis points; an amount too large to hold is VALIDATION. */
function levelInputOf(body: Static<typeof LevelBody>): VipLevelInput {
  const fields: Record<string, string> = {};
  const minorOf = (field: string, text: string): bigint => {
    const parsed = parseAmount(text);
    if (!parsed.ok) {
      fields[field] = 'range';
      return 0n;
    }
    return parsed.minor;
  };
  const input: VipLevelInput = {
    rank: body.rank,
    names: { TY: body.names.TY.trim(), EN: body.names.EN.trim() },
    label: body.label.trim(),
    badgeUrl: body.badgeUrl,
    depositMinor: minorOf('deposit', body.deposit),
    validBetMinor: minorOf('validBet', body.validBet),
    keepDepositMinor: minorOf('keepDeposit', body.keepDeposit),
    keepValidBetMinor: minorOf('keepValidBet', body.keepValidBet),
    guaranteedDays: body.guaranteedDays,
    upgradeBonusMinor: minorOf('upgradeBonus', body.upgradeBonus),
    birthdayBonusMinor: minorOf('birthdayBonus', body.birthdayBonus),
    monthlyBonusMinor: minorOf('monthlyBonus', body.monthlyBonus),
    rebateRatesBp: Object.fromEntries(
      Object.entries(body.rebateRates).map(([type, rate]) => [type, basisPointsOfRate(rate)]),
    ),
    withdrawCountDay: body.withdrawCountDay,
    withdrawAmountDayMinor:
      body.withdrawAmountDay === null ? null : minorOf('withdrawAmountDay', body.withdrawAmountDay),
    pointsMultiplierBp: basisPointsOfMultiplier(body.pointsMultiplier),
  };
  if (!input.names.TY) fields['names.TY'] = 'required';
  if (!input.names.EN) fields['names.EN'] = 'required';
  if (!input.label) fields.label = 'required';
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
  return input;
}

function memberViewOf(row: VipMemberListRow) {
  return {
    memberId: row.member_id,
    merchantId: row.merchant_id,
    account: row.account,
    rank: row.rank,
    label: row.label,
    names: row.names,
    reachedAt: row.reached_at.toISOString(),
    guaranteedUntil: row.guaranteed_until.toISOString(),
    projection: row.projection,
    projectedRank: row.projected_rank,
    projectedAt: row.projected_at?.toISOString() ?? null,
  };
}

function giftViewOf(row: VipGiftListRow) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    memberId: row.member_id,
    account: row.account,
    kind: row.kind,
    key: row.key,
    rank: row.rank,
    amount: formatAmount(BigInt(row.amount_minor)),
    status: row.status,
    bonusId: row.bonus_id,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

function pageOf<Row, View>(page: { rows: Row[]; total: number }, pageSize: number, view: (row: Row) => View) {
  return { list: page.rows.map(view), total: page.total, totalPages: Math.ceil(page.total / pageSize) };
}

/**
 * VIP levels in the back office (docs/loyalty.md "VIP"): the levels (create, change, delete, a
 * badge's picture), the members holding levels and the gifts, an operator's level or birthday for
 * a player, and the review run now. Reads need loyalty.read, changes loyalty.write; every change
 * is audited by the service that makes it.
 */
export function registerVipAdminRoutes(app: TypedApp, deps: VipAdminRoutesDeps): void {
  const { vip, levels, images } = deps;

  app.get(
    '/bo/vip/levels',
    {
      ...merchantScopedRoute('loyalty.read'),
      schema: {
        tags: TAGS,
        summary: 'VIP levels, lowest rank first, with how many members hold each',
        querystring: Type.Object({ merchantId: MerchantIdField }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(LevelAdminView) })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => ok({ list: (await levels.list(await readMerchantScope(request))).map(levelViewOf) }),
  );

  app.post(
    '/bo/vip/levels',
    {
      ...merchantScopedRoute('loyalty.write'),
      schema: {
        tags: TAGS,
        summary:
          'Add a VIP level: its rank unique, its thresholds not below a lower rank’s nor above a higher one’s',
        body: NewLevelBody,
        response: { 200: Envelope(LevelAdminView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { merchantId: _named, ...body } = request.body;
      const actor = (await readOperator(request)).actor;
      return ok(levelViewOf(await levels.create(actor, merchantId, levelInputOf(body))));
    },
  );

  app.put(
    '/bo/vip/levels/:id',
    {
      ...resourceRoute('loyalty.write', levels.findMerchantOfLevel),
      schema: {
        tags: TAGS,
        summary: 'Change a VIP level (a level members hold keeps its rank: CONFLICT LEVEL_HELD)',
        params: IdParams,
        body: LevelBody,
        response: { 200: Envelope(LevelAdminView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const actor = (await readOperator(request)).actor;
      return ok(levelViewOf(await levels.update(actor, request.params.id, levelInputOf(request.body))));
    },
  );

  app.delete(
    '/bo/vip/levels/:id',
    {
      ...resourceRoute('loyalty.write', levels.findMerchantOfLevel),
      schema: {
        tags: TAGS,
        summary: 'Delete a VIP level no member holds (CONFLICT LEVEL_HELD while one does)',
        params: IdParams,
        response: { 200: Envelope(Type.Object({ id: Type.String() })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      await levels.remove((await readOperator(request)).actor, request.params.id);
      return ok({ id: request.params.id });
    },
  );

  addMerchantImageUpload(app, {
    path: '/bo/vip/badges',
    permission: 'loyalty.write',
    tags: TAGS,
    summary: `Upload a VIP level's badge picture (multipart, one PNG, JPEG or WebP file, at most ${VIP_BADGE_BYTES_MAX} bytes); answers its public URL for the level's badgeUrl`,
    images,
    limits: VIP_BADGE_UPLOAD,
  });

  app.get(
    '/bo/vip/members',
    {
      ...merchantScopedRoute('loyalty.read'),
      schema: {
        tags: TAGS,
        summary: 'Members holding a VIP level (highest first), by level rank and account',
        querystring: Type.Object({
          merchantId: MerchantIdField,
          level: Type.Optional(Type.Integer({ minimum: 1, maximum: VIP_RANK_MAX })),
          account: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          /** One member exactly: a player's page reads its player's level. */
          memberId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          ...PageQueryFields(VIP_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
        }),
        response: { 200: Envelope(CountedPageOf(MemberView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const page = await vip.listMembers({
        scope: await readMerchantScope(request),
        rank: query.level ?? null,
        account: query.account ?? null,
        memberId: query.memberId ?? null,
        page: query.page ?? 1,
        pageSize,
      });
      return ok(pageOf(page, pageSize, memberViewOf));
    },
  );

  app.get(
    '/bo/vip/gifts',
    {
      ...merchantScopedRoute('loyalty.read'),
      schema: {
        tags: TAGS,
        summary: "VIP levels' gifts (upgrade, birthday, monthly), newest first, by status",
        querystring: Type.Object({
          merchantId: MerchantIdField,
          status: Type.Optional(StringOf(GIFT_STATUSES)),
          ...PageQueryFields(VIP_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
        }),
        response: { 200: Envelope(CountedPageOf(GiftView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const page = await vip.listGifts({
        scope: await readMerchantScope(request),
        status: query.status ?? null,
        page: query.page ?? 1,
        pageSize,
      });
      return ok(pageOf(page, pageSize, giftViewOf));
    },
  );

  app.post(
    '/bo/vip/review',
    {
      ...merchantScopedRoute('loyalty.write'),
      schema: {
        tags: TAGS,
        summary:
          "Run the merchant's VIP review now: lower members past their guarantee who miss their level's retention, the month's gifts, the projection",
        body: Type.Object({ merchantId: MerchantIdField }),
        response: { 200: Envelope(ReviewView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      return ok(await vip.runReviewNow((await readOperator(request)).actor, merchantId));
    },
  );

  app.put(
    '/bo/players/:id/vip',
    {
      ...resourceRoute('loyalty.write', vip.findMerchantOfMember),
      schema: {
        tags: ['back office: players'],
        summary: "Set a player's VIP level by rank, or remove it (null); the level's guarantee starts now",
        params: IdParams,
        body: Type.Object({
          rank: Type.Union([Type.Integer({ minimum: 1, maximum: VIP_RANK_MAX }), Type.Null()]),
          reason: Reason,
        }),
        response: { 200: Envelope(PlayerLevelView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const actor = (await readOperator(request)).actor;
      const level = await vip.setMemberLevel(actor, request.params.id, request.body);
      return ok({ level: level ? { rank: level.rank, label: level.label, names: level.names } : null });
    },
  );

  app.put(
    '/bo/players/:id/birthday',
    {
      ...resourceRoute('loyalty.write', vip.findMerchantOfMember),
      schema: {
        tags: ['back office: players'],
        summary: "Set or clear a player's birthday (birthday gifts come in its month)",
        params: IdParams,
        body: Type.Object({ birthday: Type.Union([Birthday, Type.Null()]), reason: Reason }),
        response: {
          200: Envelope(Type.Object({ birthday: Nullable(Type.String()) })),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const actor = (await readOperator(request)).actor;
      return ok(await vip.setMemberBirthday(actor, request.params.id, request.body));
    },
  );
}
