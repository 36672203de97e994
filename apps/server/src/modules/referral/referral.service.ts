import { sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { LOYALTY_GAME_TYPES } from '../../db/loyalty-rules.ts';
import type { Database, ReferralRewardKind, ReferralRewardStatus, ReferralTrigger } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import {
  decideHeldRewardIn,
  findFriendsPage,
  findMemberRewardsPage,
  findMerchantIds,
  findPendingRewards,
  findReferralsPage,
  findReferrerByCode,
  findReward,
  findRewardMerchantId,
  findRewardsPage,
  findRule,
  findRuleMerchantId,
  findRules,
  findSharedClient,
  insertReferral,
  insertRewardsIn,
  type PendingReward,
  RECENT_LOGIN_DAYS,
  type ReferralRewardRow,
  type ReferralRow,
  type ReferralRuleRow,
  setRewardBonusIn,
} from './referral.repository.ts';

export type { ReferralRewardRow, ReferralRow, ReferralRuleRow };

const DAY_MS = 86_400_000;
/** Pending (referral, rule) pairs one run of the job looks at per merchant. */
export const PENDING_BATCH_MAX = 500;
export const RULE_NAME_LENGTH_MAX = 80;
export const REFERRAL_PAGE_SIZE_MAX = 50;
/** The largest amount a rule pays one beneficiary (minor units): 1,000,000.00. */
export const RULE_AMOUNT_MINOR_MAX = 100_000_000n;

/** What the referral module needs to know of a merchant (workflows/referral.ts reads it). */
export type ReferralMerchant = {
  id: string;
  currency: string;
  defaultLanguage: string;
  /** The whitelabel switch REFERRAL: the programme is shown, codes record referrals, the job pays. */
  isEnabled: boolean;
  /** Merchant settings promotions.maxMultiplier: a bonus's wagering stays under it. */
  maxMultiplier: number;
};

/** A reward's bonus terms, as the bonus engine takes them (modules/bonus/bonus-api.ts BonusTerms). */
type ReferralBonusTerms = {
  multiplier: number;
  includeDeposit: boolean;
  contributions: Record<string, number>;
  maxStakeMinor: bigint | null;
  expiryDays: number;
  maxConversionMinor: bigint | null;
  minSpinStakeMinor: bigint | null;
  minSpinLines: number | null;
};

/**
 * What the referral module needs of the bonus engine (modules/bonus/bonus-api.ts); app.ts hands the
 * engine in as it is, since modules never import each other.
 */
export type ReferralEngine = {
  grantIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      source: 'referral';
      amountMinor: bigint;
      terms: ReferralBonusTerms;
      language: string;
    },
  ): Promise<{ bonusId: string; announce: () => void }>;
  payCashIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      code: 'referral_reward';
      key: string;
      reference: string;
      amountMinor: bigint;
      promotionId: null;
    },
  ): Promise<{ announce: () => void }>;
  isMarketable(
    memberId: string,
  ): Promise<{ ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' }>;
};

/** A rule as an operator writes it. */
export type ReferralRuleInput = {
  /** The rule's name in Tagalog and in English. */
  nameTy: string;
  nameEn: string;
  trigger: ReferralTrigger;
  thresholdMinor: bigint;
  rewardKind: ReferralRewardKind;
  referrerAmountMinor: bigint;
  friendAmountMinor: bigint;
  multiplier: number;
  expiryDays: number;
  withinDays: number;
  enabled: boolean;
};

/** A friend's registration as the register workflow hands it over. */
export type ReferralRegistration = {
  merchant: ReferralMerchant;
  friendId: string;
  code: string;
  ip: string | null;
  deviceId: string | null;
};

export type ReferralService = ReturnType<typeof createReferralService>;

