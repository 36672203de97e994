import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { hashSecret } from '../../platform/crypto/password-hash.ts';
import { createTemporaryPassword } from '../../platform/crypto/temporary-password.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { endMemberSessions, findLatestLogins, findMemberById } from './member.repository.ts';
import {
  findLatestSessions,
  findMemberMerchantId,
  findMerchantCurrency,
  findOutboxPage,
  lockMember,
  searchMembers,
  setMemberColumns,
} from './member-admin.repository.ts';
import { findProfileChanges } from './member-profile.repository.ts';

/**
 * The back office's view of players and its changes to them: search, the player page, locks,
 * ending sessions and temporary passwords, and the SMS/email outbox. Each change writes its audit
 * row in the same transaction; the caller kicks the player's sockets afterwards (realtime is not a
 * module's business).
 */
export type MemberAdminService = ReturnType<typeof createMemberAdminService>;

export const PLAYER_PAGE_SIZE_MAX = 100;
export const PLAYER_HISTORY_ROWS = 20;
export const SEARCH_FIELDS = ['account', 'mobile', 'ip', 'realName'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
const TEMPORARY_PASSWORD_LENGTH = 10;

/**
 * What the outbox viewer shows of a message: one-time codes and link tokens are blanked, so that
 * nobody reading the back office can sign in as the player or reset their password with them.
 */
export function redactMessageSecrets(text: string): string {
  return text
    .replace(/([?&#](?:token|code|ticket|resetPassword)=)[^&#\s]+/gi, '$1•••')
    .replace(/\b\d{6}\b/g, (digits) => '•'.repeat(digits.length));
}

export function createMemberAdminService(deps: ServiceDeps<{ recordChange: RecordChange }>) {
  const { db, recordChange } = deps;
  const now = clockOf(deps);

  const findMember = (id: string) => findMemberById(db, id);

  /** One status change with its audit row; answers the ended sessions. */
  async function changeStatus(actor: ChangeActor, id: string, status: 'active' | 'locked') {
    return db.transaction().execute(async (trx) => {
      const member = await lockMember(trx, id);
      if (!member) throw new AppError('NOT_FOUND');
      if (member.status === status) throw new AppError('CONFLICT', { value: { status } });
      await setMemberColumns(trx, id, { status, updated_at: now() });
      const ended = status === 'locked' ? await endMemberSessions(trx, id, 'locked', now()) : [];
      await recordChange(trx, {
        ...actorOf(actor),
        merchantId: member.merchant_id,
        action: status === 'locked' ? 'player.lock' : 'player.unlock',
        target: { type: 'member', id },
        before: { status: member.status },
        after: { status, endedSessions: ended.length },
      });
      return { endedSessions: ended.length };
    });
  }

  return {
    findMerchantOf: (id: string) => findMemberMerchantId(db, id),

    search(input: {
      scope: readonly string[] | null;
      field: SearchField;
      text: string;
      page: number;
      pageSize: number;
    }) {
      const text = input.text.trim();
      return listPage(
        input,
        (window) => searchMembers(db, { scope: input.scope, field: input.field, text, ...window }),
        (row) => ({
          id: row.id,
          merchantId: row.merchant_id,
          account: row.account,
          type: row.type,
          status: row.status,
          realName: row.payee_name,
          mobile: row.mobile_number ? `${row.mobile_dialing_code ?? ''} ${row.mobile_number}`.trim() : null,
          registerIp: row.register_ip,
          lastLoginAt: row.last_login_at?.toISOString() ?? null,
          createdAt: row.created_at.toISOString(),
        }),
      );
    },

    /** The player page: profile, status, the latest sessions and sign-ins. */
    async readPlayer(id: string) {
      const member = await findMember(id);
      if (!member) throw new AppError('NOT_FOUND');
      const [sessions, logins, currency, profileChanges] = await Promise.all([
        findLatestSessions(db, id, PLAYER_HISTORY_ROWS),
        findLatestLogins(db, id, PLAYER_HISTORY_ROWS),
        findMerchantCurrency(db, member.merchant_id),
        findProfileChanges(db, id, PLAYER_HISTORY_ROWS),
      ]);
      const at = now();
      return {
        currency,
        profile: {
          id: member.id,
          merchantId: member.merchant_id,
          account: member.account,
          type: member.type,
          status: member.status,
          nickname: member.nickname,
          realName: member.payee_name,
          email: member.email,
          emailVerified: member.email_verified_at !== null,
          mobile: member.mobile_number
            ? `${member.mobile_dialing_code ?? ''} ${member.mobile_number}`.trim()
            : null,
          mobileVerified: member.mobile_verified_at !== null,
          birthday: member.birthday,
          totpEnabled: member.totp_enabled_at !== null,
          mustChangePassword: member.must_change_password,
          registerIp: member.register_ip,
          registerMethod: member.register_method,
          referralCode: member.referral_code,
          createdAt: member.created_at.toISOString(),
          lastLoginAt: member.last_login_at?.toISOString() ?? null,
        },
        sessions: sessions.map((session) => ({
          id: session.id,
          method: session.login_method,
          ip: session.ip,
          userAgent: session.user_agent,
          createdAt: session.created_at.toISOString(),
          lastSeenAt: session.last_seen_at.toISOString(),
          endedAt: session.ended_at?.toISOString() ?? null,
          endReason: session.end_reason,
          isLive: session.ended_at === null && session.expires_at > at && session.idle_expires_at > at,
        })),
        profileChanges: profileChanges.map((change) => ({
          id: change.id,
          field: change.field,
          before: change.before,
          after: change.after,
          actorType: change.actor_type,
          at: change.created_at.toISOString(),
        })),
        logins: logins.map((login) => ({
          id: login.id,
          method: login.method,
          ip: login.ip,
          country: login.country,
          userAgent: login.user_agent,
          at: login.created_at.toISOString(),
        })),
      };
    },

    lock: (actor: ChangeActor, id: string) => changeStatus(actor, id, 'locked'),
    unlock: (actor: ChangeActor, id: string) => changeStatus(actor, id, 'active'),

    async endSessions(actor: ChangeActor, id: string) {
      return db.transaction().execute(async (trx) => {
        const member = await findMember(id);
        if (!member) throw new AppError('NOT_FOUND');
        const ended = await endMemberSessions(trx, id, 'ended_by_operator', now());
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: member.merchant_id,
          action: 'player.sessions.end',
          target: { type: 'member', id },
          before: null,
          after: { endedSessions: ended.length },
        });
        return { endedSessions: ended.length };
      });
    },

    /**
     * A temporary password, answered once and never stored in clear or in the audit log; the
     * player must replace it at the next sign-in, and their sessions end now.
     */
    async resetPassword(actor: ChangeActor, id: string) {
      const temporaryPassword = createTemporaryPassword(TEMPORARY_PASSWORD_LENGTH);
      const passwordHash = await hashSecret(temporaryPassword);
      const endedSessions = await db.transaction().execute(async (trx) => {
        const member = await lockMember(trx, id);
        if (!member) throw new AppError('NOT_FOUND');
        await setMemberColumns(trx, id, {
          password_hash: passwordHash,
          password_changed_at: now(),
          must_change_password: true,
          updated_at: now(),
        });
        const ended = await endMemberSessions(trx, id, 'password_reset', now());
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: member.merchant_id,
          action: 'player.password.reset',
          target: { type: 'member', id },
          before: null,
          after: { mustChangePassword: true, endedSessions: ended.length },
        });
        return ended.length;
      });
      return { temporaryPassword, endedSessions };
    },

    /** The SMS and email outbox, newest first (what a player was sent, for support). */
    listOutbox(input: {
      scope: readonly string[] | null;
      channel: 'sms' | 'email' | undefined;
      destination: string | undefined;
      page: number;
      pageSize: number;
    }) {
      return listPage(
        input,
        (window) =>
          findOutboxPage(db, {
            scope: input.scope,
            channel: input.channel,
            destination: input.destination,
            ...window,
          }),
        (row) => ({
          id: row.id,
          merchantId: row.merchant_id,
          channel: row.channel,
          destination: row.destination,
          purpose: row.purpose,
          subject: row.subject,
          body: redactMessageSecrets(row.body),
          provider: row.provider,
          status: row.status,
          error: row.error,
          createdAt: row.created_at.toISOString(),
        }),
      );
    },
  };
}

/** One page of a back-office list, each row as the list shows it, with the count of rows and pages. */
async function listPage<Row, Item>(
  paging: { page: number; pageSize: number },
  findRows: (window: { limit: number; offset: number }) => Promise<{ rows: Row[]; total: number }>,
  toItem: (row: Row) => Item,
): Promise<{ list: Item[]; total: number; totalPages: number }> {
  const { rows, total } = await findRows({
    limit: paging.pageSize,
    offset: (paging.page - 1) * paging.pageSize,
  });
  return { list: rows.map(toItem), total, totalPages: Math.ceil(total / paging.pageSize) };
}
