import type { Updateable } from 'kysely';
import type { OperatorRolesTable, OperatorSessionsTable, OperatorsTable } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';

export type OperatorRow = Row<'operators'>;
export type OperatorSessionRow = Row<'operator_sessions'>;
export type RoleRow = Row<'operator_roles'>;

/** Which merchants a query may see: null for all (a platform owner), else exactly these. */
export type MerchantScope = readonly string[] | null;

export function findOperatorById(db: Executor, id: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOperatorByUsernameKey(
  db: Executor,
  usernameKey: string,
): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('username_key', '=', usernameKey).executeTakeFirst();
}

export function insertOperator(db: Executor, row: NewRow<'operators'>): Promise<OperatorRow> {
  return db.insertInto('operators').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateOperator(
  db: Executor,
  id: string,
  changes: Updateable<OperatorsTable>,
  nowDate: Date,
): Promise<OperatorRow> {
  return db
    .updateTable('operators')
    .set({ ...changes, updated_at: nowDate })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countFailedLogin(db: Executor, id: string, nowDate: Date): Promise<void> {
  await db
    .updateTable('operators')
    .set((eb) => ({ failed_login_count: eb('failed_login_count', '+', 1), last_failed_login_at: nowDate }))
    .where('id', '=', id)
    .execute();
}

/** Records an authenticator step as used; false when it is not newer than the last one. */
export async function useTotpStep(db: Executor, id: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('operators')
    .set({ totp_last_step: BigInt(step) })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findOperatorsPage(
  db: Executor,
  input: { scope: MerchantScope; search: string | undefined; offset: number; limit: number },
): Promise<{ rows: (OperatorRow & { role_name: string })[]; total: number }> {
  let base = db.selectFrom('operators').innerJoin('operator_roles', 'operator_roles.id', 'operators.role_id');
  const scope = input.scope;
  if (scope !== null) {
    base = base.where((eb) =>
      scope.length === 0 ? eb.val(false) : eb('operators.merchant_id', 'in', scope as string[]),
    );
  }
  if (input.search) {
    const pattern = containsPattern(input.search.toLowerCase());
    base = base.where((eb) =>
      eb.or([
        eb('operators.username_key', 'like', pattern),
        eb(eb.fn('lower', ['operators.display_name']), 'like', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll('operators')
      .select('operator_roles.name as role_name')
      .orderBy('operators.username_key')
      .offset(input.offset)
      .limit(input.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export function findRoleById(db: Executor, id: string): Promise<RoleRow | undefined> {
  return db.selectFrom('operator_roles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The built-in roles and the custom roles of the merchants in scope. */
export function findRoles(db: Executor, scope: MerchantScope): Promise<RoleRow[]> {
  return db
    .selectFrom('operator_roles')
    .selectAll()
    .where((eb) => {
      const builtin = eb('is_builtin', '=', true);
      if (scope === null) return eb.val(true);
      return scope.length === 0 ? builtin : eb.or([builtin, eb('merchant_id', 'in', scope as string[])]);
    })
    .orderBy('is_builtin', 'desc')
    .orderBy('merchant_id')
    .orderBy('name')
    .execute();
}

export function insertRole(db: Executor, row: NewRow<'operator_roles'>): Promise<RoleRow> {
  return db.insertInto('operator_roles').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateRole(
  db: Executor,
  id: string,
  changes: Updateable<OperatorRolesTable>,
): Promise<RoleRow> {
  return db
    .updateTable('operator_roles')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRole(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('operator_roles').where('id', '=', id).where('is_builtin', '=', false).execute();
}

export async function countOperatorsWithRole(db: Executor, roleId: string): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertSession(db: Executor, row: NewRow<'operator_sessions'>): Promise<void> {
  await db.insertInto('operator_sessions').values(row).execute();
}

export function findLiveSessionByHash(
  db: Executor,
  tokenHash: string,
  nowDate: Date,
): Promise<OperatorSessionRow | undefined> {
  return db
    .selectFrom('operator_sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', nowDate)
    .where('idle_expires_at', '>', nowDate)
    .executeTakeFirst();
}

export async function updateSession(
  db: Executor,
  id: string,
  changes: Updateable<OperatorSessionsTable>,
): Promise<void> {
  await db.updateTable('operator_sessions').set(changes).where('id', '=', id).execute();
}

/** Ends an operator's live sessions (all, or all but one); answers how many ended. */
export async function endOperatorSessions(
  db: Executor,
  operatorId: string,
  reason: string,
  nowDate: Date,
  exceptSessionId?: string,
): Promise<number> {
  let query = db
    .updateTable('operator_sessions')
    .set({ ended_at: nowDate, end_reason: reason })
    .where('operator_id', '=', operatorId)
    .where('ended_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '<>', exceptSessionId);
  const rows = await query.returning('id').execute();
  return rows.length;
}

export async function countLiveSessions(db: Executor, operatorId: string, nowDate: Date): Promise<number> {
  const row = await db
    .selectFrom('operator_sessions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('operator_id', '=', operatorId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', nowDate)
    .where('idle_expires_at', '>', nowDate)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The merchants an operator works on: their own, or every one for a platform owner. */
export function findMerchantSummaries(
  db: Executor,
  merchantId: string | null,
): Promise<{ id: string; code: string; name: string }[]> {
  let query = db.selectFrom('merchants').select(['id', 'code', 'name']);
  if (merchantId !== null) query = query.where('id', '=', merchantId);
  return query.orderBy('code').execute();
}
