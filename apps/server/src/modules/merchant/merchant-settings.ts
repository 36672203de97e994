import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { POINT_BET_TYPES, type PointBetType } from '../../db/loyalty-rules.ts';

/** Amounts in settings as on the wire: a decimal string with two fraction digits. */
const MONEY_PATTERN = '^\\d{1,13}\\.\\d{2}$';
/** An https address with a host and no spaces or quotes, safe to hand a browser as a link. */
export const AGE_GATE_EXIT_URL_PATTERN = '^https://[^\\s"<>\'`/?#]+(?:[/?#][^\\s"<>\'`]*)?$';
/** A rate as percent text with two fraction digits: "0.50" is 0.50 %. */
const RATE_PATTERN = '^\\d{1,3}\\.\\d{2}$';
/** The longest feedback text any merchant may allow, in characters (the table's check agrees). */
export const FEEDBACK_CONTENT_LENGTH_CAP = 2000;

/**
 * A merchant's settings live in one jsonb column because they are read together (every request
 * needs several of them) and change rarely. What has order or many rows per merchant (customer
 * service, resources, banners, announcements, help) lives in its own tables instead.
 */

/** Switches of spec §3/§6, in the order the back office lists them. */
export const WHITELABEL_SWITCHES = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'AGENTPOLICY3',
  'MANPLAYREB3',
  'CHNGPASSVERIF3',
  'FREEPLAY',
  'FORCEPASSCHANGE',
  'VERCODELOGIN',
  'VIP',
  'REFERRAL',
  'BONUS',
  'DAILYSALARY',
  'HOURLYSALARY',
  'REALTIMESALARY',
  'SOCIALLOGIN',
] as const;
export type WhitelabelSwitch = (typeof WHITELABEL_SWITCHES)[number];

const MOD_ID_MAX_LENGTH = 40;
const WHITELABEL_CHILDREN_MAX = 50;

// The tree is at most three levels deep; spelling the levels out keeps the schema finite, which
// JSON serialisers and the OpenAPI document handle far better than a recursive reference.
const WhitelabelLeaf = Type.Object({
  modId: Type.String({ maxLength: MOD_ID_MAX_LENGTH }),
  enabled: Type.Boolean(),
  children: Type.Array(Type.Never(), { maxItems: 0, default: [] }),
});
const WhitelabelMiddle = Type.Object({
  modId: Type.String({ maxLength: MOD_ID_MAX_LENGTH }),
  enabled: Type.Boolean(),
  children: Type.Array(WhitelabelLeaf, { maxItems: WHITELABEL_CHILDREN_MAX, default: [] }),
});
export const WhitelabelNode = Type.Object({
  modId: Type.String({ maxLength: MOD_ID_MAX_LENGTH }),
  enabled: Type.Boolean(),
  children: Type.Array(WhitelabelMiddle, { maxItems: WHITELABEL_CHILDREN_MAX, default: [] }),
});
export type WhitelabelNode = Static<typeof WhitelabelNode>;

export const RegisterRule = Type.Object({
  field: Type.String({ maxLength: 40 }),
  enabled: Type.Boolean(),
  required: Type.Boolean(),
  /** A regular expression source, or a lone `*` that accepts anything (spec §5). */
  acceptedPattern: Type.String({ maxLength: 300 }),
  /** Which translated pattern text explains the rule; see PATTERN_KINDS. */
  patternId: Type.Integer({ minimum: 1, maximum: 99 }),
  minLength: Type.Integer({ minimum: 0, maximum: 255 }),
  maxLength: Type.Integer({ minimum: 0, maximum: 255 }),
  type: Type.Union([
    Type.Literal('text'),
    Type.Literal('password'),
    Type.Literal('tel'),
    Type.Literal('email'),
    Type.Literal('date'),
    Type.Literal('code'),
  ]),
  /**
   * The member cannot change the field in the security centre once registered; it shows read-only
   * there with a note (docs/security.md "Profile"). Absent means false.
   */
  lockedAfterRegistration: Type.Optional(Type.Boolean()),
});
export type RegisterRule = Static<typeof RegisterRule>;

const CIDR_LIST_MAX = 1000;
const COUNTRY_LIST_MAX = 250;

