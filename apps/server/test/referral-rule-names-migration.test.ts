import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ruleNames from '../src/db/migrations/0157_referral_rule_names.ts';
import type { DatabaseHandle } from '../src/platform/db/database.ts';
import { insertOtherMerchant } from './support/bo-client.ts';
import { createTestDatabase } from './support/test-database.ts';

// Migration 0157 names referral rules in each language: a rule written with one name keeps it in
// both, and going back keeps the English one.

let handle: DatabaseHandle;
let db: Kysely<unknown>;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db as unknown as Kysely<unknown>;
}, 180_000);

afterAll(async () => {
  await handle?.close();
});

describe('migration 0157', () => {
  it('gives a rule named before it its one name in both languages, and back', async () => {
    const merchantId = await insertOtherMerchant(handle.db, 'refnames');
    await ruleNames.down(db);
    await sql`
      insert into referral_rules (id, merchant_id, name, trigger, reward_kind, referrer_amount_minor,
        created_at, updated_at)
      values ('rule-1', ${merchantId}, 'Sumali ang kaibigan / A friend joins', 'register', 'cash', 2000,
        now(), now())`.execute(db);

    await ruleNames.up(db);
    const rows = await handle.db.selectFrom('referral_rules').select(['name_ty', 'name_en']).execute();
    expect(rows).toEqual([
      { name_ty: 'Sumali ang kaibigan / A friend joins', name_en: 'Sumali ang kaibigan / A friend joins' },
    ]);
    await expect(
      sql`update referral_rules set name_en = '' where id = 'rule-1'`.execute(db),
    ).rejects.toThrow();

    await sql`update referral_rules set name_ty = 'Sumali ang kaibigan', name_en = 'A friend joins'`.execute(
      db,
    );
    await ruleNames.down(db);
    const back = await sql<{ name: string }>`select name from referral_rules`.execute(db);
    expect(back.rows).toEqual([{ name: 'A friend joins' }]);
    await ruleNames.up(db);
  });
});
