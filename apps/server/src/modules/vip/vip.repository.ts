import { sql, type Transaction, type Updateable } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type {
  Database,
  VipChangeReason,
  VipGiftKind,
  VipGiftStatus,
  VipProjection,
} from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import type { VipLevel, VipWindow, WindowFigures } from './vip-rules.ts';

export type VipLevelRow = Row<'vip_levels'>;
export type VipGiftRow = Row<'vip_gifts'>;
export type VipJobStateRow = Row<'vip_job_state'>;

/** A level's row in the rules' shape. */
export function levelOf(row: VipLevelRow): VipLevel {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    rank: row.rank,
    names: row.names,
    label: row.label,
    badgeUrl: row.badge_url,
    depositMinor: BigInt(row.deposit_minor),
    validBetMinor: BigInt(row.valid_bet_minor),
    keepDepositMinor: BigInt(row.keep_deposit_minor),
    keepValidBetMinor: BigInt(row.keep_valid_bet_minor),
    guaranteedDays: row.guaranteed_days,
    upgradeBonusMinor: BigInt(row.upgrade_bonus_minor),
    birthdayBonusMinor: BigInt(row.birthday_bonus_minor),
    monthlyBonusMinor: BigInt(row.monthly_bonus_minor),
    rebateRatesBp: row.rebate_rates,
    withdrawCountDay: row.withdraw_count_day,
    withdrawAmountDayMinor:
      row.withdraw_amount_day_minor === null ? null : BigInt(row.withdraw_amount_day_minor),
    pointsMultiplierBp: row.points_multiplier_bp,
  };
}

// Levels.

/**
 * The merchant's levels, lowest rank first. `share` locks them against a change until the
 * caller's transaction ends: a member is raised or set by the levels as they stand.
 */
export async function findLevels(
  executor: Executor,
  merchantId: string,
  options: { share?: boolean } = {},
): Promise<VipLevelRow[]> {
  const query = executor
    .selectFrom('vip_levels')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('rank');
  return options.share ? query.forShare().execute() : query.execute();
}

/** Levels of the merchants in scope (null: all), with how many members hold each. */
export async function findLevelsWithHolders(
  executor: Executor,
  scope: readonly string[] | null,
): Promise<(VipLevelRow & { holders: number })[]> {
  let query = executor
    .selectFrom('vip_levels')
    .selectAll('vip_levels')
    .select((eb) =>
      eb
        .selectFrom('member_vip')
        .select(sql<string>`count(*)`.as('count'))
        .whereRef('member_vip.level_id', '=', 'vip_levels.id')
        .as('holders'),
    )
    .orderBy('vip_levels.merchant_id')
    .orderBy('vip_levels.rank');
  if (scope !== null) query = query.where('vip_levels.merchant_id', 'in', scope.length > 0 ? scope : ['']);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, holders: Number(row.holders ?? 0) }));
}