export const RegionRestriction = Type.Object(
  {
    enabled: Type.Boolean({ default: false }),
    /** ISO 3166-1 alpha-2 codes. */
    blockedCountries: Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), {
      maxItems: COUNTRY_LIST_MAX,
      default: [],
    }),
    blockedCidrs: Type.Array(Type.String({ maxLength: 64 }), { maxItems: CIDR_LIST_MAX, default: [] }),
    /** Addresses here are let in even when their country or range is blocked. */
    allowCidrs: Type.Array(Type.String({ maxLength: 64 }), { maxItems: CIDR_LIST_MAX, default: [] }),
  },
  { default: { enabled: false, blockedCountries: [], blockedCidrs: [], allowCidrs: [] } },
);
export type RegionRestriction = Static<typeof RegionRestriction>;

const URL_LIST_MAX = 20;

const ACCOUNT_CREATION_DEFAULT = {
  windowMinutes: 60,
  registrationsPerAddress: 10,
  registrationsPerDevice: 3,
  trialsPerAddress: 20,
  trialsPerDevice: 5,
};

/**
 * How many accounts one client may open in a rolling window before each further one needs a
 * captcha (0: always). Philippine carriers put many subscribers behind one IPv4 address, so these
 * thresholds ask for a captcha and never refuse. An address counts as itself for IPv4 and as its
 * /64 for IPv6; a device is the random X-Device-Id the web app keeps, which a script can leave out
 * or change, so it only adds to the address threshold.
 */
export const AccountCreation = Type.Object(
  {
    windowMinutes: Type.Integer({ minimum: 1, maximum: 7 * 24 * 60, default: 60 }),
    registrationsPerAddress: Type.Integer({ minimum: 0, maximum: 10_000, default: 10 }),
    registrationsPerDevice: Type.Integer({ minimum: 0, maximum: 1000, default: 3 }),
    trialsPerAddress: Type.Integer({ minimum: 0, maximum: 10_000, default: 20 }),
    trialsPerDevice: Type.Integer({ minimum: 0, maximum: 1000, default: 5 }),
  },
  { default: ACCOUNT_CREATION_DEFAULT },
);
export type AccountCreation = Static<typeof AccountCreation>;

/**
 * Hours a seamless vendor's round may stay open (staked, no credit) before the back office's
 * report "Vendor rounds without a credit" lists it.
 */
export const VendorRounds = Type.Object(
  { overdueHours: Type.Integer({ minimum: 1, maximum: 30 * 24, default: 24 }) },
  { default: { overdueHours: 24 } },
);

/**
 * What agents may see of their team (issue #16 "Privacy"): players' balances only where the
 * merchant allows it.
 */
export const AgentVisibility = Type.Object(
  { showDownlineBalances: Type.Boolean({ default: false }) },
  { default: { showDownlineBalances: false } },
);

/**
 * What counts as valid bet (turnover, rebates, contracts) beyond "the stake of a settled bet",
 * knowable for our own games only: `hedgedBaccarat` — a round staking both player and banker
 * counts only the difference of the two (`net`) or every stake (`full`); `pushes` — a stake
 * handed back because the hand was a draw (baccarat's player and banker on a tie) counts 0
 * (`exclude`) or in full (`include`).
 */
export const ValidBetSettings = Type.Object(
  {
    hedgedBaccarat: Type.Union([Type.Literal('net'), Type.Literal('full')], { default: 'net' }),
    pushes: Type.Union([Type.Literal('exclude'), Type.Literal('include')], { default: 'exclude' }),
  },
  { default: { hedgedBaccarat: 'net', pushes: 'exclude' } },
);

/**
 * VIP levels (docs/loyalty.md "VIP"): the rolling window thresholds and retention are measured
 * over, the merchant day of the month the review runs on, and the wagering and expiry of the
 * bonuses levels give (upgrade, birthday, monthly).
 */
export const VipSettings = Type.Object(
  {
    windowDays: Type.Integer({ minimum: 1, maximum: 365, default: 90 }),
    reviewDay: Type.Integer({ minimum: 1, maximum: 28, default: 1 }),
    giftMultiplier: Type.Integer({ minimum: 0, maximum: 50, default: 1 }),
    giftExpiryDays: Type.Integer({ minimum: 1, maximum: 365, default: 7 }),
  },
  { default: { windowDays: 90, reviewDay: 1, giftMultiplier: 1, giftExpiryDays: 7 } },
);
export type VipSettings = Static<typeof VipSettings>;

