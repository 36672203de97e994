import {
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database, MemberLoginsTable, MemberSessionsTable, MembersTable } from '../../db/schema.ts';

export type MemberRow = Selectable<MembersTable>;
export type SessionRow = Selectable<MemberSessionsTable>;
export type LoginRow = Selectable<MemberLoginsTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export function findMemberById(db: Executor, id: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMemberByAccount(
  db: Executor,
  merchantId: string,
  accountKey: string,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('account_key', '=', accountKey)
    .executeTakeFirst();
}

export function findMemberByMobile(
  db: Executor,
  merchantId: string,
  dialingCode: string,
  nationalNumber: string,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('mobile_dialing_code', '=', dialingCode)
    .where('mobile_number', '=', nationalNumber)
    .executeTakeFirst();
}

/** Members with this (lower-case) email address, at most `limit` of them. */
export function findMembersByEmail(
  db: Executor,
  merchantId: string,
  email: string,
  limit: number,
): Promise<MemberRow[]> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('email', '=', email)
    .limit(limit)
    .execute();
}

export function findAgentByAffiliateCode(
  db: Executor,
  merchantId: string,
  code: string,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('affiliate_code', '=', code)
    .where('type', 'in', [1, 2, 41, 42])
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export function isReferralCodeTaken(db: Executor, merchantId: string, code: string): Promise<boolean> {
  return db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('referral_code', '=', code)
    .executeTakeFirst()
    .then(Boolean);
}

export function insertMember(db: Executor, row: Insertable<MembersTable>): Promise<MemberRow> {
  return db.insertInto('members').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateMember(
  db: Executor,
  id: string,
  changes: Updateable<MembersTable>,
): Promise<void> {
  await db
    .updateTable('members')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function insertSession(db: Executor, row: Insertable<MemberSessionsTable>): Promise<void> {
  await db.insertInto('member_sessions').values(row).execute();
}

export function findLiveSessionByHash(
  db: Executor,
  tokenHash: string,
  nowDate: Date,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('member_sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', nowDate)
    .where('idle_expires_at', '>', nowDate)
    .executeTakeFirst();
}

/** A session by id while it is live (not ended, within its idle and absolute expiry). */
export function findLiveSessionById(
  db: Executor,
  id: string,
  nowDate: Date,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('member_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', nowDate)
    .where('idle_expires_at', '>', nowDate)
    .executeTakeFirst();
}

export async function touchSession(
  db: Executor,
  id: string,
  nowDate: Date,
  idleExpiresAt: Date,
): Promise<void> {
  await db
    .updateTable('member_sessions')
    .set({ last_seen_at: nowDate, idle_expires_at: idleExpiresAt })
    .where('id', '=', id)
    .execute();
}

export async function updateSession(
  db: Executor,
  id: string,
  changes: Updateable<MemberSessionsTable>,
): Promise<void> {
  await db.updateTable('member_sessions').set(changes).where('id', '=', id).execute();
}

/** Ends sessions of a member (all, or all but one) and answers the ended ids. */
export async function endMemberSessions(
  db: Executor,
  memberId: string,
  reason: string,
  nowDate: Date,
  exceptSessionId?: string,
): Promise<string[]> {
  let query = db
    .updateTable('member_sessions')
    .set({ ended_at: nowDate, end_reason: reason })
    .where('member_id', '=', memberId)
    .where('ended_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '<>', exceptSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

export async function insertLogin(db: Executor, row: Insertable<MemberLoginsTable>): Promise<void> {
  await db.insertInto('member_logins').values(row).execute();
}

export function findLatestLogins(db: Executor, memberId: string, limit: number): Promise<LoginRow[]> {
  return db
    .selectFrom('member_logins')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countLogins(db: Executor, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('member_logins')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findLoginsPage(
  db: Executor,
  memberId: string,
  offset: number,
  limit: number,
): Promise<LoginRow[]> {
  return db
    .selectFrom('member_logins')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function hasLoginFromIp(db: Executor, memberId: string, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_logins')
    .select('id')
    .where('member_id', '=', memberId)
    .where('ip', '=', ip)
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether `memberId` sits anywhere below `agentId` in the upline tree (depth-bounded). */
export async function isInDownline(
  db: Executor,
  agentId: string,
  memberId: string,
  depthMax: number,
): Promise<boolean> {
  const result = await sql<{ found: boolean }>`
    with recursive chain(id, upline_id, depth) as (
      select id, upline_id, 0 from members where id = ${memberId}
      union all
      select m.id, m.upline_id, chain.depth + 1 from members m
        join chain on m.id = chain.upline_id
       where chain.depth < ${depthMax}
    )
    select exists(select 1 from chain where upline_id = ${agentId}) as found`.execute(db);
  return result.rows[0]?.found === true;
}
