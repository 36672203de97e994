import { formatAmount } from '@panalo/money/amount.ts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { POINT_BET_TYPES, POINT_RECORD_TYPES, rateOfBasisPoints } from '../../../db/loyalty-rules.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import {
  ADDRESS_LENGTH_MAX,
  CONVERT_POINTS_MAX,
  POINTS_PAGE_SIZE_MAX,
  type PointsService,
  REDEEM_QUANTITY_MAX,
} from '../../../modules/points/points.service.ts';
import { PLAIN_MULTIPLIER_BP } from '../../../modules/points/points-policy.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type { RateLimiter } from '../../../platform/rate-limit/rate-limiter.ts';
import { checkPaymentPassword } from '../../../workflows/payment-password.ts';
import { pointsMerchantOf } from '../../../workflows/points.ts';
import { Id } from '../../bo/bo-schemas.ts';
import { readMemberSession, requireMerchantMember } from '../../member-session.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { sealedCall } from '../sealed-call.ts';
import { StringOf } from '../system/system-schemas.ts';
import {
  DefaultedPageFields,
  MEMBER_ERROR_RESPONSES,
  MerchantLanguageQuery,
  PageOf,
} from '../wps-schemas.ts';
import {
  GoodsView,
  goodsViewOf,
  PointRecordView,
  REDEEM_STATUSES,
  RedeemRecordView,
  recordViewOf,
  redeemViewOf,
  type ViewReader,
} from './points-views.ts';

export type PointsRoutesDeps = { members: MemberService; rateLimiter: RateLimiter; points: PointsService };

const TAGS = ['points'];
const PAGE_SIZE_DEFAULT = 20;
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['100.00'] });
/** A multiplier as text: "1.50" is 1.5 ×. */
const Multiplier = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['1.50'] });

const GoodsQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  ...DefaultedPageFields(POINTS_PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
});
const RedeemsQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  status: Type.Optional(StringOf(REDEEM_STATUSES)),
  ...DefaultedPageFields(POINTS_PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
});
const RecordsQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  type: Type.Optional(StringOf(POINT_RECORD_TYPES)),
  ...DefaultedPageFields(POINTS_PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
});

const Balance = Type.Object({
  points: Type.Integer(),
  /** Points a claw-back could not take, taken from the next points first. */
  owed: Type.Integer(),
});

const Rule = Type.Object({ per: Money, points: Type.Integer() });
const Config = Type.Object({
  /** Points for each whole `per` of valid bet, per point type (before the member's multiplier). */
  earn: Type.Array(Type.Object({ type: StringOf(POINT_BET_TYPES), per: Money, points: Type.Integer() })),
  deposit: Type.Union([Rule, Type.Null()]),
  /** The member's level's multiplier; "1.00" for visitors and members without a level. */
  multiplier: Multiplier,
  /** From `from` points on, `amount` per 100 points converted. */
  exchange: Type.Array(Type.Object({ from: Type.Integer(), amount: Money })),
  convertMultiplier: Type.Integer(),
  minConvertPoints: Type.Integer(),
});

const RedeemBody = Type.Object({
  goodsId: Id,
  quantity: Type.Integer({ minimum: 1, maximum: REDEEM_QUANTITY_MAX }),
  paymentPassword: Type.String({ minLength: 1, maxLength: 128 }),
  /** Where a physical item is delivered; required for items. */
  address: Type.Optional(Type.String({ maxLength: ADDRESS_LENGTH_MAX })),
});
const ConvertBody = Type.Object({
  points: Type.Integer({ minimum: 1, maximum: CONVERT_POINTS_MAX }),
  paymentPassword: Type.String({ minLength: 1, maxLength: 128 }),
});
const Converted = Type.Object({
  points: Type.Integer(),
  /** What the bonus wallet received. */
  amount: Money,
  bonusId: Type.String(),
});

/** The sealed call's options (spec flag E), answering a member's errors (401, 403, 409 too). */
function sealedMemberCall<
  Body extends Parameters<typeof sealedCall>[2],
  Answer extends Parameters<typeof sealedCall>[3],
>(summary: string, body: Body, answer: Answer) {
  const options = sealedCall(TAGS, summary, body, answer);
  return {
    ...options,
    schema: { ...options.schema, response: { 200: Envelope(answer), ...MEMBER_ERROR_RESPONSES } },
  };
}

/** A multiplier's basis points as text: 15,000 → "1.50". */
function multiplierText(basisPoints: number): string {
  return rateOfBasisPoints(Math.floor(basisPoints / 100));
}

/**
 * The points mall for players (docs/loyalty.md "Points", Wire): the member's balance, records and
 * redeems; the goods and the programme's rules, for visitors too; redeeming goods and converting
 * points into the bonus wallet, sealed and behind the payment password.
 */
