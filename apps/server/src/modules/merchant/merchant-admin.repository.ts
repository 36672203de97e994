import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, MerchantsTable } from '../../db/schema.ts';
import type { MerchantRow } from './merchant.repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export async function findMerchantSummaries(db: Executor, scope: readonly string[] | null) {
  let query = db.selectFrom('merchants').select(['id', 'code', 'name']).orderBy('code');
  if (scope) query = query.where('id', 'in', scope.length > 0 ? [...scope] : ['']);
  return query.execute();
}

/** The merchant row, locked for the rest of the transaction so that two edits never interleave. */
export async function lockMerchantRow(
  trx: Transaction<Database>,
  merchantId: string,
): Promise<MerchantRow | undefined> {
  return trx.selectFrom('merchants').selectAll().where('id', '=', merchantId).forUpdate().executeTakeFirst();
}

export async function findMerchantRow(db: Executor, merchantId: string): Promise<MerchantRow | undefined> {
  return db.selectFrom('merchants').selectAll().where('id', '=', merchantId).executeTakeFirst();
}

export async function updateMerchantRow(
  trx: Executor,
  merchantId: string,
  values: Updateable<MerchantsTable>,
): Promise<void> {
  await trx
    .updateTable('merchants')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', merchantId)
    .execute();
}

/** Domains among `domains` that another merchant already answers on. */
export async function findDomainsOfOthers(
  trx: Executor,
  merchantId: string,
  domains: readonly string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await trx
    .selectFrom('merchant_domains')
    .select('domain')
    .where('domain', 'in', [...domains])
    .where('merchant_id', '!=', merchantId)
    .execute();
  return rows.map((row) => row.domain);
}

export async function replaceDomainRows(
  trx: Transaction<Database>,
  merchantId: string,
  rows: readonly {
    id: string;
    domain: string;
    route: string;
    isMain: boolean;
    scheme: 'http' | 'https' | null;
    port: number | null;
  }[],
): Promise<void> {
  await trx.deleteFrom('merchant_domains').where('merchant_id', '=', merchantId).execute();
  if (rows.length === 0) return;
  await trx
    .insertInto('merchant_domains')
    .values(
      rows.map((row) => ({
        id: row.id,
        merchant_id: merchantId,
        domain: row.domain,
        route: row.route,
        is_main: row.isMain,
        scheme: row.scheme,
        port: row.port,
      })),
    )
    .execute();
}
