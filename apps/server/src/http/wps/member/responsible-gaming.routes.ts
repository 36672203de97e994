import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import {
  EXCLUSION_KINDS,
  PLAY_LIMIT_KINDS,
  PLAY_LIMIT_PERIODS,
  type PlayLimitKind,
  type PlayOverview,
  REALITY_CHECK_MINUTES,
  type ResponsibleGamingService,
} from '../../../modules/responsible-gaming/responsible-gaming.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type { Realtime } from '../../../platform/realtime/realtime.ts';
import { takePlayBreak } from '../../../workflows/responsible-gaming.ts';
import { requirePositiveAmount } from '../../amount.ts';
import { requireMember } from '../../member-session.ts';
import { ERROR_RESPONSES, IntegerOf, Nullable, StringOf } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';

export type ResponsibleGamingRoutesDeps = {
  members: MemberService;
  responsibleGaming: ResponsibleGamingService;
  realtime: Realtime;
};

const TAGS = ['responsible gaming'];
/** Money limits as decimal strings ("500.00"); session-time limits as whole minutes ("90"). */
const LimitValue = Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16 });

const LimitItem = Type.Object({
  kind: StringOf(PLAY_LIMIT_KINDS),
  period: StringOf(PLAY_LIMIT_PERIODS),
  value: Nullable(Type.String()),
  pendingValue: Nullable(Type.String()),
  /** When a raise (or the removal, when pendingValue is null) takes effect. */
  pendingAt: Nullable(Type.String({ format: 'date-time' })),
  used: Type.String(),
});
const OverviewValue = Type.Object({
  limits: Type.Array(LimitItem),
  realityCheckMinutes: Nullable(Type.Integer()),
  exclusion: Nullable(
    Type.Object({ kind: StringOf(EXCLUSION_KINDS), endsAt: Type.String({ format: 'date-time' }) }),
  ),
  /** False while a deposit would be refused whatever its amount (a break, a used-up deposit limit). */
  canDeposit: Type.Boolean(),
});

const LimitBody = Type.Object({
  kind: StringOf(PLAY_LIMIT_KINDS),
  period: StringOf(PLAY_LIMIT_PERIODS),
  /** null removes the limit (after the waiting time). */
  value: Nullable(LimitValue),
});
const RealityCheckBody = Type.Object({ minutes: Nullable(IntegerOf(REALITY_CHECK_MINUTES)) });
const BreakBody = Type.Object({ kind: StringOf(EXCLUSION_KINDS) });

const formatLimit = (kind: PlayLimitKind, value: bigint | null) =>
  value === null ? null : kind === 'session' ? value.toString() : formatAmount(value);

function overviewItem(overview: PlayOverview) {
  return {
    limits: overview.limits.map((limit) => ({
      kind: limit.kind,
      period: limit.period,
      value: formatLimit(limit.kind, limit.value),
      pendingValue: formatLimit(limit.kind, limit.pendingValue),
      pendingAt: limit.pendingAt?.toISOString() ?? null,
      used: formatLimit(limit.kind, limit.used) ?? '0',
    })),
    realityCheckMinutes: overview.realityCheckMinutes,
    exclusion: overview.exclusion
      ? { kind: overview.exclusion.kind, endsAt: overview.exclusion.endsAt.toISOString() }
      : null,
    canDeposit: overview.canDeposit,
  };
}

function parseLimitValue(kind: PlayLimitKind, text: string | null): bigint | null {
  if (text === null) return null;
  if (kind === 'session') {
    if (!/^\d{1,6}$/.test(text))
      throw new AppError('VALIDATION', { value: { fields: { value: 'minutes' } } });
    return BigInt(text);
  }
  return requirePositiveAmount(text, 'value');
}

/** The member centre's responsible gaming page: limits, reality check, breaks (issue 5). */
export function registerResponsibleGamingRoutes(app: TypedApp, deps: ResponsibleGamingRoutesDeps): void {
  const memberOf = async (request: Parameters<typeof requireMember>[0]) => {
    const { member } = await requireMember(request, deps.members);
    return { member, who: { memberId: member.id, merchantId: member.merchant_id } };
  };
  const answer = async (who: { memberId: string; merchantId: string }) =>
    ok(overviewItem(await deps.responsibleGaming.getOverview(who)));

  app.get(
    '/wps/member/responsibleGaming',
    {
      schema: {
        tags: TAGS,
        summary: "The member's limits with what this period has used, reality check and break",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(OverviewValue), ...ERROR_RESPONSES },
      },
    },
    async (request) => answer((await memberOf(request)).who),
  );

  app.put(
    '/wps/member/responsibleGaming/limit',
    {
      schema: {
        tags: TAGS,
        summary: 'Sets a deposit, loss or session-time limit: lower at once, higher after 24 hours',
        querystring: MerchantLanguageQuery,
        body: LimitBody,
        response: { 200: Envelope(OverviewValue), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { who } = await memberOf(request);
      const { body } = request;
      await deps.responsibleGaming.setLimit(who, {
        kind: body.kind,
        period: body.period,
        value: parseLimitValue(body.kind, body.value),
      });
      return answer(who);
    },
  );

  app.put(
    '/wps/member/responsibleGaming/realityCheck',
    {
      schema: {
        tags: TAGS,
        summary: 'Sets how often the player is reminded how long they have played (null: never)',
        querystring: MerchantLanguageQuery,
        body: RealityCheckBody,
        response: { 200: Envelope(OverviewValue), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { who } = await memberOf(request);
      await deps.responsibleGaming.setRealityCheck(who, request.body.minutes);
      return answer(who);
    },
  );

  app.post(
    '/wps/member/responsibleGaming/break',
    {
      schema: {
        tags: TAGS,
        summary: 'Takes a break or self-excludes: every session ends at once, login is refused until it ends',
        querystring: MerchantLanguageQuery,
        body: BreakBody,
        response: {
          200: Envelope(
            Type.Object({ kind: StringOf(EXCLUSION_KINDS), endsAt: Type.String({ format: 'date-time' }) }),
          ),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { member } = await memberOf(request);
      const { exclusion } = await takePlayBreak(deps, member, request.body.kind);
      return ok({ kind: exclusion.kind, endsAt: exclusion.endsAt.toISOString() });
    },
  );
}
