import type { Kysely, Selectable } from 'kysely';
import type { Database, MerchantDomainsTable, MerchantsTable } from '../../db/schema.ts';

export type MerchantRow = Selectable<MerchantsTable>;
export type MerchantDomainRow = Selectable<MerchantDomainsTable>;

/** The merchant whose domain routes include this host name, if any. */
export async function findMerchantByDomain(
  db: Kysely<Database>,
  domain: string,
): Promise<MerchantRow | undefined> {
  return db
    .selectFrom('merchants')
    .innerJoin('merchant_domains', 'merchant_domains.merchant_id', 'merchants.id')
    .selectAll('merchants')
    .where('merchant_domains.domain', '=', domain)
    .executeTakeFirst();
}

export async function findMerchantById(db: Kysely<Database>, id: string): Promise<MerchantRow | undefined> {
  return db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listMerchantDomains(
  db: Kysely<Database>,
  merchantId: string,
): Promise<MerchantDomainRow[]> {
  return db
    .selectFrom('merchant_domains')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('is_main', 'desc')
    .orderBy('domain')
    .execute();
}

export async function updateMerchantSettingsRow(
  db: Kysely<Database>,
  merchantId: string,
  settingsJson: string,
): Promise<boolean> {
  const result = await db
    .updateTable('merchants')
    .set({ settings: settingsJson, updated_at: new Date() })
    .where('id', '=', merchantId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function updateMerchantMaintenanceRow(
  db: Kysely<Database>,
  merchantId: string,
  maintenance: { status: 0 | 1; title: string | null; message: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('merchants')
    .set({
      status: maintenance.status,
      maintenance_title: maintenance.title,
      maintenance_message: maintenance.message,
      updated_at: new Date(),
    })
    .where('id', '=', merchantId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