export function findLevel(executor: Executor, id: string): Promise<VipLevelRow | undefined> {
  return executor.selectFrom('vip_levels').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The level locked for a change, in the caller's transaction. */
export function lockLevel(trx: Transaction<Database>, id: string): Promise<VipLevelRow | undefined> {
  return trx.selectFrom('vip_levels').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Changes of one merchant's levels take turns, so that the ladder's order is checked whole. */
export async function lockMerchantLevels(trx: Transaction<Database>, merchantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`vip_levels:${merchantId}`}, 0))`.execute(trx);
}

export async function insertLevel(
  trx: Transaction<Database>,
  row: NewRow<'vip_levels'>,
): Promise<VipLevelRow> {
  return trx.insertInto('vip_levels').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateLevel(
  trx: Transaction<Database>,
  id: string,
  changes: Updateable<Database['vip_levels']>,
): Promise<VipLevelRow> {
  return trx
    .updateTable('vip_levels')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a level no member holds; answers whether it did. */
export async function deleteUnheldLevel(trx: Transaction<Database>, id: string): Promise<boolean> {
  const deleted = await sql`
    delete from vip_levels l
    where l.id = ${id} and not exists (select 1 from member_vip mv where mv.level_id = l.id)`.execute(trx);
  return Number(deleted.numAffectedRows ?? 0) > 0;
}

export async function countHolders(executor: Executor, levelId: string): Promise<number> {
  const row = await executor
    .selectFrom('member_vip')
    .select(sql<string>`count(*)`.as('count'))
    .where('level_id', '=', levelId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The merchants that have levels, for the jobs. */
export async function findMerchantsWithLevels(executor: Executor): Promise<string[]> {
  const rows = await executor.selectFrom('vip_levels').select('merchant_id').distinct().execute();
  return rows.map((row) => row.merchant_id).sort();
}

// A member's figures in the window.

/**
 * One member's credited deposits (by credit time) and valid bet (the bet record's days) in the
 * window: two index reads (deposits_credited_member_idx, member_bet_days' primary key).
 */
export async function findWindowFigures(
  executor: Executor,
  memberId: string,
  window: VipWindow,
): Promise<WindowFigures> {
  const result = await sql<{ deposit_minor: bigint; valid_bet_minor: bigint }>`
    select
      (select coalesce(sum(amount_minor), 0)::bigint from deposits
        where member_id = ${memberId} and status = 'credited' and credited_at >= ${window.startsAt}
      ) as deposit_minor,
      (select coalesce(sum(valid_bet_minor), 0)::bigint from member_bet_days
        where member_id = ${memberId} and day >= ${window.fromDay}::date
      ) as valid_bet_minor`.execute(executor);
  const row = result.rows[0];
  return {
    depositMinor: BigInt(row?.deposit_minor ?? 0n),
    validBetMinor: BigInt(row?.valid_bet_minor ?? 0n),
  };
}

/** Figures of many members of a merchant at once, with the rank each holds (null: none). */
export type MemberFigures = WindowFigures & { memberId: string; rank: number | null };

/**
 * The window's figures of the named members of the merchant (trial accounts left out) in one
 * statement: each member's deposits and bet days read through their own indexes, as for one
 * member, so that a batch costs what its members do, whatever the merchant's size.
 */
export async function findWindowFiguresOf(
  executor: Executor,
  merchantId: string,
  memberIds: readonly string[],
  window: VipWindow,
): Promise<MemberFigures[]> {
  if (memberIds.length === 0) return [];
  const result = await sql<{
    member_id: string;
    deposit_minor: bigint;
    valid_bet_minor: bigint;
    rank: number | null;
  }>`
    select m.id as member_id,
      (select coalesce(sum(d.amount_minor), 0)::bigint from deposits d
        where d.member_id = m.id and d.status = 'credited' and d.credited_at >= ${window.startsAt}
      ) as deposit_minor,
      (select coalesce(sum(b.valid_bet_minor), 0)::bigint from member_bet_days b
        where b.member_id = m.id and b.day >= ${window.fromDay}::date
      ) as valid_bet_minor,
      mv.rank
    from members m left join member_vip mv on mv.member_id = m.id
    where m.id = any(${sql.val([...memberIds])}::text[]) and m.merchant_id = ${merchantId} and m.type <> 4`.execute(
    executor,
  );
  return result.rows.map((row) => ({
    memberId: row.member_id,
    depositMinor: BigInt(row.deposit_minor),
    validBetMinor: BigInt(row.valid_bet_minor),
    rank: row.rank,
  }));
}

/**
 * The members of a merchant whose bets or credited deposits changed after the watermarks (null:
 * every member with bets or deposits in the window), and the newest change seen of each kind
 * (null: none at all), which become the next watermarks.
 */
export async function findChangedMembers(
  executor: Executor,
  merchantId: string,
  input: { betsSince: Date | null; depositsSince: Date | null; window: VipWindow },
): Promise<{ memberIds: string[]; newestBetChange: Date | null; newestCredit: Date | null }> {
  const bets = await sql<{ member_id: string; newest: Date }>`
    select member_id, max(changed_at) as newest from member_bet_days
    where merchant_id = ${merchantId} and ${
      input.betsSince === null
        ? sql`day >= ${input.window.fromDay}::date`
        : sql`changed_at > ${input.betsSince}`
    }
    group by member_id`.execute(executor);
  const deposits = await sql<{ member_id: string; newest: Date }>`
    select member_id, max(credited_at) as newest from deposits
    where merchant_id = ${merchantId} and status = 'credited' and credited_at > ${
      input.depositsSince ?? input.window.startsAt
    }
    group by member_id`.execute(executor);
  const newestOf = (rows: readonly { newest: Date }[]) =>
    rows.reduce<Date | null>((newest, row) => {
      const at = new Date(row.newest);
      return newest === null || at > newest ? at : newest;
    }, null);
  let newestBetChange = newestOf(bets.rows);
  let newestCredit = newestOf(deposits.rows);
  // A first look reads the window only; its watermark is the newest change of any day.
  if (input.betsSince === null) {
    const all = await sql<{ newest: Date | null }>`
      select max(changed_at) as newest from member_bet_days where merchant_id = ${merchantId}`.execute(
      executor,
    );
    newestBetChange = all.rows[0]?.newest ? new Date(all.rows[0].newest) : null;
  }
  if (input.depositsSince === null) {
    const all = await sql<{ newest: Date | null }>`
      select max(credited_at) as newest from deposits
      where merchant_id = ${merchantId} and status = 'credited'`.execute(executor);
    newestCredit = all.rows[0]?.newest ? new Date(all.rows[0].newest) : null;
  }
  const memberIds = [...new Set([...bets.rows, ...deposits.rows].map((row) => row.member_id))].sort();
  return { memberIds, newestBetChange, newestCredit };
}

// A member's level.

/** The member's row locked (no key update: bets and the bonus engine take the same lock). */
export async function lockMember(
  trx: Transaction<Database>,
  memberId: string,
): Promise<{ merchantId: string; type: number; createdAt: Date } | undefined> {
  const row = await trx
    .selectFrom('members')
    .select(['merchant_id', 'type', 'created_at'])
    .where('id', '=', memberId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row ? { merchantId: row.merchant_id, type: row.type, createdAt: row.created_at } : undefined;
}

export type MemberVipRow = Row<'member_vip'>;

export function findMemberVip(executor: Executor, memberId: string): Promise<MemberVipRow | undefined> {
  return executor.selectFrom('member_vip').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

export function lockMemberVip(
  trx: Transaction<Database>,
  memberId: string,
): Promise<MemberVipRow | undefined> {
  return trx
    .selectFrom('member_vip')
    .selectAll()
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

/** Gives the member a level from now, its guarantee running `guaranteedDays` from now. */
export async function putMemberVip(
  trx: Transaction<Database>,
  input: { memberId: string; merchantId: string; level: VipLevel; now: Date },
): Promise<void> {
  const guaranteedUntil = new Date(input.now.getTime() + input.level.guaranteedDays * 86_400_000);
  await trx
    .insertInto('member_vip')
    .values({
      member_id: input.memberId,
      merchant_id: input.merchantId,
      level_id: input.level.id,
      rank: input.level.rank,
      reached_at: input.now,
      guaranteed_until: guaranteedUntil,
      projection: null,
      projected_rank: null,
      projected_at: null,
      updated_at: input.now,
    })
    .onConflict((conflict) =>
      conflict.column('member_id').doUpdateSet({
        level_id: input.level.id,
        rank: input.level.rank,
        reached_at: input.now,
        guaranteed_until: guaranteedUntil,
        projection: null,
        projected_rank: null,
        projected_at: null,
        updated_at: input.now,
      }),
    )
    .execute();
}

export async function deleteMemberVip(trx: Transaction<Database>, memberId: string): Promise<void> {
  await trx.deleteFrom('member_vip').where('member_id', '=', memberId).execute();
}

export type LevelChangeRow = Row<'vip_level_changes'>;

export async function insertLevelChanges(
  trx: Transaction<Database>,
  changes: readonly {
    merchantId: string;
    memberId: string;
    fromRank: number | null;
    toRank: number | null;
    reason: VipChangeReason;
    operatorId?: string | null;
    note?: string | null;
    now: Date;
  }[],
): Promise<LevelChangeRow[]> {
  const rows: LevelChangeRow[] = [];
  // A statement holds at most 65,535 parameters: a review lowering many members writes in batches.
  for (let index = 0; index < changes.length; index += LEVEL_CHANGES_PER_INSERT) {
    rows.push(...(await insertLevelChangeBatch(trx, changes.slice(index, index + LEVEL_CHANGES_PER_INSERT))));
  }
  return rows;
}

const LEVEL_CHANGES_PER_INSERT = 1_000;

function insertLevelChangeBatch(
  trx: Transaction<Database>,
  changes: Parameters<typeof insertLevelChanges>[1],
): Promise<LevelChangeRow[]> {
  return trx
    .insertInto('vip_level_changes')
    .values(
      changes.map((change) => ({
        id: uuidv7(),
        merchant_id: change.merchantId,
        member_id: change.memberId,
        from_rank: change.fromRank,
        to_rank: change.toRank,
        reason: change.reason,
        operator_id: change.operatorId ?? null,
        note: change.note ?? null,
        created_at: change.now,
      })),
    )
    .returningAll()
    .execute();
}

// The review: set-based, a few statements per merchant.

/**
 * The figures of the merchant's holders, as a CTE chain ending in `fig` (member_id, rank,
 * guaranteed_until, dep, vb), over the holders `held` selects: each table read once.
 */
function holderFigures(merchantId: string, window: VipWindow, heldFilter: ReturnType<typeof sql>) {
  return sql`
    lv as (
      select id, rank, deposit_minor, valid_bet_minor, keep_deposit_minor, keep_valid_bet_minor
      from vip_levels where merchant_id = ${merchantId}
    ),
    held as (
      select member_id, rank, guaranteed_until from member_vip
      where merchant_id = ${merchantId} and ${heldFilter}
    ),
    dep as (
      select d.member_id, sum(d.amount_minor) as total from deposits d join held on held.member_id = d.member_id
      where d.merchant_id = ${merchantId} and d.status = 'credited' and d.credited_at >= ${window.startsAt}
      group by d.member_id
    ),
    bet as (
      select b.member_id, sum(b.valid_bet_minor) as total
      from member_bet_days b join held on held.member_id = b.member_id
      where b.merchant_id = ${merchantId} and b.day >= ${window.fromDay}::date
      group by b.member_id
    ),
    fig as (
      select held.member_id, held.rank, held.guaranteed_until,
        coalesce(dep.total, 0) as dep, coalesce(bet.total, 0) as vb
      from held
        left join dep on dep.member_id = held.member_id
        left join bet on bet.member_id = held.member_id
    ),
    calc as (
      select fig.*,
        (select max(lv.rank) from lv where fig.dep >= lv.deposit_minor and fig.vb >= lv.valid_bet_minor) as earned,
        (select max(lv.rank) from lv where lv.rank <= fig.rank and (
          (fig.dep >= lv.keep_deposit_minor and fig.vb >= lv.keep_valid_bet_minor)
          or (fig.dep >= lv.deposit_minor and fig.vb >= lv.valid_bet_minor))) as kept
      from fig
    )`;
}

/** A statement of the review, given more time than the app's default: it reads every holder. */
export async function allowLongStatements(trx: Transaction<Database>, timeoutMs: number): Promise<void> {
  await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(trx);
}

/**
 * The merchant's holders whose guarantee has ended by `now` and who miss their level's retention,
 * with the rank the retention they meet keeps (null: none).
 */
export async function findHoldersToLower(
  trx: Transaction<Database>,
  merchantId: string,
  window: VipWindow,
  now: Date,
): Promise<{ memberId: string; fromRank: number; toRank: number | null }[]> {
  const result = await sql<{ member_id: string; rank: number; kept: number | null }>`
    with ${holderFigures(merchantId, window, sql`guaranteed_until <= ${now}`)}
    select member_id, rank, kept from calc where kept is distinct from rank
    order by member_id`.execute(trx);
  return result.rows.map((row) => ({ memberId: row.member_id, fromRank: row.rank, toRank: row.kept }));
}

/**
 * Lowers members to lower ranks (or none), each only while it still holds the rank it was found at
 * (an upgrade committed since wins); answers the members lowered.
 */
export async function lowerHolders(
  trx: Transaction<Database>,
  merchantId: string,
  lowerings: readonly { memberId: string; fromRank: number; toRank: number | null }[],
  now: Date,
): Promise<{ memberId: string; fromRank: number; toRank: number | null }[]> {
  const toLevel = lowerings.filter((item) => item.toRank !== null);
  const toNone = lowerings.filter((item) => item.toRank === null);
  const lowered: { memberId: string; fromRank: number; toRank: number | null }[] = [];
  if (toLevel.length > 0) {
    const result = await sql<{ member_id: string; from_rank: number; to_rank: number }>`
      update member_vip mv
      set level_id = l.id, rank = l.rank, reached_at = ${now}, updated_at = ${now},
        projection = null, projected_rank = null, projected_at = null
      from unnest(${sql.val(toLevel.map((item) => item.memberId))}::text[],
          ${sql.val(toLevel.map((item) => item.fromRank))}::int[],
          ${sql.val(toLevel.map((item) => item.toRank))}::int[]) as t(member_id, from_rank, to_rank)
        join vip_levels l on l.merchant_id = ${merchantId} and l.rank = t.to_rank
      where mv.member_id = t.member_id and mv.rank = t.from_rank
      returning mv.member_id, t.from_rank, t.to_rank`.execute(trx);
    for (const row of result.rows) {
      lowered.push({ memberId: row.member_id, fromRank: row.from_rank, toRank: row.to_rank });
    }
  }
  if (toNone.length > 0) {
    const result = await sql<{ member_id: string; from_rank: number }>`
      delete from member_vip mv
      using unnest(${sql.val(toNone.map((item) => item.memberId))}::text[],
          ${sql.val(toNone.map((item) => item.fromRank))}::int[]) as t(member_id, from_rank)
      where mv.member_id = t.member_id and mv.rank = t.from_rank
      returning mv.member_id, t.from_rank`.execute(trx);
    for (const row of result.rows)
      lowered.push({ memberId: row.member_id, fromRank: row.from_rank, toRank: null });
  }
  return lowered;
}

/**
 * Writes every holder's projection in one statement: rise (a higher level's thresholds met), keep
 * (guaranteed past the review, or the retention met), else fall to the rank the retention keeps.
 * The same rule as projectionOf (vip-rules.ts), for a whole merchant at once.
 */
export async function writeProjections(
  trx: Transaction<Database>,
  merchantId: string,
  input: { window: VipWindow; reviewAt: Date; now: Date },
): Promise<number> {
  const result = await sql`
    with ${holderFigures(merchantId, input.window, sql`true`)},
    proj as (
      select member_id,
        case when earned > rank then 'rise'
          when guaranteed_until > ${input.reviewAt} or kept = rank then 'keep'
          else 'fall' end as outcome,
        case when earned > rank then earned
          when guaranteed_until > ${input.reviewAt} or kept = rank then rank
          else kept end as projected_rank
      from calc
    )
    update member_vip mv
    set projection = proj.outcome, projected_rank = proj.projected_rank, projected_at = ${input.now}
    from proj where mv.member_id = proj.member_id`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** The month's gift for every holder of a level with a monthly bonus, waiting to be granted. */
export async function insertMonthlyGifts(
  trx: Transaction<Database>,
  merchantId: string,
  input: { month: string; now: Date },
): Promise<number> {
  const result = await sql`
    insert into vip_gifts (id, merchant_id, member_id, kind, key, rank, amount_minor, status, created_at)
    select gen_random_uuid()::text, mv.merchant_id, mv.member_id, 'monthly',
      'monthly:' || mv.member_id || ':' || ${input.month}, mv.rank, l.monthly_bonus_minor, 'waiting', ${input.now}
    from member_vip mv join vip_levels l on l.id = mv.level_id
    where mv.merchant_id = ${merchantId} and l.monthly_bonus_minor > 0
    on conflict (key) do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * The year's birthday gift for every holder whose birthday falls in `month` (1 to 12), whose
 * level has a birthday bonus and whose account was opened by `openedBy`, waiting to be granted.
 */
