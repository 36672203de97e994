import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import { BONUS_PAGE_SIZE_MAX, type BonusService } from '../../modules/bonus/bonus.service.ts';
import { BONUS_REASON_LENGTH_MAX } from '../../modules/bonus/bonus-terms.ts';
import { BonusTermsSchema, termsInMinor } from '../../modules/promotion/promotion-rules.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { SUPPORTED_LANGUAGES } from '../../platform/i18n/language.ts';
import { requirePositiveAmount } from '../amount.ts';
import { bonusItemOf } from '../wps/member/bonuses.routes.ts';
import { BonusView } from '../wps/promotion/bonus-view.ts';
import { StringOf } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, CountedPageOf, Id, PageQueryFields } from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { resourceRoute } from './scoped-route.ts';

export type BonusesRoutesDeps = { bonuses: BonusService };

const TAGS = ['back office: players'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 20;
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['250.00'] });
const Reason = Type.String({ minLength: 1, maxLength: BONUS_REASON_LENGTH_MAX });

const MemberParams = Type.Object({ id: Id });
const BonusParams = Type.Object({ id: Id, bonusId: Id });

const GrantBody = Type.Object({
  amount: Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16, examples: ['100.00'] }),
  terms: BonusTermsSchema,
  /** Why the player is given it; kept with the bonus and in the audit log. */
  reason: Reason,
  /** The language the player reads the accepted terms in; the merchant's default when left out. */
  language: Type.Optional(StringOf(SUPPORTED_LANGUAGES)),
});

/**
 * A player's bonuses in the back office (docs/promotions.md "Wire (back office)"): the list, a
 * grant by hand and a cancellation, each with the reason, audited; scoped to the player's merchant.
 */
export function registerBonusesRoutes(app: TypedApp, deps: BonusesRoutesDeps): void {
  const { bonuses } = deps;
  const findMerchant = bonuses.findMemberMerchant;
  /** The player's merchant: resourceRoute has found the player in the operator's scope already. */
  const merchantOf = async (memberId: string): Promise<string> => {
    const merchantId = await findMerchant(memberId);
    if (!merchantId) throw new AppError('NOT_FOUND');
    return merchantId;
  };

  app.get(
    '/bo/players/:id/bonuses',
    {
      ...resourceRoute('players.read', findMerchant),
      schema: {
        tags: TAGS,
        summary: "A player's bonuses, newest first, with their wagering, and the bonus wallet's balance",
        params: MemberParams,
        querystring: Type.Object(PageQueryFields(BONUS_PAGE_SIZE_MAX, PAGE_NUMBER_MAX)),
        response: {
          200: Envelope(Type.Object({ ...CountedPageOf(BonusView).properties, bonusBalance: Money })),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const page = await bonuses.listBonuses({
        memberId: request.params.id,
        status: 'all',
        page: request.query.page ?? 1,
        pageSize: request.query.pageSize ?? PAGE_SIZE_DEFAULT,
      });
      return ok({
        list: page.rows.map((bonus) => bonusItemOf(bonus, request.language, page.bonusBalanceMinor)),
        total: page.total,
        totalPages: page.totalPages,
        bonusBalance: formatAmount(page.bonusBalanceMinor),
      });
    },
  );

  app.post(
    '/bo/players/:id/bonuses',
    {
      ...resourceRoute('bonuses.write', findMerchant),
      schema: {
        tags: TAGS,
        summary:
          'Grant a player a bonus by hand, with its terms and a reason: active at once, or waiting behind the active one',
        params: MemberParams,
        body: GrantBody,
        response: { 200: Envelope(BonusView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const context = await readOperator(request);
      const memberId = request.params.id;
      const { body } = request;
      const granted = await bonuses.grantByOperator(context.actor, {
        merchantId: await merchantOf(memberId),
        memberId,
        amountMinor: requirePositiveAmount(body.amount, 'amount'),
        terms: termsInMinor(body.terms),
        reason: body.reason,
        language: body.language ?? null,
      });
      const balances = await bonuses.readBonusBalances([memberId]);
      return ok(bonusItemOf(granted, request.language, balances.get(memberId) ?? 0n));
    },
  );

  app.post(
    '/bo/players/:id/bonuses/:bonusId/cancel',
    {
      ...resourceRoute('bonuses.write', findMerchant),
      schema: {
        tags: TAGS,
        summary:
          "Cancel a player's bonus with a reason: an active one forfeits what the bonus wallet holds, a waiting one just ends",
        params: BonusParams,
        body: Type.Object({ reason: Reason }),
        response: { 200: Envelope(BonusView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const context = await readOperator(request);
      const memberId = request.params.id;
      const cancelled = await bonuses.cancel({
        merchantId: await merchantOf(memberId),
        memberId,
        bonusId: request.params.bonusId,
        canceller: { by: 'operator', actor: context.actor, reason: request.body.reason },
      });
      return ok(bonusItemOf(cancelled, request.language, 0n));
    },
  );
}