/**
 * Rebates (docs/loyalty.md "Rebates"): on valid bet or on theoretical loss (valid bet × the
 * game's house edge; `houseEdges` per game type for games without an edge of their own), the
 * rate per game type (a VIP level's rate replaces it), the wagering and expiry of the bonus it is
 * paid as, how often a member may claim in manual mode (switch MANPLAYREB3), and the least amount
 * paid. Rates and edges are percent text: "0.50" is 0.50 %.
 */
export const RebateSettings = Type.Object(
  {
    basis: Type.Union([Type.Literal('validBet'), Type.Literal('theoreticalLoss')], { default: 'validBet' }),
    rates: Type.Record(Type.String({ pattern: '^[A-Z]{2,12}$' }), Type.String({ pattern: RATE_PATTERN }), {
      default: {},
    }),
    houseEdges: Type.Record(
      Type.String({ pattern: '^[A-Z]{2,12}$' }),
      Type.String({ pattern: RATE_PATTERN }),
      { default: {} },
    ),
    multiplier: Type.Integer({ minimum: 0, maximum: 50, default: 1 }),
    expiryDays: Type.Integer({ minimum: 1, maximum: 365, default: 7 }),
    claimIntervalMinutes: Type.Integer({ minimum: 1, maximum: 30 * 24 * 60, default: 60 }),
    minimumAmount: Type.String({ pattern: MONEY_PATTERN, default: '1.00' }),
  },
  {
    default: {
      basis: 'validBet',
      rates: {},
      houseEdges: {},
      multiplier: 1,
      expiryDays: 7,
      claimIntervalMinutes: 60,
      minimumAmount: '1.00',
    },
  },
);
export type RebateSettings = Static<typeof RebateSettings>;

/** Points earned per amount: `points` for each whole `per` of valid bet or deposit. */
const PointsRule = Type.Object({
  per: Type.String({ pattern: MONEY_PATTERN }),
  points: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});

/**
 * The points mall (docs/loyalty.md "Points"): points per amount of valid bet by point type and
 * per amount deposited (before the VIP multiplier), the exchange-rate table (a row applies from
 * its number of points: `amount` per 100 points), and the wagering, expiry and least number of
 * points of a conversion into the bonus wallet.
 */
export const PointsSettings = Type.Object(
  {
    earn: Type.Object(
      Object.fromEntries(POINT_BET_TYPES.map((type) => [type, Type.Optional(PointsRule)])) as Record<
        PointBetType,
        ReturnType<typeof Type.Optional<typeof PointsRule>>
      >,
      { default: {}, additionalProperties: false },
    ),
    deposit: Type.Union([PointsRule, Type.Null()], { default: null }),
    exchange: Type.Array(
      Type.Object({
        from: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
        amount: Type.String({ pattern: MONEY_PATTERN }),
      }),
      { maxItems: 20, default: [] },
    ),
    convertMultiplier: Type.Integer({ minimum: 1, maximum: 50, default: 1 }),
    convertExpiryDays: Type.Integer({ minimum: 1, maximum: 365, default: 7 }),
    minConvertPoints: Type.Integer({ minimum: 1, maximum: 1_000_000_000, default: 100 }),
  },
  {
    default: {
      earn: {},
      deposit: null,
      exchange: [],
      convertMultiplier: 1,
      convertExpiryDays: 7,
      minConvertPoints: 100,
    },
  },
);
export type PointsSettings = Static<typeof PointsSettings>;

/**
 * Members' feedback (docs/back-office.md "Feedback"): the length its text must have, counted in
 * characters (Unicode code points), not words, since Tagalog and English say the same in different
 * numbers of words.
 */
export const FeedbackSettings = Type.Object(
  {
    contentMinLength: Type.Integer({ minimum: 1, maximum: FEEDBACK_CONTENT_LENGTH_CAP, default: 10 }),
    contentMaxLength: Type.Integer({ minimum: 1, maximum: FEEDBACK_CONTENT_LENGTH_CAP, default: 500 }),
  },
  { default: { contentMinLength: 10, contentMaxLength: 500 } },
);
export type FeedbackSettings = Static<typeof FeedbackSettings>;

