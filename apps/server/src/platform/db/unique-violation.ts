/**
 * True when a database error is a unique violation of the named index or constraint. PostgreSQL's
 * driver names it in `constraint`; PGlite's error carries it only in the message.
 */
export function isUniqueViolation(error: unknown, indexName: string): boolean {
  const fields = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (fields?.code !== '23505') return false;
  return fields.constraint === indexName || String(fields.message).includes(indexName);
}
