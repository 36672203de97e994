import { type Kysely, sql } from 'kysely';

// One open withdrawal per member, held by the database: a read of the open ones before the insert
// let simultaneous requests through (five opened at once on PostgreSQL). A withdrawal is open
// while it waits for an operator (review) or for the gateway (paying).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Extra open withdrawals made before this rule cannot be closed here: each holds money an
  // operator must pay out or refuse. The migration stops and says whose they are.
  const { rows } = await sql<{ member_id: string; open: string }>`
    select member_id, count(*) as open from withdrawals
    where status in ('review', 'paying') group by member_id having count(*) > 1 limit 20`.execute(db);
  if (rows.length > 0) {
    const members = rows.map((row) => `${row.member_id} (${row.open})`).join(', ');
    throw new Error(
      `members with more than one open withdrawal: ${members}; pay out or refuse the extra ones, then start again`,
    );
  }
  await db.schema
    .createIndex('withdrawals_one_open_uq')
    .on('withdrawals')
    .column('member_id')
    .unique()
    .where(sql<boolean>`status in ('review', 'paying')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('withdrawals_one_open_uq').execute();
}