export async function insertBirthdayGifts(
  trx: Transaction<Database>,
  merchantId: string,
  input: { year: number; month: number; openedBy: Date; now: Date },
): Promise<number> {
  const result = await sql`
    insert into vip_gifts (id, merchant_id, member_id, kind, key, rank, amount_minor, status, created_at)
    select gen_random_uuid()::text, mv.merchant_id, mv.member_id, 'birthday',
      'birthday:' || mv.member_id || ':' || ${String(input.year)}, mv.rank, l.birthday_bonus_minor, 'waiting',
      ${input.now}
    from member_vip mv
      join vip_levels l on l.id = mv.level_id
      join members m on m.id = mv.member_id
    where mv.merchant_id = ${merchantId} and l.birthday_bonus_minor > 0
      and m.birthday is not null and extract(month from m.birthday) = ${input.month}
      and m.created_at <= ${input.openedBy}
    on conflict (key) do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

// The jobs' state.

export function findJobState(executor: Executor, merchantId: string): Promise<VipJobStateRow | undefined> {
  return executor
    .selectFrom('vip_job_state')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** Moves the upgrade job's watermarks forward (never back); a null leaves one as it is. */
export async function writeWatermarks(
  executor: Executor,
  merchantId: string,
  input: { betsChangedAt: Date | null; depositsCreditedAt: Date | null; now: Date },
): Promise<void> {
  await sql`
    insert into vip_job_state as s (merchant_id, bets_changed_at, deposits_credited_at, updated_at)
    values (${merchantId}, ${input.betsChangedAt}, ${input.depositsCreditedAt}, ${input.now})
    on conflict (merchant_id) do update set
      bets_changed_at = greatest(s.bets_changed_at, excluded.bets_changed_at),
      deposits_credited_at = greatest(s.deposits_credited_at, excluded.deposits_credited_at),
      updated_at = excluded.updated_at`.execute(executor);
}

/** Forgets the watermarks: the next upgrade pass looks at every member with figures in the window. */
export async function resetWatermarks(executor: Executor, merchantId: string, now: Date): Promise<void> {
  await executor
    .updateTable('vip_job_state')
    .set({ bets_changed_at: null, deposits_credited_at: null, updated_at: now })
    .where('merchant_id', '=', merchantId)
    .execute();
}

/** Records a marker of the review job (the day's work done, the month reviewed). */
export async function writeMarker(
  executor: Executor,
  merchantId: string,
  marker: { dailyDay: string } | { reviewedMonth: string },
  now: Date,
): Promise<void> {
  const values =
    'dailyDay' in marker ? { daily_day: marker.dailyDay } : { reviewed_month: marker.reviewedMonth };
  await executor
    .insertInto('vip_job_state')
    .values({ merchant_id: merchantId, ...values, updated_at: now })
    .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

// Gifts.

/** Records a gift waiting to be granted, unless its key was given before; the row when new. */
export async function insertGift(
  trx: Transaction<Database>,
  gift: {
    merchantId: string;
    memberId: string;
    kind: VipGiftKind;
    key: string;
    rank: number;
    amountMinor: bigint;
    now: Date;
  },
): Promise<VipGiftRow | undefined> {
  return trx
    .insertInto('vip_gifts')
    .values({
      id: uuidv7(),
      merchant_id: gift.merchantId,
      member_id: gift.memberId,
      kind: gift.kind,
      key: gift.key,
      rank: gift.rank,
      amount_minor: gift.amountMinor,
      status: 'waiting',
      created_at: gift.now,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The merchant's waiting gifts after a (created_at, id) cursor, oldest first. */
export function findWaitingGifts(
  executor: Executor,
  merchantId: string,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<VipGiftRow[]> {
  let query = executor
    .selectFrom('vip_gifts')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'waiting');
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

/** The gift locked while it still waits, in the caller's transaction. */
export function lockWaitingGift(trx: Transaction<Database>, id: string): Promise<VipGiftRow | undefined> {
  return trx
    .selectFrom('vip_gifts')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .forUpdate()
    .executeTakeFirst();
}

export async function markGiftGranted(
  trx: Transaction<Database>,
  id: string,
  bonusId: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('vip_gifts')
    .set({ status: 'granted', bonus_id: bonusId, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .execute();
}

/** Drops the merchant's gifts that have waited since before `before`; answers how many. */
export async function dropStaleGifts(
  executor: Executor,
  merchantId: string,
  before: Date,
  now: Date,
): Promise<number> {
  const result = await executor
    .updateTable('vip_gifts')
    .set({ status: 'dropped', decided_at: now })
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'waiting')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// The back office's lists.

export type VipMemberListRow = {
  member_id: string;
  merchant_id: string;
  account: string;
  rank: number;
  label: string;
  names: Record<string, string>;
  reached_at: Date;
  guaranteed_until: Date;
  projection: VipProjection | null;
  projected_rank: number | null;
  projected_at: Date | null;
};

/** A page of the members holding levels, highest rank first, then the latest to reach it. */
export async function findMembersPage(
  executor: Executor,
  input: {
    scope: readonly string[] | null;
    rank: number | null;
    account: string | null;
    /** One member exactly (a player's page asks for its player's level). */
    memberId: string | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: VipMemberListRow[]; total: number }> {
  let query = executor
    .selectFrom('member_vip')
    .innerJoin('members', 'members.id', 'member_vip.member_id')
    .innerJoin('vip_levels', 'vip_levels.id', 'member_vip.level_id');
  if (input.scope !== null) {
    query = query.where('member_vip.merchant_id', 'in', input.scope.length > 0 ? input.scope : ['']);
  }
  if (input.rank !== null) query = query.where('member_vip.rank', '=', input.rank);
  if (input.memberId !== null) query = query.where('member_vip.member_id', '=', input.memberId);
  if (input.account)
    query = query.where('members.account_key', 'like', containsPattern(input.account.toLowerCase()));
  const [rows, count] = await Promise.all([
    query
      .select([
        'member_vip.member_id',
        'member_vip.merchant_id',
        'members.account',
        'member_vip.rank',
        'vip_levels.label',
        'vip_levels.names',
        'member_vip.reached_at',
        'member_vip.guaranteed_until',
        'member_vip.projection',
        'member_vip.projected_rank',
        'member_vip.projected_at',
      ])
      .orderBy('member_vip.rank', 'desc')
      .orderBy('member_vip.reached_at', 'desc')
      .orderBy('member_vip.member_id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export type VipGiftListRow = VipGiftRow & { account: string };

/** A page of the gifts, newest first. */
export async function findGiftsPage(
  executor: Executor,
  input: { scope: readonly string[] | null; status: VipGiftStatus | null; limit: number; offset: number },
): Promise<{ rows: VipGiftListRow[]; total: number }> {
  let query = executor.selectFrom('vip_gifts').innerJoin('members', 'members.id', 'vip_gifts.member_id');
  if (input.scope !== null) {
    query = query.where('vip_gifts.merchant_id', 'in', input.scope.length > 0 ? input.scope : ['']);
  }
  if (input.status !== null) query = query.where('vip_gifts.status', '=', input.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll('vip_gifts')
      .select('members.account')
      .orderBy('vip_gifts.created_at', 'desc')
      .orderBy('vip_gifts.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
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

/** The member's account, birthday and when the account was opened. */
export function findMemberFacts(executor: Executor, memberId: string) {
  return executor
    .selectFrom('members')
    .select(['id', 'merchant_id', 'account', 'birthday', 'created_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

/** Sets the member's birthday when none is set; answers whether it did (a guarded update). */
export async function setBirthdayOnce(
  executor: Executor,
  memberId: string,
  birthday: string,
): Promise<boolean> {
  const result = await executor
    .updateTable('members')
    .set({ birthday })
    .where('id', '=', memberId)
    .where('birthday', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets (or clears) the member's birthday; answers the one it replaced. */
export async function replaceBirthday(
  trx: Transaction<Database>,
  memberId: string,
  birthday: string | null,
): Promise<{ before: string | null } | undefined> {
  const current = await trx
    .selectFrom('members')
    .select('birthday')
    .where('id', '=', memberId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!current) return undefined;
  await trx.updateTable('members').set({ birthday }).where('id', '=', memberId).execute();
  return { before: current.birthday };
}

/**
 * The member's withdrawals requested since `since` that still count (not rejected, not failed),
 * besides `exceptId`: how many, and their amount.
 */
export async function sumWithdrawalsSince(
  executor: Executor,
  input: { memberId: string; since: Date; exceptId: string | null },
): Promise<{ count: number; amountMinor: bigint }> {
  const result = await sql<{ count: string; amount_minor: bigint }>`
    select count(*) as count, coalesce(sum(amount_minor), 0)::bigint as amount_minor
    from withdrawals
    where member_id = ${input.memberId} and created_at >= ${input.since}
      and status not in ('rejected', 'failed') and id <> ${input.exceptId ?? ''}`.execute(executor);
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), amountMinor: BigInt(row?.amount_minor ?? 0n) };
}
