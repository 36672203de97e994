import { type RawBuilder, sql } from 'kysely';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import type { RaffleRules } from './promotion-rules.ts';

export type RaffleDrawRow = Row<'raffle_draws'>;
export type RaffleWinnerRow = Row<'raffle_winners'>;
export type RaffleTicketRow = Row<'raffle_tickets'>;

/** A winner as the lists show them: with the member's account (masked by the wire). */
export type RaffleWinnerListRow = RaffleWinnerRow & { account: string };

/** A ticket's number: the raffle's sequence zero-padded to 7 digits ("0000001"), longer past that. */
export const TICKET_DIGITS = 7;

/** What ticket counting needs of a raffle promotion. */
export type RaffleWindow = {
  promotionId: string;
  startsAt: Date;
  endsAt: Date;
  rules: RaffleRules;
};

/** Creates a raffle's draw row unless it has one: a seed, once made, is never replaced. */
export async function insertDrawIfMissing(db: Executor, row: NewRow<'raffle_draws'>): Promise<void> {
  await db
    .insertInto('raffle_draws')
    .values(row)
    .onConflict((conflict) => conflict.column('promotion_id').doNothing())
    .execute();
}

export function findDraw(db: Executor, promotionId: string): Promise<RaffleDrawRow | undefined> {
  return db.selectFrom('raffle_draws').selectAll().where('promotion_id', '=', promotionId).executeTakeFirst();
}

