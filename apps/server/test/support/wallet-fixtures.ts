import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../src/db/schema.ts';

/** A bare merchant for ledger tests (no content, no domains). */
export async function insertLedgerMerchant(db: Kysely<Database>, code = `m${uuidv7().slice(-8)}`) {
  const id = uuidv7();
  await db
    .insertInto('merchants')
    .values({
      id,
      code,
      name: code,
      currency: 'PHP',
      currency_symbol: '₱',
      time_zone: 'Asia/Manila',
      default_language: 'TY',
      languages: ['TY', 'EN'],
      settings: '{}',
    })
    .execute();
  return id;
}

/** Players of a merchant, inserted directly (no password hashing: these tests move money only). */
export async function insertPlayers(
  db: Kysely<Database>,
  merchantId: string,
  count: number,
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => uuidv7());
  const batchSize = 500;
  for (let start = 0; start < ids.length; start += batchSize) {
    await db
      .insertInto('members')
      .values(
        ids.slice(start, start + batchSize).map((id) => ({
          id,
          merchant_id: merchantId,
          account: `p${id.slice(-12)}`,
          account_key: `p${id.slice(-12)}`,
          referral_code: id.slice(-10).toUpperCase(),
          password_hash: null,
          password_changed_at: null,
          payment_password_hash: null,
          nickname: null,
          payee_name: null,
          email: null,
          email_verified_at: null,
          mobile_dialing_code: null,
          mobile_number: null,
          mobile_verified_at: null,
          id_number: null,
          icon: null,
          totp_secret: null,
          totp_enabled_at: null,
          register_ip: null,
          register_domain: null,
          register_method: null,
          last_login_at: null,
          upline_id: null,
          affiliate_code: null,
          referred_by_code: null,
        })),
      )
      .execute();
  }
  return ids;
}

/** The sum of every account's balance per currency: zero in a sound ledger. */
export async function sumBalancesByCurrency(db: Kysely<Database>): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['currency', sql<string>`sum(balance_minor)::text`.as('total')])
    .groupBy('currency')
    .execute();
  return new Map(rows.map((row) => [row.currency, BigInt(row.total)]));
}

/**
 * Every account's balance rebuilt from the transfer log alone, to compare with the stored
 * balances: the log is the truth, the balances a cache of it.
 */
export async function replayBalances(db: Kysely<Database>): Promise<Map<string, bigint>> {
  const transfers = await db
    .selectFrom('ledger_transfers')
    .select(['debit_account_id', 'credit_account_id', 'amount_minor', 'code'])
    .orderBy('id')
    .execute();
  const balances = new Map<string, bigint>();
  for (const transfer of transfers) {
    if (transfer.code === 'void') continue;
    if (!transfer.debit_account_id || !transfer.credit_account_id)
      throw new Error('a transfer without sides');
    const amount = BigInt(transfer.amount_minor);
    balances.set(transfer.debit_account_id, (balances.get(transfer.debit_account_id) ?? 0n) - amount);
    balances.set(transfer.credit_account_id, (balances.get(transfer.credit_account_id) ?? 0n) + amount);
  }
  return balances;
}

/** Stored balances of every account (zero balances included). */
export async function storedBalances(db: Kysely<Database>): Promise<Map<string, bigint>> {
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'balance_minor']).execute();
  return new Map(rows.map((row) => [row.id, BigInt(row.balance_minor)]));
}
