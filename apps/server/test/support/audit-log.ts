import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import type { Envelope } from './accounts-client.ts';

export async function auditCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Runs one change, checks that it succeeded and wrote exactly one audit row (matching `expected`
 * when given), and answers the reply and that row. The row is found by its time-sortable id, so a
 * test's fixed clock does not matter.
 */
export async function expectOneAuditRow<Reply extends { body: Envelope }>(
  db: Kysely<Database>,
  change: () => Promise<Reply>,
  expected: Record<string, unknown> = {},
) {
  const before = await auditCount(db);
  const reply = await change();
  expect(reply.body).toMatchObject({ success: true });
  expect(await auditCount(db)).toBe(before + 1);
  const row = await db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(row).toMatchObject(expected);
  return { reply, row };
}
