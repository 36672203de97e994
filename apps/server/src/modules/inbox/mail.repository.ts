import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, OperatorMailsTable } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';

export type OperatorMailRow = Selectable<OperatorMailsTable>;
/** A mail with how many members it reached and how many of them have read it. */
export type OperatorMailListRow = OperatorMailRow & { delivered: number; read: number };

/** Trial accounts (member type 4) are nobody's audience: they are play money, not people we mail. */
const TRIAL_TYPE = 4;

export async function insertMail(
  db: Executor,
  mail: Insertable<OperatorMailsTable>,
): Promise<OperatorMailRow> {
  return db.insertInto('operator_mails').values(mail).returningAll().executeTakeFirstOrThrow();
}

export function findMail(db: Executor, id: string): Promise<OperatorMailRow | undefined> {
  return db.selectFrom('operator_mails').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMerchantOfMail(db: Executor, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('operator_mails')
    .select('merchant_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.merchant_id;
}

/** One page of mail, latest send time first, with the members reached and the reads of each. */
export async function findMailPage(
  db: Kysely<Database>,
  scope: readonly string[] | null,
  page: { limit: number; offset: number; id?: string },
): Promise<{ rows: OperatorMailListRow[]; total: number }> {
  let base = db.selectFrom('operator_mails');
  if (page.id !== undefined) base = base.where('id', '=', page.id);
  if (scope) base = base.where('merchant_id', 'in', scope.length > 0 ? [...scope] : ['']);
  const [rows, total] = await Promise.all([
    base
      .selectAll('operator_mails')
      .select((eb) => [
        eb
          .selectFrom('member_messages')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('member_messages.mail_id', '=', 'operator_mails.id')
          .as('delivered'),
        eb
          .selectFrom('member_messages')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('member_messages.mail_id', '=', 'operator_mails.id')
          .where('member_messages.read_at', 'is not', null)
          .as('read'),
      ])
      .orderBy('send_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, delivered: Number(row.delivered), read: Number(row.read) })),
    total: Number(total.total),
  };
}

/**
 * Claims mail due for delivery: scheduled mail whose time has come, and mail whose delivery was
 * claimed before `staleBefore` and never finished (its node died). The guarded update moves each
 * row once, so two nodes running at once never claim the same mail in the same pass.
 */
export async function claimDueMails(
  db: Kysely<Database>,
  input: { now: Date; staleBefore: Date; limit: number; id?: string },
): Promise<OperatorMailRow[]> {
  const idFilter = input.id === undefined ? sql`` : sql`and id = ${input.id}`;
  const claimed = await sql<OperatorMailRow>`
    update operator_mails set status = 'sending', claimed_at = ${input.now}, updated_at = ${input.now}
    where id in (
      select id from operator_mails
      where ((status = 'scheduled' and send_at <= ${input.now})
        or (status = 'sending' and claimed_at < ${input.staleBefore})) ${idFilter}
      order by send_at, id
      limit ${input.limit}
      for update skip locked)
    returning *`.execute(db);
  return claimed.rows;
}

/** Marks a claimed mail sent, counting the members it reached; only the claim it holds may. */
export async function finishMail(
  db: Kysely<Database>,
  input: { id: string; claimedAt: Date; now: Date },
): Promise<number> {
  const row = await db
    .updateTable('operator_mails')
    .set((eb) => ({
      status: 'sent',
      sent_at: input.now,
      updated_at: input.now,
      recipients: eb
        .selectFrom('member_messages')
        .select(sql<number>`count(*)::integer`.as('n'))
        .where('member_messages.mail_id', '=', input.id),
    }))
    .where('id', '=', input.id)
    .where('status', '=', 'sending')
    .where('claimed_at', '=', input.claimedAt)
    .returning('recipients')
    .executeTakeFirst();
  return row?.recipients ?? 0;
}

/** Cancels a mail that is still only scheduled; answers it, or undefined when it was not. */
export function cancelScheduledMail(
  db: Executor,
  id: string,
  now: Date,
): Promise<OperatorMailRow | undefined> {
  return db
    .updateTable('operator_mails')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .returningAll()
    .executeTakeFirst();
}

/** The members of the merchant with these accounts (matched as logging in matches them). */
export function findMembersByAccounts(
  db: Executor,
  merchantId: string,
  accounts: readonly string[],
): Promise<{ id: string; account: string; type: number }[]> {
  const keys = accounts.map((account) => account.trim().toLowerCase());
  return db
    .selectFrom('members')
    .select(['id', 'account', 'type'])
    .where('merchant_id', '=', merchantId)
    .where('account_key', 'in', keys.length > 0 ? keys : [''])
    .where('type', '!=', TRIAL_TYPE)
    .execute();
}

export async function hasVipRank(db: Executor, merchantId: string, rank: number): Promise<boolean> {
  const row = await db
    .selectFrom('vip_levels')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('rank', '=', rank)
    .executeTakeFirst();
  return row !== undefined;
}

/** The members holding the VIP rank now, in id order. */
export async function findMembersOfVipRank(
  db: Executor,
  merchantId: string,
  rank: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('member_vip')
    .innerJoin('members', 'members.id', 'member_vip.member_id')
    .select('member_vip.member_id')
    .where('member_vip.merchant_id', '=', merchantId)
    .where('member_vip.rank', '=', rank)
    .where('members.type', '!=', TRIAL_TYPE)
    .orderBy('member_vip.member_id')
    .execute();
  return rows.map((row) => row.member_id);
}

/** The agent's team: every member below them in the tree (not the agent), in id order. */
export async function findTeamMembers(db: Executor, merchantId: string, agentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('member_tree')
    .innerJoin('members', 'members.id', 'member_tree.descendant_id')
    .select('member_tree.descendant_id')
    .where('member_tree.merchant_id', '=', merchantId)
    .where('member_tree.ancestor_id', '=', agentId)
    .where('member_tree.depth', '>', 0)
    .where('members.type', '!=', TRIAL_TYPE)
    .orderBy('member_tree.descendant_id')
    .execute();
  return rows.map((row) => row.descendant_id);
}

/**
 * Delivers a mail to members in one statement: a message each, unless the member has it already
 * (the mail's dedupe key), so a delivery run again adds only those it missed. Answers the messages
 * written now, with their members.
 */
export async function insertMailMessages(
  db: Kysely<Database>,
  input: { mail: OperatorMailRow; members: readonly { memberId: string; messageId: string }[]; at: Date },
): Promise<{ id: string; member_id: string }[]> {
  if (input.members.length === 0) return [];
  const { mail } = input;
  const inserted = await sql<{ id: string; member_id: string }>`
    insert into member_messages (id, merchant_id, member_id, kind, params, dedupe_key, created_at, mail_id)
    select m.id, ${mail.merchant_id}, m.member_id, 'operator_mail', '{}'::jsonb, ${mailDedupeKey(mail.id)},
      ${input.at}, ${mail.id}
      from unnest(${sql.val(input.members.map((member) => member.messageId))}::text[],
        ${sql.val(input.members.map((member) => member.memberId))}::text[]) as m(id, member_id)
    on conflict (member_id, dedupe_key) do nothing
    returning id, member_id`.execute(db);
  return inserted.rows;
}

export const mailDedupeKey = (mailId: string): string => `mail:${mailId}`;

/** The mails' titles and bodies, for the messages that deliver them. */
export function findMailTexts(
  db: Executor,
  ids: readonly string[],
): Promise<Pick<OperatorMailRow, 'id' | 'titles' | 'bodies'>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('operator_mails')
    .select(['id', 'titles', 'bodies'])
    .where('id', 'in', [...ids])
    .execute();
}
