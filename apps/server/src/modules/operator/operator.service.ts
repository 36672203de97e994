import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import { hashSecret, verifySecret } from '../../platform/crypto/password-hash.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { createTotpSecret, matchTotp, totpUri } from '../../platform/crypto/totp.ts';
import { AppError } from '../../platform/errors/errors.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit/rate-limiter.ts';
import { reserveSecretAttempt } from '../../platform/rate-limit/secret-attempts.ts';
import {
  countFailedLogin,
  countLiveSessions,
  countOperatorsWithRole,
  deleteRole,
  type Executor,
  endOperatorSessions,
  findLiveSessionByHash,
  findMerchantSummaries,
  findOperatorById,
  findOperatorByUsernameKey,
  findOperatorsPage,
  findRoleById,
  findRoles,
  insertOperator,
  insertRole,
  insertSession,
  type MerchantScope,
  type OperatorRow,
  type OperatorSessionRow,
  type RoleRow,
  updateOperator,
  updateRole,
  updateSession,
  useTotpStep,
} from './operator.repository.ts';
import {
  BUILTIN_ROLE_PERMISSIONS,
  isBuiltinRoleId,
  isPermission,
  isSubsetOf,
  type Permission,
} from './permissions.ts';

export type { MerchantScope, OperatorRow, OperatorSessionRow, RoleRow };

/** Operators work on live money and players' data: their sessions end sooner than players'. */
export const OPERATOR_SESSION_IDLE_MINUTES = 15;
export const OPERATOR_SESSION_ABSOLUTE_MINUTES = 12 * 60;
/** A session's last-seen time is written at most this often, not on every request. */
const SESSION_TOUCH_INTERVAL_MS = 60_000;
const TOKEN_BYTES = 32;
const TOKEN_LENGTH_MAX = 100;

export const OPERATOR_USERNAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{2,31}$';
export const OPERATOR_PASSWORD_LENGTH_MIN = 8;
export const OPERATOR_PASSWORD_LENGTH_MAX = 128;
export const ROLE_NAME_LENGTH_MAX = 40;
export const STAFF_PAGE_SIZE_MAX = 100;
const TEMPORARY_PASSWORD_LENGTH = 12;
const TEMPORARY_PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TOTP_ISSUER = 'Panalo back office';

// Failed sign-ins (a wrong password, a wrong authenticator code or a wrong captcha) are counted as
// API.md "Throttles" asks, before the secret is checked: per account and source together, with a
// captcha after 3 failures and a growing delay after 5 (1 s, doubling, at most 15 minutes); per
// account from every address, a captcha after 5; per address, a captcha after 3 and a ceiling. So
// an attacker slows themselves and never locks the owner out (who may need a captcha).
export const OPERATOR_CAPTCHA_AFTER_FAILURES = 3;
export const OPERATOR_LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE: RateLimitRule = {
  name: 'bo-login-fail-account-source',
  limit: 100,
  windowSeconds: 60 * 60,
  delay: { after: 5, baseSeconds: 1, maxSeconds: 15 * 60 },
};
/** Failures from every address together after which each address needs a captcha for the account. */
export const OPERATOR_ACCOUNT_CAPTCHA_AFTER_FAILURES = 5;
export const OPERATOR_LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = {
  name: 'bo-login-fail-account',
  limit: OPERATOR_ACCOUNT_CAPTCHA_AFTER_FAILURES,
  windowSeconds: 60 * 60,
};
export const OPERATOR_LOGIN_FAILURES_PER_IP: RateLimitRule = {
  name: 'bo-login-fail-ip',
  limit: 30,
  windowSeconds: 60 * 60,
};
/** Wrong current passwords an operator may give when changing theirs, per hour. */
export const OPERATOR_OLD_PASSWORD_FAILURES: RateLimitRule = {
  name: 'bo-old-password-fail',
  limit: 5,
  windowSeconds: 60 * 60,
};

