import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, ReferralRewardStatus } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';

/** The referral programme's SQL (docs/referrals.md). */

export type ReferralRuleRow = Selectable<Database['referral_rules']>;
export type ReferralRow = Selectable<Database['referrals']>;
export type ReferralRewardRow = Selectable<Database['referral_rewards']>;

/** How far back a referrer's logins count as "recent" for the checks at a friend's registration. */
export const RECENT_LOGIN_DAYS = 30;

/** Every merchant's id (the job walks them). */
export async function findMerchantIds(db: Executor): Promise<string[]> {
  return (await db.selectFrom('merchants').select('id').orderBy('id').execute()).map((row) => row.id);
}

export async function findRules(db: Executor, merchantId: string, onlyEnabled: boolean) {
  let query = db.selectFrom('referral_rules').selectAll().where('merchant_id', '=', merchantId);
  if (onlyEnabled) query = query.where('enabled', '=', true);
  return query.orderBy('created_at').orderBy('id').execute();
}

export async function findRule(db: Executor, id: string): Promise<ReferralRuleRow | undefined> {
  return db.selectFrom('referral_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRuleMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('referral_rules').select('merchant_id').where('id', '=', id).executeTakeFirst())
    ?.merchant_id;
}

export async function findRewardMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (
    await db.selectFrom('referral_rewards').select('merchant_id').where('id', '=', id).executeTakeFirst()
  )?.merchant_id;
}

/** The member a referral code names in a merchant (active, not a trial account), if any. */
export async function findReferrerByCode(db: Executor, merchantId: string, code: string) {
  return (
    db
      .selectFrom('members')
      .select(['id', 'upline_id', 'referral_code', 'register_ip'])
      .where('merchant_id', '=', merchantId)
      .where('referral_code', '=', code.toUpperCase())
      .where('status', '=', 'active')
      // A free-play account refers nobody (member.service TRIAL_TYPE).
      .where('type', '<>', 4)
      .executeTakeFirst()
  );
}

/** Whether the referrer used the address or the device (logins since `since`, or registration). */
export async function findSharedClient(
  db: Executor,
  input: { referrerId: string; ip: string | null; deviceId: string | null; since: Date },
): Promise<{ sameIp: boolean; sameDevice: boolean }> {
  const result = await sql<{ same_ip: boolean; same_device: boolean }>`
    select
      ${
        input.ip === null
          ? sql`false`
          : sql`(exists (select 1 from member_logins l where l.member_id = ${input.referrerId}
        and l.ip = ${input.ip} and l.created_at >= ${input.since}::timestamptz)
        or exists (select 1 from members m where m.id = ${input.referrerId} and m.register_ip = ${input.ip}))`
      } as same_ip,
      ${
        input.deviceId === null
          ? sql`false`
          : sql`exists (select 1 from member_logins l where l.member_id = ${input.referrerId}
        and l.device_id = ${input.deviceId} and l.created_at >= ${input.since}::timestamptz)`
      } as same_device`.execute(db);
  const row = result.rows[0];
  return { sameIp: row?.same_ip === true, sameDevice: row?.same_device === true };
}