export function registerPointsRoutes(app: TypedApp, deps: PointsRoutesDeps): void {
  const { members, points } = deps;

  function readerOf(request: FastifyRequest): ViewReader {
    const merchant = requireMerchant(request);
    return {
      language: request.language,
      fallbackLanguage: merchant.defaultLanguage,
      currencySymbol: merchant.currencySymbol,
    };
  }

  app.get(
    '/wps/points/balance',
    {
      schema: {
        tags: TAGS,
        summary: "The member's points and the points they owe (T)",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Balance), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMerchantMember(request, members);
      const balance = await points.balanceOf(member.id);
      return ok({ points: Number(balance.balance), owed: Number(balance.owed) });
    },
  );

  app.get(
    '/wps/points/goods',
    {
      schema: {
        tags: TAGS,
        summary: 'The rewards points buy, in the merchant’s order (visitors too)',
        querystring: GoodsQuery,
        response: { 200: Envelope(PageOf(GoodsView)), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const { query } = request;
      const page = await points.listGoods({
        merchantIds: [merchant.id],
        status: 'active',
        page: query.page,
        pageSize: query.pageSize,
      });
      const reader = readerOf(request);
      return ok({
        list: page.rows.map((goods) => goodsViewOf(goods, reader)),
        totalPages: Math.ceil(page.total / query.pageSize),
      });
    },
  );

  app.get(
    '/wps/points/config',
    {
      schema: {
        tags: TAGS,
        summary: 'How points are earned and converted, with the viewer’s multiplier (visitors too)',
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Config), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const settings = merchant.settings.points;
      const viewer = await readMemberSession(request, members);
      const multiplierBp = viewer ? await points.multiplierBpOf(viewer.member.id) : PLAIN_MULTIPLIER_BP;
      const { policy } = pointsMerchantOf(merchant);
      return ok({
        earn: POINT_BET_TYPES.flatMap((type) => {
          const rule = settings.earn[type];
          return rule ? [{ type, per: rule.per, points: rule.points }] : [];
        }),
        deposit: settings.deposit,
        multiplier: multiplierText(multiplierBp),
        exchange: policy.exchange.map((row) => ({ from: row.from, amount: formatAmount(row.amountMinor) })),
        convertMultiplier: settings.convertMultiplier,
        minConvertPoints: settings.minConvertPoints,
      });
    },
  );

  app.get(
    '/wps/points/redeems',
    {
      schema: {
        tags: TAGS,
        summary: "The member's redeems, newest first (T)",
        querystring: RedeemsQuery,
        response: { 200: Envelope(PageOf(RedeemRecordView)), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMerchantMember(request, members);
      const { query } = request;
      const page = await points.listMemberRedeems(member.id, {
        status: query.status ?? null,
        page: query.page,
        pageSize: query.pageSize,
      });
      const reader = readerOf(request);
      return ok({
        list: page.rows.map((redeem) => redeemViewOf(redeem, reader)),
        totalPages: Math.ceil(page.total / query.pageSize),
      });
    },
  );

  app.get(
    '/wps/points/records',
    {
      schema: {
        tags: TAGS,
        summary: "The member's point records, newest first, of one type or all (T)",
        querystring: RecordsQuery,
        response: { 200: Envelope(PageOf(PointRecordView)), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMerchantMember(request, members);
      const { query } = request;
      const page = await points.listRecords(member.id, {
        type: query.type ?? null,
        page: query.page,
        pageSize: query.pageSize,
      });
      const reader = readerOf(request);
      return ok({
        list: page.rows.map((record) => recordViewOf(record, reader)),
        totalPages: Math.ceil(page.total / query.pageSize),
      });
    },
  );

  app.post(
    '/wps/points/redeem',
    sealedMemberCall(
      'Redeem goods for points: points and stock are reserved and the redeem waits for an operator (sealed, payment password)',
      RedeemBody,
      RedeemRecordView,
    ),
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const { body } = request;
      const passwordCheck = await checkPaymentPassword(deps, merchant.id, member, body.paymentPassword);
      await passwordCheck.clearFailures();
      const redeem = await points.redeem(pointsMerchantOf(merchant), member.id, {
        goodsId: body.goodsId,
        quantity: body.quantity,
        address: body.address ?? null,
      });
      return ok(redeemViewOf(redeem, readerOf(request)));
    },
  );

  app.post(
    '/wps/points/convert',
    sealedMemberCall(
      'Convert points into the bonus wallet at the exchange-rate table, with wagering (sealed, payment password)',
      ConvertBody,
      Converted,
    ),
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const { body } = request;
      const passwordCheck = await checkPaymentPassword(deps, merchant.id, member, body.paymentPassword);
      await passwordCheck.clearFailures();
      const converted = await points.convert(pointsMerchantOf(merchant), member.id, {
        points: body.points,
        language: request.language,
      });
      return ok({
        points: converted.points,
        amount: formatAmount(converted.amountMinor),
        bonusId: converted.bonusId,
      });
    },
  );
}