/** Who is acting, as every change needs it: permissions to check, a name and an address to record. */
export type OperatorActor = {
  id: string;
  username: string;
  merchantId: string | null;
  permissions: readonly Permission[];
  ip: string | null;
};

/** One change for the audit log; app.ts hands in the audit service's `record`. */
export type ChangeRecord = {
  actor: { id: string | null; name: string };
  merchantId: string | null;
  action: string;
  target: { type: string; id: string | null };
  before: unknown;
  after: unknown;
  ip: string | null;
};
export type RecordChange = (executor: Executor, entry: ChangeRecord) => Promise<void>;

export type OperatorClient = { ip: string; userAgent: string | null };

export type SignInInput = {
  username: string;
  password: string;
  code?: string | undefined;
  /** The captcha's answer, asked for after failures (CAPTCHA_REQUIRED). */
  captcha?: string | undefined;
  /** The browser's captcha challenge (its captchaId cookie). */
  captchaId?: string | undefined;
};
export type SignInResult = { token: string; passwordExpired: boolean; operatorId: string };

export type ResolvedOperatorSession = {
  session: OperatorSessionRow;
  operator: OperatorRow;
  role: RoleRow;
  permissions: readonly Permission[];
};

export type OperatorService = ReturnType<typeof createOperatorService>;

export const usernameKeyOf = (username: string): string => username.trim().toLowerCase();
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The permissions a role grants: the built-in roles' from code, a custom role's from its row. */
export function permissionsOfRole(role: RoleRow): readonly Permission[] {
  if (role.is_builtin && isBuiltinRoleId(role.id)) return BUILTIN_ROLE_PERMISSIONS[role.id];
  return role.permissions.filter(isPermission);
}

/** What the audit log keeps of an operator: never a hash or a secret, and nothing that moves by itself. */
function auditViewOf(operator: OperatorRow) {
  return {
    username: operator.username,
    displayName: operator.display_name,
    merchantId: operator.merchant_id,
    roleId: operator.role_id,
    status: operator.status,
    mustChangePassword: operator.must_change_password,
    totpEnabled: operator.totp_enabled_at !== null,
  };
}

function auditViewOfRole(role: RoleRow) {
  return { name: role.name, merchantId: role.merchant_id, permissions: [...role.permissions].sort() };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const text = (error as { constraint?: string }).constraint ?? String(error);
  return text.includes(constraint);
}

function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23503' || String(error).includes('foreign key');
}

/** A readable random password handed out once by a reset; the next sign-in must replace it. */
function createTemporaryPassword(): string {
  for (;;) {
    let password = '';
    for (let index = 0; index < TEMPORARY_PASSWORD_LENGTH; index += 1) {
      password += TEMPORARY_PASSWORD_ALPHABET[randomInt(TEMPORARY_PASSWORD_ALPHABET.length)];
    }
    if (/[0-9]/.test(password) && /[A-Za-z]/.test(password)) return password;
  }
}

/** An operator password: long enough, with a letter and a digit. Answers a VALIDATION key or null. */
export function checkPasswordStrength(password: string): string | null {
  if (password.length < OPERATOR_PASSWORD_LENGTH_MIN || password.length > OPERATOR_PASSWORD_LENGTH_MAX) {
    return 'length';
  }
  if (!/[0-9]/.test(password) || !/[A-Za-z]/.test(password)) return 'letterAndDigit';
  return null;
}

/**
 * An operator with a chosen password, made by the platform itself rather than by another operator
 * (the first owner of a new installation, the demo seed); audited as the system.
 */
