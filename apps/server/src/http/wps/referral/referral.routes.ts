import { formatAmount } from '@panalo/money/amount.ts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { MemberService } from '../../../modules/member/member.service.ts';
import type { ResolvedMerchant } from '../../../modules/merchant/merchant.service.ts';
import { merchantOriginOf } from '../../../modules/merchant/merchant.service.ts';
import {
  REFERRAL_PAGE_SIZE_MAX,
  type ReferralRuleRow,
  type ReferralService,
} from '../../../modules/referral/referral.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type { Language } from '../../../platform/i18n/language.ts';
import { referralMerchantOf } from '../../../workflows/referral.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { maskAccount } from '../agent/team.routes.ts';
import { ERROR_RESPONSES, StringOf } from '../system/system-schemas.ts';
import {
  DefaultedPageFields,
  MEMBER_ERROR_RESPONSES,
  MerchantLanguageQuery,
  PageOf,
} from '../wps-schemas.ts';

export type ReferralRoutesDeps = {
  members: MemberService;
  referrals: ReferralService;
  /** The platform's own origin, the link's base when the merchant has no main player domain. */
  publicOrigin: string;
  now?: () => Date;
};

const TAGS = ['referral'];
const PAGE_SIZE_DEFAULT = 20;
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$' });
const TRIGGERS = ['register', 'deposit', 'valid_bet'] as const;
const KINDS = ['cash', 'bonus'] as const;
const STATUSES = ['paid', 'held', 'rejected', 'skipped'] as const;
/** A friend counts as active with a login in this many days. */
export const ACTIVE_FRIEND_DAYS = 30;

const RuleView = Type.Object({
  id: Type.String(),
  /** The rule's name in the request's language. */
  name: Type.String(),
  /** What the friend must do: register, deposit at least `threshold` in all, or bet it (valid bet). */
  trigger: StringOf(TRIGGERS),
  threshold: Money,
  kind: StringOf(KINDS),
  /** What the referrer receives. */
  referrerAmount: Money,
  /** What the friend receives; 0.00: nothing. */
  friendAmount: Money,
  /** A bonus's wagering multiplier; 0 for cash. */
  multiplier: Type.Integer(),
  /** Days after joining within which the friend must reach it. */
  withinDays: Type.Integer(),
});

const ProgrammeView = Type.Object({
  /** The whitelabel switch REFERRAL. */
  enabled: Type.Boolean(),
  rules: Type.Array(RuleView),
});

const MeView = Type.Object({
  code: Type.String(),
  /** The merchant's own address with the code (`/?ref=CODE`), never the request's host. */
  link: Type.String(),
  friends: Type.Integer(),
  paid: Money,
  /** Rewards waiting for the operator's review. */
  held: Money,
});

const FriendView = Type.Object({
  id: Type.String(),
  /** Masked. */
  account: Type.String(),
  joinedAt: Type.String({ format: 'date-time' }),
  hasDeposited: Type.Boolean(),
  /** Logged in within the last 30 days. */
  isActive: Type.Boolean(),
});

const RewardView = Type.Object({
  id: Type.String(),
  /** The rule's name in the request's language. */
  rule: Type.String(),
  trigger: StringOf(TRIGGERS),
  /** Whether the member received it as the referrer or as the friend. */
  as: StringOf(['referrer', 'friend']),
  /** The friend's account, masked. */
  friend: Type.String(),
  kind: StringOf(KINDS),
  amount: Money,
  status: StringOf(STATUSES),
  createdAt: Type.String({ format: 'date-time' }),
});

const PageQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  ...DefaultedPageFields(REFERRAL_PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
});

/** A rule's name in a language: Tagalog unless English is asked for. */
function nameIn(language: Language, named: { name_ty: string; name_en: string }): string {
  return language === 'EN' ? named.name_en : named.name_ty;
}

export function ruleViewOf(rule: ReferralRuleRow, language: Language) {
  return {
    id: rule.id,
    name: nameIn(language, rule),
    trigger: rule.trigger,
    threshold: formatAmount(BigInt(rule.threshold_minor)),
    kind: rule.reward_kind,
    referrerAmount: formatAmount(BigInt(rule.referrer_amount_minor)),
    friendAmount: formatAmount(BigInt(rule.friend_amount_minor)),
    multiplier: rule.multiplier,
    withinDays: rule.within_days,
  };
}

