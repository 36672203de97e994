import { v7 as uuidv7 } from 'uuid';
import { AppError } from '../../platform/errors/errors.ts';
import {
  countOperatorsWithRole,
  deleteRole,
  findRoleById,
  insertRole,
  type RoleRow,
  updateRole,
} from './operator.repository.ts';
import {
  createAudited,
  isUniqueViolation,
  isVisibleTo,
  type OperatorActor,
  type OperatorDeps,
  permissionsOfRole,
  recordBy,
} from './operator-accounts.ts';
import { isSubsetOf, type Permission } from './permissions.ts';

export const ROLE_NAME_LENGTH_MAX = 40;

function auditViewOfRole(role: RoleRow) {
  return { name: role.name, merchantId: role.merchant_id, permissions: [...role.permissions].sort() };
}

/** The custom roles of a merchant, made and changed by operators holding every permission they grant. */
export function createOperatorRoles(deps: OperatorDeps) {
  const { db, recordChange, now } = deps;

  async function createRole(
    actor: OperatorActor,
    input: { merchantId: string; name: string; permissions: readonly Permission[] },
  ): Promise<RoleRow> {
    if (!isVisibleTo(actor, input.merchantId)) throw new AppError('FORBIDDEN');
    if (!isSubsetOf(input.permissions, actor.permissions)) throw new AppError('FORBIDDEN');
    return createAudited(
      deps,
      actor,
      {
        action: 'role.create',
        targetType: 'role',
        auditView: auditViewOfRole,
        name: { constraint: 'operator_roles_name_uq', field: 'name' },
      },
      (trx, timestamp) =>
        insertRole(trx, {
          id: uuidv7(),
          merchant_id: input.merchantId,
          name: input.name.trim(),
          is_builtin: false,
          permissions: [...new Set(input.permissions)],
          created_at: timestamp,
          updated_at: timestamp,
        }),
    );
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
        await recordBy(recordChange, trx, actor, {
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
      await recordBy(recordChange, trx, actor, {
        merchantId: role.merchant_id,
        action: 'role.delete',
        target: { type: 'role', id: role.id },
        before: auditViewOfRole(role),
        after: null,
      });
    });
  }

  return { createRole, updateRole: updateRoleOf, deleteRole: deleteRoleOf };
}
