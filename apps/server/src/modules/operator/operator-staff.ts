import type { Transaction, Updateable } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, OperatorsTable } from '../../db/schema.ts';
import { hashSecret } from '../../platform/crypto/password-hash.ts';
import { createTemporaryPassword } from '../../platform/crypto/temporary-password.ts';
import { AppError } from '../../platform/errors/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import {
  countLiveSessions,
  endOperatorSessions,
  findOperatorById,
  findOperatorsPage,
  findRoleById,
  insertOperator,
  type MerchantScope,
  type OperatorRow,
  type RoleRow,
  updateOperator,
} from './operator.repository.ts';
import {
  auditViewOf,
  createAudited,
  isVisibleTo,
  type OperatorActor,
  type OperatorDeps,
  permissionsOfRole,
  recordBy,
  usernameKeyOf,
} from './operator-accounts.ts';
import { OPERATOR_LOGIN_FAILURES_PER_ACCOUNT } from './operator-sign-in.ts';
import { isSubsetOf } from './permissions.ts';

export const STAFF_PAGE_SIZE_MAX = 100;
const TEMPORARY_PASSWORD_LENGTH = 12;

/**
 * Back-office staff: their accounts, roles and sessions as other operators manage them. Every
 * change takes the acting operator explicitly, checks that the target is theirs to touch, and
 * writes its audit entry in the same transaction as the change.
 */
export function createOperatorStaff(deps: OperatorDeps & { rateLimiter: RateLimiter }) {
  const { db, recordChange, rateLimiter, now } = deps;

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
    const temporaryPassword = createTemporaryPassword(TEMPORARY_PASSWORD_LENGTH);
    const passwordHash = await hashSecret(temporaryPassword);
    const username = input.username.trim();
    const operator = await createAudited(
      deps,
      actor,
      {
        action: 'staff.create',
        targetType: 'operator',
        auditView: auditViewOf,
        name: { constraint: 'operators_username_key', field: 'username' },
      },
      (trx, timestamp) =>
        insertOperator(trx, {
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
        }),
    );
    return { operator, temporaryPassword };
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
      await recordBy(recordChange, trx, actor, {
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

  /** Ends all the operator's sessions and changes how they sign in, as one audited change. */
  const resetSignIn = (
    actor: OperatorActor,
    operatorId: string,
    what: 'password' | 'totp',
    changesAt: (timestamp: Date) => Updateable<OperatorsTable>,
  ) =>
    changeOperator(actor, operatorId, `staff.${what}.reset`, async (trx, _target, timestamp) => {
      await endOperatorSessions(trx, operatorId, `${what}_reset`, timestamp);
      return updateOperator(trx, operatorId, changesAt(timestamp), timestamp);
    });

  /** A new temporary password, shown once to the actor; the operator must change it at sign-in. */
  async function resetPassword(actor: OperatorActor, operatorId: string): Promise<string> {
    const temporaryPassword = createTemporaryPassword(TEMPORARY_PASSWORD_LENGTH);
    const passwordHash = await hashSecret(temporaryPassword);
    await resetSignIn(actor, operatorId, 'password', (timestamp) => ({
      password_hash: passwordHash,
      password_changed_at: timestamp,
      must_change_password: true,
    }));
    return temporaryPassword;
  }

  /** Forgets the authenticator (a lost phone): the next sign-in enrols a new one. */
  const resetTotp = (actor: OperatorActor, operatorId: string) =>
    resetSignIn(actor, operatorId, 'totp', () => ({
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
    }));

  async function endSessions(actor: OperatorActor, operatorId: string): Promise<number> {
    const target = await requireManageable(actor, operatorId);
    return db.transaction().execute(async (trx) => {
      const ended = await endOperatorSessions(trx, operatorId, 'ended_by_operator', now());
      await recordBy(recordChange, trx, actor, {
        merchantId: target.merchant_id,
        action: 'staff.sessions.end',
        target: { type: 'operator', id: target.id },
        before: null,
        after: { endedSessions: ended },
      });
      return ended;
    });
  }

  return {
    listOperators,
    createOperator,
    changeRole,
    lockOperator,
    unlockOperator,
    resetPassword,
    resetTotp,
    endSessions,
  };
}
