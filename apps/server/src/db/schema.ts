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
  members: MembersTable;
  member_sessions: MemberSessionsTable;
  member_logins: MemberLoginsTable;
  login_challenges: LoginChallengesTable;
  verification_codes: VerificationCodesTable;
  outbox_messages: OutboxMessagesTable;
  captcha_challenges: CaptchaChallengesTable;
  password_resets: PasswordResetsTable;
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

/** Member type codes (spec §6, §9): 0 member, 4 trial; agents 1, 2, 41, 42. */
export type MemberType = 0 | 1 | 2 | 4 | 41 | 42;
export type MemberStatus = 'active' | 'locked' | 'self_excluded';
/** Contact handles of the register form and the profile (line, whatsapp, telegram, …). */
export type MemberContacts = Record<string, string>;

export type MembersTable = {
  id: string;
  merchant_id: string;
  account: string;
  account_key: string;
  type: ColumnType<MemberType, MemberType | undefined, MemberType>;
  status: ColumnType<MemberStatus, MemberStatus | undefined, MemberStatus>;
  upline_id: string | null;
  affiliate_code: string | null;
  referral_code: string;
  referred_by_code: string | null;
  password_hash: string | null;
  password_changed_at: Date | null;
  must_change_password: Generated<boolean>;
  payment_password_hash: string | null;
  nickname: string | null;
  payee_name: string | null;
  email: string | null;
  email_verified_at: Date | null;
  mobile_dialing_code: string | null;
  mobile_number: string | null;
  mobile_verified_at: Date | null;
  /** yyyy-MM-dd; read as text so no time zone shifts the day. */
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
  contacts: ColumnType<MemberContacts, string | undefined, string>;
  id_number: string | null;
  icon: string | null;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  register_ip: string | null;
  register_domain: string | null;
  register_method: string | null;
  last_login_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type MemberSessionsTable = {
  id: string;
  token_hash: string;
  member_id: string;
  merchant_id: string;
  login_method: string;
  agent_page: Generated<boolean>;
  password_change_required: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  idle_expires_at: ColumnType<Date, Date | string, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  ended_at: Date | null;
  end_reason: string | null;
};

export type MemberLoginsTable = {
  id: string;
  member_id: string;
  merchant_id: string;
  session_id: string | null;
  method: string;
  ip: string;
  country: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
};

export type LoginChallengesTable = {
  id: string;
  member_id: string;
  merchant_id: string;
  ip: string;
  methods: ColumnType<string[], string[], string[]>;
  context: ColumnType<Record<string, unknown>, string, string>;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  completed_at: Date | null;
};

export type VerificationCodesTable = {
  id: string;
  merchant_id: string;
  purpose: string;
  channel: 'sms' | 'email';
  destination: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  consumed_at: Date | null;
};

export type OutboxMessagesTable = {
  id: string;
  merchant_id: string;
  channel: 'sms' | 'email';
  destination: string;
  purpose: string;
  subject: string | null;
  body: string;
  provider: string;
  status: 'stored' | 'sent' | 'failed';
  error: string | null;
  created_at: CreatedAt;
};

export type CaptchaChallengesTable = {
  id: string;
  answer_hash: string;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
};

export type PasswordResetsTable = {
  id: string;
  member_id: string;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: Date | null;
};
