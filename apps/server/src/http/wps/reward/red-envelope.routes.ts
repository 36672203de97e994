import { formatAmount } from '@panalo/money/amount.ts';
import { type Static, Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type {
  DropMemberView,
  RedEnvelopeService,
} from '../../../modules/red-envelope/red-envelope.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { textIn } from '../../../platform/i18n/localized-text.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import { MEMBER_ERROR_RESPONSES, MerchantLanguageQuery } from '../wps-schemas.ts';

export type RedEnvelopeRoutesDeps = { members: MemberService; redEnvelopes: RedEnvelopeService };

const TAGS = ['reward centre'];
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['12.34'] });
const DropId = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

export const DropView = Type.Object({
  id: Type.String(),
  title: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  status: StringOf(['upcoming', 'open', 'ended']),
  count: Type.Integer(),
  left: Type.Integer(),
  totalAmount: Money,
  minimumAmount: Money,
  /** SHA-256 hex of the server seed's hex text, shown before the drop opens. */
  serverSeedHash: Type.String(),
  /** Revealed once the drop has ended. */
  serverSeed: Nullable(Type.String()),
  /** The member's own envelope of the drop. */
  mine: Nullable(Type.Object({ index: Type.Integer(), amount: Money, openedAt: Type.String() })),
});

const OpenedView = Type.Object({ index: Type.Integer(), amount: Money, left: Type.Integer() });

const SplitView = Type.Object({
  id: Type.String(),
  serverSeed: Type.String(),
  serverSeedHash: Type.String(),
  count: Type.Integer(),
  totalAmount: Money,
  minimumAmount: Money,
  /** Every envelope's amount, in handing-out order: the i-th claimant opened the i-th. */
  amounts: Type.Array(Money),
});

function dropViewOf(
  view: DropMemberView,
  language: string,
  fallbackLanguage: string,
): Static<typeof DropView> {
  const { drop } = view;
  return {
    id: drop.id,
    title: textIn(drop.titles, language, fallbackLanguage),
    startsAt: drop.starts_at.toISOString(),
    endsAt: drop.ends_at.toISOString(),
    status: view.phase,
    count: drop.envelope_count,
    left: view.left,
    totalAmount: formatAmount(BigInt(drop.total_minor)),
    minimumAmount: formatAmount(BigInt(drop.minimum_minor)),
    serverSeedHash: drop.server_seed_hash,
    serverSeed: view.phase === 'ended' ? drop.server_seed : null,
    mine: view.mine
      ? {
          index: view.mine.index,
          amount: formatAmount(view.mine.amountMinor),
          openedAt: view.mine.openedAt.toISOString(),
        }
      : null,
  };
}

/**
 * Red envelopes for members (docs/red-envelopes.md, Wire): the drops their audience includes, the
 * opening of one envelope each, and a drop's split for the verifier once it has ended.
 */
export function registerRedEnvelopeRoutes(app: TypedApp, deps: RedEnvelopeRoutesDeps): void {
  const { members, redEnvelopes } = deps;

  app.get(
    '/wps/reward/envelopes',
    {
      schema: {
        tags: TAGS,
        summary:
          'Red-envelope drops for the member: starting within a day, open, or ended within a day, with what is left and the member’s own envelope',
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(Type.Object({ marketable: Type.Boolean(), list: Type.Array(DropView) })),
          ...MEMBER_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const [marketable, views] = await Promise.all([
        redEnvelopes.isMarketable(member.id),
        redEnvelopes.listForMember(merchant.id, member.id),
      ]);
      return ok({
        marketable: marketable.ok,
        list: views.map((view) => dropViewOf(view, request.language, merchant.defaultLanguage)),
      });
    },
  );

  app.post(
    '/wps/reward/envelopes/:id/open',
    {
      schema: {
        tags: TAGS,
        summary:
          'Open the member’s envelope of a drop (the next in claim order), paid as cash; CONFLICT NOT_OPEN, ALREADY_OPENED, ALL_TAKEN; FORBIDDEN outside its audience',
        params: DropId,
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(OpenedView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member, exclusionEndsAt } = await requireMerchantMember(request, members);
      const opened = await redEnvelopes.open({
        merchant: { id: merchant.id, currency: merchant.currency },
        memberId: member.id,
        dropId: request.params.id,
        // Read with the session: a claim reads nothing more before its batched statement.
        facts: {
          type: member.type,
          status: member.status,
          promotionsOptOut: member.promotions_opt_out,
          exclusionEndsAt,
        },
      });
      return ok({ index: opened.index, amount: formatAmount(opened.amountMinor), left: opened.left });
    },
  );

  app.get(
    '/wps/reward/envelopes/:id/split',
    {
      schema: {
        tags: TAGS,
        summary:
          'A drop’s split once it has ended (CONFLICT NOT_ENDED before): its seed and every amount in handing-out order, for the verifier',
        params: DropId,
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(SplitView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant } = await requireMerchantMember(request, members);
      const { drop, amounts } = await redEnvelopes.splitOf(merchant.id, request.params.id);
      return ok({
        id: drop.id,
        serverSeed: drop.server_seed,
        serverSeedHash: drop.server_seed_hash,
        count: drop.envelope_count,
        totalAmount: formatAmount(BigInt(drop.total_minor)),
        minimumAmount: formatAmount(BigInt(drop.minimum_minor)),
        amounts: amounts.map((amount) => formatAmount(amount)),
      });
    },
  );
}
