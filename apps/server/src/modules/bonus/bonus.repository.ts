import { sql, type Transaction } from 'kysely';
import type { Database, LocalizedText, MemberBonusStatus, MemberStatus } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import type { MarketabilityFacts } from './marketable.ts';

export type BonusRow = Row<'member_bonuses'>;
/** A bonus with its promotion's title (per language), for the views. */
export type BonusWithTitle = BonusRow & { promotion_title: LocalizedText | null };

export const OPEN_STATUSES: readonly MemberBonusStatus[] = ['waiting', 'active'];
export const ENDED_STATUSES: readonly MemberBonusStatus[] = [
  'converted',
  'forfeited',
  'expired',
  'cancelled',
];

/**
 * The member's row locked for the bonus engine's work on them (grants, conversions, forfeits,
 * activations take turns per member). `no key update` leaves the member's bets alone: their rows
 * reference the member with a key share lock, which this does not block.
 */
export async function lockMemberForBonuses(
  trx: Transaction<Database>,
  memberId: string,
): Promise<{ merchantId: string } | undefined> {
  const row = await trx
    .selectFrom('members')
    .select('merchant_id')
    .where('id', '=', memberId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row ? { merchantId: row.merchant_id } : undefined;
}

/**
 * Many members' rows locked for the engine's work on them (a batch of grants), in one statement in
 * id order, as lockMemberForBonuses locks one; with what decides whether promotions may reach
 * each (marketable.ts). Members that do not exist are missing from the answer.
 */
export async function lockMembersForBonuses(
  trx: Transaction<Database>,
  memberIds: readonly string[],
): Promise<Map<string, MarketabilityFacts & { merchantId: string }>> {
  const result = await sql<{
    id: string;
    merchant_id: string;
    type: number;
    status: MemberStatus;
    promotions_opt_out: boolean;
    exclusion_ends_at: Date | null;
  }>`
    select m.id, m.merchant_id, m.type, m.status, m.promotions_opt_out, s.exclusion_ends_at
      from members m left join play_settings s on s.member_id = m.id
      where m.id = any(${sql.val([...memberIds])}::text[])
      order by m.id
      for no key update of m`.execute(trx);
  return new Map(
    result.rows.map((row) => [
      row.id,
      {
        merchantId: row.merchant_id,
        type: row.type,
        status: row.status,
        promotionsOptOut: row.promotions_opt_out,
        exclusionEndsAt: row.exclusion_ends_at,
      },
    ]),
  );
}

/**
 * Which of these members have a bonus waiting or playing (read under their locks), through the
 * partial indexes of active and waiting bonuses.
 */
export async function findMembersWithOpenBonuses(
  executor: Executor,
  memberIds: readonly string[],
): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const ids = sql.val([...memberIds]);
  const result = await sql<{ member_id: string }>`
    select member_id from member_bonuses where status = 'active' and member_id = any(${ids}::text[])
    union
    select member_id from member_bonuses where status = 'waiting' and member_id = any(${ids}::text[])`.execute(
    executor,
  );
  return new Set(result.rows.map((row) => row.member_id));
}

/** The merchant a member belongs to, if the member exists. */
export async function findMemberMerchant(executor: Executor, memberId: string): Promise<string | null> {
  const row = await executor
    .selectFrom('members')
    .select('merchant_id')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row?.merchant_id ?? null;
}