export async function provisionOperator(
  deps: { db: Kysely<Database>; recordChange: RecordChange; now?: () => Date },
  input: {
    merchantId: string | null;
    username: string;
    displayName: string;
    roleId: string;
    password: string;
  },
): Promise<OperatorRow> {
  const weakness = checkPasswordStrength(input.password);
  if (weakness) throw new Error(`provisioned operator password is too weak (${weakness})`);
  const passwordHash = await hashSecret(input.password);
  return deps.db.transaction().execute(async (trx) => {
    const timestamp = (deps.now ?? (() => new Date()))();
    const created = await insertOperator(trx, {
      id: uuidv7(),
      merchant_id: input.merchantId,
      username: input.username,
      username_key: usernameKeyOf(input.username),
      display_name: input.displayName,
      role_id: input.roleId,
      password_hash: passwordHash,
      password_changed_at: timestamp,
      created_at: timestamp,
      updated_at: timestamp,
    });
    await deps.recordChange(trx, {
      actor: { id: null, name: 'system' },
      merchantId: created.merchant_id,
      action: 'staff.create',
      target: { type: 'operator', id: created.id },
      before: null,
      after: auditViewOf(created),
      ip: null,
    });
    return created;
  });
}

/**
 * Back-office staff: accounts, roles, sessions and the sign-in with its required authenticator.
 * Every change takes the acting operator explicitly, checks that the target is theirs to touch,
 * and writes its audit entry in the same transaction as the change.
 */
