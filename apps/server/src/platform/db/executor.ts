import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What a query runs on: the database, or a transaction the caller opened on it. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** A row of one table as it is read back: `Row<'withdrawals'>`. */
export type Row<Table extends keyof Database> = Selectable<Database[Table]>;

/** A row of one table as it is written. */
export type NewRow<Table extends keyof Database> = Insertable<Database[Table]>;

/**
 * Every column of a table, listed for a statement that names them (a prepared one reads no `*`):
 * `everyColumn<'members'>()(['id', …])` fails to compile while a column of the row is left out,
 * naming the ones missing.
 */
export function everyColumn<Table extends keyof Database>() {
  type Column = keyof Row<Table> & string;
  return <const Columns extends readonly Column[]>(
    columns: Columns &
      ([Exclude<Column, Columns[number]>] extends [never]
        ? unknown
        : { missing: Exclude<Column, Columns[number]> }),
  ): Columns => columns;
}
