import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Each area adds its tables here next to its migration.
 * Money columns are bigint minor units; timestamps are timestamptz read as Date.
 */
export type Database = {
  job_heartbeats: JobHeartbeatsTable;
  encryption_keys: EncryptionKeysTable;
  merchants: MerchantsTable;
  merchant_domains: MerchantDomainsTable;
  merchant_customer_services: MerchantCustomerServicesTable;
  merchant_resources: MerchantResourcesTable;
  banners: BannersTable;
  announcements: AnnouncementsTable;
  help_categories: HelpCategoriesTable;
  help_articles: HelpArticlesTable;
};

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type MerchantsTable = {
  id: string;
  code: string;
  name: string;
  currency: string;
  currency_symbol: string;
  time_zone: string;
  default_language: string;
  languages: ColumnType<string[], string[], string[]>;
  /** 0 normal, 1 maintenance, 2 region blocked for everyone (region rules live in settings). */
  status: Generated<number>;
  maintenance_title: string | null;
  maintenance_message: string | null;
  settings: ColumnType<Record<string, unknown>, string, string>;
  /** Answers hosts that match no domain route (at most one merchant). */
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type MerchantDomainsTable = {
  id: string;
  merchant_id: string;
  domain: string;
  route: string;
  is_main: boolean;
  created_at: CreatedAt;
};

/** Text in several languages, keyed by spec language code: { "TY": "…", "EN": "…" }. */
export type LocalizedText = Record<string, string>;
type LocalizedColumn = ColumnType<LocalizedText, string, string>;

export type MerchantCustomerServicesTable = {
  id: string;
  merchant_id: string;
  cs_type: string;
  title: LocalizedColumn;
  path: string;
  sort_order: Generated<number>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
};

export type MerchantResourcesTable = {
  id: string;
  merchant_id: string;
  resource_type: string;
  label: LocalizedColumn;
  url: string;
  icon: string | null;
  sort_order: Generated<number>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
};

export type BannersTable = {
  id: string;
  merchant_id: string;
  group_name: string;
  title: LocalizedColumn;
  image_url: string;
  link_type: Generated<string>;
  link_target: string | null;
  sort_order: Generated<number>;
  enabled: Generated<boolean>;
  starts_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
};

export type AnnouncementsTable = {
  id: string;
  merchant_id: string;
  type: string;
  platform: Generated<string>;
  execution: string | null;
  promotion_type: string | null;
  title: LocalizedColumn;
  /** Sanitised HTML per language. */
  content: LocalizedColumn;
  published: Generated<boolean>;
  sort_order: Generated<number>;
  starts_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
};

export type HelpCategoriesTable = {
  id: string;
  merchant_id: string;
  device: Generated<string>;
  anchor: string;
  title: LocalizedColumn;
  sort_order: Generated<number>;
  created_at: CreatedAt;
};

export type HelpArticlesTable = {
  id: string;
  category_id: string;
  anchor: string;
  title: LocalizedColumn;
  /** Sanitised HTML per language. */
  content: LocalizedColumn;
  sort_order: Generated<number>;
  created_at: CreatedAt;
};

/** One run of the system.heartbeat job (platform/jobs). */
export type JobHeartbeatsTable = {
  id: string;
  node_id: string;
  job_id: string;
  ran_at: CreatedAt;
};

/** An RSA-OAEP-256 key pair for sealed request bodies (platform/crypto); JWKs as jsonb. */
export type EncryptionKeysTable = {
  kid: string;
  public_jwk: ColumnType<Record<string, unknown>, string, never>;
  private_jwk: ColumnType<Record<string, unknown>, string, never>;
  created_at: CreatedAt;
  retired_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};
