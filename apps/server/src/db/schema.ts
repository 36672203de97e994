import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Each area adds its tables here next to its migration.
 * Money columns are bigint minor units; timestamps are timestamptz read as Date.
 */
export type Database = {
  chat_visitors: ChatVisitorsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_images: ChatImagesTable;
  chat_canned_replies: ChatCannedRepliesTable;
  app_installs: AppInstallsTable;
  game_vendors: GameVendorsTable;
  games: GamesTable;
  game_launch_tokens: GameLaunchTokensTable;
  lottery_draws: LotteryDrawsTable;
  game_rounds: GameRoundsTable;
  member_bet_days: MemberBetDaysTable;
  member_bet_months: MemberBetMonthsTable;
  game_seed_pairs: GameSeedPairsTable;
  game_demo_sessions: GameDemoSessionsTable;
  game_vendor_transactions: GameVendorTransactionsTable;
  vendor_transfers: VendorTransfersTable;
  transfer_bet_feeds: TransferBetFeedsTable;
  game_favorites: GameFavoritesTable;
  game_classify_groups: GameClassifyGroupsTable;
  catalogue_version: CatalogueVersionTable;
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
  member_profile_changes: MemberProfileChangesTable;
  member_tree: MemberTreeTable;
  agent_invitation_links: AgentInvitationLinksTable;
  member_upline_moves: MemberUplineMovesTable;
  affiliate_applications: AffiliateApplicationsTable;
  merchant_agent_types: MerchantAgentTypesTable;
  agent_contract_templates: AgentContractTemplatesTable;
  agent_contracts: AgentContractsTable;
  agent_contract_offers: AgentContractOffersTable;
  agent_contract_runs: AgentContractRunsTable;
  agent_contract_settlements: AgentContractSettlementsTable;
  agent_contract_counted: AgentContractCountedTable;
  agent_contract_carries: AgentContractCarriesTable;
  team_bet_days: TeamBetDaysTable;
  team_rollup_watermarks: TeamRollupWatermarksTable;
  rollup_rebuilds: RollupRebuildsTable;
  promotions: PromotionsTable;
  member_bonuses: MemberBonusesTable;
  promotion_entries: PromotionEntriesTable;
  promotion_entry_images: PromotionEntryImagesTable;
  promotion_budget_days: PromotionBudgetDaysTable;
  raffle_draws: RaffleDrawsTable;
  raffle_tickets: RaffleTicketsTable;
  raffle_winners: RaffleWinnersTable;
  vip_levels: VipLevelsTable;
  member_vip: MemberVipTable;
  vip_level_changes: VipLevelChangesTable;
  vip_gifts: VipGiftsTable;
  vip_job_state: VipJobStateTable;
  rebate_payouts: RebatePayoutsTable;
  rebate_runs: RebateRunsTable;
  member_points: MemberPointsTable;
  point_records: PointRecordsTable;
  point_earnings: PointEarningsTable;
  point_earn_watermarks: PointEarnWatermarksTable;
  point_goods: PointGoodsTable;
  point_redeems: PointRedeemsTable;
  reward_prize_tables: RewardPrizeTablesTable;
  reward_prize_table_versions: RewardPrizeTableVersionsTable;
  reward_budget_days: RewardBudgetDaysTable;
  reward_ticket_rules: RewardTicketRulesTable;
  reward_ticket_issues: RewardTicketIssuesTable;
  reward_tickets: RewardTicketsTable;
  reward_draws: RewardDrawsTable;
  reward_issue_watermarks: RewardIssueWatermarksTable;
  red_envelope_drops: RedEnvelopeDropsTable;
  red_envelopes: RedEnvelopesTable;
  missions: MissionsTable;
  mission_claims: MissionClaimsTable;
  mission_claimable_notices: MissionClaimableNoticesTable;
  leaderboards: LeaderboardsTable;
  leaderboard_closes: LeaderboardClosesTable;
  leaderboard_prizes: LeaderboardPrizesTable;
  member_sessions: MemberSessionsTable;
  member_logins: MemberLoginsTable;
  referral_rules: ReferralRulesTable;
  referrals: ReferralsTable;
  referral_rewards: ReferralRewardsTable;
  login_challenges: LoginChallengesTable;
  verification_codes: VerificationCodesTable;
  outbox_messages: OutboxMessagesTable;
  captcha_challenges: CaptchaChallengesTable;
  rate_limit_counters: RateLimitCountersTable;
  password_resets: PasswordResetsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_holds: LedgerHoldsTable;
  social_identities: SocialIdentitiesTable;
  social_login_states: SocialLoginStatesTable;
  operator_roles: OperatorRolesTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  payment_methods: PaymentMethodsTable;
  deposits: DepositsTable;
  payment_callbacks: PaymentCallbacksTable;
  payout_accounts: PayoutAccountsTable;
  withdrawals: WithdrawalsTable;
  member_messages: MemberMessagesTable;
  operator_mails: OperatorMailsTable;
  message_templates: MessageTemplatesTable;
  feedbacks: FeedbacksTable;
  feedback_images: FeedbackImagesTable;
  play_limits: PlayLimitsTable;
  play_settings: PlaySettingsTable;
  articles: ArticlesTable;
};

/** A column with a database default: an insert may leave it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A timestamptz column, written as a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz column that defaults to now(). */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = DefaultedTimestamp;

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
  /** The maintenance notice in the default language, which every other language falls back to. */
  maintenance_title: string | null;
  maintenance_message: string | null;
  /** The notice in the merchant's other languages: { "EN": "…" } (migration 0120). */
  maintenance_language_titles: ColumnType<LocalizedText, string | undefined, string>;
  maintenance_language_messages: ColumnType<LocalizedText, string | undefined, string>;
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
  /** With port, the origin the main route is reached on (http or https); null leaves it to PUBLIC_ORIGIN. */
  scheme: Defaulted<'http' | 'https' | null>;
  port: Defaulted<number | null>;
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
  /** The banner's image for a language whose text it shows (migration 0115); others see image_url. */
  language_image_urls: ColumnType<LocalizedText, string | undefined, string>;
  link_type: Generated<string>;
  link_target: string | null;
  sort_order: Generated<number>;
  enabled: Generated<boolean>;
  starts_at: DefaultedTimestamp;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
};

