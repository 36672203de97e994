import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import { type Static, Type } from 'typebox';
import type {
  ReferralRewardRow,
  ReferralRuleInput,
  ReferralRuleRow,
  ReferralService,
} from '../../modules/referral/referral.service.ts';
import { RULE_NAME_LENGTH_MAX } from '../../modules/referral/referral.service.ts';
import type { ReferralReportService } from '../../modules/report/referral-report.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../platform/http/typed.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  IdParams,
  MerchantIdField,
  PageQueryFields,
  ReportRangeQuery,
} from './bo-schemas.ts';
import { readOperator, resolveMerchantScope } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type ReferralsBackOfficeDeps = { referrals: ReferralService; referralReports: ReferralReportService };

const TAGS = ['back office: referrals'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_MAX = 100;
const PAGE_SIZE_DEFAULT = 25;
const TRIGGERS = ['register', 'deposit', 'valid_bet'] as const;
const KINDS = ['cash', 'bonus'] as const;
const STATUSES = ['paid', 'held', 'rejected', 'skipped'] as const;
const Amount = Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16, examples: ['100.00'] });
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$' });

const RuleFields = {
  /** The rule's name in Tagalog, which members reading Tagalog see. */
  nameTy: Type.String({
    minLength: 1,
    maxLength: RULE_NAME_LENGTH_MAX,
    examples: ['Nagdeposito ng ₱500 ang kaibigan'],
  }),
  /** The rule's name in English. */
  nameEn: Type.String({ minLength: 1, maxLength: RULE_NAME_LENGTH_MAX, examples: ['Friend deposits ₱500'] }),
  trigger: StringOf(TRIGGERS),
  /** Cumulative deposits or valid bet the friend must reach; 0 for register. */
  threshold: Amount,
  kind: StringOf(KINDS),
  referrerAmount: Amount,
  friendAmount: Defaulted(Type.String({ ...Amount, default: '0' })),
  /** A bonus's wagering multiplier, up to the merchant's promotions.maxMultiplier. */
  multiplier: Defaulted(Type.Integer({ minimum: 0, maximum: 50, default: 1 })),
  expiryDays: Defaulted(Type.Integer({ minimum: 1, maximum: 365, default: 7 })),
  withinDays: Defaulted(Type.Integer({ minimum: 1, maximum: 365, default: 30 })),
  enabled: Defaulted(Type.Boolean({ default: true })),
};
const RuleBody = Type.Object(RuleFields);
const NewRuleBody = Type.Object({ merchantId: MerchantIdField, ...RuleFields });

const RuleAdminView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  nameTy: Type.String(),
  nameEn: Type.String(),
  trigger: StringOf(TRIGGERS),
  threshold: Money,
  kind: StringOf(KINDS),
  referrerAmount: Money,
  friendAmount: Money,
  multiplier: Type.Integer(),
  expiryDays: Type.Integer(),
  withinDays: Type.Integer(),
  enabled: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const ReferralAdminView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  referrerId: Type.String(),
  referrer: Type.String(),
  friendId: Type.String(),
  friend: Type.String(),
  code: Type.String(),
  friendIp: Nullable(Type.String()),
  /** The friend registered from an address the referrer used (flag only). */
  sameIp: Type.Boolean(),
  /** The friend registered with a device the referrer used. */
  sameDevice: Type.Boolean(),
  paidRewards: Type.Integer(),
  heldRewards: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

const RewardAdminView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  beneficiary: StringOf(['referrer', 'friend']),
  account: Type.String(),
  referrer: Type.String(),
  friend: Type.String(),
  /** The rule's English name. */
  rule: Type.String(),
  kind: StringOf(KINDS),
  amount: Money,
  status: StringOf(STATUSES),
  holdReason: Nullable(StringOf(['SAME_IP_AND_DEVICE', 'SAME_PAYEE'])),
  skipReason: Nullable(StringOf(['NOT_MARKETABLE', 'TRIAL_ACCOUNT'])),
  sameIp: Type.Boolean(),
  sameDevice: Type.Boolean(),
  bonusId: Nullable(Type.String()),
  decidedBy: Nullable(Type.String()),
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
  createdAt: Type.String({ format: 'date-time' }),
});

const DecidedView = Type.Object({
  id: Type.String(),
  status: StringOf(STATUSES),
  bonusId: Nullable(Type.String()),
});