export const MerchantSettings = Type.Object({
  whitelabel: Type.Array(WhitelabelNode, { maxItems: 100, default: [] }),
  register: Type.Array(RegisterRule, { maxItems: 60, default: [] }),
  mainDomain: Type.String({ maxLength: 253, default: 'localhost' }),
  analytics: Type.Object(
    { gtagId: Type.Union([Type.String({ maxLength: 40 }), Type.Null()]) },
    { default: { gtagId: null } },
  ),
  imageCDNs: Type.Array(Type.String({ maxLength: 500 }), { maxItems: URL_LIST_MAX, default: [] }),
  launchGameCDNs: Type.Array(Type.String({ maxLength: 500 }), { maxItems: URL_LIST_MAX, default: [] }),
  minimumAge: Type.Integer({ minimum: 18, maximum: 25, default: 18 }),
  /**
   * Where the entry confirmation's Leave button sends a visitor: an https address of the merchant's
   * choice. Null keeps them on the confirmation's own notice that the site is for adults only, which
   * names the minimum age and nothing else (the platform sends nobody to a site it does not know).
   */
  ageGateExitUrl: Type.Union(
    [Type.String({ pattern: AGE_GATE_EXIT_URL_PATTERN, maxLength: 500 }), Type.Null()],
    {
      default: null,
    },
  ),
  session: Type.Object(
    {
      idleMinutes: Type.Integer({ minimum: 5, maximum: 24 * 60, default: 30 }),
      absoluteMinutes: Type.Integer({ minimum: 30, maximum: 30 * 24 * 60, default: 720 }),
    },
    { default: { idleMinutes: 30, absoluteMinutes: 720 } },
  ),
  regionRestriction: RegionRestriction,
  /**
   * The second login step from an address a member has not used before (spec §4 "Unregistered
   * IP"), with the methods a member may be offered.
   */
  loginVerification: Type.Object(
    {
      enabled: Type.Boolean({ default: false }),
      methods: Type.Array(
        Type.Union([
          Type.Literal('sms'),
          Type.Literal('email'),
          Type.Literal('totp'),
          Type.Literal('bankName'),
        ]),
        { maxItems: 4, default: ['sms', 'email', 'totp', 'bankName'] },
      ),
    },
    { default: { enabled: false, methods: ['sms', 'email', 'totp', 'bankName'] } },
  ),
  /**
   * Identity providers for social login (SOCIALLOGIN switch), by OpenID Connect. The client secret
   * is the merchant's and never leaves the server.
   */
  socialLogin: Type.Array(
    Type.Object({
      provider: Type.Union([Type.Literal('google'), Type.Literal('facebook')]),
      enabled: Type.Boolean(),
      issuer: Type.String({ pattern: '^https?://', maxLength: 300 }),
      clientId: Type.String({ minLength: 1, maxLength: 300 }),
      clientSecret: Type.String({ maxLength: 500 }),
      scopes: Type.String({ maxLength: 200, default: 'openid email profile' }),
    }),
    { maxItems: 4, default: [] },
  ),
  accountCreation: AccountCreation,
  /** Days a password stays valid when FORCEPASSCHANGE is on; 0 never expires (spec §4). */
  passwordExpiryDays: Type.Integer({ minimum: 0, maximum: 3650, default: 0 }),
  /**
   * Withdrawal rules: the amount range (decimal strings, as money travels), and how many times the
   * deposits since the last paid withdrawal must have been wagered first (0 turns the check off).
   */
  withdrawal: Type.Object(
    {
      minAmount: Type.String({ pattern: MONEY_PATTERN, default: '100.00' }),
      maxAmount: Type.String({ pattern: MONEY_PATTERN, default: '50000.00' }),
      turnoverMultiplier: Type.Integer({ minimum: 0, maximum: 50, default: 1 }),
      /**
       * Minutes a paid-out withdrawal waits for the member's confirmation before it counts as
       * received (spec §9 "withdrawal auto-receipt timeout"; the value is the merchant's).
       */
      confirmTimeoutMinutes: Type.Integer({ minimum: 5, maximum: 30 * 24 * 60, default: 24 * 60 }),
    },
    {
      default: {
        minAmount: '100.00',
        maxAmount: '50000.00',
        turnoverMultiplier: 1,
        confirmTimeoutMinutes: 24 * 60,
      },
    },
  ),
  /**
   * The merchant's wallet mode (spec §3 "Merchant wallet: isSingle"): one wallet that every game
   * plays from (the default), or a main wallet with a transfer wallet per vendor that the member
   * moves money into before playing that vendor's games.
   */
  wallet: Type.Object(
    { mode: Type.Union([Type.Literal('single'), Type.Literal('transfer')], { default: 'single' }) },
    { default: { mode: 'single' } },
  ),
  feedback: FeedbackSettings,
  vendorRounds: VendorRounds,
  agents: AgentVisibility,
  validBet: ValidBetSettings,
  /** Agent contracts (issue #17, `docs/contracts.md`). */
  contracts: Type.Object(
    {
      /** Days an offer waits for the downline's answer before it expires. */
      offerExpiryDays: Type.Integer({ minimum: 1, maximum: 90, default: 7 }),
      /** A team member is active in a cycle when its valid bet there reaches this. */
      activeMemberMinValidBet: Type.String({ pattern: MONEY_PATTERN, default: '100.00' }),
      /** A negative dividend base is carried to the next cycle, or the next cycle starts at 0. */
      negativeDividend: Type.Union([Type.Literal('carry'), Type.Literal('reset')], { default: 'carry' }),
      /** Real-time salary under this accrues to the next 5-minute cycle instead of being paid. */
      realtimeMinimumAmount: Type.String({ pattern: MONEY_PATTERN, default: '1.00' }),
      /** A settlement above this waits for an operator's approval before it is paid. */
      manualApprovalAbove: Type.String({ pattern: MONEY_PATTERN, default: '50000.00' }),
    },
    {
      default: {
        offerExpiryDays: 7,
        activeMemberMinValidBet: '100.00',
        negativeDividend: 'carry',
        realtimeMinimumAmount: '1.00',
        manualApprovalAbove: '50000.00',
      },
    },
  ),
  /**
   * Promotions and bonuses (docs/promotions.md): the highest wagering multiplier a bonus's terms
   * may ask for (10 is the strictest regulators' figure), and what promotions and operators may
   * grant in all per merchant day (null: no cap).
   */
  promotions: Type.Object(
    {
      maxMultiplier: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
      budgetPerDay: Type.Union([Type.String({ pattern: MONEY_PATTERN }), Type.Null()], { default: null }),
    },
    { default: { maxMultiplier: 10, budgetPerDay: null } },
  ),
  vip: VipSettings,
  rebate: RebateSettings,
  points: PointsSettings,
  /** The live chat (docs/chat.md): how many conversations one support operator holds at once. */
  liveChat: Type.Object(
    { activeChatsPerOperatorMax: Type.Integer({ minimum: 1, maximum: 50, default: 5 }) },
    { default: { activeChatsPerOperatorMax: 5 } },
  ),
  /** Footer text per language code. */
  description: Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), Type.String({ maxLength: 4000 }), {
    default: {},
  }),
  siteName: Type.String({ maxLength: 100, default: '' }),
  /**
   * A planned maintenance window: the site shows the maintenance page between the two moments
   * (ISO 8601) with the merchant's maintenance title and message, checked at every read, so no job
   * has to switch it on or off. Either end may be open.
   */
  maintenanceSchedule: Type.Object(
    {
      startsAt: Type.Union([Type.String({ format: 'date-time', maxLength: 40 }), Type.Null()]),
      endsAt: Type.Union([Type.String({ format: 'date-time', maxLength: 40 }), Type.Null()]),
    },
    { default: { startsAt: null, endsAt: null } },
  ),
});
export type MerchantSettings = Static<typeof MerchantSettings>;

export class MerchantSettingsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid merchant settings: ${problems.join('; ')}`);
    this.name = 'MerchantSettingsError';
    this.problems = problems;
  }
}

/**
 * Reads a settings document with defaults filled in. A document that does not fit the schema is a
 * bug in whatever wrote it, so it fails loudly instead of being patched up.
 */
export function parseMerchantSettings(raw: unknown): MerchantSettings {
  const value = Value.Default(MerchantSettings, Value.Clone(raw ?? {}));
  if (Value.Check(MerchantSettings, value)) return value;
  const problems = Value.Errors(MerchantSettings, value)
    .slice(0, 5)
    .map((error) => `${error.instancePath || '/'} ${error.message}`);
  throw new MerchantSettingsError(problems);
}