export type AnnouncementsTable = {
  id: string;
  merchant_id: string;
  type: string;
  platform: Generated<string>;
  execution: string | null;
  /** Who reads it: 'all', 'members' (visitors and players) or 'agents' (the agent centre). */
  audience: Generated<string>;
  promotion_type: string | null;
  title: LocalizedColumn;
  /** Sanitised HTML per language. */
  content: LocalizedColumn;
  published: Generated<boolean>;
  sort_order: Generated<number>;
  starts_at: DefaultedTimestamp;
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
  merchant_id: string;
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

export type GameVendorStatus = 'active' | 'maintenance' | 'disabled';
export type GameVendorWalletMode = 'seamless' | 'transfer';
export type GameVendorsTable = {
  id: string;
  merchant_id: string;
  vassalage: string;
  name: string;
  wallet_mode: Defaulted<GameVendorWalletMode>;
  status: Defaulted<GameVendorStatus>;
  launch_url: string | null;
  catalogue_url: string | null;
  /** Transfer-wallet vendors: the base of the calls we make to them (`<api_url>/transfer/v1/…`). */
  api_url: Defaulted<string | null>;
  secret_sealed: string | null;
  sort_order: Generated<number>;
  /** In the merchant's in-house list: its RNG games are listed under INHOUSE (migration 0080). */
  is_in_house: Generated<boolean>;
  /** A seamless vendor where bonus money may be staked (migration 0145): it sees cash + bonus. */
  is_bonus_playable: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type GameStatus = 'active' | 'maintenance' | 'hidden';
export type GamesTable = {
  id: string;
  merchant_id: string;
  vendor_id: string;
  node_id: string;
  vassalage: string;
  game_type: string;
  game_code: string;
  names: LocalizedColumn;
  icon_url: string | null;
  support_play: Generated<number>;
  is_game: Generated<boolean>;
  is_hot: Generated<boolean>;
  sort_order: Generated<number>;
  status: Defaulted<GameStatus>;
  /** Bet limits of our own games, { minStake, maxStake, maxWin } in minor units; null: defaults (0071). */
  bet_limits: ColumnType<unknown, string | null | undefined, string | null>;
  /** The classify group (BACCARAT, ROULETTE, SLOT …), null when none (migration 0080). */
  classify: Defaulted<string | null>;
  /** A slot's number of lines (our classic slot 5, video slot 25); null: not a slot, or not known (0146). */
  paylines: Defaulted<number | null>;
  /** The game's house edge in basis points (0 to 5,000), for rebates on theoretical loss; null: the type's (0150). */
  house_edge_bp: Defaulted<number | null>;
  /** Set when an operator renamed the game or gave it an icon: a feed import keeps them (0082). */
  names_overridden: Generated<boolean>;
  icon_overridden: Generated<boolean>;
  /** Every language's name folded (lower case, no accents) by a trigger, for search. */
  search_text: ColumnType<string, never, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** A merchant's classify group: its names per language and place in the menu (migration 0081). */
export type GameClassifyGroupsTable = {
  id: string;
  merchant_id: string;
  key: string;
  names: LocalizedColumn;
  sort_order: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type GameFavoritesTable = {
  member_id: string;
  game_id: string;
  merchant_id: string;
  created_at: CreatedAt;
};

/** One row: the catalogue's version, counted up by every statement writing games or vendors (migration 0091). */
export type CatalogueVersionTable = {
  id: Generated<boolean>;
  version: ColumnType<bigint, never, never>;
};

export type GameLaunchTokensTable = {
  id: string;
  token_hash: string;
  merchant_id: string;
  member_id: string;
  session_id: string;
  game_id: string;
  vendor_id: string;
  open_by: Date;
  opened_at: Date | null;
  created_at: CreatedAt;
};

/** A lottery vendor's reported draw (migration 0075). */
export type LotteryDrawsTable = {
  id: string;
  merchant_id: string;
  vendor_id: string;
  game_id: string;
  numero: string;
  numbers: ColumnType<number[], string, never>;
  drawn_at: Date;
  created_at: CreatedAt;
};

/** open: pending; resettled: settled, then adjusted (it counts as settled); void: cancelled after the fact. */
export type GameRoundStatus = 'open' | 'settled' | 'rolled_back' | 'void' | 'resettled';
export type GameRoundsTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  game_id: string;
  vendor_id: string;
  vendor_round_id: string;
  currency: string;
  stake_minor: Defaulted<bigint>;
  win_minor: Defaulted<bigint>;
  status: Defaulted<GameRoundStatus>;
  server_seed_hash: string | null;
  client_seed: string | null;
  nonce: bigint | null;
  outcome: ColumnType<unknown, string | null | undefined, string | null>;
  opened_at: CreatedAt;
  settled_at: Date | null;
  updated_at: UpdatedAt;
  // Our own games (migration 0071): the seed pair, the client's request id, what was played (the
  // verifier's input), the secret state of an open multi-step round and its money step.
  seed_pair_id: Defaulted<string | null>;
  request_id: Defaulted<string | null>;
  played: ColumnType<unknown, string | null | undefined, string | null>;
  state: Defaulted<string | null>;
  phase: Defaulted<HouseRoundPhase | null>;
  action_count: Generated<number>;
  balance_before_minor: Defaulted<bigint | null>;
  balance_after_minor: Defaulted<bigint | null>;
  deadline_at: Defaulted<Date | null>;
  /** The maximum win the round's win was cut to (migration 0113); null: paid as the engine drew it. */
  win_cap_minor: Defaulted<bigint | null>;
  // The bet record (migration 0130; docs/agents.md): the game's category at bet time, what counts
  // as valid bet (the stake once settled; our own card tables by the merchant's rules, written with
  // the round, migration 0143), the member's upline and the merchant's day at the first
  // settlement. A trigger fills them when the writer does not, and keeps the member rollups.
  game_type: Defaulted<string>;
  valid_bet_minor: Defaulted<bigint>;
  upline_id: Defaulted<string | null>;
  /** yyyy-MM-dd: dates are read as their text (platform/db/database.ts). */
  settled_day: ColumnType<string | null, string | null | undefined, string | null>;
  resettled_at: Defaulted<Date | null>;
  /** What of the stake and of the win was bonus money, the rest cash (migration 0145). */
  bonus_stake_minor: Defaulted<bigint>;
  bonus_win_minor: Defaulted<bigint>;
  /** The bonus whose wagering this bet's valid bet counted toward (set by the bet record's trigger). */
  bonus_id: Defaulted<string | null>;
  /** The lines a vendor's spin reported (its debits' largest, migration 0146); null otherwise. */
  lines: Defaulted<number | null>;
};

/** A member's settled bets per merchant day, game type and upline (migration 0130), kept with each bet. */
export type MemberBetDaysTable = {
  merchant_id: string;
  member_id: string;
  upline_id: string;
  /** yyyy-MM-dd, the merchant's day. */
  day: ColumnType<string, string, string>;
  game_type: string;
  bet_count: number;
  stake_minor: bigint;
  valid_bet_minor: bigint;
  win_minor: bigint;
  changed_at: Date;
};

/** A member's settled bets per month (first day of the month), for active members. */
export type MemberBetMonthsTable = {
  merchant_id: string;
  member_id: string;
  month: ColumnType<string, string, string>;
  bet_count: number;
  stake_minor: bigint;
  valid_bet_minor: bigint;
  win_minor: bigint;
  changed_at: Date;
};

/**
 * Where a round of our own games is in its money steps: staking (recorded, stake not yet taken),
 * playing (stake taken, actions awaited), paying (outcome final, win not yet credited), done;
 * refused: the stake was never taken (insufficient funds), so the round did not happen.
 */
export type HouseRoundPhase = 'staking' | 'playing' | 'paying' | 'done' | 'refused';

export type GameSeedPairsTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  server_seed_sealed: string;
  server_seed_hash: string;
  server_seed: string | null;
  client_seed: string;
  nonce: Defaulted<bigint>;
  status: Defaulted<'active' | 'revealed'>;
  created_at: CreatedAt;
  revealed_at: Date | null;
  /** How server_seed_hash was computed (migration 0113): 1 over the seed's bytes, 2 over its hex text. */
  commitment_version: Defaulted<CommitmentVersion>;
};

export type CommitmentVersion = 1 | 2;

export type GameDemoSessionsTable = {
  id: string;
  token_hash: string;
  merchant_id: string;
  game_id: string;
  balance_minor: bigint;
  server_seed_sealed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: Defaulted<bigint>;
  revealed_server_seed: string | null;
  round_played: string | null;
  round_state: string | null;
  round_nonce: bigint | null;
  commitment_version: Defaulted<CommitmentVersion>;
  version: Generated<number>;
  created_at: CreatedAt;
  expires_at: Date;
};

export type GameVendorTransactionType = 'debit' | 'credit' | 'rollback' | 'resettle' | 'void';
export type GameVendorTransactionsTable = {
  id: string;
  merchant_id: string;
  vendor_id: string;
  transaction_id: string;
  type: GameVendorTransactionType;
  ledger_key: string | null;
  member_id: string;
  round_id: string | null;
  amount_minor: bigint;
  ref_transaction_id: string | null;
  status: 'applied' | 'voided';
  balance_after_minor: bigint;
  created_at: CreatedAt;
};

/** Member type codes (spec §6, §9): 0 member, 4 trial; agents 1, 2, 41, 42. */
export type MemberType = 0 | 1 | 2 | 4 | 41 | 42;
export type MemberStatus = 'active' | 'locked' | 'self_excluded';
/** Contact handles of the register form and the profile (line, whatsapp, telegram, …). */
export type MemberContacts = Record<string, string>;

/** Money moved between a member's main wallet and a transfer-wallet vendor (migration 0076). */
export type VendorTransferDirection = 'in' | 'out';
export type VendorTransferStatus = 'pending' | 'done' | 'failed';
export type VendorTransfersTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  vendor_id: string;
  direction: VendorTransferDirection;
  currency: string;
  amount_minor: ColumnType<bigint, bigint, never>;
  request_id: string;
  status: Defaulted<VendorTransferStatus>;
  failure_code: string | null;
  attempts: Defaulted<number>;
  vendor_balance_minor: Defaulted<bigint | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  settled_at: Date | null;
};

/**
 * Where the import of a transfer-wallet vendor's bet feed stands (migration 0142): the vendor's
 * cursor, whether it has more, when the import last reached the feed's end, and its counters.
 */
export type TransferBetFeedsTable = {
  vendor_id: string;
  merchant_id: string;
  cursor: Defaulted<string>;
  has_more: Defaulted<boolean>;
  caught_up_at: Defaulted<Date | null>;
  pulled_at: Defaulted<Date | null>;
  imported_count: ColumnType<bigint, bigint | undefined, bigint>;
  skipped_count: ColumnType<bigint, bigint | undefined, bigint>;
  last_error: Defaulted<string | null>;
  failed_at: Defaulted<Date | null>;
  updated_at: UpdatedAt;
};

export type MembersTable = {
  id: string;
  merchant_id: string;
  account: string;
  account_key: string;
  type: Defaulted<MemberType>;
  status: Defaulted<MemberStatus>;
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
  birthday: Defaulted<string | null>;
  contacts: ColumnType<MemberContacts, string | undefined, string>;
  id_number: string | null;
  icon: string | null;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: Defaulted<bigint | null>;
  register_ip: string | null;
  register_domain: string | null;
  register_method: string | null;
  last_login_at: Date | null;
  /** When a trial account was anonymised, a day after its last activity; null otherwise. */
  anonymised_at: Defaulted<Date | null>;
  /** The agent's invitation link the member signed up through (migration 0135). */
  invitation_link_id: Defaulted<string | null>;
  /** While the password is a one-time password an agent had sent: when it stops working. */
  one_time_password_expires_at: Defaulted<Date | null>;
  /** Registered by an agent: must set a password and accept the terms and age at first login. */
  consent_required: Defaulted<boolean>;
  terms_accepted_at: Defaulted<Date | null>;
  /** The member asked not to be offered promotions (migration 0145; isMarketable). */
  promotions_opt_out: Defaulted<boolean>;
  /** Profile fields the member edits in the security centre (migration 0162). */
  address: Defaulted<string | null>;
  nationality: Defaulted<string | null>;
  occupation: Defaulted<string | null>;
  source_of_income: Defaulted<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** One change of a member's profile field, by the member or an operator (migration 0162). */
export type MemberProfileChangesTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  field: string;
  before: string | null;
  after: string | null;
  actor_type: 'member' | 'operator';
  actor_id: string | null;
  created_at: Timestamp;
};

/** An agent's invitation link (migration 0135): its code travels as `affiliateCode`. */
export type AgentInvitationLinksTable = {
  id: string;
  merchant_id: string;
  agent_id: string;
  code: string;
  kind: 'player' | 'agent';
  label: string;
  enabled: boolean;
  created_at: Timestamp;
  disabled_at: Date | null;
};

/** The agent tree as a closure table (migration 0132): a row per ancestor and descendant. */
export type MemberTreeTable = {
  merchant_id: string;
  ancestor_id: string;
  descendant_id: string;
  /** 0 for the member itself, 1 for a direct downline, and so on. */
  depth: number;
};

export type MemberUplineMovesTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  from_upline_id: string | null;
  to_upline_id: string | null;
  operator_id: string | null;
  reason: string;
  moved_at: Timestamp;
};

