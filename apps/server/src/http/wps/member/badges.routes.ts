import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type { MemberBadgeCounter } from '../../../workflows/member-badges.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { ERROR_RESPONSES } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';

const Count = Type.Integer({ minimum: 0 });

/**
 * The member centre's red badges (spec §2): counts of what the member can draw, open or claim now
 * and of unread messages, one call for the centre's menu; the socket's `reward`, `mission` and
 * `message` events tell the page when to ask again. Trial accounts have none (TRIAL_ACCOUNT).
 */
export function registerBadgeRoutes(
  app: TypedApp,
  deps: { members: MemberService; badges: MemberBadgeCounter },
): void {
  app.get(
    '/wps/member/badges',
    {
      schema: {
        tags: ['member'],
        summary: "The member centre's badge counts: rewardCenter, missionLeaderboard, messageV2",
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(Type.Object({ rewardCenter: Count, missionLeaderboard: Count, messageV2: Count })),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, deps.members);
      return ok(await deps.badges.countsOf(merchant.id, member.id));
    },
  );
}
