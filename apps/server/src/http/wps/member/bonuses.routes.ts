import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { LocalizedText } from '../../../db/schema.ts';
import {
  BONUS_PAGE_SIZE_MAX,
  type BonusService,
  type BonusWithTitle,
} from '../../../modules/bonus/bonus.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../../platform/http/typed.ts';
import { DEFAULT_LANGUAGE } from '../../../platform/i18n/language.ts';
import { IdParams } from '../../bo/bo-schemas.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { BonusView, bonusViewOf } from '../promotion/bonus-view.ts';
import {
  DefaultedPageFields,
  MEMBER_ERROR_RESPONSES,
  MerchantLanguageQuery,
  PageOf,
} from '../wps-schemas.ts';

export type MemberBonusRoutesDeps = { members: MemberService; bonuses: BonusService };

const TAGS = ['promotion'];
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['250.00'] });

const BonusListQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  /** open: waiting and active bonuses; ended: converted, forfeited, expired and cancelled ones. */
  status: Defaulted(
    Type.Unsafe<'open' | 'ended'>({ type: 'string', enum: ['open', 'ended'], default: 'open' }),
  ),
  ...DefaultedPageFields(BONUS_PAGE_SIZE_MAX, 20),
});

/** A promotion's title in the reader's language, else the default language's, else any. */
export function titleIn(title: LocalizedText | null, language: string): string | null {
  if (!title) return null;
  return title[language] ?? title[DEFAULT_LANGUAGE] ?? Object.values(title)[0] ?? null;
}

/** A bonus on the wire, with what cancelling it now would forfeit (the bonus wallet's balance). */
export function bonusItemOf(bonus: BonusWithTitle, language: string, bonusBalanceMinor: bigint) {
  return bonusViewOf(bonus, {
    promotionTitle: titleIn(bonus.promotion_title, language),
    bonusBalanceMinor,
  });
}

/**
 * The member's bonuses (docs/promotions.md "Wire (player)"): the list with the bonus wallet's
 * balance, cancelling one, and opting out of promotions. Reading the list first finishes what is
 * due (a conversion, the next bonus starting), so the member sees it at once.
 */
export function registerMemberBonusRoutes(app: TypedApp, deps: MemberBonusRoutesDeps): void {
  app.get(
    '/wps/member/bonuses',
    {
      schema: {
        tags: TAGS,
        summary:
          "The member's bonuses, newest first, with their wagering progress, and the bonus wallet's balance",
        querystring: BonusListQuery,
        response: {
          200: Envelope(Type.Object({ ...PageOf(BonusView).properties, bonusBalance: Money })),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const { query } = request;
      await deps.bonuses.settleIfDue({
        merchantId: merchant.id,
        memberId: member.id,
        currency: merchant.currency,
      });
      const page = await deps.bonuses.listBonuses({
        memberId: member.id,
        status: query.status,
        page: query.page,
        pageSize: query.pageSize,
      });
      return ok({
        list: page.rows.map((bonus) => bonusItemOf(bonus, request.language, page.bonusBalanceMinor)),
        totalPages: page.totalPages,
        bonusBalance: formatAmount(page.bonusBalanceMinor),
      });
    },
  );

  app.post(
    '/wps/member/bonuses/:id/cancel',
    {
      schema: {
        tags: TAGS,
        summary:
          'Cancel one of the member’s bonuses: an active one forfeits what the bonus wallet holds, a waiting one just ends',
        params: IdParams,
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(BonusView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const cancelled = await deps.bonuses.cancel({
        merchantId: merchant.id,
        memberId: member.id,
        bonusId: request.params.id,
        canceller: { by: 'member' },
      });
      return ok(bonusItemOf(cancelled, request.language, 0n));
    },
  );

  app.get(
    '/wps/member/promotions/optOut',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether the member opted out of promotions',
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(Type.Object({ optOut: Type.Boolean() })), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMerchantMember(request, deps.members);
      return ok({ optOut: member.promotions_opt_out });
    },
  );

  app.put(
    '/wps/member/promotions/optOut',
    {
      schema: {
        tags: TAGS,
        summary: 'Opt out of promotions (or back in): an opted-out member is offered and granted none',
        querystring: MerchantLanguageQuery,
        body: Type.Object({ optOut: Type.Boolean() }),
        response: { 200: Envelope(Type.Object({ optOut: Type.Boolean() })), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMerchantMember(request, deps.members);
      await deps.bonuses.setOptOut(member.id, request.body.optOut);
      return ok({ optOut: request.body.optOut });
    },
  );
}