/** A member's request to become an agent and its review (migration 0137). */
export type AffiliateApplicationStatus = 'pending' | 'approved' | 'rejected';
export type AffiliateApplicationsTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  channel: string;
  /** How many people the applicant says they reach. */
  audience: number;
  contact: string;
  message: Generated<string>;
  status: Generated<AffiliateApplicationStatus>;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  review_note: Generated<string>;
  /** The agent type given on approval. */
  agent_type: 1 | 2 | 41 | 42 | null;
  /** The upline chosen on approval (null: a top agent, or not approved). */
  upline_id: string | null;
  created_at: CreatedAt;
};

export type AgentContractKind = 'dividend' | 'daily' | 'hourly' | 'realtime';

export type MerchantAgentTypesTable = {
  merchant_id: string;
  type: 1 | 2 | 41 | 42;
  names: ColumnType<Record<string, string>, string, string>;
  may_register_subagents: boolean;
  contract_kinds: ColumnType<AgentContractKind[], AgentContractKind[], AgentContractKind[]>;
  updated_at: DefaultedTimestamp;
};

/**
 * A contract's terms as stored: 1 to 10 tiers, the base's minimum in minor units as a string of
 * digits (jsonb holds no bigint), the rate in basis points.
 */
export type AgentContractTierRow = { activeMembers: number; minBaseMinor: string; rateBp: number };
export type AgentContractPeriod = 'D' | 'W' | 'H' | 'M' | 'h' | '5m';
export type AgentDividendPeriod = 'D' | 'W' | 'H' | 'M';
export type AgentContractEndReason = 'terminated' | 'superseded' | 'rate_cap' | 'upline_moved' | 'operator';
export type AgentContractOfferStatus = 'pending' | 'accepted' | 'rejected' | 'expired' | 'cancelled';

/** Per merchant and contract kind (migration 0140): the cap and defaults for top-level agents. */
export type AgentContractTemplatesTable = {
  merchant_id: string;
  kind: AgentContractKind;
  max_rate_bp: number;
  max_tiers: Defaulted<number>;
  default_tiers: ColumnType<AgentContractTierRow[], string | undefined, string>;
  default_period: AgentDividendPeriod | null;
  updated_at: UpdatedAt;
};

/** A signed contract (migration 0140); never changed but to end it. upline_id null: the platform. */
export type AgentContractsTable = {
  id: string;
  merchant_id: string;
  kind: AgentContractKind;
  period: AgentContractPeriod;
  upline_id: string | null;
  downline_id: string;
  version: number;
  tiers: ColumnType<AgentContractTierRow[], string, never>;
  rate_bp: number;
  status: 'active' | 'ended';
  signed_at: Timestamp;
  /** The start of the first cycle it earns in. */
  starts_at: Timestamp;
  ended_at: Date | null;
  end_reason: AgentContractEndReason | null;
  offer_id: string | null;
};

/** An offer of new terms or of an end to a contract (migration 0140). */
export type AgentContractOffersTable = {
  id: string;
  merchant_id: string;
  kind: AgentContractKind;
  type: 'new' | 'terminate';
  from_side: 'upline' | 'downline' | 'operator';
  upline_id: string | null;
  downline_id: string;
  contract_id: string | null;
  period: AgentContractPeriod | null;
  tiers: ColumnType<AgentContractTierRow[] | null, string | null, never>;
  rate_bp: number | null;
  status: AgentContractOfferStatus;
  created_by_operator: string | null;
  expires_at: Timestamp;
  decided_at: Date | null;
  created_at: DefaultedTimestamp;
};

/** One settlement of a merchant's contracts of a kind for one cycle (migration 0141). */
export type AgentContractRunsTable = {
  id: string;
  merchant_id: string;
  kind: AgentContractKind;
  period: AgentContractPeriod;
  cycle_key: string;
  cycle_starts_at: Timestamp;
  cycle_ends_at: Timestamp;
  run_by: 'job' | 'operator';
  operator_id: string | null;
  started_at: Timestamp;
  finished_at: Timestamp;
  /** The team rollups' watermark when the run read them. */
  rollups_as_of: Date | null;
  contract_count: number;
  settlement_count: number;
  paid_count: number;
  waiting_count: number;
  amount_minor: bigint;
  paid_minor: bigint;
};

export type AgentContractSettlementStatus = 'paid' | 'processing' | 'approval' | 'deferred' | 'cancelled';

/** What one contract earned in one cycle, its inputs frozen (migration 0141). payer_id null: the house. */
export type AgentContractSettlementsTable = {
  id: string;
  merchant_id: string;
  run_id: string;
  contract_id: string;
  kind: AgentContractKind;
  cycle_key: string;
  cycle_starts_at: Timestamp;
  cycle_ends_at: Timestamp;
  payer_id: string | null;
  payee_id: string;
  /** The settlement's frozen inputs (modules/contract/contract-settlement.service.ts, SettlementInputs). */
  inputs: ColumnType<Record<string, unknown>, string, never>;
  tier_index: number | null;
  rate_bp: number;
  base_minor: bigint;
  amount_minor: bigint;
  status: AgentContractSettlementStatus;
  ledger_key: string;
  paid_from: 'upline' | 'house' | null;
  transfer_id: string | null;
  created_at: Timestamp;
  paid_at: Date | null;
  decided_at: Date | null;
  decided_by: string | null;
};

