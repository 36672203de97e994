import { sql, type Updateable } from 'kysely';
import type { MemberSessionsTable, MemberStatus, MembersTable } from '../../db/schema.ts';
import { type Executor, everyColumn, type NewRow, type Row } from '../../platform/db/executor.ts';
import { prepared } from '../../platform/db/prepared-statements.ts';

export type MemberRow = Row<'members'>;
export type SessionRow = Row<'member_sessions'>;
export type LoginRow = Row<'member_logins'>;
export type LoginChallengeRow = Row<'login_challenges'>;

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

/**
 * The enabled invitation link of this code (any case) and its agent, while the agent is an active
 * agent and, for a link that signs up sub-agents, its type may still register them.
 */
export async function findInvitationLink(
  db: Executor,
  merchantId: string,
  code: string,
): Promise<{ agent: MemberRow; link: { id: string; kind: 'player' | 'agent' } } | undefined> {
  const link = await db
    .selectFrom('agent_invitation_links')
    .select(['id', 'kind', 'agent_id'])
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code.toUpperCase())
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!link) return undefined;
  const agent = await db
    .selectFrom('members')
    .selectAll('members')
    .where('members.id', '=', link.agent_id)
    .where('members.type', 'in', [1, 2, 41, 42])
    .where('members.status', '=', 'active')
    .where((eb) =>
      link.kind === 'player'
        ? eb.val(true)
        : eb.exists(
            eb
              .selectFrom('merchant_agent_types')
              .select('type')
              .whereRef('merchant_agent_types.merchant_id', '=', 'members.merchant_id')
              .whereRef('merchant_agent_types.type', '=', 'members.type')
              .where('merchant_agent_types.may_register_subagents', '=', true),
          ),
    )
    .executeTakeFirst();
  return agent ? { agent, link: { id: link.id, kind: link.kind } } : undefined;
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

