import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import { rateOfBasisPoints } from '../../../db/loyalty-rules.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { REBATE_HISTORY_PAGE_SIZE_MAX, type RebateService } from '../../../modules/rebate/rebate.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import {
  DefaultedPageFields,
  MEMBER_ERROR_RESPONSES,
  MerchantLanguageQuery,
  PageOf,
} from '../wps-schemas.ts';

export type RebateRoutesDeps = { members: MemberService; rebates: RebateService };

const TAGS = ['rebate'];
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['12.50'] });
const Rate = Type.String({
  pattern: '^\\d+\\.\\d{2}$',
  examples: ['0.50'],
  description: 'Percent: "0.50" is 0.50 %',
});
const Mode = StringOf(['auto', 'manual'] as const);

const AccruedView = Type.Object({
  /** auto: paid by the daily job after each day closes; manual: claimed here (switch MANPLAYREB3). */
  mode: Mode,
  basis: StringOf(['validBet', 'theoreticalLoss'] as const),
  /** By game type: what the rate applies to, the rate (the member's level's, else the merchant's) and the amount. */
  lines: Type.Array(Type.Object({ gameType: Type.String(), basisAmount: Money, rate: Rate, amount: Money })),
  total: Money,
  /** The least amount paid (a claim below it is refused with NOTHING). */
  minimum: Money,
  /** Manual mode: when the next claim may be made while the claim interval runs; null when a claim may be made now. */
  nextClaimAt: Nullable(Type.String()),
  /** Manual mode: the last claim; automatic mode: the last rebate paid. */
  lastClaimAt: Nullable(Type.String()),
});

const HistoryItem = Type.Object({
  id: Type.String(),
  mode: Mode,
  /** The closed day an automatic rebate paid; null for a claim. */
  day: Nullable(Type.String()),
  amount: Money,
  createdAt: Type.String(),
});

const HistoryQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  ...DefaultedPageFields(REBATE_HISTORY_PAGE_SIZE_MAX, 20),
});

/**
 * The member's rebates (docs/loyalty.md "Rebates", Wire): what accrued and is not paid yet, a
 * manual claim of it (switch MANPLAYREB3 on), and the rebates paid so far. Members only.
 */
export function registerRebateRoutes(app: TypedApp, deps: RebateRoutesDeps): void {
  const { members, rebates } = deps;

  app.get(
    '/wps/rebate/accrued',
    {
      schema: {
        tags: TAGS,
        summary:
          "What accrued to the member since their last rebate and is not paid yet, by game type, with the mode, the minimum and the claim interval's next moment",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(AccruedView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const accrued = await rebates.accrued({ merchantId: merchant.id, memberId: member.id });
      return ok({
        mode: accrued.mode,
        basis: accrued.basis,
        lines: accrued.lines.map((line) => ({
          gameType: line.gameType,
          basisAmount: formatAmount(line.basisMinor),
          rate: rateOfBasisPoints(line.rateBp),
          amount: formatAmount(line.amountMinor),
        })),
        total: formatAmount(accrued.totalMinor),
        minimum: formatAmount(accrued.minimumMinor),
        nextClaimAt: accrued.nextClaimAt?.toISOString() ?? null,
        lastClaimAt: accrued.lastClaimAt?.toISOString() ?? null,
      });
    },
  );

  app.post(
    '/wps/rebate/claim',
    {
      schema: {
        tags: TAGS,
        summary:
          'Claim what accrued at once, paid as a bonus (manual mode): CONFLICT AUTO_MODE, TOO_SOON (with nextClaimAt) or NOTHING (below the minimum); FORBIDDEN for a member promotions may not reach',
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(Type.Object({ amount: Money, bonusId: Type.String() })),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const claimed = await rebates.claim({
        merchantId: merchant.id,
        memberId: member.id,
        language: request.language,
      });
      return ok({ amount: formatAmount(claimed.amountMinor), bonusId: claimed.bonusId });
    },
  );

  app.get(
    '/wps/rebate/history',
    {
      schema: {
        tags: TAGS,
        summary: "The member's rebates paid, newest first",
        querystring: HistoryQuery,
        response: { 200: Envelope(PageOf(HistoryItem)), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMerchantMember(request, members);
      const { query } = request;
      const page = await rebates.history({ memberId: member.id, page: query.page, pageSize: query.pageSize });
      return ok({
        list: page.rows.map((row) => ({
          id: row.id,
          mode: row.mode,
          day: row.day,
          amount: formatAmount(row.amount_minor),
          createdAt: row.created_at.toISOString(),
        })),
        totalPages: page.totalPages,
      });
    },
  );
}