/** What settled cycles of a kind counted of an agent's team on one merchant day (migration 0141). */
export type AgentContractCountedTable = {
  merchant_id: string;
  kind: AgentContractKind;
  agent_id: string;
  /** yyyy-MM-dd in the merchant's time zone; read as text. */
  day: string;
  valid_bet_minor: bigint;
  stake_minor: bigint;
  win_minor: bigint;
  cycle_count: number;
  counted_at: Timestamp;
};

/** What an agent's cycles of a kind carry to the next one (migration 0141). */
export type AgentContractCarriesTable = {
  kind: AgentContractKind;
  agent_id: string;
  merchant_id: string;
  base_minor: bigint;
  accrued_minor: bigint;
  cycle_key: string;
  updated_at: Timestamp;
};

/** An agent's team figures of one day and game type, rebuilt by the team rollup job. */
export type TeamBetDaysTable = {
  merchant_id: string;
  agent_id: string;
  /** yyyy-MM-dd in the merchant's time zone; read as text. */
  day: string;
  game_type: string;
  member_count: number;
  bet_count: number;
  stake_minor: ColumnType<bigint, bigint | string, bigint | string>;
  valid_bet_minor: ColumnType<bigint, bigint | string, bigint | string>;
  win_minor: ColumnType<bigint, bigint | string, bigint | string>;
  rebuilt_at: Timestamp;
};

export type TeamRollupWatermarksTable = {
  merchant_id: string;
  changed_at: Timestamp;
  /** How many times the merchant's team rollups have been rebuilt (migration 0139). */
  generation: Generated<string>;
};

export type RollupRebuildStatus = 'queued' | 'running' | 'done' | 'failed';

/** A rebuild of a merchant's bet rollups an operator started (migration 0144). */
export type RollupRebuildsTable = {
  id: string;
  merchant_id: string;
  /** 'teams': team_bet_days only; 'all': member_bet_days and member_bet_months from the bets first. */
  scope: 'teams' | 'all';
  status: Generated<RollupRebuildStatus>;
  /** What it is doing: recounting the member rollups, then rebuilding the team days. */
  phase: Generated<'members' | 'teams'>;
  days_done: Generated<number>;
  days_total: Generated<number>;
  rows_written: Generated<number>;
  error: string | null;
  requested_by: string | null;
  requested_by_name: string;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** The last sign of life: a running rebuild moves it with every step. */
  progressed_at: Timestamp;
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
  last_seen_at: DefaultedTimestamp;
  idle_expires_at: Timestamp;
  expires_at: Timestamp;
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
  /** The client's X-Device-Id at the login (migration 0156); null when it sent none. */
  device_id: Defaulted<string | null>;
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
  expires_at: Timestamp;
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
  expires_at: Timestamp;
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

/** Throttle counters when there is no Redis (platform/rate-limit); times in Unix milliseconds. */
export type RateLimitCountersTable = {
  name: string;
  key: string;
  events: ColumnType<Array<bigint | string>, never, never>;
  expires_at_ms: ColumnType<bigint, never, never>;
};

export type CaptchaChallengesTable = {
  id: string;
  answer_hash: string;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: Timestamp;
};

export type PasswordResetsTable = {
  id: string;
  member_id: string;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Date | null;
};

export type SocialIdentitiesTable = {
  id: string;
  merchant_id: string;
  provider: string;
  subject: string;
  member_id: string;
  email: string | null;
  created_at: CreatedAt;
};

export type SocialLoginStatesTable = {
  state_hash: string;
  merchant_id: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  return_to: string;
  affiliate_code: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  callback_at: Date | null;
  member_id: string | null;
  error_code: string | null;
  login_code_hash: string | null;
  login_code_expires_at: Date | null;
  used_at: Date | null;
};

export type OperatorRolesTable = {
  id: string;
  /** Null for the built-in roles, which every merchant shares. */
  merchant_id: string | null;
  name: string;
  is_builtin: Generated<boolean>;
  /** A custom role's permissions; the built-in roles' come from code. */
  permissions: Defaulted<string[]>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type OperatorsTable = {
  id: string;
  /** Null for a platform owner. */
  merchant_id: string | null;
  username: string;
  username_key: string;
  display_name: string;
  role_id: string;
  status: Defaulted<'active' | 'locked'>;
  password_hash: string;
  password_changed_at: DefaultedTimestamp;
  must_change_password: Generated<boolean>;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: Defaulted<bigint | null>;
  failed_login_count: Generated<number>;
  last_failed_login_at: Date | null;
  last_login_at: Date | null;
  last_login_ip: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type OperatorSessionsTable = {
  id: string;
  token_hash: string;
  operator_id: string;
  password_change_required: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: DefaultedTimestamp;
  idle_expires_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Date | null;
  end_reason: string | null;
};

/**
 * Append-only: the database refuses UPDATE and DELETE, and no column can even be named in an
 * update here (every update type is never).
 */
type Appended<T> = ColumnType<T, T, never>;
export type AuditLogTable = {
  id: Appended<string>;
  actor_id: Appended<string | null>;
  actor_name: Appended<string>;
  merchant_id: Appended<string | null>;
  action: Appended<string>;
  target_type: Appended<string>;
  target_id: Appended<string | null>;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: Appended<string | null>;
  at: ColumnType<Date, Date | string | undefined, never>;
};

/** The ledger (modules/wallet): accounts and their balances in minor units. */
export type LedgerAccountKind = 'player_cash' | 'player_bonus' | 'house';
export type LedgerAccountsTable = {
  id: string;
  merchant_id: string;
  kind: LedgerAccountKind;
  owner_id: string | null;
  purpose: string | null;
  shard: ColumnType<number, number | undefined, never>;
  currency: string;
  balance_minor: Defaulted<bigint>;
  created_at: CreatedAt;
};

/** Append-only: the database refuses UPDATE and DELETE on transfers. */
export type LedgerTransfersTable = {
  id: string;
  merchant_id: string;
  idempotency_key: string;
  code: string;
  reference: string | null;
  debit_account_id: string | null;
  credit_account_id: string | null;
  currency: string;
  amount_minor: bigint;
  debit_balance_after_minor: bigint | null;
  credit_balance_after_minor: bigint | null;
  reverses_key: string | null;
  created_at: CreatedAt;
};

export type LedgerHoldStatus = 'held' | 'released' | 'captured';
export type LedgerHoldsTable = {
  id: string;
  merchant_id: string;
  idempotency_key: string;
  member_id: string;
  currency: string;
  amount_minor: bigint;
  status: Defaulted<LedgerHoldStatus>;
  reference: string | null;
  hold_transfer_id: string;
  settle_transfer_id: string | null;
  created_at: CreatedAt;
  settled_at: Date | null;
};

export type PaymentMethodKind = 'gateway' | 'bank_transfer';
export type PaymentGatewaySettings = { baseUrl: string; merchantNo: string; channel: string };
export type PaymentBankAccount = { bankName: string; accountName: string; accountNumber: string };
export type PaymentMethodsTable = {
  id: string;
  merchant_id: string;
  code: string;
  kind: PaymentMethodKind;
  names: ColumnType<Record<string, string>, string, string>;
  min_minor: bigint;
  max_minor: bigint;
  player_daily_max_minor: bigint | null;
  enabled: Defaulted<boolean>;
  sort_order: Defaulted<number>;
  gateway: ColumnType<PaymentGatewaySettings | null, string | null, string | null>;
  gateway_secret_sealed: string | null;
  bank_account: ColumnType<PaymentBankAccount | null, string | null, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type DepositStatus = 'pending' | 'review' | 'credited' | 'failed' | 'rejected';
export type DepositsTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  method_id: string;
  currency: string;
  amount_minor: bigint;
  status: DepositStatus;
  gateway_order_id: string | null;
  pay_url: string | null;
  reference: string | null;
  receipt_path: string | null;
  transfer_id: string | null;
  failure_reason: string | null;
  reviewed_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  credited_at: Date | null;
};

export type PaymentCallbacksTable = {
  id: string;
  method_id: string;
  deposit_id: string | null;
  body: string;
  outcome: string;
  created_at: CreatedAt;
};

export type PayoutAccountKind = 'bank' | 'ewallet';
export type PayoutAccountsTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  kind: PayoutAccountKind;
  provider: string;
  account_name: string;
  account_number: string;
  created_at: CreatedAt;
  removed_at: Date | null;
};

export type WithdrawalStatus = 'review' | 'paying' | 'paid' | 'rejected' | 'failed';
export type WithdrawalConfirmation = 'awaiting' | 'received' | 'not_received' | 'auto_received';
export type WithdrawalCaseStatus = 'open' | 'resolved';
export type WithdrawalsTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  payout_account_id: string;
  currency: string;
  amount_minor: bigint;
  status: WithdrawalStatus;
  hold_key: string;
  payout_method_id: string | null;
  gateway_payout_id: string | null;
  reason: string | null;
  reviewed_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  reviewed_at: Date | null;
  paid_at: Date | null;
  /** The member's word once paid (spec §4); null before the payout. */
  confirmation: WithdrawalConfirmation | null;
  received_minor: bigint | null;
  confirmed_at: Date | null;
  proof_path: string | null;
  case_note: string | null;
  case_status: WithdrawalCaseStatus | null;
  case_resolution: string | null;
  case_resolved_by: string | null;
  case_resolved_at: Date | null;
};

export type PlayLimitKind = 'deposit' | 'loss' | 'session';
export type PlayLimitPeriod = 'day' | 'week' | 'month';

export type PlayLimitsTable = {
  member_id: string;
  merchant_id: string;
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  value: bigint | null;
  pending_value: bigint | null;
  pending_at: Date | null;
  updated_at: UpdatedAt;
};

export type PlaySettingsTable = {
  member_id: string;
  merchant_id: string;
  reality_check_minutes: number | null;
  exclusion_kind: string | null;
  exclusion_ends_at: Date | null;
  updated_at: UpdatedAt;
};

export type MemberMessageKind =
  | 'affiliate_approved'
  | 'affiliate_rejected'
  | 'contract_offer'
  | 'contract_offer_cancelled'
  | 'contract_offer_expired'
  | 'contract_accepted'
  | 'contract_rejected'
  | 'contract_ended'
  | 'contract_payment_waiting'
  | 'deposit_arrived'
  | 'deposit_failed'
  | 'feedback_answered'
  | 'points_redeem_approved'
  | 'points_redeem_rejected'
  | 'raffle_won'
  | 'vip_down'
  | 'vip_up'
  | 'withdrawal_approved'
  | 'withdrawal_rejected'
  | 'withdrawal_failed';
export type MemberMessagesTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  kind: MemberMessageKind | 'operator_mail';
  params: ColumnType<Record<string, string>, string, string>;
  dedupe_key: string;
  created_at: CreatedAt;
  read_at: Date | null;
  /** The operator mail the message delivers (kind operator_mail; migration 0161). */
  mail_id: Defaulted<string | null>;
};

