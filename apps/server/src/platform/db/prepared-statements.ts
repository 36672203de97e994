import { createHash } from 'node:crypto';
import { sql } from 'kysely';

/**
 * Statements PostgreSQL keeps parsed and planned on each pooled connection. An ordinary statement
 * goes as an unnamed one, parsed and planned again on every run: for the member's session, read
 * by every player call, that planning cost several times the statement's own work. A statement
 * whose text starts with `prepared` is sent under a name of its text's hash instead (the
 * extended protocol's named statement, which node-postgres parses once per connection), and after
 * its first runs PostgreSQL keeps one plan for every run while that plan costs no more than
 * planning each run would (plan_cache_mode's auto), planning again when a table it reads changes.
 *
 * For a statement with the same text on every run: one built with varying lists or parts would
 * leave a prepared statement per variant on every connection (a process names MARKED_MAX texts at
 * most and sends the rest unnamed). Its select list names a table's columns, never `*`: a migration
 * that adds a column to a table that another server process reads with a prepared `*` would change
 * the statement's result type, which PostgreSQL then refuses on that connection until it ends.
 * On the embedded database the mark is only a comment.
 */
const MARK = '/* prepared */ ';

/** Opens a statement for PostgreSQL to keep prepared: sql`${prepared}select …`. */
export const prepared = sql.raw(MARK);

/** The most statement texts a process names. */
const MARKED_MAX = 100;
const names = new Map<string, string>();

/** The name a statement's text is prepared under, or undefined for an unmarked one. */
export function statementNameOf(text: string): string | undefined {
  if (!text.startsWith(MARK)) return undefined;
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MARKED_MAX) return undefined;
    name = `panalo_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    names.set(text, name);
  }
  return name;
}

type Query = (...args: unknown[]) => unknown;

/**
 * Makes a node-postgres client send marked statements as named ones: Kysely calls
 * `query(text, values)`, which this answers with `query({ name, text, values })` for a marked text.
 */
export function prepareMarkedStatements(client: { query: unknown }): void {
  const query = (client.query as Query).bind(client);
  client.query = (first: unknown, values: unknown, ...rest: unknown[]) => {
    const name = typeof first === 'string' ? statementNameOf(first) : undefined;
    if (name === undefined) return query(first, values, ...rest);
    return query({ name, text: first, values }, ...rest);
  };
}
