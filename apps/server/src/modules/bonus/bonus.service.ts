import { AMOUNT_MINOR_MAX, formatAmount } from '@panalo/money/amount.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  type BonusActivationCode,
  bonusActivationCodeOf,
  type CashRewardCode,
} from '../../db/reward-codes.ts';
import type { Database, MemberBonusStatus } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import type { NewRow } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant, present } from '../../platform/errors/invariant.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '../../platform/i18n/language.ts';
import { wallClockIn } from '../../platform/time/zoned-day.ts';
import {
  type BonusRow,
  type BonusWithTitle,
  ENDED_STATUSES,
  findBonusBalances,
  findBonusesByIds,
  findBonusesPage,
  findBonusOfEntry,
  findMemberMerchant,
  findMembersDue,
  findMembersWithOpenBonuses,
  findMerchantPolicyRow,
  findTransferByKeyIn,
  hasOpenBonusRound,
  insertBonus,
  insertBonuses,
  lockActiveBonus,
  lockBonus,
  lockMemberForBonuses,
  lockMembersForBonuses,
  lockOldestWaitingBonus,
  moveBonus,
  type NewBatchBonus,
  OPEN_STATUSES,
  releaseBudget,
  reserveBudget,
  setPromotionsOptOut,
} from './bonus.repository.ts';
import {
  type BonusEngine,
  type BonusTerms,
  GRANTS_PER_BATCH_MAX,
  type GrantInput,
  type GrantManyOutcome,
  type GrantOutcome,
} from './bonus-api.ts';
import {
  acceptedTermsOf,
  BONUS_REASON_LENGTH_MAX,
  conversionSplitOf,
  problemsOfTerms,
  wageringRequiredOf,
} from './bonus-terms.ts';
import {
  type Marketability,
  marketabilityOf,
  marketableAmong,
  readMarketabilityFacts,
  refusalOf,
} from './marketable.ts';

export type { BonusRow, BonusWithTitle };

const DAY_MS = 86_400_000;
/** Members one pass of the settle job works through at most; the rest wait for the next pass. */
export const SETTLE_MEMBERS_PER_PASS_MAX = 500;
export const BONUS_PAGE_SIZE_MAX = 50;
/** The scope of the merchant's own cap in promotion_budget_days (a promotion's is its id). */
const MERCHANT_SCOPE = '';
/** PostgreSQL's deadlock: a bet and a settlement of one member met in a circle; tried once more. */
const DEADLOCK_CODE = '40P01';

/** The ledger codes the engine moves money under (docs/money.md). */
type BonusMoveCode = BonusActivationCode | CashRewardCode | 'bonus_convert' | 'bonus_forfeit';

/** A member's side of a transfer, or the house's bonus funding (the wallet's AccountRef, narrowed). */
export type BonusAccount =
  | { memberId: string; wallet: 'cash' | 'bonus' }
  | { house: 'bonus_funding'; shardKey: string };

/** What the engine needs of the wallet: moves and locked balances inside its caller's transaction. */
export type BonusWallet = {
  transferIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      currency: string;
      key: string;
      code: BonusMoveCode;
      reference: string;
      from: BonusAccount;
      to: BonusAccount;
      amountMinor: bigint;
    },
  ): Promise<{ duplicate: boolean; announce: () => void }>;
  lockPlayerBalancesIn(
    trx: Transaction<Database>,
    input: { merchantId: string; memberId: string; currency: string },
  ): Promise<{ cashMinor: bigint; bonusMinor: bigint }>;
  /** The accounts of cash paid out in a caller's own statement (cashInAccounts). */
  resolvePayoutAccounts(input: {
    merchantId: string;
    currency: string;
    house: 'bonus_funding';
    shardKey: string;
    memberIds: readonly string[];
  }): Promise<{ houseAccountId: string; cashAccountIds: string[] }>;
  announceCash(input: { merchantId: string; memberId: string; currency: string; balanceMinor: bigint }): void;
  /** Many members' balances locked in one statement, in id order (a batch of grants). */
  lockPlayerBalancesManyIn(
    trx: Transaction<Database>,
    input: { merchantId: string; currency: string; memberIds: readonly string[] },
  ): Promise<Map<string, { cashMinor: bigint; bonusMinor: bigint }>>;
  /** Many transfers in one statement (a batch's activations). */
  transferManyIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      currency: string;
      transfers: readonly {
        key: string;
        code: BonusMoveCode;
        reference: string;
        from: BonusAccount;
        to: BonusAccount;
        amountMinor: bigint;
      }[];
    },
  ): Promise<{ announce: () => void }>;
};

/** A merchant's promotion settings as the engine reads them (merchant settings `promotions`). */
export type PromotionPolicy = { maxMultiplier: number; budgetPerDayMinor: bigint | null };

/** Who ends a bonus by hand: the member, an operator with a reason, or the member's withdrawal. */
export type BonusCanceller =
  | { by: 'member' }
  | { by: 'operator'; actor: ChangeActor; reason: string }
  | { by: 'withdrawal' };

/** What settling one member did. */
export type MemberSettlement = {
  ended: { bonusId: string; status: MemberBonusStatus } | null;
  activated: string | null;
  sweptMinor: bigint;
};