/** Records a friend's referral; a friend already referred keeps the first (answers null). */
export async function insertReferral(
  db: Executor,
  row: Insertable<Database['referrals']>,
): Promise<ReferralRow | undefined> {
  return db
    .insertInto('referrals')
    .values(row)
    .onConflict((conflict) => conflict.column('friend_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** A (referral, rule) not yet rewarded, with what the friend has reached toward the rule. */
export type PendingReward = {
  referralId: string;
  referrerId: string;
  friendId: string;
  sameIp: boolean;
  sameDevice: boolean;
  /** The friend's payee name (or a payout account's holder) matches the referrer's. */
  samePayee: boolean;
  rule: ReferralRuleRow;
  reachedMinor: bigint;
};

/**
 * The merchant's (referral, enabled rule) pairs with no reward yet, for friends who joined after
 * the rule was made and whose window is still open, oldest first, with what each friend reached
 * within the rule's days: credited deposits (deposit), valid bet of the bet rollups (valid_bet).
 */
export async function findPendingRewards(
  db: Executor,
  merchantId: string,
  now: Date,
  limit: number,
): Promise<PendingReward[]> {
  const result = await sql<{
    referral_id: string;
    referrer_id: string;
    friend_id: string;
    same_ip: boolean;
    same_device: boolean;
    same_payee: boolean;
    rule_id: string;
    reached_minor: string;
  }>`
    select r.id as referral_id, r.referrer_id, r.friend_id, r.same_ip, r.same_device, u.id as rule_id,
      case u.trigger
        when 'deposit' then (select coalesce(sum(d.amount_minor), 0) from deposits d
          where d.member_id = r.friend_id and d.status = 'credited'
            and d.credited_at <= r.created_at + u.within_days * interval '1 day')
        when 'valid_bet' then (select coalesce(sum(b.valid_bet_minor), 0) from member_bet_days b
          where b.member_id = r.friend_id and b.day <= (r.created_at + u.within_days * interval '1 day')::date)
        else 0 end::text as reached_minor,
      exists (
        select 1 from
          (select lower(trim(m.payee_name)) as name from members m where m.id = r.friend_id
            union select lower(trim(a.account_name)) from payout_accounts a
              where a.member_id = r.friend_id and a.removed_at is null) f
          join
          (select lower(trim(m.payee_name)) as name from members m where m.id = r.referrer_id
            union select lower(trim(a.account_name)) from payout_accounts a
              where a.member_id = r.referrer_id and a.removed_at is null) o
          on f.name = o.name
        where f.name is not null and f.name <> '') as same_payee
    from referral_rules u
    join referrals r on r.merchant_id = u.merchant_id and r.created_at >= u.created_at
    where u.merchant_id = ${merchantId} and u.enabled
      and r.created_at > ${now}::timestamptz - u.within_days * interval '1 day'
      and not exists (select 1 from referral_rewards w where w.referral_id = r.id and w.rule_id = u.id)
    order by r.created_at, r.id, u.id
    limit ${limit}`.execute(db);
  if (result.rows.length === 0) return [];
  const rules = new Map(
    (
      await db
        .selectFrom('referral_rules')
        .selectAll()
        .where('id', 'in', [...new Set(result.rows.map((row) => row.rule_id))])
        .execute()
    ).map((rule) => [rule.id, rule]),
  );
  return result.rows.flatMap((row) => {
    const rule = rules.get(row.rule_id);
    if (!rule) return [];
    return [
      {
        referralId: row.referral_id,
        referrerId: row.referrer_id,
        friendId: row.friend_id,
        sameIp: row.same_ip,
        sameDevice: row.same_device,
        samePayee: row.same_payee,
        rule,
        reachedMinor: BigInt(row.reached_minor),
      },
    ];
  });
}

/**
 * Writes a (referral, rule)'s rewards once: the unique (referral, rule, beneficiary) lets the first
 * of two runs write them and the other nothing (it waits for the first to commit, then conflicts).
 */
export async function insertRewardsIn(
  trx: Transaction<Database>,
  rows: readonly Insertable<Database['referral_rewards']>[],
): Promise<ReferralRewardRow[]> {
  if (rows.length === 0) return [];
  return trx
    .insertInto('referral_rewards')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['referral_id', 'rule_id', 'beneficiary']).doNothing())
    .returningAll()
    .execute();
}

export async function setRewardBonusIn(
  trx: Transaction<Database>,
  id: string,
  bonusId: string,
): Promise<void> {
  await trx.updateTable('referral_rewards').set({ bonus_id: bonusId }).where('id', '=', id).execute();
}

/** Moves a held reward to its decision; undefined when it is no longer held (decided before). */
export async function decideHeldRewardIn(
  trx: Transaction<Database>,
  id: string,
  decision: { status: Extract<ReferralRewardStatus, 'paid' | 'rejected'>; operatorName: string; at: Date },
): Promise<ReferralRewardRow | undefined> {
  return trx
    .updateTable('referral_rewards')
    .set({
      status: decision.status,
      decided_by: decision.operatorName,
      decided_at: decision.at,
      paid_at: decision.status === 'paid' ? decision.at : null,
    })
    .where('id', '=', id)
    .where('status', '=', 'held')
    .returningAll()
    .executeTakeFirst();
}

export async function findReward(db: Executor, id: string): Promise<ReferralRewardRow | undefined> {
  return db.selectFrom('referral_rewards').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A member's friends, newest first: account, when they joined, a first deposit, the last login. */
export async function findFriendsPage(
  db: Executor,
  referrerId: string,
  page: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('referrals as r')
      .innerJoin('members as m', 'm.id', 'r.friend_id')
      .select((eb) => [
        'r.id',
        'm.account',
        'r.created_at',
        'm.last_login_at',
        eb
          .exists(
            eb
              .selectFrom('deposits as d')
              .select('d.id')
              .whereRef('d.member_id', '=', 'r.friend_id')
              .where('d.status', '=', 'credited'),
          )
          .as('has_deposited'),
      ])
      .where('r.referrer_id', '=', referrerId)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('referrer_id', '=', referrerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** A member's rewards, newest first, with the rule's names and the other member's account. */
export async function findMemberRewardsPage(
  db: Executor,
  memberId: string,
  page: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('referral_rewards as w')
      .innerJoin('referral_rules as u', 'u.id', 'w.rule_id')
      .innerJoin('referrals as r', 'r.id', 'w.referral_id')
      .innerJoin('members as f', 'f.id', 'r.friend_id')
      .select([
        'w.id',
        'w.beneficiary',
        'w.reward_kind',
        'w.amount_minor',
        'w.status',
        'w.created_at',
        'u.name_ty as rule_name_ty',
        'u.name_en as rule_name_en',
        'u.trigger',
        'f.account as friend_account',
      ])
      .where('w.member_id', '=', memberId)
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('referral_rewards')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** The back office's referrals: referrer, friend, the checks' flags and the rewards' states. */
export async function findReferralsPage(
  db: Executor,
  input: {
    merchantIds: readonly string[] | null;
    flaggedOnly: boolean;
    account: string | null;
    limit: number;
    offset: number;
  },
) {
  let query = db
    .selectFrom('referrals as r')
    .innerJoin('members as o', 'o.id', 'r.referrer_id')
    .innerJoin('members as f', 'f.id', 'r.friend_id');
  if (input.merchantIds !== null) {
    if (input.merchantIds.length === 0) return { rows: [], total: 0 };
    query = query.where('r.merchant_id', 'in', [...input.merchantIds]);
  }
  if (input.flaggedOnly)
    query = query.where((eb) => eb.or([eb('r.same_ip', '=', true), eb('r.same_device', '=', true)]));
  if (input.account !== null) {
    const key = input.account.trim().toLowerCase();
    query = query.where((eb) => eb.or([eb('o.account_key', '=', key), eb('f.account_key', '=', key)]));
  }
  const [rows, count] = await Promise.all([
    query
      .select((eb) => [
        'r.id',
        'r.merchant_id',
        'r.referrer_id',
        'o.account as referrer_account',
        'r.friend_id',
        'f.account as friend_account',
        'r.code',
        'r.friend_ip',
        'r.same_ip',
        'r.same_device',
        'r.created_at',
        eb
          .selectFrom('referral_rewards as w')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('w.referral_id', '=', 'r.id')
          .where('w.status', '=', 'paid')
          .as('paid_count'),
        eb
          .selectFrom('referral_rewards as w')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('w.referral_id', '=', 'r.id')
          .where('w.status', '=', 'held')
          .as('held_count'),
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** The back office's rewards by status, newest first. */
export async function findRewardsPage(
  db: Executor,
  input: {
    merchantIds: readonly string[] | null;
    status: ReferralRewardStatus | null;
    limit: number;
    offset: number;
  },
) {
  let query = db
    .selectFrom('referral_rewards as w')
    .innerJoin('referral_rules as u', 'u.id', 'w.rule_id')
    .innerJoin('referrals as r', 'r.id', 'w.referral_id')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .innerJoin('members as f', 'f.id', 'r.friend_id')
    .innerJoin('members as o', 'o.id', 'r.referrer_id');
  if (input.merchantIds !== null) {
    if (input.merchantIds.length === 0) return { rows: [], total: 0 };
    query = query.where('w.merchant_id', 'in', [...input.merchantIds]);
  }
  if (input.status !== null) query = query.where('w.status', '=', input.status);
  const [rows, count] = await Promise.all([
    query
      .select([
        'w.id',
        'w.merchant_id',
        'w.beneficiary',
        'm.account',
        'o.account as referrer_account',
        'f.account as friend_account',
        'u.name_ty as rule_name_ty',
        'u.name_en as rule_name_en',
        'w.reward_kind',
        'w.amount_minor',
        'w.status',
        'w.hold_reason',
        'w.skip_reason',
        'r.same_ip',
        'r.same_device',
        'w.bonus_id',
        'w.decided_by',
        'w.decided_at',
        'w.created_at',
      ])
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}