/** The merchant's time zone, currency, default language and settings, read in the caller's transaction. */
export function findMerchantPolicyRow(executor: Executor, merchantId: string) {
  return executor
    .selectFrom('merchants')
    .select(['time_zone', 'currency', 'default_language', 'settings'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
}

export async function insertBonus(trx: Executor, row: NewRow<'member_bonuses'>): Promise<void> {
  await trx.insertInto('member_bonuses').values(row).execute();
}

/** A new bonus as a batch of grants writes it: every column a grant sets. */
export type NewBatchBonus = {
  id: string;
  merchantId: string;
  memberId: string;
  currency: string;
  source: string;
  amountMinor: bigint;
  wageringRequiredMinor: bigint;
  /** JSON text. */
  contributions: string;
  maxStakeMinor: bigint | null;
  maxConversionMinor: bigint | null;
  minSpinStakeMinor: bigint | null;
  minSpinLines: number | null;
  expiryDays: number;
  /** JSON text. */
  terms: string;
  status: 'waiting' | 'active';
  grantedAt: Date;
  activatedAt: Date | null;
  expiresAt: Date | null;
};

/**
 * Many bonuses in one statement of array parameters (a batch of grants writes a thousand): no
 * promotion, entry, deposit or operator, which a batch never has.
 */
export async function insertBonuses(trx: Executor, rows: readonly NewBatchBonus[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: NewBatchBonus) => T) => sql.val(rows.map(pick));
  const text = (value: bigint | null) => (value === null ? null : String(value));
  const time = (value: Date | null) => (value === null ? null : value.toISOString());
  await sql`
    insert into member_bonuses (id, merchant_id, member_id, currency, source, amount_minor,
      wagering_required_minor, contributions, max_stake_minor, max_conversion_minor,
      min_spin_stake_minor, min_spin_lines, expiry_days, terms, status, granted_at, activated_at, expires_at)
    select * from unnest(
      ${column((row) => row.id)}::text[], ${column((row) => row.merchantId)}::text[],
      ${column((row) => row.memberId)}::text[], ${column((row) => row.currency)}::text[],
      ${column((row) => row.source)}::text[], ${column((row) => String(row.amountMinor))}::bigint[],
      ${column((row) => String(row.wageringRequiredMinor))}::bigint[], ${column((row) => row.contributions)}::jsonb[],
      ${column((row) => text(row.maxStakeMinor))}::bigint[], ${column((row) => text(row.maxConversionMinor))}::bigint[],
      ${column((row) => text(row.minSpinStakeMinor))}::bigint[], ${column((row) => row.minSpinLines)}::integer[],
      ${column((row) => row.expiryDays)}::integer[], ${column((row) => row.terms)}::jsonb[],
      ${column((row) => row.status)}::text[], ${column((row) => row.grantedAt.toISOString())}::timestamptz[],
      ${column((row) => time(row.activatedAt))}::timestamptz[], ${column((row) => time(row.expiresAt))}::timestamptz[])`.execute(
    trx,
  );
}

/** The member's active bonus, locked until the transaction ends. */
export function lockActiveBonus(trx: Transaction<Database>, memberId: string): Promise<BonusRow | undefined> {
  return trx
    .selectFrom('member_bonuses')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .forUpdate()
    .executeTakeFirst();
}

/** The member's oldest waiting bonus, locked until the transaction ends. */
export function lockOldestWaitingBonus(
  trx: Transaction<Database>,
  memberId: string,
): Promise<BonusRow | undefined> {
  return trx
    .selectFrom('member_bonuses')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'waiting')
    .orderBy('granted_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/** The bonus an entry of a promotion was granted, if any. */
export function findBonusOfEntry(executor: Executor, entryId: string): Promise<BonusRow | undefined> {
  return executor.selectFrom('member_bonuses').selectAll().where('entry_id', '=', entryId).executeTakeFirst();
}

/** One bonus, locked until the transaction ends. */
export function lockBonus(trx: Transaction<Database>, bonusId: string): Promise<BonusRow | undefined> {
  return trx
    .selectFrom('member_bonuses')
    .selectAll()
    .where('id', '=', bonusId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Moves a bonus from one of `from` to a new state; the row as it is after, or undefined when it
 * was no longer in one of them.
 */
export function moveBonus(
  trx: Executor,
  bonusId: string,
  from: readonly MemberBonusStatus[],
  changes: {
    status: MemberBonusStatus;
    activated_at?: Date;
    expires_at?: Date;
    ended_at?: Date;
    converted_minor?: bigint;
    forfeited_minor?: bigint;
    ended_by?: string | null;
    end_reason?: string | null;
  },
): Promise<BonusRow | undefined> {
  return trx
    .updateTable('member_bonuses')
    .set(changes)
    .where('id', '=', bonusId)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

/**
 * Whether the member has a round still open that staked bonus money: its win, when it comes,
 * belongs to the bonus, so the bonus neither converts nor ends as used up before it settles.
 */
export async function hasOpenBonusRound(executor: Executor, memberId: string): Promise<boolean> {
  const row = await executor
    .selectFrom('game_rounds')
    .select('id')
    .where('member_id', '=', memberId)
    .where('settled_at', 'is', null)
    .where('status', '=', 'open')
    .where('bonus_stake_minor', '>', 0n)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds `amountMinor` to what a scope granted on a merchant day, in one guarded statement: with a
 * cap, only while the day's total stays within it (false, and nothing written, when it would
 * pass it); without one, always.
 */
export async function reserveBudget(
  trx: Executor,
  input: { merchantId: string; scope: string; day: string; amountMinor: bigint; capMinor: bigint | null },
): Promise<boolean> {
  const cap = input.capMinor;
  const result = await sql<{ granted_minor: bigint }>`
    insert into promotion_budget_days as b (merchant_id, scope, day, granted_minor)
    select ${input.merchantId}, ${input.scope}, ${input.day}::date, ${input.amountMinor}::bigint
      where ${cap}::bigint is null or ${input.amountMinor}::bigint <= ${cap}::bigint
    on conflict (merchant_id, scope, day) do update set granted_minor = b.granted_minor + excluded.granted_minor
      where ${cap}::bigint is null or b.granted_minor + excluded.granted_minor <= ${cap}::bigint
    returning b.granted_minor`.execute(trx);
  return result.rows.length > 0;
}

/** Gives back what a scope had reserved on a day (a bonus cancelled before it was ever credited). */
export async function releaseBudget(
  trx: Executor,
  input: { merchantId: string; scope: string; day: string; amountMinor: bigint },
): Promise<void> {
  await trx
    .updateTable('promotion_budget_days')
    .set((eb) => ({
      granted_minor: sql<bigint>`greatest(0, ${eb.ref('granted_minor')} - ${input.amountMinor})`,
    }))
    .where('merchant_id', '=', input.merchantId)
    .where('scope', '=', input.scope)
    .where('day', '=', input.day)
    .execute();
}

/** What a scope has granted on a merchant day (0 when nothing). */
export async function findBudgetUsed(
  executor: Executor,
  input: { merchantId: string; scope: string; day: string },
): Promise<bigint> {
  const row = await executor
    .selectFrom('promotion_budget_days')
    .select('granted_minor')
    .where('merchant_id', '=', input.merchantId)
    .where('scope', '=', input.scope)
    .where('day', '=', input.day)
    .executeTakeFirst();
  return row ? BigInt(row.granted_minor) : 0n;
}

/**
 * Members the settle job has work for, at most `limit`: an active bonus whose wagering is done,
 * whose time is up, or whose bonus wallet is empty (each without an open bonus-staked round
 * where that round matters); a waiting bonus with none active; bonus money left in the wallet
 * with no active bonus (late winnings).
 */
export async function findMembersDue(
  executor: Executor,
  input: { now: Date; limit: number; memberId?: string },
): Promise<{ memberId: string; merchantId: string; currency: string }[]> {
  const only = input.memberId ?? null;
  const result = await sql<{ member_id: string; merchant_id: string; currency: string }>`
    select member_id, merchant_id, currency from (
      select b.member_id, b.merchant_id, b.currency from member_bonuses b
        where b.status = 'active' and b.expires_at <= ${input.now}
      union
      select b.member_id, b.merchant_id, b.currency from member_bonuses b
        join ledger_accounts a on a.owner_id = b.member_id and a.kind = 'player_bonus' and a.currency = b.currency
        where b.status = 'active'
          and (b.wagered_minor >= b.wagering_required_minor or a.balance_minor = 0)
          and not exists (select 1 from game_rounds r where r.member_id = b.member_id
            and r.settled_at is null and r.status = 'open' and r.bonus_stake_minor > 0)
      union
      select w.member_id, w.merchant_id, w.currency from member_bonuses w
        where w.status = 'waiting'
          and not exists (select 1 from member_bonuses b where b.member_id = w.member_id and b.status = 'active')
      union
      select e.member_id, e.merchant_id, e.currency from member_bonuses e
        join ledger_accounts a on a.owner_id = e.member_id and a.kind = 'player_bonus' and a.currency = e.currency
        where e.status in ('converted', 'forfeited', 'expired', 'cancelled') and a.balance_minor > 0
          and not exists (select 1 from member_bonuses b where b.member_id = e.member_id and b.status = 'active')
    ) due
    where ${only}::text is null or member_id = ${only}::text
    order by member_id
    limit ${input.limit}`.execute(executor);
  return result.rows.map((row) => ({
    memberId: row.member_id,
    merchantId: row.merchant_id,
    currency: row.currency,
  }));
}

/** A page of a member's bonuses, newest first, with their promotions' titles. */
export async function findBonusesPage(
  executor: Executor,
  input: { memberId: string; statuses: readonly MemberBonusStatus[]; limit: number; offset: number },
): Promise<{ rows: BonusWithTitle[]; total: number }> {
  const base = executor
    .selectFrom('member_bonuses')
    .where('member_bonuses.member_id', '=', input.memberId)
    .where('member_bonuses.status', 'in', [...input.statuses]);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('promotions', 'promotions.id', 'member_bonuses.promotion_id')
      .selectAll('member_bonuses')
      .select('promotions.title as promotion_title')
      .orderBy('member_bonuses.granted_at', 'desc')
      .orderBy('member_bonuses.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Bonuses by id with their promotions' titles (the ones a list of entries names). */
export function findBonusesByIds(executor: Executor, ids: readonly string[]): Promise<BonusWithTitle[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return executor
    .selectFrom('member_bonuses')
    .leftJoin('promotions', 'promotions.id', 'member_bonuses.promotion_id')
    .selectAll('member_bonuses')
    .select('promotions.title as promotion_title')
    .where('member_bonuses.id', 'in', [...ids])
    .execute();
}

/** The member's bonus wallet balances in one read, by member id (0 without an account). */
export async function findBonusBalances(
  executor: Executor,
  memberIds: readonly string[],
): Promise<Map<string, bigint>> {
  if (memberIds.length === 0) return new Map();
  const rows = await executor
    .selectFrom('ledger_accounts')
    .select(['owner_id', 'balance_minor'])
    .where('owner_id', 'in', [...memberIds])
    .where('kind', '=', 'player_bonus')
    .execute();
  return new Map(rows.flatMap((row) => (row.owner_id ? [[row.owner_id, BigInt(row.balance_minor)]] : [])));
}

export async function setPromotionsOptOut(
  executor: Executor,
  input: { memberId: string; optOut: boolean; at: Date },
): Promise<void> {
  await executor
    .updateTable('members')
    .set({ promotions_opt_out: input.optOut, updated_at: input.at })
    .where('id', '=', input.memberId)
    .execute();
}

/** A transfer a key names, read in the caller's transaction (a cash reward paid before). */
export function findTransferByKeyIn(executor: Executor, merchantId: string, key: string) {
  return executor
    .selectFrom('ledger_transfers')
    .select(['id', 'code', 'amount_minor'])
    .where('merchant_id', '=', merchantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}