export type SettleSummary = {
  members: number;
  converted: number;
  expired: number;
  usedUp: number;
  activated: number;
  swept: number;
  failed: number;
};

/** The member a piece of the engine's work is about, with the clock it runs at. */
type MemberWork = { merchantId: string; memberId: string; currency: string; now: Date };

export type BonusService = ReturnType<typeof createBonusService>;

/**
 * The bonus engine (docs/promotions.md "The bonus engine"): grants (from promotions, cashback and
 * operators), the one active bonus per member and its conversion, expiry, use and cancellation,
 * and cash rewards. Every change of a member's bonuses runs in one transaction with the member's
 * row locked (`no key update`, which bets do not wait on), then their cash and bonus balances
 * (together, in id order, as game moves lock them), then the bonus rows: so two runs of the settle
 * job, a grant and a cancellation take turns per member, and money moves only what the locked
 * balance holds.
 */
export function createBonusService(
  deps: ServiceDeps<{
    wallet: BonusWallet;
    recordChange: RecordChange;
    /** The merchant settings' `promotions` block, from the settings document as stored. */
    promotionPolicyOf: (settings: unknown) => PromotionPolicy;
  }>,
) {
  const { db, wallet, recordChange, promotionPolicyOf } = deps;
  const clock = clockOf(deps);

  async function readPolicy(trx: Transaction<Database>, merchantId: string) {
    const row = present(await findMerchantPolicyRow(trx, merchantId), `merchant ${merchantId} exists`);
    return {
      timeZone: row.time_zone,
      currency: row.currency,
      defaultLanguage: row.default_language,
      ...promotionPolicyOf(row.settings),
    };
  }

  /** The merchant's calendar day at `at`, yyyy-MM-dd. */
  function dayIn(timeZone: string, at: Date): string {
    const wall = wallClockIn(timeZone, at);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  }

  /**
   * Reserves a grant's amount against the promotion's cap and the merchant's, in the caller's
   * transaction; when the second cap refuses, the first reservation is given back, so that a
   * refused grant writes nothing even where the caller goes on.
   */
  async function reserveBudgets(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      day: string;
      amountMinor: bigint;
      promotionId: string | null;
      promotionCapMinor: bigint | null;
      merchantCapMinor: bigint | null;
    },
  ): Promise<void> {
    const exhausted = () => new AppError('CONFLICT', { value: { reason: 'BUDGET_EXHAUSTED' } });
    const common = { merchantId: input.merchantId, day: input.day, amountMinor: input.amountMinor };
    if (input.promotionId !== null) {
      const isReserved = await reserveBudget(trx, {
        ...common,
        scope: input.promotionId,
        capMinor: input.promotionCapMinor,
      });
      if (!isReserved) throw exhausted();
    }
    const isReserved = await reserveBudget(trx, {
      ...common,
      scope: MERCHANT_SCOPE,
      capMinor: input.merchantCapMinor,
    });
    if (!isReserved) {
      if (input.promotionId !== null) await releaseBudget(trx, { ...common, scope: input.promotionId });
      throw exhausted();
    }
  }

  /** Moves money in the transaction and remembers whom to tell once it has committed. */
  async function move(
    trx: Transaction<Database>,
    work: MemberWork,
    tells: Array<() => void>,
    input: {
      key: string;
      code: BonusMoveCode;
      reference: string;
      from: BonusAccount;
      to: BonusAccount;
      amountMinor: bigint;
    },
  ): Promise<void> {
    const outcome = await wallet.transferIn(trx, {
      merchantId: work.merchantId,
      currency: work.currency,
      ...input,
    });
    tells.push(outcome.announce);
  }

  const house = (memberId: string): BonusAccount => ({ house: 'bonus_funding', shardKey: memberId });
  const bonusWalletOf = (memberId: string): BonusAccount => ({ memberId, wallet: 'bonus' });

  /** Credits a waiting bonus and makes it the member's active one (none may be active). */
  async function activate(
    trx: Transaction<Database>,
    work: MemberWork,
    tells: Array<() => void>,
    bonus: BonusRow,
  ): Promise<BonusRow> {
    const activated = present(
      await moveBonus(trx, bonus.id, ['waiting'], {
        status: 'active',
        activated_at: work.now,
        expires_at: new Date(work.now.getTime() + bonus.expiry_days * DAY_MS),
      }),
      `bonus ${bonus.id} was waiting under the member's lock`,
    );
    await move(trx, work, tells, {
      key: `bonus:${bonus.id}:grant`,
      code: bonusActivationCodeOf(bonus.source),
      reference: `bonus:${bonus.id}`,
      from: house(work.memberId),
      to: bonusWalletOf(work.memberId),
      amountMinor: bonus.amount_minor,
    });
    return activated;
  }

  /** Gives the bonus wallet's balance back to the house with no bonus to charge it to (late winnings). */
  async function sweep(
    trx: Transaction<Database>,
    work: MemberWork,
    tells: Array<() => void>,
    balanceMinor: bigint,
  ): Promise<void> {
    // The member's lock and the balance read under it make the sweep happen once; the key only
    // has to be new.
    await move(trx, work, tells, {
      key: `bonus-sweep:${work.memberId}:${uuidv7()}`,
      code: 'bonus_forfeit',
      reference: `bonus-sweep:${work.memberId}`,
      from: bonusWalletOf(work.memberId),
      to: house(work.memberId),
      amountMinor: balanceMinor,
    });
  }

  /** Ends the active bonus, giving what the bonus wallet holds back to the house. */
  async function forfeitActive(
    trx: Transaction<Database>,
    work: MemberWork,
    tells: Array<() => void>,
    bonus: BonusRow,
    balanceMinor: bigint,
    end: {
      status: Extract<MemberBonusStatus, 'forfeited' | 'expired' | 'cancelled'>;
      endedBy?: string | null;
      endReason?: string | null;
    },
  ): Promise<BonusRow> {
    if (balanceMinor > 0n) {
      await move(trx, work, tells, {
        key: `bonus:${bonus.id}:forfeit`,
        code: 'bonus_forfeit',
        reference: `bonus:${bonus.id}`,
        from: bonusWalletOf(work.memberId),
        to: house(work.memberId),
        amountMinor: balanceMinor,
      });
    }
    return present(
      await moveBonus(trx, bonus.id, ['active'], {
        status: end.status,
        ended_at: work.now,
        forfeited_minor: balanceMinor,
        ended_by: end.endedBy ?? null,
        end_reason: end.endReason ?? null,
      }),
      `bonus ${bonus.id} was active under the member's lock`,
    );
  }

  /** Moves a converting bonus's balance to cash, at most its cap; the rest goes back to the house. */
  async function convert(
    trx: Transaction<Database>,
    work: MemberWork,
    tells: Array<() => void>,
    bonus: BonusRow,
    balanceMinor: bigint,
  ): Promise<BonusRow> {
    const { toCashMinor, forfeitMinor } = conversionSplitOf(balanceMinor, bonus.max_conversion_minor);
    if (toCashMinor > 0n) {
      await move(trx, work, tells, {
        key: `bonus:${bonus.id}:convert`,
        code: 'bonus_convert',
        reference: `bonus:${bonus.id}`,
        from: bonusWalletOf(work.memberId),
        to: { memberId: work.memberId, wallet: 'cash' },
        amountMinor: toCashMinor,
      });
    }
    if (forfeitMinor > 0n) {
      await move(trx, work, tells, {
        key: `bonus:${bonus.id}:forfeit`,
        code: 'bonus_forfeit',
        reference: `bonus:${bonus.id}`,
        from: bonusWalletOf(work.memberId),
        to: house(work.memberId),
        amountMinor: forfeitMinor,
      });
    }
    return present(
      await moveBonus(trx, bonus.id, ['active'], {
        status: 'converted',
        ended_at: work.now,
        converted_minor: toCashMinor,
        forfeited_minor: forfeitMinor,
      }),
      `bonus ${bonus.id} was active under the member's lock`,
    );
  }

  /**
   * The member's due work, under their lock: the active bonus converts (wagering done), ends used
   * up (nothing left) or expires; then, with none active, bonus money left over is swept and the
   * oldest waiting bonus starts. A round still open on bonus money holds conversion and use-up
   * back (its win belongs to the bonus), never expiry.
   */
  async function settleLockedIn(
    trx: Transaction<Database>,
    work: MemberWork,
    tells: Array<() => void>,
  ): Promise<MemberSettlement> {
    const result: MemberSettlement = { ended: null, activated: null, sweptMinor: 0n };
    let { bonusMinor } = await wallet.lockPlayerBalancesIn(trx, work);
    const active = await lockActiveBonus(trx, work.memberId);
    if (active) {
      const isOpen = await hasOpenBonusRound(trx, work.memberId);
      let ended: BonusRow | null = null;
      if (bonusMinor === 0n && !isOpen) {
        ended = await forfeitActive(trx, work, tells, active, 0n, { status: 'forfeited' });
      } else if (active.wagered_minor >= active.wagering_required_minor && !isOpen) {
        ended = await convert(trx, work, tells, active, bonusMinor);
        bonusMinor = 0n;
      } else if (active.expires_at !== null && active.expires_at <= work.now) {
        ended = await forfeitActive(trx, work, tells, active, bonusMinor, { status: 'expired' });
        bonusMinor = 0n;
      }
      if (!ended) return result;
      result.ended = { bonusId: ended.id, status: ended.status };
    }
    if (bonusMinor > 0n) {
      await sweep(trx, work, tells, bonusMinor);
      result.sweptMinor = bonusMinor;
    }
    const waiting = await lockOldestWaitingBonus(trx, work.memberId);
    if (waiting) result.activated = (await activate(trx, work, tells, waiting)).id;
    return result;
  }

  /** The member locked for the engine's work, in the merchant and currency the caller named. */
  async function lockMember(trx: Transaction<Database>, merchantId: string, memberId: string): Promise<void> {
    const member = await lockMemberForBonuses(trx, memberId);
    if (!member || member.merchantId !== merchantId) throw new AppError('NOT_FOUND');
  }

  /** Runs one member's work in a transaction of its own and tells the member once it has committed. */
  async function inMemberTransaction<T>(
    work: (trx: Transaction<Database>, tells: Array<() => void>) => Promise<T>,
  ): Promise<T> {
    const tells: Array<() => void> = [];
    const result = await db.transaction().execute((trx) => work(trx, tells));
    for (const tell of tells) tell();
    return result;
  }

  function checkGrantInput(input: GrantInput, maxMultiplier: number): void {
    const fields: Record<string, string> = { ...problemsOfTerms(input.terms, maxMultiplier) };
    if (input.amountMinor <= 0n || input.amountMinor > AMOUNT_MINOR_MAX) fields.amount = 'range';
    if (
      input.depositMinor !== undefined &&
      (input.depositMinor < 0n || input.depositMinor > AMOUNT_MINOR_MAX)
    ) {
      fields.depositAmount = 'range';
    }
    if (input.reason && input.reason.length > BONUS_REASON_LENGTH_MAX) fields.reason = 'length';
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
  }

  async function isMarketableIn(trx: Transaction<Database> | null, memberId: string): Promise<Marketability> {
    const facts = await readMarketabilityFacts(trx ?? db, memberId);
    if (!facts) return { ok: false, reason: 'NOT_MARKETABLE' };
    return marketabilityOf(facts, clock());
  }

  const grantIn: BonusEngine['grantIn'] = async (trx, input): Promise<GrantOutcome> => {
    const now = clock();
    await lockMember(trx, input.merchantId, input.memberId);
    if (input.entryId) {
      // Under the member's lock, a second grant of one entry finds the first.
      const first = await findBonusOfEntry(trx, input.entryId);
      if (first) {
        if (first.member_id !== input.memberId)
          throw new AppError('CONFLICT', { value: { reason: 'KEY_REUSED' } });
        const wasActivatedAtOnce = first.activated_at?.getTime() === first.granted_at.getTime();
        return {
          bonusId: first.id,
          status: wasActivatedAtOnce ? 'active' : 'waiting',
          announce: () => {},
          duplicate: true,
        };
      }
    }
    const marketable = await isMarketableIn(trx, input.memberId);
    if (!marketable.ok) throw refusalOf(marketable.reason);
    const policy = await readPolicy(trx, input.merchantId);
    assertInvariant(policy.currency === input.currency, 'a bonus is granted in its merchant’s currency');
    checkGrantInput(input, policy.maxMultiplier);
    const promotionId = input.promotionId ?? null;
    await reserveBudgets(trx, {
      merchantId: input.merchantId,
      day: dayIn(policy.timeZone, now),
      amountMinor: input.amountMinor,
      // Manual grants reserve against the merchant's cap only.
      promotionId: input.source === 'manual' ? null : promotionId,
      promotionCapMinor: input.promotionBudgetDayMinor ?? null,
      merchantCapMinor: policy.budgetPerDayMinor,
    });
    const tells: Array<() => void> = [];
    const granted = await recordGrantLockedIn(trx, input, now, tells);
    return {
      ...granted,
      announce: () => {
        for (const tell of tells) tell();
      },
    };
  };

  /** A bonus row as a grant writes it: waiting, until the member's due work starts it. */
  function waitingBonusRowOf(
    input: GrantInput,
    ids: { bonusId: string; promotionId: string | null },
    now: Date,
  ): NewRow<'member_bonuses'> {
    const depositMinor = input.depositMinor ?? 0n;
    const wageringRequiredMinor = wageringRequiredOf(input.terms, input.amountMinor, depositMinor);
    const language = isLanguage(input.language) ? input.language : DEFAULT_LANGUAGE;
    return {
      id: ids.bonusId,
      merchant_id: input.merchantId,
      member_id: input.memberId,
      currency: input.currency,
      source: input.source,
      promotion_id: ids.promotionId,
      entry_id: input.entryId ?? null,
      amount_minor: input.amountMinor,
      deposit_minor: depositMinor,
      wagering_required_minor: wageringRequiredMinor,
      contributions: JSON.stringify(input.terms.contributions),
      max_stake_minor: input.terms.maxStakeMinor,
      max_conversion_minor: input.terms.maxConversionMinor,
      min_spin_stake_minor: input.terms.minSpinStakeMinor ?? null,
      min_spin_lines: input.terms.minSpinLines ?? null,
      expiry_days: input.terms.expiryDays,
      terms: JSON.stringify(acceptedTermsOf(input.terms, wageringRequiredMinor, language)),
      status: 'waiting',
      granted_at: now,
      granted_by: input.grantedBy ?? null,
      reason: input.reason ?? null,
    };
  }

  /**
   * Records a bonus granted to a locked member (checked, its budgets reserved) as waiting, then
   * runs the member's due work first (an active bonus used up or converted ends, late winnings are
   * swept), which also starts the oldest waiting bonus: this one, when nothing else waits.
   */
  async function recordGrantLockedIn(
    trx: Transaction<Database>,
    input: GrantInput,
    now: Date,
    tells: Array<() => void>,
  ): Promise<{ bonusId: string; status: 'waiting' | 'active' }> {
    const bonusId = uuidv7();
    await insertBonus(
      trx,
      waitingBonusRowOf(input, { bonusId, promotionId: input.promotionId ?? null }, now),
    );
    await settleLockedIn(
      trx,
      { merchantId: input.merchantId, memberId: input.memberId, currency: input.currency, now },
      tells,
    );
    const granted = present(await lockBonus(trx, bonusId), 'the granted bonus exists');
    assertInvariant(
      granted.status === 'waiting' || granted.status === 'active',
      'a bonus just granted waits or is active',
    );
    return { bonusId, status: granted.status };
  }

  const grantManyIn: BonusEngine['grantManyIn'] = async (trx, input): Promise<GrantManyOutcome> => {
    const now = clock();
    const memberIds = input.grants.map((grant) => grant.memberId);
    assertInvariant(input.grants.length <= GRANTS_PER_BATCH_MAX, 'a batch of grants is bounded');
    assertInvariant(new Set(memberIds).size === memberIds.length, 'a batch grants each member once');
    const outcome: GrantManyOutcome = { granted: [], refused: [], announce: () => {} };
    if (input.grants.length === 0) return outcome;
    const policy = await readPolicy(trx, input.merchantId);
    assertInvariant(policy.currency === input.currency, 'a bonus is granted in its merchant’s currency');
    for (const grant of input.grants) {
      checkGrantInput(
        { ...input, memberId: grant.memberId, amountMinor: grant.amountMinor },
        policy.maxMultiplier,
      );
    }
    // Every member locked first, in one statement in id order, as one grant locks its member.
    const facts = await lockMembersForBonuses(trx, memberIds);
    const reachable: { memberId: string; amountMinor: bigint }[] = [];
    for (const grant of input.grants) {
      const fact = facts.get(grant.memberId);
      if (!fact || fact.merchantId !== input.merchantId) throw new AppError('NOT_FOUND');
      const marketable = marketabilityOf(fact, now);
      if (marketable.ok) reachable.push(grant);
      else outcome.refused.push({ memberId: grant.memberId, reason: marketable.reason });
    }
    // The merchant's cap: the batch's sum in one reservation, or member by member (in the batch's
    // order) where the cap would refuse the whole, so that it grants exactly what the cap leaves.
    const day = dayIn(policy.timeZone, now);
    const reserve = (amountMinor: bigint) =>
      reserveBudget(trx, {
        merchantId: input.merchantId,
        scope: MERCHANT_SCOPE,
        day,
        amountMinor,
        capMinor: policy.budgetPerDayMinor,
      });
    const totalMinor = reachable.reduce((sum, grant) => sum + grant.amountMinor, 0n);
    let funded = reachable;
    if (totalMinor > 0n && !(await reserve(totalMinor))) {
      funded = [];
      for (const grant of reachable) {
        if (await reserve(grant.amountMinor)) funded.push(grant);
        else outcome.refused.push({ memberId: grant.memberId, reason: 'BUDGET_EXHAUSTED' });
      }
    }
    if (funded.length === 0) return outcome;
    // A member with nothing open and an empty bonus wallet has no due work: the bonus starts at
    // once, written active and credited in one statement with the batch's others. Any other
    // member is granted as grantIn grants, after their due work.
    const balances = await wallet.lockPlayerBalancesManyIn(trx, {
      merchantId: input.merchantId,
      currency: input.currency,
      memberIds: funded.map((grant) => grant.memberId),
    });
    const withOpenBonus = await findMembersWithOpenBonuses(
      trx,
      funded.map((grant) => grant.memberId),
    );
    const tells: Array<() => void> = [];
    const rows: NewBatchBonus[] = [];
    const language = isLanguage(input.language) ? input.language : DEFAULT_LANGUAGE;
    const contributionsText = JSON.stringify(input.terms.contributions);
    const expiresAt = new Date(now.getTime() + input.terms.expiryDays * DAY_MS);
    for (const grant of funded) {
      const single: GrantInput = { ...input, memberId: grant.memberId, amountMinor: grant.amountMinor };
      const bonusMinor = present(
        balances.get(grant.memberId),
        'a funded member’s balances were locked',
      ).bonusMinor;
      if (withOpenBonus.has(grant.memberId) || bonusMinor !== 0n) {
        const granted = await recordGrantLockedIn(trx, single, now, tells);
        outcome.granted.push({ memberId: grant.memberId, ...granted });
        continue;
      }
      const bonusId = uuidv7();
      const wageringRequiredMinor = wageringRequiredOf(input.terms, grant.amountMinor, 0n);
      rows.push({
        id: bonusId,
        merchantId: input.merchantId,
        memberId: grant.memberId,
        currency: input.currency,
        source: input.source,
        amountMinor: grant.amountMinor,
        wageringRequiredMinor,
        contributions: contributionsText,
        maxStakeMinor: input.terms.maxStakeMinor,
        maxConversionMinor: input.terms.maxConversionMinor,
        minSpinStakeMinor: input.terms.minSpinStakeMinor ?? null,
        minSpinLines: input.terms.minSpinLines ?? null,
        expiryDays: input.terms.expiryDays,
        terms: JSON.stringify(acceptedTermsOf(input.terms, wageringRequiredMinor, language)),
        status: 'active',
        grantedAt: now,
        activatedAt: now,
        expiresAt,
      });
      outcome.granted.push({ memberId: grant.memberId, bonusId, status: 'active' });
    }
    await insertBonuses(trx, rows);
    if (rows.length > 0) {
      const activated = await wallet.transferManyIn(trx, {
        merchantId: input.merchantId,
        currency: input.currency,
        transfers: rows.map((row) => ({
          key: `bonus:${row.id}:grant`,
          code: bonusActivationCodeOf(input.source),
          reference: `bonus:${row.id}`,
          from: house(row.memberId),
          to: bonusWalletOf(row.memberId),
          amountMinor: row.amountMinor,
        })),
      });
      tells.push(activated.announce);
    }
    outcome.announce = () => {
      for (const tell of tells) tell();
    };
    return outcome;
  };

  async function grant(input: GrantInput): Promise<GrantOutcome> {
    const outcome = await db.transaction().execute((trx) => grantIn(trx, input));
    outcome.announce();
    return outcome;
  }

  const payCashIn: BonusEngine['payCashIn'] = async (trx, input) => {
    if (input.amountMinor <= 0n || input.amountMinor > AMOUNT_MINOR_MAX) {
      throw new AppError('VALIDATION', { value: { fields: { amount: 'range' } } });
    }
    const paid = await findTransferByKeyIn(trx, input.merchantId, input.key);
    if (paid) {
      if (paid.code !== input.code || BigInt(paid.amount_minor) !== input.amountMinor) {
        throw new AppError('CONFLICT', { value: { reason: 'KEY_REUSED' } });
      }
      return { announce: () => {} };
    }
    const policy = await readPolicy(trx, input.merchantId);
    assertInvariant(policy.currency === input.currency, 'a reward is paid in its merchant’s currency');
    await reserveBudgets(trx, {
      merchantId: input.merchantId,
      day: dayIn(policy.timeZone, clock()),
      amountMinor: input.amountMinor,
      promotionId: input.promotionId,
      promotionCapMinor: input.promotionBudgetDayMinor ?? null,
      merchantCapMinor: policy.budgetPerDayMinor,
    });
    const outcome = await wallet.transferIn(trx, {
      merchantId: input.merchantId,
      currency: input.currency,
      key: input.key,
      code: input.code,
      reference: input.reference,
      from: house(input.memberId),
      to: { memberId: input.memberId, wallet: 'cash' },
      amountMinor: input.amountMinor,
    });
    return { announce: outcome.announce };
  };

  const reserveBudgetIn: BonusEngine['reserveBudgetIn'] = async (trx, input) => {
    const policy = await readPolicy(trx, input.merchantId);
    const day = dayIn(policy.timeZone, input.at);
    const ok = await reserveBudget(trx, {
      merchantId: input.merchantId,
      scope: MERCHANT_SCOPE,
      day,
      amountMinor: input.amountMinor,
      capMinor: policy.budgetPerDayMinor,
    });
    return { ok, day };
  };

  const releaseBudgetIn: BonusEngine['releaseBudgetIn'] = (trx, input) =>
    releaseBudget(trx, { ...input, scope: MERCHANT_SCOPE });

  /** Ends a bonus by hand in the caller's transaction (the member's lock taken); the row after. */
  async function cancelIn(
    trx: Transaction<Database>,
    work: MemberWork,
    tells: Array<() => void>,
    bonusId: string,
    canceller: BonusCanceller,
  ): Promise<BonusRow> {
    const { bonusMinor } = await wallet.lockPlayerBalancesIn(trx, work);
    const bonus = await lockBonus(trx, bonusId);
    if (!bonus || bonus.member_id !== work.memberId) throw new AppError('NOT_FOUND');
    const end = {
      endedBy: canceller.by === 'operator' ? canceller.actor.id : null,
      endReason:
        canceller.by === 'operator'
          ? canceller.reason
          : canceller.by === 'withdrawal'
            ? 'withdrawal'
            : 'member',
    };
    if (bonus.status === 'active') {
      return forfeitActive(trx, work, tells, bonus, bonusMinor, { status: 'cancelled', ...end });
    }
    if (bonus.status === 'waiting') {
      // Never credited: what it reserved of the day's budgets is given back.
      const policy = await readPolicy(trx, work.merchantId);
      const reserved = {
        merchantId: work.merchantId,
        day: dayIn(policy.timeZone, bonus.granted_at),
        amountMinor: bonus.amount_minor,
      };
      await releaseBudget(trx, { ...reserved, scope: MERCHANT_SCOPE });
      if (bonus.promotion_id !== null && bonus.source !== 'manual') {
        await releaseBudget(trx, { ...reserved, scope: bonus.promotion_id });
      }
      // The table asks every bonus that no longer waits for an activation time; a bonus that never
      // started keeps no expiry, which is how the views tell it apart.
      return present(
        await moveBonus(trx, bonus.id, ['waiting'], {
          status: 'cancelled',
          activated_at: work.now,
          ended_at: work.now,
          ended_by: end.endedBy,
          end_reason: end.endReason,
        }),
        `bonus ${bonus.id} was waiting under the member's lock`,
      );
    }
    throw new AppError('CONFLICT', { value: { reason: 'BONUS_ENDED', status: bonus.status } });
  }

  /**
   * A member's or an operator's cancellation: an active bonus forfeits the bonus wallet's balance,
   * a waiting one just ends; then the next waiting bonus starts. An operator's is audited with the
   * reason in the same transaction.
   */
  async function cancel(input: {
    merchantId: string;
    memberId: string;
    bonusId: string;
    canceller: Exclude<BonusCanceller, { by: 'withdrawal' }>;
  }): Promise<BonusWithTitle> {
    const now = clock();
    await inMemberTransaction(async (trx, tells) => {
      await lockMember(trx, input.merchantId, input.memberId);
      const policy = await readPolicy(trx, input.merchantId);
      const work: MemberWork = {
        merchantId: input.merchantId,
        memberId: input.memberId,
        currency: policy.currency,
        now,
      };
      const before = await lockBonus(trx, input.bonusId);
      const after = await cancelIn(trx, work, tells, input.bonusId, input.canceller);
      await settleLockedIn(trx, work, tells);
      if (input.canceller.by === 'operator') {
        await recordChange(trx, {
          ...actorOf(input.canceller.actor),
          merchantId: input.merchantId,
          action: 'bonus.cancel',
          target: { type: 'member_bonus', id: input.bonusId },
          before: { status: before?.status },
          after: {
            status: after.status,
            forfeited: after.forfeited_minor.toString(),
            reason: input.canceller.reason,
          },
        });
      }
    });
    return present((await findBonusesByIds(db, [input.bonusId]))[0], 'the cancelled bonus exists');
  }

  /**
   * A withdrawal's part, in the withdrawal's transaction: while the bonus wallet holds money the
   * member must choose to forfeit it (409 CONFLICT BONUS_ACTIVE with the amount otherwise); when
   * they do, the active bonus is cancelled, or money left without one is swept.
   */
  async function forfeitForWithdrawalIn(
    trx: Transaction<Database>,
    input: { merchantId: string; memberId: string; currency: string; forfeit: boolean },
  ): Promise<{ forfeitedMinor: bigint; announce: () => void }> {
    const tells: Array<() => void> = [];
    await lockMember(trx, input.merchantId, input.memberId);
    const work: MemberWork = {
      merchantId: input.merchantId,
      memberId: input.memberId,
      currency: input.currency,
      now: clock(),
    };
    const { bonusMinor } = await wallet.lockPlayerBalancesIn(trx, work);
    if (bonusMinor > 0n && !input.forfeit) {
      throw new AppError('CONFLICT', {
        value: { reason: 'BONUS_ACTIVE', bonusAmount: formatAmount(bonusMinor) },
      });
    }
    if (input.forfeit) {
      const active = await lockActiveBonus(trx, input.memberId);
      if (active) await cancelIn(trx, work, tells, active.id, { by: 'withdrawal' });
      else if (bonusMinor > 0n) await sweep(trx, work, tells, bonusMinor);
    }
    return {
      forfeitedMinor: input.forfeit ? bonusMinor : 0n,
      announce: () => {
        for (const tell of tells) tell();
      },
    };
  }

  /** One member's due work in a transaction of its own (a deadlock with a bet is tried once more). */
  async function settleMember(input: {
    merchantId: string;
    memberId: string;
    currency: string;
    now?: Date;
  }): Promise<MemberSettlement> {
    const now = input.now ?? clock();
    const attempt = () =>
      inMemberTransaction(async (trx, tells) => {
        await lockMember(trx, input.merchantId, input.memberId);
        return settleLockedIn(
          trx,
          { merchantId: input.merchantId, memberId: input.memberId, currency: input.currency, now },
          tells,
        );
      });
    try {
      return await attempt();
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== DEADLOCK_CODE) throw error;
      return attempt();
    }
  }

  /**
   * The member's due work now, if there is any (a cheap read first): after the member's own
   * actions and before their bonuses are shown, so that a conversion is seen at once.
   */
  async function settleIfDue(input: {
    merchantId: string;
    memberId: string;
    currency: string;
  }): Promise<void> {
    const now = clock();
    const due = await findMembersDue(db, { now, limit: 1, memberId: input.memberId });
    if (due.length > 0) await settleMember({ ...input, now });
  }

  /**
   * The settle job's pass: every member with due work, each in a transaction of its own, at most
   * `limit`. Two passes at once take turns per member, and the second finds nothing left to do.
   * A member whose work fails is left for the next pass; the pass then fails, so that it is seen.
   */
  async function settleDue(now: Date, limit = SETTLE_MEMBERS_PER_PASS_MAX): Promise<SettleSummary> {
    const summary: SettleSummary = {
      members: 0,
      converted: 0,
      expired: 0,
      usedUp: 0,
      activated: 0,
      swept: 0,
      failed: 0,
    };
    const failures: unknown[] = [];
    for (const member of await findMembersDue(db, { now, limit })) {
      summary.members += 1;
      try {
        const settled = await settleMember({ ...member, now });
        if (settled.ended?.status === 'converted') summary.converted += 1;
        if (settled.ended?.status === 'expired') summary.expired += 1;
        if (settled.ended?.status === 'forfeited') summary.usedUp += 1;
        if (settled.activated) summary.activated += 1;
        if (settled.sweptMinor > 0n) summary.swept += 1;
      } catch (error) {
        summary.failed += 1;
        failures.push(error);
      }
    }
    if (failures.length > 0) {
      throw new AggregateError(failures, `bonuses: ${failures.length} member(s) could not be settled`);
    }
    return summary;
  }

  /** An operator's grant by hand (source `manual`), audited with the reason in its transaction. */
  async function grantByOperator(
    actor: ChangeActor,
    input: {
      merchantId: string;
      memberId: string;
      amountMinor: bigint;
      terms: BonusTerms;
      reason: string;
      /** The language the player reads the terms in; the merchant's default when null. */
      language: string | null;
    },
  ): Promise<BonusWithTitle> {
    const outcome = await db.transaction().execute(async (trx) => {
      const policy = await readPolicy(trx, input.merchantId);
      const granted = await grantIn(trx, {
        merchantId: input.merchantId,
        memberId: input.memberId,
        currency: policy.currency,
        source: 'manual',
        amountMinor: input.amountMinor,
        terms: input.terms,
        language: input.language ?? policy.defaultLanguage,
        grantedBy: actor.id,
        reason: input.reason,
      });
      await recordChange(trx, {
        ...actorOf(actor),
        merchantId: input.merchantId,
        action: 'bonus.grant',
        target: { type: 'member_bonus', id: granted.bonusId },
        before: null,
        after: {
          memberId: input.memberId,
          amount: formatAmount(input.amountMinor),
          status: granted.status,
          reason: input.reason,
        },
      });
      return granted;
    });
    outcome.announce();
    return present((await findBonusesByIds(db, [outcome.bonusId]))[0], 'the granted bonus exists');
  }

  /** A page of a member's bonuses (open: waiting and active; ended: the rest), newest first. */
  async function listBonuses(input: {
    memberId: string;
    status: 'open' | 'ended' | 'all';
    page: number;
    pageSize: number;
  }) {
    const pageSize = Math.min(input.pageSize, BONUS_PAGE_SIZE_MAX);
    const statuses =
      input.status === 'open'
        ? OPEN_STATUSES
        : input.status === 'ended'
          ? ENDED_STATUSES
          : [...OPEN_STATUSES, ...ENDED_STATUSES];
    const [page, balances] = await Promise.all([
      findBonusesPage(db, {
        memberId: input.memberId,
        statuses,
        limit: pageSize,
        offset: (input.page - 1) * pageSize,
      }),
      findBonusBalances(db, [input.memberId]),
    ]);
    return {
      rows: page.rows,
      total: page.total,
      totalPages: Math.ceil(page.total / pageSize),
      bonusBalanceMinor: balances.get(input.memberId) ?? 0n,
    };
  }

  /** The member's active bonus with its promotion's title, if any. */
  async function findActive(memberId: string): Promise<BonusWithTitle | null> {
    const page = await findBonusesPage(db, { memberId, statuses: ['active'], limit: 1, offset: 0 });
    return page.rows[0] ?? null;
  }

  /** Bonuses by id (the promotions' entries name theirs), with their promotions' titles. */
  function findBonuses(ids: readonly string[]): Promise<BonusWithTitle[]> {
    return findBonusesByIds(db, ids);
  }

  /** The bonus wallets' balances of members, by member id. */
  function readBonusBalances(memberIds: readonly string[]): Promise<Map<string, bigint>> {
    return findBonusBalances(db, memberIds);
  }

  /** The member's own opt-out of promotions (isMarketable reads it). */
  async function setOptOut(memberId: string, optOut: boolean): Promise<void> {
    await setPromotionsOptOut(db, { memberId, optOut, at: clock() });
  }

  return {
    grantIn,
    grantManyIn,
    grant,
    payCashIn,
    cashInAccounts: ((input) =>
      wallet.resolvePayoutAccounts({
        merchantId: input.merchantId,
        currency: input.currency,
        house: 'bonus_funding',
        shardKey: input.shardKey,
        memberIds: input.memberIds,
      })) satisfies BonusEngine['cashInAccounts'],
    announceCashIn: wallet.announceCash,
    reserveBudgetIn,
    releaseBudgetIn,
    isMarketable: (memberId: string) => isMarketableIn(null, memberId),
    marketableAmong: ((memberIds) =>
      marketableAmong(db, memberIds, clock())) satisfies BonusEngine['marketableAmong'],
    marketabilityOf: ((facts) => marketabilityOf(facts, clock())) satisfies BonusEngine['marketabilityOf'],
    isMarketableIn: (trx: Transaction<Database>, memberId: string) => isMarketableIn(trx, memberId),
    grantByOperator,
    cancel,
    forfeitForWithdrawalIn,
    settleMember,
    settleIfDue,
    settleDue,
    listBonuses,
    findActive,
    findBonuses,
    readBonusBalances,
    setOptOut,
    /** The merchant a member belongs to (the back office's scope check), null for no such member. */
    findMemberMerchant: (memberId: string) => findMemberMerchant(db, memberId),
  } satisfies BonusEngine & Record<string, unknown>;
}
