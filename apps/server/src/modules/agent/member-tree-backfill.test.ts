import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedClosure, insertTeamMember, storedClosure } from '../../../test/support/team-fixtures.ts';
import { createTestDatabase } from '../../../test/support/test-database.ts';
import { insertLedgerMerchant } from '../../../test/support/wallet-fixtures.ts';
import { down, up } from '../../db/migrations/0132_member_tree.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';

describe('the team migration on a database that already has members', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('backfills the closure of every existing member and the agent types of every merchant', async () => {
    const { db } = database;
    const merchantId = await insertLedgerMerchant(db);
    const top = await insertTeamMember(db, merchantId, { type: 1 });
    const sub = await insertTeamMember(db, merchantId, { type: 2, uplineId: top });
    await insertTeamMember(db, merchantId, { uplineId: sub });
    await insertTeamMember(db, merchantId, { uplineId: top });
    await insertTeamMember(db, merchantId);
    // As before migration 0132: no closure, no agent types; then the migration runs.
    // Migrations are written against no schema type (they outlive it).
    const untyped = db as unknown as Kysely<unknown>;
    await down(untyped);
    await up(untyped);
    expect(await storedClosure(db, merchantId)).toEqual(await expectedClosure(db, merchantId));
    const types = await sql<{ count: number }>`
      select count(*)::int as count from merchant_agent_types where merchant_id = ${merchantId}`.execute(db);
    expect(types.rows[0]?.count).toBe(4);
    // And the triggers are back: a new member joins the tree at once.
    const late = await insertTeamMember(db, merchantId, { uplineId: sub });
    expect(await storedClosure(db, merchantId)).toEqual(await expectedClosure(db, merchantId));
    expect((await storedClosure(db, merchantId)).filter((row) => row.includes(`>${late}@`))).toHaveLength(3);
  });
});
