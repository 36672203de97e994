import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';

export type AuditRow = Row<'audit_log'>;

export type AuditFilter = {
  /** Only these merchants' rows; null means every merchant (a platform owner's view). */
  merchantIds: readonly string[] | null;
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

// There is deliberately no update or delete here: the log is append-only (migration 0031).
export async function insertAuditRow(db: Executor, row: NewRow<'audit_log'>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

function filtered(db: Executor, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.merchantIds !== null) {
    const ids = filter.merchantIds;
    query = query.where((eb) =>
      ids.length === 0 ? eb.val(false) : eb('merchant_id', 'in', ids as string[]),
    );
  }
  if (filter.actor) {
    const actor = filter.actor;
    query = query.where((eb) =>
      eb.or([eb('actor_id', '=', actor), eb(eb.fn('lower', ['actor_name']), '=', actor.toLowerCase())]),
    );
  }
  // An action filter of "staff" finds staff.lock, staff.create …; "staff.lock" finds exactly it.
  if (filter.action) {
    const action = filter.action;
    query = query.where((eb) => eb.or([eb('action', '=', action), eb('action', 'like', `${action}.%`)]));
  }
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  return query;
}

export function findAuditPage(
  db: Executor,
  filter: AuditFilter,
  offset: number,
  limit: number,
): Promise<AuditRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countAudit(db: Executor, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
