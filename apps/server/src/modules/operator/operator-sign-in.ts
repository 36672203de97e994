import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { hashSecret, verifySecret } from '../../platform/crypto/password-hash.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { hashToken } from '../../platform/crypto/token-hash.ts';
import { createTotpSecret, matchTotp, totpUri } from '../../platform/crypto/totp.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { AppError } from '../../platform/errors/errors.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit/rate-limiter.ts';
import { reserveSecretAttempt } from '../../platform/rate-limit/secret-attempts.ts';
import {
  countFailedLogin,
  endOperatorSessions,
  findLiveSessionByHash,
  findOperatorById,
  findOperatorByUsernameKey,
  findRoleById,
  insertSession,
  type OperatorRow,
  type OperatorSessionRow,
  type RoleRow,
  updateOperator,
  updateSession,
  useTotpStep,
} from './operator.repository.ts';
import {
  auditViewOf,
  checkPasswordStrength,
  type OperatorActor,
  type OperatorDeps,
  permissionsOfRole,
  recordBy,
  usernameKeyOf,
} from './operator-accounts.ts';
import type { Permission } from './permissions.ts';

/** Operators work on live money and players' data: their sessions end sooner than players'. */
export const OPERATOR_SESSION_IDLE_MINUTES = 15;
export const OPERATOR_SESSION_ABSOLUTE_MINUTES = 12 * 60;
/** A session's last-seen time is written at most this often, not on every request. */
const SESSION_TOUCH_INTERVAL_MS = 60_000;
const TOKEN_BYTES = 32;
const TOKEN_LENGTH_MAX = 100;
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
// The account's count only asks for a captcha, so it keeps far more events than that threshold:
// a burst's attempts that are refused before any check are then all given back (an event past a
// throttle's limit never is), and the count holds only the failures that were checked.
export const OPERATOR_LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = {
  name: 'bo-login-fail-account',
  limit: 1000,
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

/**
 * The back office's sign-in with its required authenticator, its sessions and an operator's own
 * password.
 */
export function createOperatorSignIn(
  deps: OperatorDeps & {
    totpBox: SecretBox;
    rateLimiter: RateLimiter;
    /** Checks (and uses up) a captcha answer of the captcha module; app.ts hands it over. */
    verifyCaptcha: (captchaId: string | undefined, answer: string | undefined) => Promise<boolean>;
  },
) {
  const { db, recordChange, totpBox, rateLimiter, now } = deps;

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
      await recordBy(recordChange, trx, actor, {
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
      await recordBy(recordChange, trx, actor, {
        merchantId: operator.merchant_id,
        action: 'auth.password.change',
        target: { type: 'operator', id: operator.id },
        before: auditViewOf(operator),
        after: auditViewOf(updated),
      });
    });
  }

  return { signIn, resolveSession, signOut, changeOwnPassword };
}
