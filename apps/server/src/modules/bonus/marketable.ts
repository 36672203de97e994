import type { MemberStatus } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { AppError } from '../../platform/errors/errors.ts';

/** Trial accounts (member type 4) play with free money and are never offered promotions. */
const TRIAL_MEMBER_TYPE = 4;

/** What decides whether a member may be offered and granted promotions. */
export type MarketabilityFacts = {
  type: number;
  status: MemberStatus;
  promotionsOptOut: boolean;
  /** The end of a break or self-exclusion the member chose (responsible gaming), if any. */
  exclusionEndsAt: Date | null;
};

export type Marketability = { ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' };

/**
 * The one check every promotional feature uses (docs/promotions.md "Who may have one"): an active
 * member, not a trial, not locked or self-excluded, not on a break or self-exclusion that has not
 * ended yet, and not opted out of promotions.
 */
export function marketabilityOf(facts: MarketabilityFacts, now: Date): Marketability {
  if (facts.type === TRIAL_MEMBER_TYPE) return { ok: false, reason: 'TRIAL_ACCOUNT' };
  if (facts.status !== 'active') return { ok: false, reason: 'NOT_MARKETABLE' };
  if (facts.exclusionEndsAt !== null && facts.exclusionEndsAt > now) {
    return { ok: false, reason: 'NOT_MARKETABLE' };
  }
  if (facts.promotionsOptOut) return { ok: false, reason: 'NOT_MARKETABLE' };
  return { ok: true };
}

/** The refusal a grant answers for a member promotions may not reach. */
export function refusalOf(reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE'): AppError {
  return reason === 'TRIAL_ACCOUNT'
    ? new AppError('TRIAL_ACCOUNT', { value: { reason } })
    : new AppError('FORBIDDEN', { value: { reason } });
}

/** Which of these members promotions may reach now, read in one statement (an unknown id is not). */
export async function marketableAmong(
  executor: Executor,
  memberIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await executor
    .selectFrom('members')
    .leftJoin('play_settings', 'play_settings.member_id', 'members.id')
    .select([
      'members.id',
      'members.type',
      'members.status',
      'members.promotions_opt_out',
      'play_settings.exclusion_ends_at',
    ])
    .where('members.id', 'in', [...memberIds])
    .execute();
  const marketable = new Set<string>();
  for (const row of rows) {
    const facts = {
      type: row.type,
      status: row.status,
      promotionsOptOut: row.promotions_opt_out,
      exclusionEndsAt: row.exclusion_ends_at,
    };
    if (marketabilityOf(facts, now).ok) marketable.add(row.id);
  }
  return marketable;
}

/** The member's facts, or undefined for a member that does not exist. */
export async function readMarketabilityFacts(
  executor: Executor,
  memberId: string,
): Promise<(MarketabilityFacts & { merchantId: string }) | undefined> {
  const row = await executor
    .selectFrom('members')
    .leftJoin('play_settings', 'play_settings.member_id', 'members.id')
    .select([
      'members.merchant_id',
      'members.type',
      'members.status',
      'members.promotions_opt_out',
      'play_settings.exclusion_ends_at',
    ])
    .where('members.id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    merchantId: row.merchant_id,
    type: row.type,
    status: row.status,
    promotionsOptOut: row.promotions_opt_out,
    exclusionEndsAt: row.exclusion_ends_at,
  };
}
