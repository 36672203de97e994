import { type Kysely, sql } from 'kysely';

// Withdrawal confirmation (spec §4): once a withdrawal is paid out the member says whether the
// money arrived — received (all or part of it), or not received with a photo as proof, which opens
// a case for the operators. Left unconfirmed past the merchant's timeout, it counts as received.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('withdrawals')
    .addColumn('confirmation', 'text', (column) =>
      column.check(sql`confirmation in ('awaiting', 'received', 'not_received', 'auto_received')`),
    )
    /** What the member says has arrived so far; the rest is still on its way. */
    .addColumn('received_minor', 'bigint', (column) => column.check(sql`received_minor >= 0`))
    .addColumn('confirmed_at', 'timestamptz')
    /** The member's photo proving the payout did not arrive (private uploads). */
    .addColumn('proof_path', 'text')
    .addColumn('case_note', 'text')
    .addColumn('case_status', 'text', (column) => column.check(sql`case_status in ('open', 'resolved')`))
    .addColumn('case_resolution', 'text')
    .addColumn('case_resolved_by', 'text')
    .addColumn('case_resolved_at', 'timestamptz')
    .execute();
  await sql`alter table withdrawals add constraint withdrawals_received_within_amount
    check (received_minor is null or received_minor <= amount_minor)`.execute(db);
  // Payouts already made before confirmation existed are taken as received.
  await sql`update withdrawals set confirmation = 'auto_received', received_minor = amount_minor,
    confirmed_at = coalesce(paid_at, updated_at) where status = 'paid'`.execute(db);
  // The auto-receipt job reads only the payouts still waiting for the member.
  await db.schema
    .createIndex('withdrawals_awaiting_idx')
    .on('withdrawals')
    .columns(['merchant_id', 'paid_at'])
    .where(sql.ref('confirmation'), '=', 'awaiting')
    .execute();
  await db.schema
    .createIndex('withdrawals_open_case_idx')
    .on('withdrawals')
    .columns(['merchant_id', 'created_at'])
    .where(sql.ref('case_status'), '=', 'open')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('withdrawals_open_case_idx').execute();
  await db.schema.dropIndex('withdrawals_awaiting_idx').execute();
  await sql`alter table withdrawals drop constraint withdrawals_received_within_amount`.execute(db);
  await db.schema
    .alterTable('withdrawals')
    .dropColumn('confirmation')
    .dropColumn('received_minor')
    .dropColumn('confirmed_at')
    .dropColumn('proof_path')
    .dropColumn('case_note')
    .dropColumn('case_status')
    .dropColumn('case_resolution')
    .dropColumn('case_resolved_by')
    .dropColumn('case_resolved_at')
    .execute();
}
