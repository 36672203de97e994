import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import { actorOf, type ChangeEntry, type RecordChange } from '../../platform/audit/record-change.ts';
import { hashSecret } from '../../platform/crypto/password-hash.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { insertOperator, type OperatorRow, type RoleRow } from './operator.repository.ts';
import { BUILTIN_ROLE_PERMISSIONS, isBuiltinRoleId, isPermission, type Permission } from './permissions.ts';

// What the sign-in, the staff and the roles of the back office share: who acts, what they may see,
// how a change is audited, what an operator's name and password must look like.

export const OPERATOR_USERNAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{2,31}$';
export const OPERATOR_PASSWORD_LENGTH_MIN = 8;
export const OPERATOR_PASSWORD_LENGTH_MAX = 128;

/** Who is acting, as every change needs it: permissions to check, a name and an address to record. */
export type OperatorActor = {
  id: string;
  username: string;
  merchantId: string | null;
  permissions: readonly Permission[];
  ip: string | null;
};

/** The operator module's dependencies, as app.ts hands them over. */
export type OperatorDeps = {
  db: Kysely<Database>;
  recordChange: RecordChange;
  now: () => Date;
};

export const usernameKeyOf = (username: string): string => username.trim().toLowerCase();

/** The permissions a role grants: the built-in roles' from code, a custom role's from its row. */
export function permissionsOfRole(role: RoleRow): readonly Permission[] {
  if (role.is_builtin && isBuiltinRoleId(role.id)) return BUILTIN_ROLE_PERMISSIONS[role.id];
  return role.permissions.filter(isPermission);
}

/** What the audit log keeps of an operator: never a hash or a secret, and nothing that moves by itself. */
export function auditViewOf(operator: OperatorRow) {
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

/** Scope check: an operator sees their own merchant's staff; a platform owner sees everyone's. */
export function isVisibleTo(actor: OperatorActor, merchantId: string | null): boolean {
  return actor.merchantId === null || actor.merchantId === merchantId;
}

/** Writes the audit entry of a change `actor` makes, in the transaction that makes it. */
export function recordBy(
  recordChange: RecordChange,
  trx: Transaction<Database>,
  actor: OperatorActor,
  entry: Omit<ChangeEntry, 'actor' | 'ip'>,
): Promise<void> {
  return recordChange(trx, { ...entry, ...actorOf(actor) });
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const text = (error as { constraint?: string }).constraint ?? String(error);
  return text.includes(constraint);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23503' || String(error).includes('foreign key');
}

/**
 * Answers a failed insert in the language of the form: the name in `field` is already taken
 * (`constraint` is its unique index), or the merchant it was made for does not exist.
 */
export function throwTakenOrUnknownMerchant(error: unknown, constraint: string, field: string): never {
  if (isUniqueViolation(error, constraint)) {
    throw new AppError('VALIDATION', { value: { fields: { [field]: 'taken' } } });
  }
  if (isForeignKeyViolation(error)) {
    throw new AppError('VALIDATION', { value: { fields: { merchantId: 'unknown' } } });
  }
  throw error;
}

/** What an audited creation records: its action, what it made, and the form field its unique name fills. */
export type AuditedCreation<Row> = {
  action: string;
  targetType: string;
  auditView: (row: Row) => unknown;
  name: { constraint: string; field: string };
};

/**
 * Makes a row (a staff member, a role) in one transaction with the audit entry of its making;
 * a name already taken or a merchant that does not exist answers in the language of the form.
 */
export async function createAudited<Row extends { id: string; merchant_id: string | null }>(
  deps: OperatorDeps,
  actor: OperatorActor,
  creation: AuditedCreation<Row>,
  insert: (trx: Transaction<Database>, timestamp: Date) => Promise<Row>,
): Promise<Row> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const created = await insert(trx, deps.now());
      await recordBy(deps.recordChange, trx, actor, {
        merchantId: created.merchant_id,
        action: creation.action,
        target: { type: creation.targetType, id: created.id },
        before: null,
        after: creation.auditView(created),
      });
      return created;
    });
  } catch (error) {
    throwTakenOrUnknownMerchant(error, creation.name.constraint, creation.name.field);
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