// Operator mail and message templates (migration 0161, docs/back-office.md).

export type OperatorMailKind = 'service' | 'promotional';
export type OperatorMailAudience = 'member' | 'accounts' | 'vip' | 'team';
export type OperatorMailStatus = 'scheduled' | 'sending' | 'sent' | 'cancelled';
export type OperatorMailsTable = {
  id: string;
  merchant_id: string;
  kind: OperatorMailKind;
  audience: OperatorMailAudience;
  /** The accounts of a `member` or `accounts` audience. */
  accounts: ColumnType<string[], string | undefined, string>;
  vip_rank: number | null;
  /** The agent whose team (the member tree below them) a `team` audience is. */
  agent_id: string | null;
  titles: ColumnType<Record<string, string>, string, string>;
  /** Sanitised HTML per language. */
  bodies: ColumnType<Record<string, string>, string, string>;
  status: OperatorMailStatus;
  send_at: Timestamp;
  /** When a delivery claimed the mail; a claim older than the delivery's time limit is taken again. */
  claimed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  recipients: Defaulted<number>;
  created_by: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type MessageTemplatesTable = {
  merchant_id: string;
  kind: MemberMessageKind;
  language: string;
  title: string;
  body: string;
  updated_by: string;
  updated_at: UpdatedAt;
};

// Members' feedback (migration 0160, docs/back-office.md "Feedback").

export type FeedbackType = 'suggestion' | 'game' | 'payment' | 'account' | 'other';
export type FeedbackStatus = 'open' | 'answered';
export type FeedbacksTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  type: FeedbackType;
  content: string;
  status: Generated<FeedbackStatus>;
  answer: string | null;
  answered_by: string | null;
  answered_at: Date | null;
  created_at: CreatedAt;
};
/** An image a member uploaded for feedback; feedback_id is null until the feedback is sent. */
export type FeedbackImagesTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  feedback_id: string | null;
  /** Relative to the uploads folder (ImageStore). */
  image_path: string;
  content_type: 'image/png' | 'image/jpeg';
  byte_size: number;
  created_at: CreatedAt;
};

// Promotions and bonuses (migration 0145, docs/promotions.md).

export type PromotionType =
  | 'OTHERS'
  | 'SPORTS'
  | 'LIVE'
  | 'SLOTS'
  | 'CARD'
  | 'FISH'
  | 'LOTTO'
  | 'REBATE'
  | 'POINTS_MALL'
  | 'RANKING'
  | 'DEPOSIT'
  | 'APP_DOWNLOAD'
  | 'NEWBIE'
  | 'GAME';
export type PromotionKind =
  | 'info'
  | 'deposit_bonus'
  | 'newbie_bonus'
  | 'application'
  | 'cashback'
  | 'raffle'
  | 'app_download';
export type PromotionAudience = 'all' | 'new_members' | 'agent_teams';
export type PromotionStatus = 'draft' | 'published' | 'withdrawn';

export type PromotionsTable = {
  id: string;
  merchant_id: string;
  type: PromotionType;
  kind: PromotionKind;
  title: LocalizedColumn;
  /** Sanitised HTML per language. */
  content: LocalizedColumn;
  cover_image_urls: ColumnType<LocalizedText, string | undefined, string>;
  detail_image_urls: ColumnType<LocalizedText, string | undefined, string>;
  starts_at: Timestamp;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  audience: Defaulted<PromotionAudience>;
  audience_agent_ids: Defaulted<string[]>;
  /** The kind's own rules (docs/promotions.md "Kinds"), as JSON. */
  rules: ColumnType<unknown, string | undefined, string>;
  /** The bonus's terms when the promotion grants a bonus (docs/promotions.md "Bonus terms"). */
  bonus_terms: ColumnType<unknown, string | null | undefined, string | null>;
  grants_per_member: Defaulted<number>;
  budget_day_minor: Defaulted<bigint | null>;
  sort_order: Defaulted<number>;
  status: Defaulted<PromotionStatus>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type MemberBonusSource =
  | 'promotion'
  | 'manual'
  | 'cashback'
  | 'rebate'
  | 'vip'
  | 'points'
  | 'reward'
  | 'mission'
  | 'leaderboard'
  | 'referral';
export type MemberBonusStatus = 'waiting' | 'active' | 'converted' | 'forfeited' | 'expired' | 'cancelled';

export type MemberBonusesTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  currency: string;
  source: MemberBonusSource;
  promotion_id: string | null;
  entry_id: Defaulted<string | null>;
  amount_minor: bigint;
  deposit_minor: Defaulted<bigint>;
  wagering_required_minor: bigint;
  wagered_minor: Defaulted<bigint>;
  /** Basis points (0 to 10,000) of valid bet counted per game type; a type not named counts 0. */
  contributions: ColumnType<Record<string, number>, string, string>;
  max_stake_minor: bigint | null;
  max_conversion_minor: bigint | null;
  /** The spin rule (migration 0146): a slot spin staking less, or on fewer lines, counts nothing. */
  min_spin_stake_minor: Defaulted<bigint | null>;
  min_spin_lines: Defaulted<number | null>;
  expiry_days: number;
  /** What the member was shown and accepted, in their language, as JSON. */
  terms: ColumnType<unknown, string, string>;
  status: Defaulted<MemberBonusStatus>;
  granted_at: Timestamp;
  activated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  converted_minor: Defaulted<bigint>;
  forfeited_minor: Defaulted<bigint>;
  granted_by: Defaulted<string | null>;
  reason: Defaulted<string | null>;
  ended_by: Defaulted<string | null>;
  end_reason: Defaulted<string | null>;
};

export type PromotionEntryStatus = 'joined' | 'claimed' | 'applying' | 'rejected' | 'issued';