export function findDraws(db: Executor, promotionIds: readonly string[]): Promise<RaffleDrawRow[]> {
  if (promotionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('raffle_draws').selectAll().where('promotion_id', 'in', promotionIds).execute();
}

/** Locks a raffle's draw row: issuing tickets and the draw take turns on it. */
export function lockDraw(trx: Executor, promotionId: string): Promise<RaffleDrawRow | undefined> {
  return trx
    .selectFrom('raffle_draws')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Published raffles not drawn yet that have started, with whether the draw is due (`ends_at` plus
 * the rules' drawDelayMinutes has passed), oldest first.
 */
export async function findOpenRaffles(
  db: Executor,
  now: Date,
): Promise<{ promotionId: string; due: boolean }[]> {
  const result = await sql<{ promotion_id: string; due: boolean }>`
    select d.promotion_id,
      (p.ends_at + make_interval(mins => coalesce((p.rules ->> 'drawDelayMinutes')::int, 60))) <= ${now} as due
    from raffle_draws d
    join promotions p on p.id = d.promotion_id
    where d.status = 'open' and p.kind = 'raffle' and p.status = 'published' and p.starts_at <= ${now}
    order by p.starts_at, p.id`.execute(db);
  return result.rows.map((row) => ({ promotionId: row.promotion_id, due: row.due }));
}

/**
 * What each joined member (or the one named) has counted toward tickets, from
 * max(startsAt, joined) to endsAt: credited deposits, or the valid bet of settled rounds opened in
 * that window of the rules' game types, slot spins that miss the spin rule counting nothing.
 */
function countedQuery(window: RaffleWindow, memberId: string | null): RawBuilder<unknown> {
  const { rules } = window;
  const from = sql`greatest(${window.startsAt}::timestamptz, e.created_at)`;
  let sum: RawBuilder<unknown>;
  if (rules.ticketBy === 'deposit') {
    sum = sql`(select sum(d.amount_minor) from deposits d
      where d.member_id = e.member_id and d.status = 'credited'
        and d.credited_at >= ${from} and d.credited_at < ${window.endsAt})`;
  } else {
    const types =
      rules.gameTypes === null ? sql`` : sql`and r.game_type = any(${[...rules.gameTypes]}::text[])`;
    const spinRule = rules.minSpinStakeMinor !== null || rules.minSpinLines !== null;
    // docs/promotions.md "Slot-spin rules": a round of a game with paylines, or of type RNG, is a
    // spin; it counts when its stake and its known lines reach the rule.
    const spin = spinRule
      ? sql`and (not (g.paylines is not null or r.game_type = 'RNG') or (
          (${rules.minSpinStakeMinor}::bigint is null or r.stake_minor >= ${rules.minSpinStakeMinor}::bigint)
          and (${rules.minSpinLines}::int is null or coalesce(r.lines::int, g.paylines::int) >= ${rules.minSpinLines}::int)))`
      : sql``;
    const games = spinRule ? sql`join games g on g.id = r.game_id` : sql``;
    sum = sql`(select sum(r.valid_bet_minor) from game_rounds r ${games}
      where r.member_id = e.member_id and r.status in ('settled', 'resettled')
        and r.opened_at >= ${from} and r.opened_at < ${window.endsAt} ${types} ${spin})`;
  }
  const member = memberId === null ? sql`` : sql`and e.member_id = ${memberId}`;
  return sql`select e.member_id, coalesce(${sum}, 0)::bigint as counted
    from promotion_entries e
    where e.promotion_id = ${window.promotionId} and e.cycle = '' and e.status = 'joined' ${member}`;
}

/** What a member has counted toward the raffle's tickets (0 when they have not joined). */
export async function countedOf(db: Executor, window: RaffleWindow, memberId: string): Promise<bigint> {
  const result = await sql<{ counted: string }>`${countedQuery(window, memberId)}`.execute(db);
  return BigInt(result.rows[0]?.counted ?? 0);
}

/**
 * Issues the tickets joined members (or the one named) have earned and not yet been given:
 * min(maxTickets, floor(counted / ticketEvery)) less those they hold, numbered on from the draw's
 * ticket_count, member by member. The caller holds the draw row's lock, so numbers never collide
 * and never skip; answers how many it issued and moves ticket_count on by that.
 */
export async function issueMissingTickets(
  trx: Executor,
  input: { window: RaffleWindow; draw: RaffleDrawRow; memberId: string | null; now: Date },
): Promise<number> {
  const { window, draw } = input;
  const { rules } = window;
  const result = await sql<{ issued: string }>`
    with counted as (${countedQuery(window, input.memberId)}),
    need as (
      select c.member_id,
        coalesce((select max(t.member_seq) from raffle_tickets t
          where t.promotion_id = ${window.promotionId} and t.member_id = c.member_id), 0) as have,
        least(${rules.maxTickets}::bigint, c.counted / ${rules.ticketEveryMinor}::bigint)::int as earned
      from counted c
    ),
    ordered as (
      select member_id, have, earned,
        coalesce(sum(earned - have) over (order by member_id
          rows between unbounded preceding and 1 preceding), 0)::bigint as before
      from need where earned > have
    ),
    issued as (
      insert into raffle_tickets (promotion_id, id, member_id, member_seq, earned_at)
      select ${window.promotionId}, case when n.seq < 10000000 then lpad(n.seq::text, ${TICKET_DIGITS}, '0')
          else n.seq::text end, n.member_id, n.member_seq, ${input.now}
      from (select o.member_id, o.have + g as member_seq, ${draw.ticket_count}::bigint + o.before + g as seq
        from ordered o cross join lateral generate_series(1, o.earned - o.have) g) n
      returning 1
    )
    select count(*)::text as issued from issued`.execute(trx);
  const issued = Number(result.rows[0]?.issued ?? 0);
  if (issued > 0) {
    await trx
      .updateTable('raffle_draws')
      .set({ ticket_count: draw.ticket_count + issued })
      .where('promotion_id', '=', window.promotionId)
      .execute();
  }
  return issued;
}

/** Every ticket of a raffle with its owner, by number. */
export function findTickets(
  db: Executor,
  promotionId: string,
): Promise<Pick<RaffleTicketRow, 'id' | 'member_id'>[]> {
  return db
    .selectFrom('raffle_tickets')
    .select(['id', 'member_id'])
    .where('promotion_id', '=', promotionId)
    .orderBy(sql`length(id)`)
    .orderBy('id')
    .execute();
}

/** Every ticket id of a raffle, ascending. */
export async function findTicketIds(db: Executor, promotionId: string): Promise<string[]> {
  return (await findTickets(db, promotionId)).map((ticket) => ticket.id);
}

/** A member's tickets, ascending, at most `limit`, and how many they hold. */
export async function findMemberTickets(
  db: Executor,
  promotionId: string,
  memberId: string,
  limit: number,
): Promise<{ ids: string[]; count: number }> {
  const query = db
    .selectFrom('raffle_tickets')
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId);
  const [rows, count] = await Promise.all([
    query.select('id').orderBy(sql`length(id)`).orderBy('id').limit(limit).execute(),
    query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), count: Number(count.count) };
}

/** How many members have joined a raffle. */
export async function countParticipants(db: Executor, promotionId: string): Promise<number> {
  const row = await db
    .selectFrom('promotion_entries')
    .select(sql<string>`count(*)`.as('count'))
    .where('promotion_id', '=', promotionId)
    .where('cycle', '=', '')
    .where('status', '=', 'joined')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertWinners(trx: Executor, rows: readonly NewRow<'raffle_winners'>[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('raffle_winners')
    .values([...rows])
    .execute();
}

export async function markDrawn(
  trx: Executor,
  promotionId: string,
  drawn: { clientSeed: string; winnerCount: number; at: Date },
): Promise<RaffleDrawRow> {
  return trx
    .updateTable('raffle_draws')
    .set({
      status: 'drawn',
      client_seed: drawn.clientSeed,
      winner_count: drawn.winnerCount,
      drawn_at: drawn.at,
    })
    .where('promotion_id', '=', promotionId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A raffle's winners by rank, with their accounts. */
export function findWinners(db: Executor, promotionId: string): Promise<RaffleWinnerListRow[]> {
  return db
    .selectFrom('raffle_winners as w')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .selectAll('w')
    .select('m.account')
    .where('w.promotion_id', '=', promotionId)
    .orderBy('w.rank')
    .execute();
}

/** A member's prizes in these raffles, by raffle and rank. */
export function findMemberPrizes(
  db: Executor,
  memberId: string,
  promotionIds: readonly string[],
): Promise<RaffleWinnerRow[]> {
  if (promotionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('raffle_winners')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('promotion_id', 'in', promotionIds)
    .orderBy('promotion_id')
    .orderBy('rank')
    .execute();
}

export function findWinner(db: Executor, id: string): Promise<RaffleWinnerRow | undefined> {
  return db.selectFrom('raffle_winners').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Claims a prize: the one guarded statement that decides between simultaneous claims, taking only
 * the member's own prize, still won and within its claim time. Undefined: not claimed now.
 */
export function claimWinner(
  trx: Executor,
  input: { id: string; memberId: string; now: Date },
): Promise<RaffleWinnerRow | undefined> {
  return trx
    .updateTable('raffle_winners')
    .set({ status: 'claimed', claimed_at: input.now })
    .where('id', '=', input.id)
    .where('member_id', '=', input.memberId)
    .where('status', '=', 'won')
    .where('claim_by', '>', input.now)
    .returningAll()
    .executeTakeFirst();
}

export async function setWinnerPayment(
  trx: Executor,
  id: string,
  payment: { entryId: string; bonusId: string | null },
): Promise<void> {
  await trx
    .updateTable('raffle_winners')
    .set({ entry_id: payment.entryId, bonus_id: payment.bonusId })
    .where('id', '=', id)
    .execute();
}

/** Prizes not claimed in time: nothing is paid for them. Answers how many expired. */
export async function expireWinners(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .updateTable('raffle_winners')
    .set({ status: 'expired' })
    .where('status', '=', 'won')
    .where('claim_by', '<=', now)
    .returning('id')
    .execute();
  return rows.length;
}
