import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, MemberContacts, MemberType } from '../../db/schema.ts';
import { hashSecret, verifySecret } from '../../platform/crypto/password-hash.ts';
import { hashToken } from '../../platform/crypto/token-hash.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { InvariantError } from '../../platform/errors/invariant.ts';
import {
  advanceTotpStep,
  completeLoginChallenge,
  countLoginChallengeAttempt,
  countLogins,
  endMemberSessions,
  findAgentByAffiliateCode,
  findInvitationLink,
  findLatestLogins,
  findLiveMemberSession,
  findLiveSession,
  findMemberByAccount,
  findMemberById,
  findMemberByMobile,
  findMembersByEmail,
  findOpenLoginChallenge,
  findSessionSpansSince,
  hasLoginFromIp,
  insertLogin,
  insertLoginChallenge,
  insertMember,
  insertPasswordReset,
  insertSession,
  isInDownline,
  isReferralCodeTaken,
  type LoginRow,
  type MemberRow,
  moveMemberStatus,
  type SessionRow,
  takePasswordReset,
  updateMember,
  updateSession,
  voidPasswordResets,
} from './member.repository.ts';

export type { LoginRow, MemberRow, SessionRow };

/** Agent type codes (spec §6, §9). */
export const AGENT_TYPES: readonly MemberType[] = [1, 2, 41, 42];
export const TRIAL_TYPE: MemberType = 4;
export const isAgentType = (type: number): boolean => (AGENT_TYPES as readonly number[]).includes(type);
/** The member type a sub-agent signs up as (through an agent link, or registered by an agent). */
export const SUBAGENT_TYPE: MemberType = 2;

// No 0/O or 1/I, so a code read aloud or from a screen is typed right.
const INVITATION_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const INVITATION_CODE_LENGTH = 8;

/** A fresh invitation code (a link's, or a new sub-agent's own): 8 unambiguous capitals and digits. */
export const newInvitationCode = (): string =>
  Array.from(
    { length: INVITATION_CODE_LENGTH },
    () => INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)],
  ).join('');

/** The default six-digit password of spec §4: logging in with it forces a change. */
export const DEFAULT_PASSWORD = '123456';

/** Avatars drawn for the project, served at /media/avatars/<icon>.svg. */
export const MEMBER_ICONS = [
  'avatar-1',
  'avatar-2',
  'avatar-3',
  'avatar-4',
  'avatar-5',
  'avatar-6',
  'avatar-7',
  'avatar-8',
] as const;
export type MemberIcon = (typeof MEMBER_ICONS)[number];
export const DEFAULT_MEMBER_ICON: MemberIcon = 'avatar-1';

const TOKEN_BYTES = 32;
const REFERRAL_CODE_LENGTH = 8;
const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERRAL_CODE_TRIES_MAX = 10;
/** A session's last-seen time is written at most this often, not on every request. */
const SESSION_TOUCH_INTERVAL_MS = 60_000;
const TRIAL_ACCOUNT_PREFIX = 'trial_';
const LOGIN_PAGE_SIZE_MAX = 50;
export const PASSWORD_RESET_MINUTES = 30;
/** How deep an agent tree is followed; deeper trees than this do not occur. */
const DOWNLINE_DEPTH_MAX = 20;
export const LOGIN_CHALLENGE_MINUTES = 10;
/** Wrong answers a login challenge survives. */
export const LOGIN_CHALLENGE_ATTEMPTS_MAX = 5;

export type SecondStepMethod = 'sms' | 'email' | 'totp' | 'bankName';
export type LoginChallenge = {
  id: string;
  memberId: string;
  methods: SecondStepMethod[];
  context: Record<string, unknown>;
};

export type SessionPolicy = { idleMinutes: number; absoluteMinutes: number };

export type NewMember = {
  merchantId: string;
  account: string;
  password: string | null;
  type?: MemberType;
  uplineId?: string | null;
  referredByCode?: string | null;
  nickname?: string | null;
  payeeName?: string | null;
  email?: string | null;
  mobile?: { dialingCode: string; nationalNumber: string; verified: boolean } | null;
  birthday?: string | null;
  contacts?: MemberContacts;
  address?: string | null;
  nationality?: string | null;
  occupation?: string | null;
  sourceOfIncome?: string | null;
  idNumber?: string | null;
  paymentPassword?: string | null;
  registerIp?: string | null;
  registerDomain?: string | null;
  registerMethod?: string | null;
  /** The agent's invitation link the member signs up through (agent-registration.ts). */
  invitationLinkId?: string | null;
  /** An agent type's own invitation code (a sub-agent signed up through an agent link). */
  affiliateCode?: string | null;
  /**
   * `password` is a one-time password an agent had sent, working once until then; the member
   * must set their own and accept the terms and age at the first login.
   */
  oneTimePasswordExpiresAt?: Date;
};