export type PromotionEntriesTable = {
  id: string;
  merchant_id: string;
  promotion_id: string;
  member_id: string;
  cycle: Defaulted<string>;
  status: PromotionEntryStatus;
  comment: Defaulted<string | null>;
  amount_minor: Defaulted<bigint | null>;
  reject_reason: Defaulted<string | null>;
  bonus_id: Defaulted<string | null>;
  terms_accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  reviewed_by: Defaulted<string | null>;
  reviewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PromotionEntryImagesTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  entry_id: Defaulted<string | null>;
  image_url: string;
  content_type: 'image/png' | 'image/jpeg';
  byte_size: number;
  created_at: Timestamp;
};

export type PromotionBudgetDaysTable = {
  merchant_id: string;
  /** A promotion's id, or '' for the merchant's total. */
  scope: string;
  /** yyyy-MM-dd, the merchant's day. */
  day: ColumnType<string, string, string>;
  granted_minor: bigint;
};

// Raffles (migration 0147, docs/promotions.md "Raffles").

export type RaffleDrawStatus = 'open' | 'drawn';

/** A raffle's draw: its seeds, the tickets issued so far, and once drawn, when and how many won. */
export type RaffleDrawsTable = {
  promotion_id: string;
  merchant_id: string;
  /** Secret until the draw; never changes once the raffle is published. */
  server_seed: string;
  server_seed_hash: string;
  ticket_count: Defaulted<number>;
  status: Defaulted<RaffleDrawStatus>;
  /** SHA-256 hex of the sorted ticket ids, set by the draw. */
  client_seed: Defaulted<string | null>;
  winner_count: Defaulted<number>;
  drawn_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
};

/** A ticket: its number in the raffle ("0000001"), whose it is and the member's own count. */
export type RaffleTicketsTable = {
  promotion_id: string;
  id: string;
  member_id: string;
  member_seq: number;
  earned_at: Timestamp;
};

export type RaffleWinnerStatus = 'won' | 'claimed' | 'expired';

/** A drawn ticket and its prize: rank 1 is the first drawn. */
export type RaffleWinnersTable = {
  id: string;
  merchant_id: string;
  promotion_id: string;
  rank: number;
  ticket_id: string;
  member_id: string;
  amount_minor: bigint;
  status: Defaulted<RaffleWinnerStatus>;
  claim_by: Timestamp;
  claimed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  bonus_id: Defaulted<string | null>;
  entry_id: Defaulted<string | null>;
};

// VIP levels (migration 0148, docs/loyalty.md "VIP").

/** A merchant's level: rank 1 is the lowest; thresholds and retention over the merchant's window. */
export type VipLevelsTable = {
  id: string;
  merchant_id: string;
  rank: number;
  names: LocalizedColumn;
  label: string;
  badge_url: Defaulted<string | null>;
  deposit_minor: Defaulted<bigint>;
  valid_bet_minor: Defaulted<bigint>;
  keep_deposit_minor: Defaulted<bigint>;
  keep_valid_bet_minor: Defaulted<bigint>;
  guaranteed_days: Defaulted<number>;
  upgrade_bonus_minor: Defaulted<bigint>;
  birthday_bonus_minor: Defaulted<bigint>;
  monthly_bonus_minor: Defaulted<bigint>;
  /** Basis points of the rebate's basis per game type (50 = 0.50 %); types not named: the merchant's rate. */
  rebate_rates: ColumnType<Record<string, number>, string | undefined, string>;
  /** Withdrawals per merchant day, and their amount; null: no limit of the level's own. */
  withdraw_count_day: Defaulted<number | null>;
  withdraw_amount_day_minor: Defaulted<bigint | null>;
  /** Points earned are multiplied by this / 10,000. */
  points_multiplier_bp: Defaulted<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type VipProjection = 'keep' | 'rise' | 'fall';

/** The level a member holds; no row: none yet. */
export type MemberVipTable = {
  member_id: string;
  merchant_id: string;
  level_id: string;
  rank: number;
  reached_at: Timestamp;
  /** A review before this moment never lowers the member. */
  guaranteed_until: Timestamp;
  projection: Defaulted<VipProjection | null>;
  projected_rank: Defaulted<number | null>;
  projected_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: Timestamp;
};

export type VipChangeReason = 'upgrade' | 'review' | 'operator';

export type VipLevelChangesTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  from_rank: number | null;
  to_rank: number | null;
  reason: VipChangeReason;
  operator_id: Defaulted<string | null>;
  note: Defaulted<string | null>;
  created_at: Timestamp;
};

export type VipGiftKind = 'upgrade' | 'birthday' | 'monthly';
export type VipGiftStatus = 'waiting' | 'granted' | 'dropped';

/** A level's gift to a member, once per key (upgrade:<member>:<rank>, birthday:<member>:<year>, monthly:<member>:<YYYY-MM>). */
export type VipGiftsTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  kind: VipGiftKind;
  key: string;
  rank: number;
  amount_minor: bigint;
  status: Defaulted<VipGiftStatus>;
  bonus_id: Defaulted<string | null>;
  created_at: Timestamp;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

// The points mall (migration 0149, docs/loyalty.md "Points").

/** A member's points; one of balance and owed is always 0. No row: none yet. */
export type MemberPointsTable = {
  member_id: string;
  merchant_id: string;
  balance: Defaulted<bigint>;
  /** What a claw-back could not take from the balance, taken from the next points first. */
  owed: Defaulted<bigint>;
  updated_at: Timestamp;
};

export type PointRecordType =
  | 'live'
  | 'lottery'
  | 'pvp'
  | 'slots'
  | 'sports'
  | 'redeem'
  | 'deposit'
  | 'convert'
  | 'clawback'
  | 'refund'
  | 'adjustment'
  | 'reward';

/** One change of a member's points: the signed change of the balance and the balance after it. */
export type PointRecordsTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  type: PointRecordType;
  points: bigint;
  balance: bigint;
  /** The facts the change was made of (what was earned on, what went to or came from owed). */
  detail: ColumnType<Record<string, string>, string | undefined, string>;
  /** An operator's words (an adjustment's reason, a rejected redeem's reason). */
  remark: Defaulted<string | null>;
  key: string;
  created_at: Timestamp;
};

/** What a member's valid bet of one merchant day and game type has earned so far. */
export type PointEarningsTable = {
  member_id: string;
  /** yyyy-MM-dd, the merchant's day. */
  day: ColumnType<string, string, string>;
  game_type: string;
  merchant_id: string;
  valid_bet_minor: bigint;
  points: bigint;
  /** Counts the changes, so that each change's record has a key of its own. */
  revision: number;
  updated_at: Timestamp;
};

/** Up to where the earning job has read a merchant's bet rollups and credited deposits. */
export type PointEarnWatermarksTable = {
  merchant_id: string;
  bets_changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deposits_credited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type PointGoodsKind = 'cash' | 'bonus' | 'item';
export type PointRequirementKind = 'deposit' | 'validBet';
export type PointGoodsStatus = 'active' | 'hidden';

/** A reward of the points mall: points per unit, what a unit pays (cash, bonus) or is (an item). */
export type PointGoodsTable = {
  id: string;
  merchant_id: string;
  names: LocalizedColumn;
  descriptions: ColumnType<LocalizedText, string | undefined, string>;
  image_urls: ColumnType<string[], string | undefined, string>;
  kind: PointGoodsKind;
  points: number;
  /** Per unit; null for an item. */
  amount_minor: bigint | null;
  /** Deposits or valid bet of at least requirement_minor in the last requirement_days merchant days. */
  requirement_kind: PointRequirementKind | null;
  requirement_minor: bigint | null;
  requirement_days: number | null;
  /** Units left; null: unlimited. */
  stock: number | null;
  /** Units a member may hold in processing and approved redeems; null: no limit. */
  per_member_limit: number | null;
  status: Defaulted<PointGoodsStatus>;
  sort: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PointRedeemStatus = 'processing' | 'approved' | 'rejected';

/** A member's redeem of goods, as the goods were when applied for. */
export type PointRedeemsTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  goods_id: string;
  /** The human reference number (PM + the merchant's day + a sequence). */
  reference: string;
  goods_names: LocalizedColumn;
  kind: PointGoodsKind;
  quantity: number;
  points: bigint;
  /** What the redeem pays in all (cash or bonus); null for an item. */
  amount_minor: bigint | null;
  /** The goods' amount requirement when applied for. */
  requirement_minor: bigint | null;
  status: Defaulted<PointRedeemStatus>;
  address: string | null;
  /** The operator's words: why it was rejected. */
  remark: Defaulted<string | null>;
  operator_id: Defaulted<string | null>;
  operator_name: Defaulted<string | null>;
  applied_at: Timestamp;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  bonus_id: Defaulted<string | null>;
};

// Rebates (migration 0150, docs/loyalty.md "Rebates").

export type RebateMode = 'auto' | 'manual';
export type RebateBasis = 'validBet' | 'theoreticalLoss';
export type RebatePayoutStatus = 'paid' | 'skipped';

/** A rebate line of one game type: its basis and amount in minor units (as text), the rate applied. */
export type RebateLine = { basis: string; rateBp: number; amount: string };

/**
 * A rebate paid to a member (or, in automatic mode, recorded unpaid for a member promotions could
 * not reach): one per member and closed day in automatic mode, one per claim in manual mode.
 */
export type RebatePayoutsTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  mode: RebateMode;
  /** yyyy-MM-dd, the closed merchant day an automatic payout is for; null for a claim. */
  day: ColumnType<string | null, string | null, string | null>;
  /** The bet record's settlement times it covers, from (included) to (excluded). */
  covered_from: Timestamp;
  covered_to: Timestamp;
  basis: RebateBasis;
  amount_minor: bigint;
  /** By game type. */
  lines: ColumnType<Record<string, RebateLine>, string, string>;
  status: RebatePayoutStatus;
  skip_reason: 'NOT_MARKETABLE' | 'TRIAL_ACCOUNT' | null;
  bonus_id: string | null;
  created_at: Timestamp;
};

