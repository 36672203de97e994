import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type { MemberVipView, VipService } from '../../../modules/vip/vip.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { vipMerchantOf } from '../../../workflows/vip.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { requireMerchantReader } from '../../merchant-context.ts';
import { ERROR_RESPONSES, Nullable, StringOf } from '../system/system-schemas.ts';
import { MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';
import { Money, VipBadgeView, VipLevelView, vipBadgeViewOf, vipLevelViewOf } from './vip-views.ts';

export type VipRoutesDeps = { members: MemberService; vip: VipService };

const TAGS = ['vip'];

const ProgrammeView = Type.Object({
  /** The whitelabel switch VIP: the site shows the programme. */
  enabled: Type.Boolean(),
  windowDays: Type.Integer(),
  reviewDay: Type.Integer(),
  levels: Type.Array(VipLevelView),
});

const VipMeView = Type.Object({
  level: Nullable(VipBadgeView),
  reachedAt: Nullable(Type.String()),
  guaranteedUntil: Nullable(Type.String()),
  /** The member's own figures in the window. */
  window: Type.Object({ days: Type.Integer(), deposit: Money, validBet: Money }),
  next: Nullable(
    Type.Object({
      rank: Type.Integer(),
      name: Type.String(),
      label: Type.String(),
      missingDeposit: Money,
      missingValidBet: Money,
    }),
  ),
  /** What the next review would do with today's figures (the daily projection); null: none yet. */
  projection: Nullable(
    Type.Object({
      outcome: StringOf(['keep', 'rise', 'fall']),
      rank: Nullable(Type.Integer()),
      reviewAt: Type.String(),
    }),
  ),
  birthday: Nullable(Type.String()),
  birthdaySettable: Type.Boolean(),
});

const BirthdayBody = Type.Object({
  birthday: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, examples: ['1990-05-17'] }),
});

function vipMeOf(view: MemberVipView, language: string, fallbackLanguage: string) {
  return {
    level: view.level ? vipBadgeViewOf(view.level, language, fallbackLanguage) : null,
    reachedAt: view.reachedAt?.toISOString() ?? null,
    guaranteedUntil: view.guaranteedUntil?.toISOString() ?? null,
    window: {
      days: view.window.days,
      deposit: formatAmount(view.window.depositMinor),
      validBet: formatAmount(view.window.validBetMinor),
    },
    next: view.next
      ? {
          ...vipBadgeViewOf(view.next.level, language, fallbackLanguage),
          missingDeposit: formatAmount(view.next.missingDepositMinor),
          missingValidBet: formatAmount(view.next.missingValidBetMinor),
        }
      : null,
    projection: view.projection
      ? {
          outcome: view.projection.outcome,
          rank: view.projection.rank,
          reviewAt: view.projection.reviewAt.toISOString(),
        }
      : null,
    birthday: view.birthday,
    birthdaySettable: view.birthday === null,
  };
}

/**
 * The VIP programme for players (docs/loyalty.md "VIP", Wire): the levels (visitors too), the
 * member's own level and figures, and the birthday the member sets once.
 */
export function registerVipRoutes(app: TypedApp, deps: VipRoutesDeps): void {
  const { vip } = deps;

  app.get(
    '/wps/vip/levels',
    {
      schema: {
        tags: TAGS,
        summary:
          "The merchant's VIP levels with their thresholds and benefits, and whether the site shows them",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(ProgrammeView), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = requireMerchantReader(request);
      const programme = vipMerchantOf(merchant);
      const levels = await vip.listLevels(merchant.id);
      return ok({
        enabled: programme.isEnabled,
        windowDays: programme.programme.windowDays,
        reviewDay: programme.programme.reviewDay,
        levels: levels.map((level) => vipLevelViewOf(level, reader.language, reader.fallbackLanguage)),
      });
    },
  );

  app.get(
    '/wps/vip/me',
    {
      schema: {
        tags: TAGS,
        summary:
          "The member's level, figures in the window, what the next level needs and the review's projection",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(VipMeView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const view = await vip.describeMember(vipMerchantOf(merchant), member.id);
      return ok(vipMeOf(view, request.language, merchant.defaultLanguage));
    },
  );

  app.put(
    '/wps/vip/birthday',
    {
      schema: {
        tags: TAGS,
        summary:
          'Set the member’s birthday, once (birthday gifts come in its month); CONFLICT BIRTHDAY_SET when set before',
        querystring: MerchantLanguageQuery,
        body: BirthdayBody,
        response: { 200: Envelope(VipMeView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      const programme = vipMerchantOf(merchant);
      await vip.setOwnBirthday(programme, member.id, request.body.birthday);
      const view = await vip.describeMember(programme, member.id);
      return ok(vipMeOf(view, request.language, merchant.defaultLanguage));
    },
  );
}