function ruleSnapshot(rule: ReferralRuleRow) {
  return {
    nameTy: rule.name_ty,
    nameEn: rule.name_en,
    trigger: rule.trigger,
    threshold: String(rule.threshold_minor),
    rewardKind: rule.reward_kind,
    referrerAmount: String(rule.referrer_amount_minor),
    friendAmount: String(rule.friend_amount_minor),
    multiplier: rule.multiplier,
    expiryDays: rule.expiry_days,
    withinDays: rule.within_days,
    enabled: rule.enabled,
  };
}

function checkRuleInput(input: ReferralRuleInput, maxMultiplier: number): void {
  const fields: Record<string, string> = {};
  if (input.nameTy.trim() === '' || input.nameTy.length > RULE_NAME_LENGTH_MAX) fields.nameTy = 'length';
  if (input.nameEn.trim() === '' || input.nameEn.length > RULE_NAME_LENGTH_MAX) fields.nameEn = 'length';
  if (input.trigger === 'register' && input.thresholdMinor !== 0n) fields.threshold = 'range';
  if (input.trigger !== 'register' && input.thresholdMinor <= 0n) fields.threshold = 'range';
  if (input.thresholdMinor > RULE_AMOUNT_MINOR_MAX * 100n) fields.threshold = 'range';
  if (input.referrerAmountMinor <= 0n || input.referrerAmountMinor > RULE_AMOUNT_MINOR_MAX) {
    fields.referrerAmount = 'range';
  }
  if (input.friendAmountMinor < 0n || input.friendAmountMinor > RULE_AMOUNT_MINOR_MAX) {
    fields.friendAmount = 'range';
  }
  if (input.rewardKind === 'bonus' && (input.multiplier < 0 || input.multiplier > maxMultiplier)) {
    fields.multiplier = 'range';
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
}

/**
 * Member referrals (docs/referrals.md): a friend registering with a member's code is recorded with
 * what the checks found; the operator's rules pay the referrer (and optionally the friend) once per
 * friend, rule and beneficiary, through the bonus engine, by a job over deposits and the bet
 * rollups; rewards the checks hold wait for an operator's decision.
 */
export function createReferralService(
  deps: ServiceDeps<{
    engine: ReferralEngine;
    recordChange: RecordChange;
    /** The merchant as the programme reads it; null for one that does not exist. */
    readMerchant: (merchantId: string) => Promise<ReferralMerchant | null>;
  }>,
) {
  const { db, engine, recordChange, readMerchant } = deps;
  const now = clockOf(deps);

  function termsOf(rule: ReferralRuleRow, merchant: ReferralMerchant): ReferralBonusTerms {
    return {
      // The engine refuses wagering above the merchant's promotions cap: a reward stays under it.
      multiplier: Math.min(rule.multiplier, merchant.maxMultiplier),
      includeDeposit: false,
      contributions: Object.fromEntries(LOYALTY_GAME_TYPES.map((type) => [type, 10_000])),
      maxStakeMinor: null,
      expiryDays: rule.expiry_days,
      maxConversionMinor: null,
      minSpinStakeMinor: null,
      minSpinLines: null,
    };
  }

  /** Pays a reward row in the caller's transaction; answers what to announce once committed. */
  async function payIn(
    trx: Transaction<Database>,
    merchant: ReferralMerchant,
    reward: ReferralRewardRow,
    rule: ReferralRuleRow,
  ): Promise<() => void> {
    if (reward.reward_kind === 'cash') {
      const paid = await engine.payCashIn(trx, {
        merchantId: merchant.id,
        memberId: reward.member_id,
        currency: merchant.currency,
        code: 'referral_reward',
        key: `referral:${reward.id}`,
        reference: `referral:${reward.referral_id}:${reward.rule_id}:${reward.beneficiary}`,
        amountMinor: BigInt(reward.amount_minor),
        promotionId: null,
      });
      return paid.announce;
    }
    const granted = await engine.grantIn(trx, {
      merchantId: merchant.id,
      memberId: reward.member_id,
      currency: merchant.currency,
      source: 'referral',
      amountMinor: BigInt(reward.amount_minor),
      terms: termsOf(rule, merchant),
      language: merchant.defaultLanguage,
    });
    await setRewardBonusIn(trx, reward.id, granted.bonusId);
    return granted.announce;
  }

  /** Whether a rule's condition is met by what the friend reached. */
  function isReached(pending: PendingReward): boolean {
    if (pending.rule.trigger === 'register') return true;
    return pending.reachedMinor >= BigInt(pending.rule.threshold_minor);
  }

  /**
   * Rewards one reached (referral, rule): the rows written once (the unique key lets one of two
   * runs through), each held, skipped or paid in the same transaction. Answers whether it wrote.
   */
  async function rewardOne(merchant: ReferralMerchant, pending: PendingReward): Promise<boolean> {
    const { rule } = pending;
    // The same address alone is only flagged (carriers share addresses); with the same device, or
    // the same payee name, the reward waits for an operator.
    const holdReason =
      pending.sameIp && pending.sameDevice
        ? ('SAME_IP_AND_DEVICE' as const)
        : pending.samePayee
          ? ('SAME_PAYEE' as const)
          : null;
    const beneficiaries: { beneficiary: 'referrer' | 'friend'; memberId: string; amountMinor: bigint }[] = [
      {
        beneficiary: 'referrer',
        memberId: pending.referrerId,
        amountMinor: BigInt(rule.referrer_amount_minor),
      },
    ];
    if (BigInt(rule.friend_amount_minor) > 0n) {
      beneficiaries.push({
        beneficiary: 'friend',
        memberId: pending.friendId,
        amountMinor: BigInt(rule.friend_amount_minor),
      });
    }
    const marketability = await Promise.all(beneficiaries.map((one) => engine.isMarketable(one.memberId)));
    const at = now();
    const announces: Array<() => void> = [];
    const wrote = await db.transaction().execute(async (trx) => {
      const rows = await insertRewardsIn(
        trx,
        beneficiaries.map((one, index) => {
          const market = marketability[index] ?? { ok: true as const };
          // A member promotions may not reach gets nothing for it, now or later (skipped).
          const status: ReferralRewardStatus = !market.ok ? 'skipped' : holdReason ? 'held' : 'paid';
          return {
            id: uuidv7(),
            merchant_id: merchant.id,
            referral_id: pending.referralId,
            rule_id: rule.id,
            beneficiary: one.beneficiary,
            member_id: one.memberId,
            reward_kind: rule.reward_kind,
            amount_minor: one.amountMinor,
            status,
            hold_reason: status === 'held' ? holdReason : null,
            skip_reason: market.ok ? null : market.reason,
            bonus_id: null,
            decided_by: null,
            decided_at: null,
            paid_at: status === 'paid' ? at : null,
            created_at: at,
          };
        }),
      );
      for (const row of rows) {
        if (row.status === 'paid') announces.push(await payIn(trx, merchant, row, rule));
      }
      return rows.length > 0;
    });
    for (const announce of announces) announce();
    return wrote;
  }

  /** One merchant's run: its pending pairs, each reached one rewarded. */
  async function runMerchant(merchant: ReferralMerchant): Promise<{ rewarded: number; failed: number }> {
    const pending = await findPendingRewards(db, merchant.id, now(), PENDING_BATCH_MAX);
    let rewarded = 0;
    let failed = 0;
    for (const one of pending) {
      if (!isReached(one)) continue;
      try {
        if (await rewardOne(merchant, one)) rewarded += 1;
      } catch (error) {
        // A budget spent (or a member locked meanwhile) leaves the pair for a later run.
        if (error instanceof AppError) failed += 1;
        else throw error;
      }
    }
    return { rewarded, failed };
  }

  async function requireMerchant(merchantId: string): Promise<ReferralMerchant> {
    const merchant = await readMerchant(merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    return merchant;
  }

  return {
    /**
     * The member a code names, for the register workflow: the programme switched on and an active
     * member of the merchant; null otherwise (the code is then ignored).
     */
    async findReferrer(merchant: ReferralMerchant, code: string) {
      if (!merchant.isEnabled || code.length === 0 || code.length > 40) return null;
      return (await findReferrerByCode(db, merchant.id, code)) ?? null;
    },

    /**
     * Records a friend's referral with what the checks find: the friend's address among the
     * referrer's recent ones (logins of the last RECENT_LOGIN_DAYS days, or its registration), the
     * friend's device among the referrer's recent logins' devices.
     */
    async recordRegistration(
      input: ReferralRegistration & { referrerId: string },
    ): Promise<ReferralRow | null> {
      const at = now();
      const shared = await findSharedClient(db, {
        referrerId: input.referrerId,
        ip: input.ip,
        deviceId: input.deviceId,
        since: new Date(at.getTime() - RECENT_LOGIN_DAYS * DAY_MS),
      });
      return (
        (await insertReferral(db, {
          id: uuidv7(),
          merchant_id: input.merchant.id,
          referrer_id: input.referrerId,
          friend_id: input.friendId,
          code: input.code.toUpperCase(),
          friend_ip: input.ip,
          friend_device_id: input.deviceId,
          same_ip: shared.sameIp,
          same_device: shared.sameDevice,
          created_at: at,
        })) ?? null
      );
    },

    /** The job's run: every merchant with the programme on, its reached rules rewarded. */
    async runRewards(): Promise<{ rewarded: number; failed: number }> {
      let rewarded = 0;
      let failed = 0;
      for (const merchantId of await findMerchantIds(db)) {
        const merchant = await readMerchant(merchantId);
        if (!merchant?.isEnabled) continue;
        const outcome = await runMerchant(merchant);
        rewarded += outcome.rewarded;
        failed += outcome.failed;
      }
      return { rewarded, failed };
    },

    /** A merchant's rules; members see only the enabled ones. */
    listRules: (merchantId: string, onlyEnabled: boolean) => findRules(db, merchantId, onlyEnabled),
    findRuleMerchantId: (id: string) => findRuleMerchantId(db, id),
    findRewardMerchantId: (id: string) => findRewardMerchantId(db, id),

    async createRule(
      actor: ChangeActor,
      merchantId: string,
      input: ReferralRuleInput,
    ): Promise<ReferralRuleRow> {
      const merchant = await requireMerchant(merchantId);
      checkRuleInput(input, merchant.maxMultiplier);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const rule = await trx
          .insertInto('referral_rules')
          .values({
            id: uuidv7(),
            merchant_id: merchantId,
            name_ty: input.nameTy.trim(),
            name_en: input.nameEn.trim(),
            trigger: input.trigger,
            threshold_minor: input.thresholdMinor,
            reward_kind: input.rewardKind,
            referrer_amount_minor: input.referrerAmountMinor,
            friend_amount_minor: input.friendAmountMinor,
            multiplier: input.rewardKind === 'bonus' ? input.multiplier : 0,
            expiry_days: input.expiryDays,
            within_days: input.withinDays,
            enabled: input.enabled,
            created_at: at,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'referral.rule.create',
          target: { type: 'referral_rule', id: rule.id },
          before: null,
          after: ruleSnapshot(rule),
        });
        return rule;
      });
    },

    async updateRule(actor: ChangeActor, id: string, input: ReferralRuleInput): Promise<ReferralRuleRow> {
      const existing = await findRule(db, id);
      if (!existing) throw new AppError('NOT_FOUND');
      const merchant = await requireMerchant(existing.merchant_id);
      checkRuleInput(input, merchant.maxMultiplier);
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('referral_rules')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const rule = await trx
          .updateTable('referral_rules')
          .set({
            name_ty: input.nameTy.trim(),
            name_en: input.nameEn.trim(),
            trigger: input.trigger,
            threshold_minor: input.thresholdMinor,
            reward_kind: input.rewardKind,
            referrer_amount_minor: input.referrerAmountMinor,
            friend_amount_minor: input.friendAmountMinor,
            multiplier: input.rewardKind === 'bonus' ? input.multiplier : 0,
            expiry_days: input.expiryDays,
            within_days: input.withinDays,
            enabled: input.enabled,
            updated_at: now(),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: rule.merchant_id,
          action: 'referral.rule.update',
          target: { type: 'referral_rule', id },
          before: ruleSnapshot(before),
          after: ruleSnapshot(rule),
        });
        return rule;
      });
    },

    /** A held reward approved (paid now) or rejected (never paid), once, audited. */
    async decideHeld(
      actor: ChangeActor,
      id: string,
      decision: 'approve' | 'reject',
    ): Promise<ReferralRewardRow> {
      const seen = await findReward(db, id);
      if (!seen) throw new AppError('NOT_FOUND');
      if (seen.status !== 'held') throw new AppError('CONFLICT', { value: { reason: 'ALREADY_DECIDED' } });
      const merchant = await requireMerchant(seen.merchant_id);
      if (decision === 'approve') {
        const market = await engine.isMarketable(seen.member_id);
        if (!market.ok) throw new AppError('FORBIDDEN', { value: { reason: market.reason } });
      }
      const announces: Array<() => void> = [];
      const decided = await db.transaction().execute(async (trx) => {
        const row = await decideHeldRewardIn(trx, id, {
          status: decision === 'approve' ? 'paid' : 'rejected',
          operatorName: actor.username,
          at: now(),
        });
        if (!row) return null;
        if (row.status === 'paid') {
          const rule = await trx
            .selectFrom('referral_rules')
            .selectAll()
            .where('id', '=', row.rule_id)
            .executeTakeFirstOrThrow();
          announces.push(await payIn(trx, merchant, row, rule));
        }
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: row.merchant_id,
          action: decision === 'approve' ? 'referral.reward.approve' : 'referral.reward.reject',
          target: { type: 'referral_reward', id },
          before: { status: 'held', holdReason: row.hold_reason },
          after: { status: row.status, amount: String(row.amount_minor), kind: row.reward_kind },
        });
        return row;
      });
      if (!decided) throw new AppError('CONFLICT', { value: { reason: 'ALREADY_DECIDED' } });
      for (const announce of announces) announce();
      return (await findReward(db, id)) ?? decided;
    },

    listFriends: (referrerId: string, page: { limit: number; offset: number }) =>
      findFriendsPage(db, referrerId, page),
    listMemberRewards: (memberId: string, page: { limit: number; offset: number }) =>
      findMemberRewardsPage(db, memberId, page),
    listReferrals: (input: Parameters<typeof findReferralsPage>[1]) => findReferralsPage(db, input),
    listRewards: (input: Parameters<typeof findRewardsPage>[1]) => findRewardsPage(db, input),

    /** What a member's rewards add up to, paid and waiting (held), for the page's summary. */
    async sumMemberRewards(
      memberId: string,
    ): Promise<{ paidMinor: bigint; heldMinor: bigint; friends: number }> {
      const result = await sql<{ paid: string; held: string; friends: string }>`
        select
          coalesce((select sum(amount_minor) from referral_rewards where member_id = ${memberId}
            and status = 'paid'), 0)::text as paid,
          coalesce((select sum(amount_minor) from referral_rewards where member_id = ${memberId}
            and status = 'held'), 0)::text as held,
          (select count(*) from referrals where referrer_id = ${memberId})::text as friends`.execute(db);
      const row = result.rows[0];
      return {
        paidMinor: BigInt(row?.paid ?? '0'),
        heldMinor: BigInt(row?.held ?? '0'),
        friends: Number(row?.friends ?? 0),
      };
    },
  };
}