export function insertMember(db: Executor, row: NewRow<'members'>): Promise<MemberRow> {
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

export async function insertSession(db: Executor, row: NewRow<'member_sessions'>): Promise<void> {
  await db.insertInto('member_sessions').values(row).execute();
}

/** A session while it is live (not ended, within its idle and absolute expiry), by id or token hash. */
export function findLiveSession(
  db: Executor,
  key: 'id' | 'token_hash',
  value: string,
  nowDate: Date,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('member_sessions')
    .selectAll()
    .where(key, '=', value)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', nowDate)
    .where('idle_expires_at', '>', nowDate)
    .executeTakeFirst();
}

// The member's columns the session statement reads by name (a prepared statement never reads `*`).
const MEMBER_COLUMNS = everyColumn<'members'>()([
  'id',
  'merchant_id',
  'account',
  'account_key',
  'type',
  'status',
  'upline_id',
  'affiliate_code',
  'referral_code',
  'referred_by_code',
  'password_hash',
  'password_changed_at',
  'must_change_password',
  'payment_password_hash',
  'nickname',
  'payee_name',
  'email',
  'email_verified_at',
  'mobile_dialing_code',
  'mobile_number',
  'mobile_verified_at',
  'birthday',
  'contacts',
  'id_number',
  'icon',
  'totp_secret',
  'totp_enabled_at',
  'totp_last_step',
  'register_ip',
  'register_domain',
  'register_method',
  'last_login_at',
  'anonymised_at',
  'invitation_link_id',
  'one_time_password_expires_at',
  'consent_required',
  'terms_accepted_at',
  'promotions_opt_out',
  'address',
  'nationality',
  'occupation',
  'source_of_income',
  'created_at',
  'updated_at',
]);

// The session's columns, each read under a name of its own beside the member's (findLiveMemberSession).
const SESSION_COLUMNS = everyColumn<'member_sessions'>()([
  'id',
  'token_hash',
  'member_id',
  'merchant_id',
  'login_method',
  'agent_page',
  'password_change_required',
  'ip',
  'user_agent',
  'created_at',
  'last_seen_at',
  'idle_expires_at',
  'expires_at',
  'ended_at',
  'end_reason',
]);

const LIVE_SESSION_COLUMNS = sql.join([
  ...MEMBER_COLUMNS.map((column) => sql.ref(`m.${column}`)),
  ...SESSION_COLUMNS.map((column) => sql`${sql.ref(`s.${column}`)} as ${sql.id(`session_${column}`)}`),
]);

/**
 * The live session of a token hash and its member, in one statement: every request that names a
 * member asks this first, so it costs one round trip rather than two or three. The same statement
 * extends the session's idle expiry (by the idle window it started with) when it was last seen at
 * least `touchIntervalMs` ago; the session answered is the one after that. With them, the end of a
 * break or self-exclusion the member chose (responsible gaming's play settings), which decides with
 * the member's row whether promotions may reach them (the bonus engine's marketabilityOf), so that
 * a promotional request need not read it again. Prepared on PostgreSQL: planning it anew was most
 * of its cost (platform/db/prepared-statements.ts).
 */
export async function findLiveMemberSession(
  db: Executor,
  input: { tokenHash: string; now: Date; touchIntervalMs: number },
): Promise<{ session: SessionRow; member: MemberRow; exclusionEndsAt: Date | null } | undefined> {
  const { now } = input;
  const touchBefore = new Date(now.getTime() - input.touchIntervalMs);
  const result = await sql<Record<string, unknown>>`${prepared}
    with found as (
      select ${LIVE_SESSION_COLUMNS}, ps.exclusion_ends_at as play_exclusion_ends_at
      from member_sessions s join members m on m.id = s.member_id
        left join play_settings ps on ps.member_id = m.id
      where s.token_hash = ${input.tokenHash} and s.ended_at is null
        and s.expires_at > ${now} and s.idle_expires_at > ${now} and m.status = 'active'
    ), touched as (
      update member_sessions t
      set last_seen_at = ${now}, idle_expires_at = ${now}::timestamptz + (t.idle_expires_at - t.last_seen_at)
      from found f
      where t.id = f.session_id and t.last_seen_at <= ${touchBefore}
      returning t.id, t.last_seen_at, t.idle_expires_at
    )
    select found.*, touched.last_seen_at as touched_last_seen_at,
      touched.idle_expires_at as touched_idle_expires_at
    from found left join touched on touched.id = found.session_id`.execute(db);
  const fields = result.rows[0];
  if (!fields) return undefined;
  const session: Record<string, unknown> = {};
  const member: Record<string, unknown> = { ...fields };
  for (const column of SESSION_COLUMNS) {
    session[column] = fields[`session_${column}`];
    delete member[`session_${column}`];
  }
  delete member.play_exclusion_ends_at;
  delete member.touched_last_seen_at;
  delete member.touched_idle_expires_at;
  if (fields.touched_last_seen_at) {
    session.last_seen_at = fields.touched_last_seen_at;
    session.idle_expires_at = fields.touched_idle_expires_at;
  }
  return {
    session: session as SessionRow,
    member: member as MemberRow,
    exclusionEndsAt: (fields.play_exclusion_ends_at as Date | null) ?? null,
  };
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

export async function insertLogin(db: Executor, row: NewRow<'member_logins'>): Promise<void> {
  await db.insertInto('member_logins').values(row).execute();
}

/** A member's logins, newest first: `limit` of them after skipping the `offset` newest. */
export function findLatestLogins(
  db: Executor,
  memberId: string,
  limit: number,
  offset = 0,
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

export async function countLogins(db: Executor, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('member_logins')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
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

/** Moves the member from one status to another; a member in any other status stays as they are. */
export async function moveMemberStatus(
  db: Executor,
  memberId: string,
  edge: { from: MemberStatus; to: MemberStatus },
  at: Date,
): Promise<void> {
  await db
    .updateTable('members')
    .set({ status: edge.to, updated_at: at })
    .where('id', '=', memberId)
    .where('status', '=', edge.from)
    .execute();
}

/**
 * The member's sessions begun before `at` that may have run after `since`: not ended before it,
 * and seen in the day before it or later (a session lives at most a day).
 */
export function findSessionSpansSince(
  db: Executor,
  memberId: string,
  input: { since: Date; at: Date },
): Promise<
  Pick<SessionRow, 'created_at' | 'last_seen_at' | 'idle_expires_at' | 'expires_at' | 'ended_at'>[]
> {
  return db
    .selectFrom('member_sessions')
    .select(['created_at', 'last_seen_at', 'idle_expires_at', 'expires_at', 'ended_at'])
    .where('member_id', '=', memberId)
    .where('created_at', '<', input.at)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', input.since)]))
    .where('last_seen_at', '>', new Date(input.since.getTime() - 86_400_000))
    .execute();
}

/** Uses up the member's unused reset tokens. */
export async function voidPasswordResets(db: Executor, memberId: string, at: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertPasswordReset(db: Executor, row: NewRow<'password_resets'>): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/** Uses up the live reset token of this hash; answers its member's id when it did. */
export async function takePasswordReset(
  db: Executor,
  tokenHash: string,
  at: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('member_id')
    .executeTakeFirst();
  return row?.member_id;
}

/** Records the authenticator step just used; false when it is not newer than the last one. */
export async function advanceTotpStep(db: Executor, memberId: string, step: bigint): Promise<boolean> {
  const row = await db
    .updateTable('members')
    .set({ totp_last_step: step })
    .where('id', '=', memberId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertLoginChallenge(db: Executor, row: NewRow<'login_challenges'>): Promise<void> {
  await db.insertInto('login_challenges').values(row).execute();
}

/** The merchant's challenge while it is open: not expired at `at`, not done, attempts left. */
export function findOpenLoginChallenge(
  db: Executor,
  input: { id: string; merchantId: string; at: Date; attemptsMax: number },
): Promise<LoginChallengeRow | undefined> {
  return db
    .selectFrom('login_challenges')
    .selectAll()
    .where('id', '=', input.id)
    .where('merchant_id', '=', input.merchantId)
    .where('completed_at', 'is', null)
    .where('expires_at', '>', input.at)
    .where('attempts', '<', input.attemptsMax)
    .executeTakeFirst();
}

export async function countLoginChallengeAttempt(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Closes the challenge once; false when it was closed already. */
export async function completeLoginChallenge(db: Executor, id: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('login_challenges')
    .set({ completed_at: at })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
