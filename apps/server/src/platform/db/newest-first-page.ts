import { type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

type TableWithIdAndCreatedAt = {
  [Table in keyof Database]: Database[Table] extends { id: unknown; created_at: unknown } ? Table : never;
}[keyof Database];

/**
 * One page of a filtered table, newest first (ties broken by id, so pages never overlap), and how
 * many rows the filter matches in all.
 */
export async function findNewestFirstPage<Table extends TableWithIdAndCreatedAt>(
  query: SelectQueryBuilder<Database, Table, object>,
  page: { limit: number; offset: number },
): Promise<{ rows: Selectable<Database[Table]>[]; total: number }> {
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(sql.ref('created_at'), 'desc')
      .orderBy(sql.ref('id'), 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as Selectable<Database[Table]>[], total: Number(count.total) };
}
