import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import { rateOfBasisPoints } from '../../db/loyalty-rules.ts';
import type { MerchantService } from '../../modules/merchant/merchant.service.ts';
import {
  REBATE_DAYS_MAX,
  REBATE_LIST_PAGE_SIZE_MAX,
  type RebateDayOutcome,
  type RebateService,
} from '../../modules/rebate/rebate.service.ts';
import { linesOfStored } from '../../modules/rebate/rebate-rules.ts';
import { lengthOf, rangeOfPreset } from '../../modules/report/date-range.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { isCalendarDay } from '../../platform/time/zoned-day.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  MerchantIdField,
  MerchantScopeQuery,
  PageQueryFields,
} from './bo-schemas.ts';
import { readOperator, resolveMerchantScope } from './operator-session.ts';
import { merchantScopedRoute, targetMerchantOf } from './scoped-route.ts';

export type RebatesRoutesDeps = {
  rebates: RebateService;
  merchants: Pick<MerchantService, 'findById'>;
  now: () => Date;
};

const TAGS = ['back office: loyalty'];
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2026-11-22'] });
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['12.50'] });
const ACCOUNT_LENGTH_MAX = 64;
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 25;
/** The zone a platform owner's list of every merchant reads its default days in (the platform's own). */
const PLATFORM_TIME_ZONE = 'Asia/Manila';

const ListQuery = Type.Object({
  ...MerchantScopeQuery.properties,
  /** The first and last day of the payouts' times, in the merchant's zone; the past 30 days by default. */
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  /** The member's whole account name (any case). */
  account: Type.Optional(Type.String({ maxLength: ACCOUNT_LENGTH_MAX })),
  mode: Type.Optional(StringOf(['auto', 'manual'] as const)),
  status: Type.Optional(StringOf(['paid', 'skipped'] as const)),
  ...PageQueryFields(REBATE_LIST_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

const PayoutView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  memberId: Type.String(),
  account: Type.String(),
  mode: StringOf(['auto', 'manual'] as const),
  /** The closed day an automatic payout is for; null for a claim. */
  day: Nullable(Type.String()),
  /** The bet record's settlement times it covers, from (included) to (excluded). */
  coveredFrom: Type.String(),
  coveredTo: Type.String(),
  basis: StringOf(['validBet', 'theoreticalLoss'] as const),
  amount: Money,
  lines: Type.Array(
    Type.Object({ gameType: Type.String(), basisAmount: Money, rate: Type.String(), amount: Money }),
  ),
  /** skipped: the member could not be reached by promotions on the day's payment, and is never paid for it. */
  status: StringOf(['paid', 'skipped'] as const),
  skipReason: Nullable(Type.String()),
  bonusId: Nullable(Type.String()),
  createdAt: Type.String(),
});

const ListReply = Type.Object({
  ...CountedPageOf(PayoutView).properties,
  range: Type.Object({ from: Type.String(), to: Type.String() }),
  /** Over every page: payouts paid and their sum, and members recorded unpaid. */
  totals: Type.Object({ paid: Type.Integer(), paidAmount: Money, skipped: Type.Integer() }),
});

const RunBody = Type.Object({ merchantId: MerchantIdField, day: Day }, { additionalProperties: false });

const RunView = Type.Object({
  merchantId: Type.String(),
  day: Type.String(),
  paid: Type.Integer(),
  paidAmount: Money,
  skipped: Type.Integer(),
  /** The merchant's daily budget ran out: the members left are paid by a later run. */
  budgetExhausted: Type.Boolean(),
  /** Every member of the day is paid or recorded. */
  done: Type.Boolean(),
});

function runViewOf(outcome: RebateDayOutcome) {
  return {
    merchantId: outcome.merchantId,
    day: outcome.day,
    paid: outcome.paid,
    paidAmount: formatAmount(outcome.paidMinor),
    skipped: outcome.skipped,
    budgetExhausted: outcome.budgetExhausted,
    done: outcome.done,
  };
}

/**
 * Rebates in the back office (docs/loyalty.md "Rebates"): every payout with its lines, filtered
 * by days, member, mode and status, with the totals (loyalty.read); running a closed day's
 * automatic rebates now (loyalty.write, audited `rebate.run`).
 */
export function registerRebatesRoutes(app: TypedApp, deps: RebatesRoutesDeps): void {
  const { rebates } = deps;

  app.get(
    '/bo/rebates',
    {
      ...merchantScopedRoute('loyalty.read'),
      schema: {
        tags: TAGS,
        summary: `Rebate payouts, newest first, by days (at most ${REBATE_DAYS_MAX}), member, mode and status, with the totals of every page`,
        querystring: ListQuery,
        response: { 200: Envelope(ListReply), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const { merchantId, scope } = resolveMerchantScope(await readOperator(request), query.merchantId);
      const merchant = merchantId === null ? null : await deps.merchants.findById(merchantId);
      const timeZone = merchant?.timeZone ?? PLATFORM_TIME_ZONE;
      const fallback = rangeOfPreset('past30Days', timeZone, deps.now());
      const range = { from: query.from ?? fallback.from, to: query.to ?? query.from ?? fallback.to };
      if (
        !isCalendarDay(range.from) ||
        !isCalendarDay(range.to) ||
        range.from > range.to ||
        lengthOf(range) > REBATE_DAYS_MAX
      ) {
        throw new AppError('VALIDATION', { value: { fields: { from: 'range' } } });
      }
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const account = query.account?.trim();
      const page = await rebates.listPayouts(
        {
          merchantIds: scope,
          from: range.from,
          to: range.to,
          ...(account ? { accountKey: account.toLowerCase() } : {}),
          ...(query.mode ? { mode: query.mode } : {}),
          ...(query.status ? { status: query.status } : {}),
        },
        { page: query.page ?? 1, pageSize },
      );
      return ok({
        range,
        list: page.rows.map((row) => ({
          id: row.id,
          merchantId: row.merchant_id,
          memberId: row.member_id,
          account: row.account,
          mode: row.mode,
          day: row.day,
          coveredFrom: row.covered_from.toISOString(),
          coveredTo: row.covered_to.toISOString(),
          basis: row.basis,
          amount: formatAmount(row.amount_minor),
          lines: linesOfStored(row.lines).map((line) => ({
            gameType: line.gameType,
            basisAmount: formatAmount(line.basisMinor),
            rate: rateOfBasisPoints(line.rateBp),
            amount: formatAmount(line.amountMinor),
          })),
          status: row.status,
          skipReason: row.skip_reason,
          bonusId: row.bonus_id,
          createdAt: row.created_at.toISOString(),
        })),
        total: page.total,
        totalPages: page.totalPages,
        totals: { paid: page.paid, paidAmount: formatAmount(page.paidMinor), skipped: page.skipped },
      });
    },
  );

  app.post(
    '/bo/rebates/run',
    {
      ...merchantScopedRoute('loyalty.write'),
      schema: {
        tags: TAGS,
        summary:
          "Run a closed day's automatic rebates now (nobody is paid twice): CONFLICT NOT_CLOSED (with closesAt) for a day not yet closed, MANUAL_MODE while members claim their rebates; audited",
        body: RunBody,
        response: { 200: Envelope(RunView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { actor } = await readOperator(request);
      return ok(runViewOf(await rebates.runDay(actor, { merchantId, day: request.body.day })));
    },
  );
}