export type StartSessionInput = {
  member: MemberRow;
  policy: SessionPolicy;
  method: 'username' | 'sms' | 'freeplay' | 'register' | 'social' | 'reset';
  agentPage: boolean;
  passwordChangeRequired: boolean;
  ip: string;
  country: string | null;
  userAgent: string | null;
  /** The client's X-Device-Id, recorded with the login (referral checks compare it). */
  deviceId?: string | null;
};

export type StartedSession = {
  token: string;
  session: SessionRow;
  /** True when this is the member's first login ever. */
  firstTimeLogin: boolean;
};

export type MemberService = ReturnType<typeof createMemberService>;

export const accountKeyOf = (account: string): string => account.trim().toLowerCase();

/** Members, their passwords and their sessions. Takes an injected clock so tests can move time. */
export function createMemberService(deps: { db: Kysely<Database>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function newReferralCode(merchantId: string): Promise<string> {
    for (let attempt = 0; attempt < REFERRAL_CODE_TRIES_MAX; attempt += 1) {
      let code = '';
      for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) {
        code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
      }
      if (!(await isReferralCodeTaken(db, merchantId, code))) return code;
    }
    throw new InvariantError('could not find a free referral code');
  }

  async function createMember(input: NewMember): Promise<MemberRow> {
    const account = input.account.trim();
    const passwordHash = input.password === null ? null : await hashSecret(input.password);
    const paymentHash = input.paymentPassword ? await hashSecret(input.paymentPassword) : null;
    const timestamp = now();
    try {
      return await insertMember(db, {
        id: uuidv7(),
        merchant_id: input.merchantId,
        account,
        account_key: accountKeyOf(account),
        type: input.type ?? 0,
        upline_id: input.uplineId ?? null,
        referral_code: await newReferralCode(input.merchantId),
        referred_by_code: input.referredByCode ?? null,
        password_hash: passwordHash,
        password_changed_at: passwordHash ? timestamp : null,
        payment_password_hash: paymentHash,
        nickname: input.nickname ?? null,
        payee_name: input.payeeName ?? null,
        email: input.email ? input.email.trim().toLowerCase() : null,
        mobile_dialing_code: input.mobile?.dialingCode ?? null,
        mobile_number: input.mobile?.nationalNumber ?? null,
        mobile_verified_at: input.mobile?.verified ? timestamp : null,
        birthday: input.birthday ?? null,
        contacts: JSON.stringify(input.contacts ?? {}),
        address: input.address ?? null,
        nationality: input.nationality ?? null,
        occupation: input.occupation ?? null,
        source_of_income: input.sourceOfIncome ?? null,
        id_number: input.idNumber ?? null,
        icon: DEFAULT_MEMBER_ICON,
        register_ip: input.registerIp ?? null,
        register_domain: input.registerDomain ?? null,
        register_method: input.registerMethod ?? null,
        invitation_link_id: input.invitationLinkId ?? null,
        affiliate_code: input.affiliateCode ?? null,
        ...(input.oneTimePasswordExpiresAt
          ? {
              one_time_password_expires_at: input.oneTimePasswordExpiresAt,
              must_change_password: true,
              consent_required: true,
              password_changed_at: null,
            }
          : {}),
        created_at: timestamp,
        updated_at: timestamp,
      });
    } catch (error) {
      // Two registrations racing for one name or number: the unique index decides.
      const constraint = (error as { constraint?: string }).constraint ?? String(error);
      if (constraint.includes('members_account_uq')) {
        throw new AppError('VALIDATION', { value: { fields: { username: 'taken' } } });
      }
      if (constraint.includes('members_mobile_uq')) {
        throw new AppError('VALIDATION', { value: { fields: { mobileNum: 'taken' } } });
      }
      throw error;
    }
  }

  async function createTrialMember(merchantId: string, ip: string): Promise<MemberRow> {
    const account = `${TRIAL_ACCOUNT_PREFIX}${randomBytes(5).toString('hex')}`;
    return createMember({ merchantId, account, password: null, type: TRIAL_TYPE, registerIp: ip });
  }

  async function startSession(input: StartSessionInput): Promise<StartedSession> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const timestamp = now();
    const firstTimeLogin = (await countLogins(db, input.member.id)) === 0;
    const session: SessionRow = {
      id: uuidv7(),
      token_hash: hashToken(token),
      member_id: input.member.id,
      merchant_id: input.member.merchant_id,
      login_method: input.method,
      agent_page: input.agentPage,
      password_change_required: input.passwordChangeRequired,
      ip: input.ip,
      user_agent: input.userAgent?.slice(0, 400) ?? null,
      created_at: timestamp,
      last_seen_at: timestamp,
      idle_expires_at: new Date(timestamp.getTime() + input.policy.idleMinutes * 60_000),
      expires_at: new Date(timestamp.getTime() + input.policy.absoluteMinutes * 60_000),
      ended_at: null,
      end_reason: null,
    };
    await db.transaction().execute(async (trx) => {
      await insertSession(trx, session);
      await insertLogin(trx, {
        id: uuidv7(),
        member_id: input.member.id,
        merchant_id: input.member.merchant_id,
        session_id: session.id,
        method: input.method,
        ip: input.ip,
        country: input.country,
        user_agent: session.user_agent,
        device_id: input.deviceId ?? null,
        created_at: timestamp,
      });
      await updateMember(trx, input.member.id, { last_login_at: timestamp });
    });
    return { token, session, firstTimeLogin };
  }

  /** The live session and member of a token, extending the idle expiry; null when there is none. */
  async function resolveSession(
    token: string,
  ): Promise<{ session: SessionRow; member: MemberRow; exclusionEndsAt: Date | null } | null> {
    if (token.length === 0 || token.length > 100) return null;
    const timestamp = now();
    const found = await findLiveMemberSession(db, {
      tokenHash: hashToken(token),
      now: timestamp,
      touchIntervalMs: SESSION_TOUCH_INTERVAL_MS,
    });
    if (!found) return null;
    if (found.member.status !== 'active') return null;
    return found;
  }

  return {
    findById: (id: string) => findMemberById(db, id),
    findByAccount: (merchantId: string, account: string) =>
      findMemberByAccount(db, merchantId, accountKeyOf(account)),
    findByMobile: (merchantId: string, dialingCode: string, nationalNumber: string) =>
      findMemberByMobile(db, merchantId, dialingCode, nationalNumber),
    /** Whether a member is in an agent's tree (a downline's downline counts too). */
    isInDownline: (agentId: string, memberId: string) =>
      isInDownline(db, agentId, memberId, DOWNLINE_DEPTH_MAX),
    /** The one member with this email address; undefined when none or several have it. */
    async findByUniqueEmail(merchantId: string, email: string): Promise<MemberRow | undefined> {
      const found = await findMembersByEmail(db, merchantId, email.trim().toLowerCase(), 2);
      return found.length === 1 ? found[0] : undefined;
    },
    findAgentByAffiliateCode: (merchantId: string, code: string) =>
      findAgentByAffiliateCode(db, merchantId, code.trim()),
    /**
     * Who an invitation code signs a new member up under: the agent whose own code it is, else the
     * agent of the enabled invitation link with this code (and the link); undefined for neither.
     */
    async findInvitation(
      merchantId: string,
      code: string,
    ): Promise<{ agent: MemberRow; link: { id: string; kind: 'player' | 'agent' } | null } | undefined> {
      const agent = await findAgentByAffiliateCode(db, merchantId, code.trim());
      if (agent) return { agent, link: null };
      return findInvitationLink(db, merchantId, code.trim());
    },
    /** Checks a password; an unknown member (undefined) costs the same time and fails. */
    verifyPassword: (member: MemberRow | undefined, password: string) =>
      verifySecret(member?.password_hash ?? null, password),
    verifyPaymentPassword: (member: MemberRow, password: string) =>
      verifySecret(member.payment_password_hash, password),
    createMember,
    createTrialMember,
    /**
     * Uses up a member's one-time password (an agent had it sent) after it was checked: true once,
     * while it has not expired; a second login with it, even a simultaneous one, gets false.
     */
    async consumeOneTimePassword(member: MemberRow): Promise<boolean> {
      if (!member.one_time_password_expires_at || !member.password_hash) return false;
      const result = await db
        .updateTable('members')
        .set({ password_hash: null, one_time_password_expires_at: null, updated_at: now() })
        .where('id', '=', member.id)
        .where('password_hash', '=', member.password_hash)
        .where('one_time_password_expires_at', '>', now())
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** The first login of a member an agent registered: their own password, terms and age accepted. */
    async completeFirstLogin(memberId: string, password: string): Promise<boolean> {
      const timestamp = now();
      const result = await db
        .updateTable('members')
        .set({
          password_hash: await hashSecret(password),
          password_changed_at: timestamp,
          must_change_password: false,
          consent_required: false,
          terms_accepted_at: timestamp,
          updated_at: timestamp,
        })
        .where('id', '=', memberId)
        .where('consent_required', '=', true)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async setPassword(memberId: string, password: string): Promise<void> {
      await updateMember(db, memberId, {
        password_hash: await hashSecret(password),
        password_changed_at: now(),
        must_change_password: false,
      });
    },
    /** The real name payouts are made to (spec §3 payeeName); set once, by the first payout account. */
    async setPayeeName(memberId: string, payeeName: string): Promise<void> {
      await updateMember(db, memberId, { payee_name: payeeName });
    },
    async setPaymentPassword(memberId: string, password: string): Promise<void> {
      await updateMember(db, memberId, { payment_password_hash: await hashSecret(password) });
    },
    async setIcon(memberId: string, icon: MemberIcon): Promise<void> {
      await updateMember(db, memberId, { icon });
    },
    /** Locks an account and ends its sessions; answers the ended session ids. */
    async lockMember(memberId: string): Promise<string[]> {
      await updateMember(db, memberId, { status: 'locked' });
      return endMemberSessions(db, memberId, 'locked', now());
    },
    async unlockMember(memberId: string): Promise<void> {
      await updateMember(db, memberId, { status: 'active' });
    },
    /**
     * Marks an account as on a break or self-excluded (responsible gaming) and ends its sessions
     * at once; answers the ended session ids. A locked account stays locked.
     */
    async excludeMember(memberId: string): Promise<string[]> {
      await moveMemberStatus(db, memberId, { from: 'active', to: 'self_excluded' }, now());
      return endMemberSessions(db, memberId, 'self_excluded', now());
    },
    /** Lets a member whose break or self-exclusion has run out in again. */
    async endExclusion(memberId: string): Promise<void> {
      await moveMemberStatus(db, memberId, { from: 'self_excluded', to: 'active' }, now());
    },
    /**
     * How long a member has been logged in since a moment, over all sessions, in milliseconds:
     * an ended session counts to its end, a live one to now, an idle-expired one to its last
     * request (session-time limits of responsible gaming).
     */
    async sumSessionTimeSince(
      memberId: string,
      since: Date,
      executor: Kysely<Database> = db,
    ): Promise<number> {
      const at = now();
      const rows = await findSessionSpansSince(executor, memberId, { since, at });
      let totalMs = 0;
      for (const row of rows) {
        const isLive = row.ended_at === null && row.idle_expires_at > at && row.expires_at > at;
        const end = row.ended_at ?? (isLive ? at : row.last_seen_at);
        const start = row.created_at > since ? row.created_at : since;
        if (end > start) totalMs += end.getTime() - start.getTime();
      }
      return totalMs;
    },
    startSession,
    resolveSession,
    /** A live session by its id (when it began, whose it is), without extending it. */
    findLiveSession: (sessionId: string) => findLiveSession(db, 'id', sessionId, now()),
    /**
     * Whether a session is still live and its member active, without extending it: a game
     * vendor's calls prove the player is still playing, not that they are at the site.
     */
    async isSessionLive(sessionId: string): Promise<boolean> {
      const session = await findLiveSession(db, 'id', sessionId, now());
      if (!session) return false;
      const member = await findMemberById(db, session.member_id);
      return member?.status === 'active';
    },
    async endSession(sessionId: string, reason: string): Promise<void> {
      await updateSession(db, sessionId, { ended_at: now(), end_reason: reason });
    },
    endOtherSessions: (memberId: string, keepSessionId: string | undefined, reason: string) =>
      endMemberSessions(db, memberId, reason, now(), keepSessionId),
    async clearPasswordChangeRequired(sessionId: string): Promise<void> {
      await updateSession(db, sessionId, { password_change_required: false });
    },
    /** A single-use reset token for an emailed link; a new one voids the older ones. */
    async createPasswordReset(memberId: string): Promise<string> {
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const timestamp = now();
      await db.transaction().execute(async (trx) => {
        await voidPasswordResets(trx, memberId, timestamp);
        await insertPasswordReset(trx, {
          id: uuidv7(),
          member_id: memberId,
          token_hash: hashToken(token),
          created_at: timestamp,
          expires_at: new Date(timestamp.getTime() + PASSWORD_RESET_MINUTES * 60_000),
        });
      });
      return token;
    },
    /** Uses up a live reset token and answers its member; null when it is unknown, used or expired. */
    async consumePasswordReset(token: string): Promise<MemberRow | null> {
      if (token.length === 0 || token.length > 100) return null;
      const memberId = await takePasswordReset(db, hashToken(token), now());
      return memberId ? ((await findMemberById(db, memberId)) ?? null) : null;
    },
    /** Keeps a (sealed) authenticator secret waiting for its first code; replaces an earlier one. */
    async setPendingTotpSecret(memberId: string, sealedSecret: string): Promise<void> {
      await updateMember(db, memberId, {
        totp_secret: sealedSecret,
        totp_enabled_at: null,
        totp_last_step: null,
      });
    },
    async enableTotp(memberId: string, step: number): Promise<void> {
      await updateMember(db, memberId, { totp_enabled_at: now(), totp_last_step: BigInt(step) });
    },
    async disableTotp(memberId: string): Promise<void> {
      await updateMember(db, memberId, { totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    },
    /**
     * Records the authenticator step just used; false when it is not newer than the last one
     * (the same code, or an older one, used again).
     */
    useTotpStep: (memberId: string, step: number): Promise<boolean> =>
      advanceTotpStep(db, memberId, BigInt(step)),
    async createLoginChallenge(input: {
      member: MemberRow;
      ip: string;
      methods: SecondStepMethod[];
      context: Record<string, unknown>;
    }): Promise<string> {
      const id = randomBytes(TOKEN_BYTES).toString('base64url');
      const timestamp = now();
      await insertLoginChallenge(db, {
        id,
        member_id: input.member.id,
        merchant_id: input.member.merchant_id,
        ip: input.ip,
        methods: input.methods,
        context: JSON.stringify(input.context),
        created_at: timestamp,
        expires_at: new Date(timestamp.getTime() + LOGIN_CHALLENGE_MINUTES * 60_000),
      });
      return id;
    },
    /** A challenge that is still open: not expired, not done, attempts left. */
    async findOpenChallenge(id: string, merchantId: string): Promise<LoginChallenge | null> {
      const row = await findOpenLoginChallenge(db, {
        id,
        merchantId,
        at: now(),
        attemptsMax: LOGIN_CHALLENGE_ATTEMPTS_MAX,
      });
      return row
        ? {
            id: row.id,
            memberId: row.member_id,
            methods: row.methods as SecondStepMethod[],
            context: row.context,
          }
        : null;
    },
    countChallengeAttempt: (id: string): Promise<void> => countLoginChallengeAttempt(db, id),
    /** Closes a challenge once; false when another request closed it first. */
    completeChallenge: (id: string): Promise<boolean> => completeLoginChallenge(db, id, now()),
    /** The login before the current one, shown to the member as "last login". */
    async findPreviousLogin(memberId: string): Promise<LoginRow | null> {
      const [, previous] = await findLatestLogins(db, memberId, 2);
      return previous ?? null;
    },
    hasLoginFromIp: (memberId: string, ip: string) => hasLoginFromIp(db, memberId, ip),
    countLogins: (memberId: string) => countLogins(db, memberId),
    async listLogins(memberId: string, page: number, pageSize: number) {
      const size = Math.min(pageSize, LOGIN_PAGE_SIZE_MAX);
      const [rows, total] = await Promise.all([
        findLatestLogins(db, memberId, size, (page - 1) * size),
        countLogins(db, memberId),
      ]);
      return { rows, totalPages: Math.ceil(total / size) };
    },
  };
}
