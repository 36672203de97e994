import { type Kysely, sql } from 'kysely';

// The seamless wallet's resettle and void (apps/vendor-sandbox/README.md, "Resettle and void"): a
// vendor's call of either kind is recorded once per transactionId beside its debits, credits and
// rollbacks, with the amount it carried (a resettle's new total payout; 0 for a void). Open
// rounds get a partial index by opening time: the back office lists vendors' rounds left without a
// credit past the merchant's hours (report "Vendor rounds without a credit").
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index game_rounds_open_idx on game_rounds (opened_at) where status = 'open'`.execute(db);
  await sql`
    alter table game_vendor_transactions
      drop constraint game_vendor_transactions_type_check,
      add constraint game_vendor_transactions_type_check
        check (type in ('debit', 'credit', 'rollback', 'resettle', 'void'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index game_rounds_open_idx`.execute(db);
  await sql`delete from game_vendor_transactions where type in ('resettle', 'void')`.execute(db);
  await sql`
    alter table game_vendor_transactions
      drop constraint game_vendor_transactions_type_check,
      add constraint game_vendor_transactions_type_check check (type in ('debit', 'credit', 'rollback'))`.execute(
    db,
  );
}