/** A merchant day the daily rebate job has started (open) or paid in full (done). */
export type RebateRunsTable = {
  merchant_id: string;
  /** yyyy-MM-dd, the merchant's day. */
  day: ColumnType<string, string, string>;
  status: 'open' | 'done';
  started_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

// VIP levels' jobs (migration 0151, docs/loyalty.md "VIP").

/** Where a merchant's VIP jobs stand: the upgrade job's watermarks and the review job's markers. */
export type VipJobStateTable = {
  merchant_id: string;
  /** The newest member_bet_days.changed_at the upgrade job has looked at; null: every member. */
  bets_changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The newest deposits.credited_at the upgrade job has looked at; null: every member. */
  deposits_credited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** yyyy-MM-dd: the merchant day whose daily work (projection, birthday gifts) is done. */
  daily_day: ColumnType<string | null, string | null | undefined, string | null>;
  /** yyyy-MM: the merchant month whose review (lowering, monthly gifts) is done. */
  reviewed_month: Defaulted<string | null>;
  updated_at: Timestamp;
};

// Member referrals (migration 0156, docs/referrals.md).

export type ReferralTrigger = 'register' | 'deposit' | 'valid_bet';
export type ReferralRewardKind = 'cash' | 'bonus';
export type ReferralRewardStatus = 'paid' | 'held' | 'rejected' | 'skipped';

/** A merchant's referral rule: what a friend must reach, and what it pays to whom. */
export type ReferralRulesTable = {
  id: string;
  merchant_id: string;
  /** The rule's name in Tagalog and in English (migration 0157); a member reads their language's. */
  name_ty: string;
  name_en: string;
  trigger: ReferralTrigger;
  /** Cumulative deposits (deposit) or valid bet (valid_bet) the friend must reach; 0 for register. */
  threshold_minor: bigint;
  reward_kind: ReferralRewardKind;
  referrer_amount_minor: bigint;
  /** 0: nothing for the friend. */
  friend_amount_minor: bigint;
  /** A bonus's wagering multiplier (never above promotions.maxMultiplier when granted). */
  multiplier: number;
  expiry_days: number;
  /** Days after joining within which the friend must reach the threshold. */
  within_days: number;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A friend who registered with a member's referral code (one referrer per friend). */
export type ReferralsTable = {
  id: string;
  merchant_id: string;
  referrer_id: string;
  friend_id: string;
  code: string;
  friend_ip: string | null;
  friend_device_id: string | null;
  /** The friend registered from an address the referrer used recently. */
  same_ip: boolean;
  /** The friend registered with a device id the referrer used recently. */
  same_device: boolean;
  created_at: Timestamp;
};

/** A referral's reward to one beneficiary under one rule, once (unique). */
export type ReferralRewardsTable = {
  id: string;
  merchant_id: string;
  referral_id: string;
  rule_id: string;
  beneficiary: 'referrer' | 'friend';
  member_id: string;
  reward_kind: ReferralRewardKind;
  amount_minor: bigint;
  status: ReferralRewardStatus;
  hold_reason: 'SAME_IP_AND_DEVICE' | 'SAME_PAYEE' | null;
  skip_reason: 'NOT_MARKETABLE' | 'TRIAL_ACCOUNT' | null;
  bonus_id: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  paid_at: Date | null;
  created_at: Timestamp;
};

// Missions and leaderboards (migrations 0155 and 0158, docs/missions.md).

export type MissionPeriod = 'daily' | 'weekly';
export type MissionTask = 'rounds' | 'validBet' | 'deposit' | 'loginStreak' | 'newGame';
/** A leaderboard prize's kind. */
export type PrizeRewardKind = 'cash' | 'bonus';
/** A mission's reward: cash, a bonus, or reward tickets of a prize table (migration 0158). */
export type MissionRewardKind = PrizeRewardKind | 'ticket';

/** A task the operator defines for a merchant's members, with its reward. */
export type MissionsTable = {
  id: string;
  merchant_id: string;
  name_ty: string;
  name_en: string;
  period: MissionPeriod;
  task: MissionTask;
  /** The game type the task counts (rounds, validBet); null: every type. */
  game_type: string | null;
  /** Rounds, minor units (validBet, deposit), days (loginStreak) or games (newGame). */
  target: bigint;
  reward_kind: MissionRewardKind;
  /** 0 for a ticket reward. */
  reward_minor: bigint;
  /** A bonus reward's wagering multiplier; null for cash. */
  multiplier: number | null;
  /** A ticket reward's prize table and tickets per claim; null otherwise. */
  reward_table_id: Defaulted<string | null>;
  reward_tickets: Defaulted<number | null>;
  starts_at: Timestamp;
  ends_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  enabled: boolean;
  sort_order: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A mission's reward claimed, once per member and period (unique). */
export type MissionClaimsTable = {
  id: string;
  merchant_id: string;
  mission_id: string;
  member_id: string;
  /** yyyy-MM-dd, the period's first merchant day. */
  period_start: ColumnType<string, string, string>;
  reward_kind: MissionRewardKind;
  /** 0 for a ticket reward. */
  amount_minor: bigint;
  bonus_id: string | null;
  /** The tickets a ticket reward issued; null otherwise. */
  tickets: Defaulted<number | null>;
  created_at: Timestamp;
};

/** A member told once that a mission of a period can be claimed (migration 0157, primary key). */
export type MissionClaimableNoticesTable = {
  mission_id: string;
  member_id: string;
  /** yyyy-MM-dd, the period's first merchant day. */
  period_start: ColumnType<string, string, string>;
  created_at: Timestamp;
};

export type LeaderboardMetric = 'validBet' | 'missionScore';
export type LeaderboardPeriod = 'daily' | 'weekly' | 'monthly' | 'fixed';

/** A ranking of a merchant's members over a period, with prizes per rank. */
export type LeaderboardsTable = {
  id: string;
  merchant_id: string;
  name_ty: string;
  name_en: string;
  metric: LeaderboardMetric;
  game_type: string | null;
  period: LeaderboardPeriod;
  starts_at: Timestamp;
  ends_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** [{ rank, kind: 'cash' | 'bonus', amountMinor (text), multiplier }] in rank order. */
  prizes: ColumnType<unknown, string, string>;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A leaderboard period closed, once: by the job after it ended, or early by an operator (closed_by). */
export type LeaderboardClosesTable = {
  leaderboard_id: string;
  period_start: ColumnType<string, string, string>;
  merchant_id: string;
  ends_at: Timestamp;
  closed_by: string | null;
  created_at: Timestamp;
};

/** A rank's prize of a closed period, paid once (unique per leaderboard, period and rank). */
export type LeaderboardPrizesTable = {
  id: string;
  merchant_id: string;
  leaderboard_id: string;
  period_start: ColumnType<string, string, string>;
  rank: number;
  member_id: string;
  figure: bigint;
  reward_kind: PrizeRewardKind;
  amount_minor: bigint;
  bonus_id: string | null;
  created_at: Timestamp;
};

// Red envelopes (migrations 0154 and 0159, docs/red-envelopes.md).

export type RedEnvelopeAudience = 'all' | 'vip' | 'depositors';
export type RedEnvelopeDropStatus = 'scheduled' | 'cancelled';
/** The last socket event `reward` sent for a drop: none yet, its opening, its end. */
export type RedEnvelopeAnnounced = 'none' | 'open' | 'ended';

/** A drop an operator schedules; its amounts are in red_envelopes, split when it is saved. */
export type RedEnvelopeDropsTable = {
  id: string;
  merchant_id: string;
  titles: LocalizedColumn;
  total_minor: bigint;
  envelope_count: number;
  minimum_minor: bigint;
  audience: RedEnvelopeAudience;
  /** audience vip: the lowest VIP rank that may open one. */
  vip_rank: number | null;
  /** audience depositors: members with a deposit credited in this many days before now. */
  deposit_days: number | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** Secret until the drop ends; its hash is shown from the start. */
  server_seed: string;
  server_seed_hash: string;
  status: Defaulted<RedEnvelopeDropStatus>;
  announced: Defaulted<RedEnvelopeAnnounced>;
  /** yyyy-MM-dd, the merchant's day of the opening, whose promotions budget holds the total (0159). */
  budget_day: ColumnType<string, string, string>;
  /** When the unclaimed envelopes' amounts went back to that day's budget, and how much. */
  released_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  released_minor: Defaulted<bigint | null>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A drop's envelope: its amount by the split, and who opened it. */
export type RedEnvelopesTable = {
  drop_id: string;
  envelope_index: number;
  amount_minor: bigint;
  member_id: Defaulted<string | null>;
  opened_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Given back unopened at the drop's end (0159): no claim takes it. */
  closed: Defaulted<boolean>;
};

/** A prize wheel's or a golden egg's prize table (migration 0153); its prizes are in its versions. */
export type RewardPrizeTableKind = 'wheel' | 'egg';
export type RewardPrizeTablesTable = {
  id: string;
  merchant_id: string;
  kind: RewardPrizeTableKind;
  names: LocalizedColumn;
  /** The current version (reward_prize_table_versions), raised by every change of the table. */
  version: number;
  /** What its money prizes may pay per merchant day; null: no cap of its own. */
  daily_budget_minor: bigint | null;
  active: Defaulted<boolean>;
  sort: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** One version of a prize table: the canonical JSON hashed and its SHA-256 hex. */
export type RewardPrizeTableVersionsTable = {
  table_id: string;
  version: number;
  canonical: string;
  hash: string;
  created_at: Timestamp;
};

/** What a table's money prizes have paid on a merchant day (yyyy-MM-dd). */
export type RewardBudgetDaysTable = {
  table_id: string;
  day: ColumnType<string, string, string>;
  spent_minor: Defaulted<bigint>;
};

export type RewardTicketTrigger = 'deposit' | 'valid_bet_day' | 'vip_level' | 'contact' | 'mission';
export type RewardTicketSource = RewardTicketTrigger | 'operator';
export type RewardTicketStatus = 'unused' | 'used' | 'expired';

/** A rule that issues tickets of a table when its trigger happens. */
export type RewardTicketRulesTable = {
  id: string;
  merchant_id: string;
  trigger: RewardTicketTrigger;
  names: LocalizedColumn;
  /** The deposit, or the day's valid bet, that earns the tickets. */
  amount_minor: bigint | null;
  /** The VIP level's rank that earns the tickets once reached. */
  vip_rank: number | null;
  tickets: number;
  table_id: string;
  expires_in_days: number;
  active: Defaulted<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** One issue of tickets: its key makes it once-only. */
export type RewardTicketIssuesTable = {
  id: string;
  key: string;
  merchant_id: string;
  member_id: string;
  table_id: string;
  rule_id: string | null;
  source: RewardTicketSource;
  count: number;
  operator_id: string | null;
  operator_name: string | null;
  reason: string | null;
  created_at: Timestamp;
};

export type RewardTicketsTable = {
  id: string;
  issue_id: string;
  merchant_id: string;
  member_id: string;
  table_id: string;
  source: RewardTicketSource;
  status: Defaulted<RewardTicketStatus>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

/** A ticket's draw: the seed pair, nonce and table version it drew from, and what it paid. */
export type RewardDrawsTable = {
  id: string;
  merchant_id: string;
  member_id: string;
  ticket_id: string;
  table_id: string;
  table_version: number;
  table_hash: string;
  seed_pair_id: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: bigint;
  prize_index: number;
  prize_kind: 'cash' | 'bonus' | 'points' | 'none';
  amount_minor: bigint | null;
  points: number | null;
  bonus_id: string | null;
  /** The merchant day of the draw (yyyy-MM-dd), whose budget it spent. */
  day: ColumnType<string, string, string>;
  created_at: Timestamp;
};

/** How far the issuing job has read each merchant's deposits, bet days and members. */
export type RewardIssueWatermarksTable = {
  merchant_id: string;
  deposits_credited_at: Date | null;
  bets_changed_at: Date | null;
  members_updated_at: Date | null;
};

/** A guest of the live chat: the name and contact given at the launch, and their chat token's hash. */
export type ChatVisitorsTable = {
  id: string;
  merchant_id: string;
  name: string;
  contact: string;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
};

export type ChatConversationStatus = 'waiting' | 'active' | 'closed';

/** One customer (member or visitor) with the support desk (docs/chat.md). */
export type ChatConversationsTable = {
  id: string;
  merchant_id: string;
  member_id: string | null;
  visitor_id: string | null;
  status: ChatConversationStatus;
  /** Started while no operator was on the desk: answered later. */
  is_ticket: Defaulted<boolean>;
  operator_id: string | null;
  /** The member's VIP rank when the conversation began (0 for visitors and members without one). */
  priority: Defaulted<number>;
  /** The highest message id the customer, and the operators, have read. */
  customer_read_id: Defaulted<bigint>;
  operator_read_id: Defaulted<bigint>;
  rating: number | null;
  created_at: Timestamp;
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_message_at: Timestamp;
  /** When a member's message first spoke of a withdrawal or bank details. */
  topic_flagged_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** An operator asked the member to confirm who they are, and when they did (docs/chat.md). */
  identity_requested_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  identity_confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type ChatSenderKind = 'member' | 'visitor' | 'operator' | 'system';

export type ChatMessagesTable = {
  /** bigserial: later messages have higher ids, which the read marks compare. */
  id: ColumnType<bigint, never, never>;
  conversation_id: string;
  sender_kind: ChatSenderKind;
  operator_id: string | null;
  /** Account numbers masked before it is stored; empty for an image. */
  body: string;
  created_at: Timestamp;
  /** The picture the message carries (docs/chat.md "Images"). */
  image_id: ColumnType<string | null, string | null | undefined, never>;
};

export type ChatImagesTable = {
  id: string;
  merchant_id: string;
  conversation_id: string;
  uploader_kind: 'member' | 'visitor' | 'operator';
  operator_id: string | null;
  /** Where the image store keeps the WebP (`chat/<uuid>.webp`). */
  image_path: string;
  byte_size: number;
  created_at: Timestamp;
};

// The lite app's installs (migration 0171, docs/lite-app.md "The app-download bonus").
export type AppInstallsTable = {
  id: string;
  merchant_id: string;
  /** SHA-256 of the install token the app's service worker keeps; the token itself is never stored. */
  token_hash: string;
  issued_at: Timestamp;
  /** The X-Device-Id the token was issued to, when one was sent. */
  device_id: string | null;
  /** The member who first logged in from the installed app with this token; null until then. */
  member_id: ColumnType<string | null, string | null | undefined, string | null>;
  launched_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  launch_device_id: ColumnType<string | null, string | null | undefined, string | null>;
};

export type ChatCannedRepliesTable = {
  id: string;
  merchant_id: string;
  title: string;
  body: string;
  sort_order: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

// News, blog and the beginner guide (migration 0163, docs/back-office.md "News, blog and guide").
export type ArticlesTable = {
  id: string;
  merchant_id: string;
  kind: 'news' | 'blog' | 'guide';
  /** The article's name in its address, unique within the merchant. */
  slug: string;
  title: LocalizedColumn;
  /** The summary under the title in lists and in the page's meta description. */
  description: LocalizedColumn;
  /** Sanitised HTML per language. */
  body: LocalizedColumn;
  cover_image_url: string | null;
  published: boolean;
  publish_at: Timestamp;
  unpublish_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  sort_order: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
