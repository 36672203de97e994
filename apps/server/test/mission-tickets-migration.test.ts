import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as missionTickets from '../src/db/migrations/0158_mission_tickets.ts';
import type { DatabaseHandle } from '../src/platform/db/database.ts';
import { insertOtherMerchant } from './support/bo-client.ts';
import { createTestDatabase } from './support/test-database.ts';

// Migration 0158 lets a mission reward tickets: its checks hold a ticket reward to its table and
// tickets with no amount, a cash or bonus one to an amount with neither; going back drops them.

let handle: DatabaseHandle;
let db: Kysely<unknown>;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db as unknown as Kysely<unknown>;
}, 180_000);

afterAll(async () => {
  await handle?.close();
});

function insertMission(
  merchantId: string,
  id: string,
  reward: { kind: string; minor: number; tickets: number | null },
) {
  return sql`
    insert into missions (id, merchant_id, name_ty, name_en, period, task, target, reward_kind, reward_minor,
      multiplier, reward_table_id, reward_tickets, starts_at, enabled, created_at, updated_at)
    values (${id}, ${merchantId}, 'Misyon', 'Mission', 'daily', 'rounds', 1, ${reward.kind}, ${reward.minor}, null,
      ${reward.tickets === null ? null : 'table-1'}, ${reward.tickets}, now(), true, now(), now())`.execute(
    db,
  );
}

describe('migration 0158', () => {
  it('checks ticket rewards’ columns together, and goes back and forth', async () => {
    const merchantId = await insertOtherMerchant(handle.db, 'mstickets');
    await sql`
      insert into reward_prize_tables (id, merchant_id, kind, names, version, created_at, updated_at)
      values ('table-1', ${merchantId}, 'wheel', '{"TY":"Gulong","EN":"Wheel"}', 1, now(), now())`.execute(
      db,
    );
    await insertMission(merchantId, 'ticket-ok', { kind: 'ticket', minor: 0, tickets: 3 });
    await insertMission(merchantId, 'cash-ok', { kind: 'cash', minor: 500, tickets: null });
    await expect(
      insertMission(merchantId, 'ticket-amount', { kind: 'ticket', minor: 500, tickets: 3 }),
    ).rejects.toThrow();
    await expect(
      insertMission(merchantId, 'ticket-none', { kind: 'ticket', minor: 0, tickets: null }),
    ).rejects.toThrow();
    await expect(
      insertMission(merchantId, 'cash-tickets', { kind: 'cash', minor: 500, tickets: 3 }),
    ).rejects.toThrow();
    await expect(
      insertMission(merchantId, 'too-many', { kind: 'ticket', minor: 0, tickets: 101 }),
    ).rejects.toThrow();

    await missionTickets.down(db);
    const kinds = await sql<{
      reward_kind: string;
    }>`select reward_kind from missions where merchant_id = ${merchantId}`.execute(db);
    expect(kinds.rows).toEqual([{ reward_kind: 'cash' }]);
    await missionTickets.up(db);
    await insertMission(merchantId, 'ticket-again', { kind: 'ticket', minor: 0, tickets: 1 });
  });
});