export function createOperatorService(deps: {
  db: Kysely<Database>;
  recordChange: RecordChange;
  totpBox: SecretBox;
  rateLimiter: RateLimiter;
  /** Checks (and uses up) a captcha answer of the captcha module; app.ts hands it over. */
  verifyCaptcha: (captchaId: string | undefined, answer: string | undefined) => Promise<boolean>;
  now?: () => Date;
}) {
  const { db, recordChange, totpBox, rateLimiter } = deps;
  const now = deps.now ?? (() => new Date());

  const record = (
    trx: Transaction<Database>,
    actor: OperatorActor,
    entry: Omit<ChangeRecord, 'actor' | 'ip'>,
  ) => recordChange(trx, { ...entry, actor: { id: actor.id, name: actor.username }, ip: actor.ip });

  /** Scope check: an operator sees their own merchant's staff; a platform owner sees everyone's. */
  function isVisibleTo(actor: OperatorActor, merchantId: string | null): boolean {
    return actor.merchantId === null || actor.merchantId === merchantId;
  }

  async function requireRole(id: string): Promise<RoleRow> {
    const role = await findRoleById(db, id);
    if (!role) throw new AppError('NOT_FOUND');
    return role;
  }

  /** The operator the actor may manage: in their scope, never themselves, never above them. */
  async function requireManageable(actor: OperatorActor, operatorId: string): Promise<OperatorRow> {
    const target = await findOperatorById(db, operatorId);
    if (!target || !isVisibleTo(actor, target.merchant_id)) throw new AppError('NOT_FOUND');
    if (target.id === actor.id) throw new AppError('CONFLICT', { value: { reason: 'self' } });
    const targetRole = await requireRole(target.role_id);
    if (!isSubsetOf(permissionsOfRole(targetRole), actor.permissions)) throw new AppError('FORBIDDEN');
    return target;
  }

  /** A role the actor may give to an operator of `merchantId`. */
  async function requireAssignableRole(
    actor: OperatorActor,
    roleId: string,
    merchantId: string | null,
  ): Promise<RoleRow> {
    const role = await findRoleById(db, roleId);
    // A custom role serves its own merchant only; platform staff hold the built-in roles.
    const isOffered =
      role !== undefined &&
      (role.is_builtin || (role.merchant_id === merchantId && isVisibleTo(actor, role.merchant_id)));
    if (!role || !isOffered) {
      throw new AppError('VALIDATION', { value: { fields: { roleId: 'unknown' } } });
    }
    if (!isSubsetOf(permissionsOfRole(role), actor.permissions)) throw new AppError('FORBIDDEN');
    return role;
  }

  async function startSession(operator: OperatorRow, client: OperatorClient, trx: Executor) {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const timestamp = now();
    const session = {
      id: uuidv7(),
      token_hash: hashToken(token),
      operator_id: operator.id,
      password_change_required: operator.must_change_password,
      ip: client.ip,
      user_agent: client.userAgent,
      created_at: timestamp,
      last_seen_at: timestamp,
      idle_expires_at: new Date(timestamp.getTime() + OPERATOR_SESSION_IDLE_MINUTES * 60_000),
      expires_at: new Date(timestamp.getTime() + OPERATOR_SESSION_ABSOLUTE_MINUTES * 60_000),
    };
    await insertSession(trx, session);
    return { token, sessionId: session.id };
  }

  /**
   * Sign-in: username and password, then the authenticator, which is required. An operator who
   * has none yet gets a secret to enrol (the same one until the first code confirms it), and the
   * first valid code both enrols and signs in. Wrong passwords and wrong codes count alike against
   * the account's and the address's throttles.
   */
  async function signIn(input: SignInInput, client: OperatorClient): Promise<SignInResult> {
    const usernameKey = usernameKeyOf(input.username);
    const attempt = await reserveSecretAttempt(rateLimiter, [
      { rule: OPERATOR_LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE, key: `${usernameKey}:${client.ip}` },
      { rule: OPERATOR_LOGIN_FAILURES_PER_IP, key: client.ip },
      { rule: OPERATOR_LOGIN_FAILURES_PER_ACCOUNT, key: usernameKey, refuses: false },
    ]);
    // The counts hold this attempt: the earlier failures are one less.
    const [sourceFailures = 0, ipFailures = 0, accountFailures = 0] = attempt.counts.map(
      (count) => count - 1,
    );
    const needsCaptcha = (extra: number) =>
      sourceFailures + extra >= OPERATOR_CAPTCHA_AFTER_FAILURES ||
      ipFailures + extra >= OPERATOR_CAPTCHA_AFTER_FAILURES ||
      accountFailures + extra >= OPERATOR_ACCOUNT_CAPTCHA_AFTER_FAILURES;

    // A failed attempt keeps its count; one on an existing account is audited against that account
    // (an unknown name is not: it may be a password typed into the wrong field).
    const failure = async (
      code: 'BAD_CREDENTIALS' | 'SMS_CODE_INVALID' | 'CAPTCHA_INVALID',
      account?: OperatorRow,
    ) => {
      if (account) {
        await db.transaction().execute(async (trx) => {
          await countFailedLogin(trx, account.id, now());
          await recordChange(trx, {
            actor: { id: account.id, name: account.username },
            merchantId: account.merchant_id,
            action: 'auth.login.failed',
            target: { type: 'operator', id: account.id },
            before: null,
            after: { step: code === 'SMS_CODE_INVALID' ? 'totp' : 'password' },
            ip: client.ip,
          });
        });
      }
      return new AppError(code, { value: { captcha: needsCaptcha(1) } });
    };

    if (needsCaptcha(0)) {
      if (!input.captcha?.trim()) {
        await attempt.refund();
        throw new AppError('CAPTCHA_REQUIRED', { value: { captcha: true } });
      }
      if (!(await deps.verifyCaptcha(input.captchaId, input.captcha))) throw await failure('CAPTCHA_INVALID');
    }

    const found = await findOperatorByUsernameKey(db, usernameKey);
    const isValid = await verifySecret(found?.password_hash ?? null, input.password);
    if (!found || !isValid) throw await failure('BAD_CREDENTIALS', found);
    let operator = found;
    // Only someone who knows the password learns that the account is locked.
    if (operator.status === 'locked') {
      await attempt.refund();
      throw new AppError('ACCOUNT_LOCKED');
    }

    const isEnrolling = operator.totp_enabled_at === null;
    if (isEnrolling && operator.totp_secret === null) {
      operator = await updateOperator(
        db,
        operator.id,
        { totp_secret: totpBox.seal(createTotpSecret()), totp_last_step: null },
        now(),
      );
    }
    const secret = totpBox.open(operator.totp_secret ?? '');
    const code = input.code?.trim() ?? '';
    if (code === '') {
      // The right password without a code yet is the first step, not a failure.
      await attempt.refund();
      throw new AppError('VERIFICATION_REQUIRED', {
        value: isEnrolling
          ? {
              methods: ['totpEnrol'],
              secret,
              otpauthUrl: totpUri({ issuer: TOTP_ISSUER, account: operator.username, secret }),
            }
          : { methods: ['totp'] },
      });
    }
    const step = matchTotp(secret, code, now().getTime());
    if (step === null || !(await useTotpStep(db, operator.id, step))) {
      throw await failure('SMS_CODE_INVALID', operator);
    }

    await Promise.all([
      attempt.refund(),
      rateLimiter.reset(OPERATOR_LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE, `${usernameKey}:${client.ip}`),
    ]);
    const timestamp = now();
    const signedIn = operator;
    return db.transaction().execute(async (trx) => {
      const updated = await updateOperator(
        trx,
        signedIn.id,
        {
          failed_login_count: 0,
          last_login_at: timestamp,
          last_login_ip: client.ip,
          ...(isEnrolling ? { totp_enabled_at: timestamp } : {}),
        },
        timestamp,
      );
      const { token, sessionId } = await startSession(updated, client, trx);
      await recordChange(trx, {
        actor: { id: updated.id, name: updated.username },
        merchantId: updated.merchant_id,
        action: 'auth.login',
        target: { type: 'operator', id: updated.id },
        before: isEnrolling ? { totpEnabled: false } : null,
        after: { sessionId, ...(isEnrolling ? { totpEnabled: true } : {}) },
        ip: client.ip,
      });
      return { token, passwordExpired: updated.must_change_password, operatorId: updated.id };
    });
  }

  /** The live session of a token with its operator and permissions; null when there is none. */
  async function resolveSession(token: string): Promise<ResolvedOperatorSession | null> {
    if (token.length === 0 || token.length > TOKEN_LENGTH_MAX) return null;
    const timestamp = now();
    const session = await findLiveSessionByHash(db, hashToken(token), timestamp);
    if (!session) return null;
    const operator = await findOperatorById(db, session.operator_id);
    if (operator?.status !== 'active') return null;
    const role = await findRoleById(db, operator.role_id);
    if (!role) return null;
    if (timestamp.getTime() - session.last_seen_at.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      const idleExpiresAt = new Date(timestamp.getTime() + OPERATOR_SESSION_IDLE_MINUTES * 60_000);
      await updateSession(db, session.id, { last_seen_at: timestamp, idle_expires_at: idleExpiresAt });
      session.last_seen_at = timestamp;
      session.idle_expires_at = idleExpiresAt;
    }
    return { session, operator, role, permissions: permissionsOfRole(role) };
  }

  async function signOut(actor: OperatorActor, sessionId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await updateSession(trx, sessionId, { ended_at: now(), end_reason: 'logout' });
      await record(trx, actor, {
        merchantId: actor.merchantId,
        action: 'auth.logout',
        target: { type: 'operator', id: actor.id },
        before: { sessionId },
        after: null,
      });
    });
  }

  /** The operator's own password; other sessions end, this one may do everything again. */
  async function changeOwnPassword(
    actor: OperatorActor,
    sessionId: string,
    input: { oldPassword: string; newPassword: string },
  ): Promise<void> {
    const operator = await findOperatorById(db, actor.id);
    if (!operator) throw new AppError('NOT_LOGGED_IN');
    const attempt = await reserveSecretAttempt(rateLimiter, [
      { rule: OPERATOR_OLD_PASSWORD_FAILURES, key: operator.id },
    ]);
    if (!(await verifySecret(operator.password_hash, input.oldPassword))) {
      throw new AppError('VALIDATION', { value: { fields: { oldPassword: 'wrong' } } });
    }
    await attempt.refund();
    const weakness = checkPasswordStrength(input.newPassword);
    if (weakness) throw new AppError('VALIDATION', { value: { fields: { newPassword: weakness } } });
    if (input.newPassword === input.oldPassword) {
      throw new AppError('VALIDATION', { value: { fields: { newPassword: 'unchanged' } } });
    }
    const passwordHash = await hashSecret(input.newPassword);
    await db.transaction().execute(async (trx) => {
      const timestamp = now();
      const updated = await updateOperator(
        trx,
        operator.id,
        { password_hash: passwordHash, password_changed_at: timestamp, must_change_password: false },
        timestamp,
      );
      await updateSession(trx, sessionId, { password_change_required: false });
      await endOperatorSessions(trx, operator.id, 'password_changed', timestamp, sessionId);
      await record(trx, actor, {
        merchantId: operator.merchant_id,
        action: 'auth.password.change',
        target: { type: 'operator', id: operator.id },
        before: auditViewOf(operator),
        after: auditViewOf(updated),
      });
    });
  }

  async function listOperators(input: {
    scope: MerchantScope;
    search?: string | undefined;
    page: number;
    pageSize: number;
  }) {
    const size = Math.min(Math.max(1, input.pageSize), STAFF_PAGE_SIZE_MAX);
    const { rows, total } = await findOperatorsPage(db, {
      scope: input.scope,
      search: input.search?.trim() || undefined,
      offset: (Math.max(1, input.page) - 1) * size,
      limit: size,
    });
    const timestamp = now();
    const withSessions = await Promise.all(
      rows.map(async (row) => ({ ...row, live_sessions: await countLiveSessions(db, row.id, timestamp) })),
    );
    return { rows: withSessions, total, totalPages: Math.ceil(total / size) };
  }

  async function createOperator(
    actor: OperatorActor,
    input: { merchantId: string | null; username: string; displayName: string; roleId: string },
  ): Promise<{ operator: OperatorRow; temporaryPassword: string }> {
    if (!isVisibleTo(actor, input.merchantId)) throw new AppError('FORBIDDEN');
    await requireAssignableRole(actor, input.roleId, input.merchantId);
    const temporaryPassword = createTemporaryPassword();
    const passwordHash = await hashSecret(temporaryPassword);
    const username = input.username.trim();
    try {
      const operator = await db.transaction().execute(async (trx) => {
        const timestamp = now();
        const created = await insertOperator(trx, {
          id: uuidv7(),
          merchant_id: input.merchantId,
          username,
          username_key: usernameKeyOf(username),
          display_name: input.displayName.trim() || username,
          role_id: input.roleId,
          password_hash: passwordHash,
          password_changed_at: timestamp,
          must_change_password: true,
          created_at: timestamp,
          updated_at: timestamp,
        });
        await record(trx, actor, {
          merchantId: created.merchant_id,
          action: 'staff.create',
          target: { type: 'operator', id: created.id },
          before: null,
          after: auditViewOf(created),
        });
        return created;
      });
      return { operator, temporaryPassword };
    } catch (error) {
      if (isUniqueViolation(error, 'operators_username_key')) {
        throw new AppError('VALIDATION', { value: { fields: { username: 'taken' } } });
      }
      if (isForeignKeyViolation(error)) {
        throw new AppError('VALIDATION', { value: { fields: { merchantId: 'unknown' } } });
      }
      throw error;
    }
  }

  /** Applies one change to an operator the actor may manage, with its audit entry. */
  async function changeOperator(
    actor: OperatorActor,
    operatorId: string,
    action: string,
    apply: (trx: Transaction<Database>, target: OperatorRow, timestamp: Date) => Promise<OperatorRow>,
  ): Promise<OperatorRow> {
    const target = await requireManageable(actor, operatorId);
    return db.transaction().execute(async (trx) => {
      const timestamp = now();
      const updated = await apply(trx, target, timestamp);
      await record(trx, actor, {
        merchantId: target.merchant_id,
        action,
        target: { type: 'operator', id: target.id },
        before: auditViewOf(target),
        after: auditViewOf(updated),
      });
      return updated;
    });
  }

  async function changeRole(actor: OperatorActor, operatorId: string, roleId: string): Promise<OperatorRow> {
    const target = await requireManageable(actor, operatorId);
    await requireAssignableRole(actor, roleId, target.merchant_id);
    if (target.role_id === roleId) return target;
    return changeOperator(actor, operatorId, 'staff.role', (trx, _target, timestamp) =>
      updateOperator(trx, operatorId, { role_id: roleId }, timestamp),
    );
  }

  const lockOperator = (actor: OperatorActor, operatorId: string) =>
    changeOperator(actor, operatorId, 'staff.lock', async (trx, _target, timestamp) => {
      await endOperatorSessions(trx, operatorId, 'locked', timestamp);
      return updateOperator(trx, operatorId, { status: 'locked' }, timestamp);
    });

  async function unlockOperator(actor: OperatorActor, operatorId: string): Promise<OperatorRow> {
    const unlocked = await changeOperator(actor, operatorId, 'staff.unlock', (trx, _target, timestamp) =>
      updateOperator(trx, operatorId, { status: 'active', failed_login_count: 0 }, timestamp),
    );
    // Also forgives the failures that ask every address for a captcha. After the transaction, not
    // in it: the throttle counters may live in the same (embedded, one-connection) database.
    await rateLimiter.reset(OPERATOR_LOGIN_FAILURES_PER_ACCOUNT, unlocked.username_key);
    return unlocked;
  }

  /** A new temporary password, shown once to the actor; the operator must change it at sign-in. */
  async function resetPassword(actor: OperatorActor, operatorId: string): Promise<string> {
    const temporaryPassword = createTemporaryPassword();
    const passwordHash = await hashSecret(temporaryPassword);
    await changeOperator(actor, operatorId, 'staff.password.reset', async (trx, _target, timestamp) => {
      await endOperatorSessions(trx, operatorId, 'password_reset', timestamp);
      return updateOperator(
        trx,
        operatorId,
        { password_hash: passwordHash, password_changed_at: timestamp, must_change_password: true },
        timestamp,
      );
    });
    return temporaryPassword;
  }

  /** Forgets the authenticator (a lost phone): the next sign-in enrols a new one. */
  const resetTotp = (actor: OperatorActor, operatorId: string) =>
    changeOperator(actor, operatorId, 'staff.totp.reset', async (trx, _target, timestamp) => {
      await endOperatorSessions(trx, operatorId, 'totp_reset', timestamp);
      return updateOperator(
        trx,
        operatorId,
        { totp_secret: null, totp_enabled_at: null, totp_last_step: null },
        timestamp,
      );
    });

  async function endSessions(actor: OperatorActor, operatorId: string): Promise<number> {
    const target = await requireManageable(actor, operatorId);
    return db.transaction().execute(async (trx) => {
      const ended = await endOperatorSessions(trx, operatorId, 'ended_by_operator', now());
      await record(trx, actor, {
        merchantId: target.merchant_id,
        action: 'staff.sessions.end',
        target: { type: 'operator', id: target.id },
        before: null,
        after: { endedSessions: ended },
      });
      return ended;
    });
  }

  async function createRole(
    actor: OperatorActor,
    input: { merchantId: string; name: string; permissions: readonly Permission[] },
  ): Promise<RoleRow> {
    if (!isVisibleTo(actor, input.merchantId)) throw new AppError('FORBIDDEN');
    if (!isSubsetOf(input.permissions, actor.permissions)) throw new AppError('FORBIDDEN');
    try {
      return await db.transaction().execute(async (trx) => {
        const timestamp = now();
        const role = await insertRole(trx, {
          id: uuidv7(),
          merchant_id: input.merchantId,
          name: input.name.trim(),
          is_builtin: false,
          permissions: [...new Set(input.permissions)],
          created_at: timestamp,
          updated_at: timestamp,
        });
        await record(trx, actor, {
          merchantId: role.merchant_id,
          action: 'role.create',
          target: { type: 'role', id: role.id },
          before: null,
          after: auditViewOfRole(role),
        });
        return role;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'operator_roles_name_uq')) {
        throw new AppError('VALIDATION', { value: { fields: { name: 'taken' } } });
      }
      if (isForeignKeyViolation(error)) {
        throw new AppError('VALIDATION', { value: { fields: { merchantId: 'unknown' } } });
      }
      throw error;
    }
  }

  /** A custom role in the actor's scope, whose permissions the actor holds all of. */
  async function requireEditableRole(actor: OperatorActor, roleId: string): Promise<RoleRow> {
    const role = await findRoleById(db, roleId);
    if (!role || !isVisibleTo(actor, role.merchant_id)) throw new AppError('NOT_FOUND');
    if (role.is_builtin) throw new AppError('CONFLICT', { value: { reason: 'builtin' } });
    if (!isSubsetOf(permissionsOfRole(role), actor.permissions)) throw new AppError('FORBIDDEN');
    return role;
  }

  async function updateRoleOf(
    actor: OperatorActor,
    roleId: string,
    input: { name: string; permissions: readonly Permission[] },
  ): Promise<RoleRow> {
    const role = await requireEditableRole(actor, roleId);
    if (!isSubsetOf(input.permissions, actor.permissions)) throw new AppError('FORBIDDEN');
    try {
      return await db.transaction().execute(async (trx) => {
        const updated = await updateRole(trx, role.id, {
          name: input.name.trim(),
          permissions: [...new Set(input.permissions)],
          updated_at: now(),
        });
        await record(trx, actor, {
          merchantId: role.merchant_id,
          action: 'role.update',
          target: { type: 'role', id: role.id },
          before: auditViewOfRole(role),
          after: auditViewOfRole(updated),
        });
        return updated;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'operator_roles_name_uq')) {
        throw new AppError('VALIDATION', { value: { fields: { name: 'taken' } } });
      }
      throw error;
    }
  }

  async function deleteRoleOf(actor: OperatorActor, roleId: string): Promise<void> {
    const role = await requireEditableRole(actor, roleId);
    await db.transaction().execute(async (trx) => {
      // Checked inside the transaction; the foreign key refuses a racing assignment anyway.
      if ((await countOperatorsWithRole(trx, role.id)) > 0) {
        throw new AppError('CONFLICT', { value: { reason: 'inUse' } });
      }
      await deleteRole(trx, role.id);
      await record(trx, actor, {
        merchantId: role.merchant_id,
        action: 'role.delete',
        target: { type: 'role', id: role.id },
        before: auditViewOfRole(role),
        after: null,
      });
    });
  }

  return {
    signIn,
    resolveSession,
    signOut,
    changeOwnPassword,
    findById: (id: string) => findOperatorById(db, id),
    findByUsername: (username: string) => findOperatorByUsernameKey(db, usernameKeyOf(username)),
    provisionOperator: (input: Parameters<typeof provisionOperator>[1]) =>
      provisionOperator({ db, recordChange, now }, input),
    findRoleById: (id: string) => findRoleById(db, id),
    listRoles: (scope: MerchantScope) => findRoles(db, scope),
    listMerchants: (merchantId: string | null) => findMerchantSummaries(db, merchantId),
    listOperators,
    createOperator,
    changeRole,
    lockOperator,
    unlockOperator,
    resetPassword,
    resetTotp,
    endSessions,
    createRole,
    updateRole: updateRoleOf,
    deleteRole: deleteRoleOf,
  };
}
