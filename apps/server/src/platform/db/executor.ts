import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What a query runs on: the database, or a transaction the caller opened on it. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** A row of one table as it is read back: `Row<'withdrawals'>`. */
export type Row<Table extends keyof Database> = Selectable<Database[Table]>;

/** A row of one table as it is written. */
export type NewRow<Table extends keyof Database> = Insertable<Database[Table]>;