const RulesQuery = Type.Object({ merchantId: MerchantIdField });
const ReportRow = Type.Object({
  day: Type.String(),
  merchantId: Type.String(),
  merchantCode: Type.String(),
  referrals: Type.Integer(),
  paid: Type.Integer(),
  cash: Money,
  bonus: Money,
  /** What the programme cost that day: cash + bonus paid. */
  cost: Money,
  held: Type.Integer(),
  heldAmount: Money,
  rejected: Type.Integer(),
});
const ReferralsQuery = Type.Object({
  merchantId: MerchantIdField,
  /** Only referrals whose friend shared an address or a device with the referrer. */
  flagged: Type.Optional(Type.Boolean()),
  /** The referrer's or the friend's account. */
  account: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  ...PageQueryFields(PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});
const RewardsQuery = Type.Object({
  merchantId: MerchantIdField,
  status: Type.Optional(StringOf(STATUSES)),
  ...PageQueryFields(PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

function minorOf(text: string, field: string): bigint {
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.minor < 0n)
    throw new AppError('VALIDATION', { value: { fields: { [field]: 'amount' } } });
  return parsed.minor;
}

function ruleInputOf(body: Static<typeof RuleBody>): ReferralRuleInput {
  return {
    nameTy: body.nameTy,
    nameEn: body.nameEn,
    trigger: body.trigger,
    thresholdMinor: minorOf(body.threshold, 'threshold'),
    rewardKind: body.kind,
    referrerAmountMinor: minorOf(body.referrerAmount, 'referrerAmount'),
    friendAmountMinor: minorOf(body.friendAmount, 'friendAmount'),
    multiplier: body.multiplier,
    expiryDays: body.expiryDays,
    withinDays: body.withinDays,
    enabled: body.enabled,
  };
}

function ruleAdminViewOf(rule: ReferralRuleRow) {
  return {
    id: rule.id,
    merchantId: rule.merchant_id,
    nameTy: rule.name_ty,
    nameEn: rule.name_en,
    trigger: rule.trigger,
    threshold: formatAmount(BigInt(rule.threshold_minor)),
    kind: rule.reward_kind,
    referrerAmount: formatAmount(BigInt(rule.referrer_amount_minor)),
    friendAmount: formatAmount(BigInt(rule.friend_amount_minor)),
    multiplier: rule.multiplier,
    expiryDays: rule.expiry_days,
    withinDays: rule.within_days,
    enabled: rule.enabled,
    createdAt: rule.created_at.toISOString(),
    updatedAt: rule.updated_at.toISOString(),
  };
}

function decidedViewOf(reward: ReferralRewardRow) {
  return { id: reward.id, status: reward.status, bonusId: reward.bonus_id };
}

/**
 * Member referrals in the back office (docs/referrals.md "Back office"): the rules (referrals.read
 * to list, referrals.write to create and change, audited), the referrals with the checks' flags,
 * the rewards, and the review of held rewards (referrals.write: approve pays, reject never does;
 * each once, audited).
 */
export function registerReferralsBackOfficeRoutes(app: TypedApp, deps: ReferralsBackOfficeDeps): void {
  const { referrals } = deps;

  app.get(
    '/bo/referrals/rules',
    {
      ...merchantScopedRoute('referrals.read'),
      schema: {
        tags: TAGS,
        summary: "The merchant's referral rules, oldest first",
        querystring: RulesQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(RuleAdminView) })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      return ok({ list: (await referrals.listRules(merchantId, false)).map(ruleAdminViewOf) });
    },
  );

  app.post(
    '/bo/referrals/rules',
    {
      ...merchantScopedRoute('referrals.write'),
      schema: {
        tags: TAGS,
        summary: 'Add a referral rule (audited); it applies to friends who join from now on',
        body: NewRuleBody,
        response: { 200: Envelope(RuleAdminView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { merchantId: _named, ...body } = request.body;
      const { actor } = await readOperator(request);
      return ok(ruleAdminViewOf(await referrals.createRule(actor, merchantId, ruleInputOf(body))));
    },
  );

  app.put(
    '/bo/referrals/rules/:id',
    {
      ...resourceRoute('referrals.write', referrals.findRuleMerchantId),
      schema: {
        tags: TAGS,
        summary: 'Change a referral rule, or switch it off (audited); rewards already written stay',
        params: IdParams,
        body: RuleBody,
        response: { 200: Envelope(RuleAdminView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { actor } = await readOperator(request);
      return ok(
        ruleAdminViewOf(await referrals.updateRule(actor, request.params.id, ruleInputOf(request.body))),
      );
    },
  );

  app.get(
    '/bo/referrals',
    {
      ...merchantScopedRoute('referrals.read'),
      schema: {
        tags: TAGS,
        summary: 'Referrals, newest first: referrer, friend, the checks’ flags and the rewards paid and held',
        querystring: ReferralsQuery,
        response: { 200: Envelope(CountedPageOf(ReferralAdminView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const page = await referrals.listReferrals({
        merchantIds: await readMerchantScope(request),
        flaggedOnly: query.flagged === true,
        account: query.account ?? null,
        limit: pageSize,
        offset: ((query.page ?? 1) - 1) * pageSize,
      });
      return ok({
        list: page.rows.map((row) => ({
          id: row.id,
          merchantId: row.merchant_id,
          referrerId: row.referrer_id,
          referrer: row.referrer_account,
          friendId: row.friend_id,
          friend: row.friend_account,
          code: row.code,
          friendIp: row.friend_ip,
          sameIp: row.same_ip,
          sameDevice: row.same_device,
          paidRewards: Number(row.paid_count ?? 0),
          heldRewards: Number(row.held_count ?? 0),
          createdAt: row.created_at.toISOString(),
        })),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
      });
    },
  );

  app.get(
    '/bo/referrals/rewards',
    {
      ...merchantScopedRoute('referrals.read'),
      schema: {
        tags: TAGS,
        summary: 'Referral rewards by status, newest first (held ones wait for review)',
        querystring: RewardsQuery,
        response: { 200: Envelope(CountedPageOf(RewardAdminView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const page = await referrals.listRewards({
        merchantIds: await readMerchantScope(request),
        status: query.status ?? null,
        limit: pageSize,
        offset: ((query.page ?? 1) - 1) * pageSize,
      });
      return ok({
        list: page.rows.map((row) => ({
          id: row.id,
          merchantId: row.merchant_id,
          beneficiary: row.beneficiary,
          account: row.account,
          referrer: row.referrer_account,
          friend: row.friend_account,
          rule: row.rule_name_en,
          kind: row.reward_kind,
          amount: formatAmount(BigInt(row.amount_minor)),
          status: row.status,
          holdReason: row.hold_reason,
          skipReason: row.skip_reason,
          sameIp: row.same_ip,
          sameDevice: row.same_device,
          bonusId: row.bonus_id,
          decidedBy: row.decided_by,
          decidedAt: row.decided_at?.toISOString() ?? null,
          createdAt: row.created_at.toISOString(),
        })),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
      });
    },
  );

  app.get(
    '/bo/reports/referrals',
    {
      ...merchantScopedRoute('reports.read'),
      schema: {
        tags: ['back office: reports'],
        summary:
          "The referral programme's cost per merchant day: friends who joined, rewards paid in cash and as bonuses, held and rejected",
        querystring: ReportRangeQuery,
        response: {
          200: Envelope(
            Type.Object({
              range: Type.Object({ from: Type.String(), to: Type.String() }),
              list: Type.Array(ReportRow),
            }),
          ),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { query } = request;
      const { scope } = resolveMerchantScope(await readOperator(request), query.merchantId);
      const report = await deps.referralReports.report({
        scope,
        preset: query.preset,
        from: query.from,
        to: query.to,
      });
      return ok({
        range: report.range,
        list: report.list.map((row) => ({
          day: row.day,
          merchantId: row.merchantId,
          merchantCode: row.merchantCode,
          referrals: row.referrals,
          paid: row.paid,
          cash: formatAmount(row.cashMinor),
          bonus: formatAmount(row.bonusMinor),
          cost: formatAmount(row.cashMinor + row.bonusMinor),
          held: row.held,
          heldAmount: formatAmount(row.heldMinor),
          rejected: row.rejected,
        })),
      });
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/bo/referrals/rewards/:id/${decision}`,
      {
        ...resourceRoute('referrals.write', referrals.findRewardMerchantId),
        schema: {
          tags: TAGS,
          summary:
            decision === 'approve'
              ? 'Approve a held referral reward: it is paid now (audited); CONFLICT ALREADY_DECIDED when decided before'
              : 'Reject a held referral reward: it is never paid (audited); CONFLICT ALREADY_DECIDED when decided before',
          params: IdParams,
          response: { 200: Envelope(DecidedView), ...BO_ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { actor } = await readOperator(request);
        return ok(decidedViewOf(await referrals.decideHeld(actor, request.params.id, decision)));
      },
    );
  }
}