/** The referral link of a code: the merchant's main player address, whatever host was asked. */
export function referralLinkOf(merchant: ResolvedMerchant, publicOrigin: string, code: string): string {
  return `${merchantOriginOf(merchant, publicOrigin)}/?ref=${encodeURIComponent(code)}`;
}

/**
 * Member referrals for players (docs/referrals.md "Wire"): the programme's rules (visitors too),
 * the member's code and link, friends and rewards. With the switch REFERRAL off every route
 * answers 403 FEATURE_DISABLED.
 */
export function registerReferralRoutes(app: TypedApp, deps: ReferralRoutesDeps): void {
  const { referrals } = deps;

  function requireEnabled(request: FastifyRequest): ResolvedMerchant {
    const merchant = requireMerchant(request);
    if (!referralMerchantOf(merchant).isEnabled) throw new AppError('FEATURE_DISABLED');
    return merchant;
  }

  async function requireMember(request: FastifyRequest) {
    requireEnabled(request);
    return requireMerchantMember(request, deps.members);
  }

  const pageOf = (query: { page: number; pageSize: number }) => ({
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });

  app.get(
    '/wps/referral/rules',
    {
      schema: {
        tags: TAGS,
        summary: "The referral programme's rules (visitors too); 403 FEATURE_DISABLED with the switch off",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(ProgrammeView), ...MEMBER_ERROR_RESPONSES, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchant = requireEnabled(request);
      const rules = await referrals.listRules(merchant.id, true);
      return ok({ enabled: true, rules: rules.map((rule) => ruleViewOf(rule, request.language)) });
    },
  );

  app.get(
    '/wps/referral/me',
    {
      schema: {
        tags: TAGS,
        summary: "The member's referral code and link, how many friends joined, what was paid and what waits",
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(MeView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMember(request);
      const sums = await referrals.sumMemberRewards(member.id);
      return ok({
        code: member.referral_code,
        link: referralLinkOf(merchant, deps.publicOrigin, member.referral_code),
        friends: sums.friends,
        paid: formatAmount(sums.paidMinor),
        held: formatAmount(sums.heldMinor),
      });
    },
  );

  app.get(
    '/wps/referral/friends',
    {
      schema: {
        tags: TAGS,
        summary: 'The friends who joined with the member’s code, newest first (accounts masked)',
        querystring: PageQuery,
        response: { 200: Envelope(PageOf(FriendView)), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMember(request);
      const page = await referrals.listFriends(member.id, pageOf(request.query));
      const activeSince = (deps.now ?? (() => new Date()))().getTime() - ACTIVE_FRIEND_DAYS * 86_400_000;
      return ok({
        list: page.rows.map((row) => ({
          id: row.id,
          account: maskAccount(row.account),
          joinedAt: row.created_at.toISOString(),
          hasDeposited: Boolean(row.has_deposited),
          isActive: row.last_login_at !== null && row.last_login_at.getTime() >= activeSince,
        })),
        totalPages: Math.ceil(page.total / request.query.pageSize),
      });
    },
  );

  app.get(
    '/wps/referral/rewards',
    {
      schema: {
        tags: TAGS,
        summary: 'The member’s referral rewards, newest first: paid, held for review, rejected or skipped',
        querystring: PageQuery,
        response: { 200: Envelope(PageOf(RewardView)), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { member } = await requireMember(request);
      const page = await referrals.listMemberRewards(member.id, pageOf(request.query));
      return ok({
        list: page.rows.map((row) => ({
          id: row.id,
          rule: nameIn(request.language, { name_ty: row.rule_name_ty, name_en: row.rule_name_en }),
          trigger: row.trigger,
          as: row.beneficiary,
          friend: maskAccount(row.friend_account),
          kind: row.reward_kind,
          amount: formatAmount(BigInt(row.amount_minor)),
          status: row.status,
          createdAt: row.created_at.toISOString(),
        })),
        totalPages: Math.ceil(page.total / request.query.pageSize),
      });
    },
  );
}
