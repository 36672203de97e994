import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import {
  basisPointsOfRate,
  HOUSE_EDGE_BP_MAX,
  LOYALTY_GAME_TYPES,
  REBATE_RATE_BP_MAX,
} from '../../db/loyalty-rules.ts';
import type { MerchantAdminService } from '../../modules/merchant/merchant-admin.service.ts';
import {
  AccountCreation,
  AGE_GATE_EXIT_URL_PATTERN,
  AgentVisibility,
  FeedbackSettings,
  PointsSettings,
  RebateSettings,
  RegionRestriction,
  RegisterRule,
  ValidBetSettings,
  VendorRounds,
  VipSettings,
  WhitelabelNode,
} from '../../modules/merchant/merchant-settings.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, IdParams, MerchantScopeQuery } from './bo-schemas.ts';
import { readOperator, resolveMerchantScope } from './operator-session.ts';
import { merchantScopedRoute, resourceRoute } from './scoped-route.ts';

export type MerchantConfigRoutesDeps = { merchantAdmin: MerchantAdminService };

const TAGS = ['back office: configuration'];
const LanguageCode = Type.String({ pattern: '^[A-Z]{2}$', examples: ['EN'] });
const CdnUrl = Type.String({ pattern: '^https://', maxLength: 500, examples: ['https://cdn.example.com'] });
const IsoMoment = Nullable(Type.String({ format: 'date-time', maxLength: 40 }));

const DomainItem = Type.Object({
  domain: Type.String({ minLength: 1, maxLength: 253 }),
  route: StringOf(['PLAYER', 'AGENT', 'MOBILE']),
  isMain: Type.Boolean(),
  /**
   * How the route is reached from outside. On the main PLAYER route, scheme, domain and port make
   * the main origin that links and callback addresses name; without a scheme they name PUBLIC_ORIGIN.
   */
  scheme: Type.Optional(
    Type.Unsafe<'http' | 'https' | null>({ type: ['string', 'null'], enum: ['http', 'https', null] }),
  ),
  port: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 65535 }))),
});

const GeneralBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  currency: Type.String({ pattern: '^[A-Z]{3}$', examples: ['PHP'] }),
  currencySymbol: Type.String({ minLength: 1, maxLength: 8 }),
  timeZone: Type.String({ minLength: 1, maxLength: 64 }),
  defaultLanguage: LanguageCode,
  languages: Type.Array(LanguageCode, { minItems: 1, maxItems: 40 }),
  mainDomain: Type.String({ minLength: 1, maxLength: 253 }),
  siteName: Type.String({ maxLength: 100 }),
  minimumAge: Type.Integer({ minimum: 18, maximum: 25 }),
  /** The entry confirmation's Leave address (https); null keeps the visitor on its own notice; omitted keeps it. */
  ageGateExitUrl: Type.Optional(
    Nullable(
      Type.String({ pattern: AGE_GATE_EXIT_URL_PATTERN, maxLength: 500, examples: ['https://example.org/'] }),
    ),
  ),
  session: Type.Object({
    idleMinutes: Type.Integer({ minimum: 5, maximum: 24 * 60 }),
    absoluteMinutes: Type.Integer({ minimum: 30, maximum: 30 * 24 * 60 }),
  }),
  analyticsId: Nullable(
    Type.String({ pattern: '^[A-Z]{1,3}-[A-Z0-9-]{4,30}$', maxLength: 40, examples: ['G-ABC123'] }),
  ),
  imageCDNs: Type.Array(CdnUrl, { maxItems: 20 }),
  launchGameCDNs: Type.Array(CdnUrl, { maxItems: 20 }),
  passwordExpiryDays: Type.Integer({ minimum: 0, maximum: 3650 }),
});

const SocialLoginBody = Type.Object({
  providers: Type.Array(
    Type.Object({
      provider: StringOf(['google', 'facebook']),
      enabled: Type.Boolean(),
      issuer: Type.String({
        pattern: '^https?://',
        maxLength: 300,
        examples: ['https://accounts.google.com'],
      }),
      clientId: Type.String({ minLength: 1, maxLength: 300 }),
      /** Write-only: a new secret replaces the stored one; omitted or null keeps it. */
      clientSecret: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 500 }))),
      scopes: Type.Optional(Type.String({ maxLength: 200 })),
    }),
    { maxItems: 4 },
  ),
});

/**
 * A maintenance text by language code. The merchant's default language's text is the one every
 * other language falls back to; a language left blank is not kept.
 */
const MaintenanceText = (maxLength: number) =>
  Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), Type.String({ maxLength }), {
    maxProperties: 8,
    examples: [{ TY: 'Babalik kami ng 10:00', EN: 'Back at 10:00' }],
  });

const MaintenanceView = Type.Object({
  enabled: Type.Boolean(),
  title: MaintenanceText(200),
  message: MaintenanceText(2000),
  startsAt: IsoMoment,
  endsAt: IsoMoment,
});

const SystemStatusBody = Type.Object({ maintenance: MaintenanceView, regionRestriction: RegionRestriction });

/**
 * Vendors' rounds without a credit (hours before they are reported), what agents see of their
 * team, and what counts as valid bet in our own games.
 */
const BetsAndAgentsBody = Type.Object({
  vendorRounds: VendorRounds,
  agents: AgentVisibility,
  validBet: ValidBetSettings,
});

/**
 * Promotions and bonuses: the highest wagering multiplier bonus terms may ask for, and what
 * promotions and hand grants may give in all per merchant day (null: no cap).
 */
const PromotionSettingsBody = Type.Object({
  maxMultiplier: Type.Integer({ minimum: 1, maximum: 50, examples: [10] }),
  budgetPerDay: Nullable(
    Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16, examples: ['50000.00'] }),
  ),
});
const PromotionSettingsView = Type.Object({
  maxMultiplier: Type.Integer(),
  budgetPerDay: Nullable(Type.String()),
});

/** A day's budget as the settings keep it ("50000.00"), or VALIDATION when it is not above zero. */
function budgetOf(text: string | null): string | null {
  if (text === null) return null;
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.minor <= 0n) {
    throw new AppError('VALIDATION', { value: { fields: { budgetPerDay: 'amount' } } });
  }
  return formatAmount(parsed.minor);
}

/**
 * What the settings' schemas cannot say of a loyalty section (docs/loyalty.md): rates and edges
 * name the catalogue's game types and stay within their bounds, amounts per points are above
 * zero, and the exchange-rate table's rows rise by their number of points.
 */
function checkLoyaltySection(section: 'vip' | 'rebate' | 'points', body: unknown): void {
  const fields: Record<string, string> = {};
  const gameTypes = new Set<string>(LOYALTY_GAME_TYPES);
  const positive = (text: string) => {
    const parsed = parseAmount(text);
    return parsed.ok && parsed.minor > 0n;
  };
  if (section === 'rebate') {
    const rebate = body as Static<typeof RebateSettings>;
    for (const [type, rate] of Object.entries(rebate.rates)) {
      if (!gameTypes.has(type)) fields[`rates.${type}`] = 'gameType';
      else if (basisPointsOfRate(rate) > REBATE_RATE_BP_MAX) fields[`rates.${type}`] = 'tooHigh';
    }
    for (const [type, edge] of Object.entries(rebate.houseEdges)) {
      if (!gameTypes.has(type)) fields[`houseEdges.${type}`] = 'gameType';
      else if (basisPointsOfRate(edge) > HOUSE_EDGE_BP_MAX) fields[`houseEdges.${type}`] = 'tooHigh';
    }
    if (!positive(rebate.minimumAmount)) fields.minimumAmount = 'amount';
  }
  if (section === 'points') {
    const points = body as Static<typeof PointsSettings>;
    for (const [type, rule] of Object.entries(points.earn)) {
      if (rule && !positive(rule.per)) fields[`earn.${type}.per`] = 'amount';
    }
    if (points.deposit !== null && !positive(points.deposit.per)) fields['deposit.per'] = 'amount';
    points.exchange.forEach((row, index) => {
      if (!positive(row.amount)) fields[`exchange.${index}.amount`] = 'amount';
      const before = points.exchange[index - 1];
      if (before !== undefined && row.from <= before.from) fields[`exchange.${index}.from`] = 'order';
    });
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
}

const MerchantConfig = Type.Object({
  merchant: Type.Object({ id: Type.String(), code: Type.String(), isDefault: Type.Boolean() }),
  general: GeneralBody,
  domains: Type.Array(DomainItem),
  whitelabel: Type.Array(WhitelabelNode),
  register: Type.Array(RegisterRule),
  socialLogin: Type.Array(
    Type.Object({
      provider: StringOf(['google', 'facebook']),
      enabled: Type.Boolean(),
      issuer: Type.String(),
      clientId: Type.String(),
      scopes: Type.String(),
      /** Whether a client secret is stored; the secret itself never leaves the server. */
      clientSecretSet: Type.Boolean(),
    }),
  ),
  systemStatus: Type.Object({
    maintenance: MaintenanceView,
    closedEverywhere: Type.Boolean(),
    regionRestriction: RegionRestriction,
  }),
  accountCreation: AccountCreation,
  feedback: FeedbackSettings,
  betsAndAgents: BetsAndAgentsBody,
  promotions: PromotionSettingsView,
  vip: VipSettings,
  rebate: RebateSettings,
  points: PointsSettings,
});

const ConfigReply = { 200: Envelope(MerchantConfig), ...BO_ERROR_RESPONSES };

/**
 * Merchants and their configuration: general fields, domains, switches, register rules, social
 * login, status, the thresholds of new accounts, and the rules of bets and agents.
 */
export function registerMerchantConfigRoutes(app: TypedApp, deps: MerchantConfigRoutesDeps): void {
  const { merchantAdmin } = deps;

  /** The merchant of the path; another merchant's staff got NOT_FOUND before the body was read. */
  async function merchantOf(request: FastifyRequest & { params: Static<typeof IdParams> }) {
    const { id } = request.params;
    return { merchantId: id, actor: (await readOperator(request)).actor };
  }
  const findMerchant = async (id: string) => ((await merchantAdmin.merchantExists(id)) ? id : undefined);

  app.get(
    '/bo/merchants',
    {
      ...merchantScopedRoute('settings.read'),
      schema: {
        tags: TAGS,
        summary: 'The merchants the operator works on',
        querystring: MerchantScopeQuery,
        response: {
          200: Envelope(
            Type.Object({
              list: Type.Array(Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() })),
            }),
          ),
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchantId } = request.query;
      const { scope } = resolveMerchantScope(await readOperator(request), merchantId);
      return ok({ list: await merchantAdmin.listMerchants(scope) });
    },
  );

  app.get(
    '/bo/merchants/:id/config',
    {
      ...resourceRoute('settings.read', findMerchant),
      schema: {
        tags: TAGS,
        summary: "A merchant's configuration (secrets shown only as set or not)",
        params: IdParams,
        response: ConfigReply,
      },
    },
    async (request) => {
      const { merchantId } = await merchantOf(request);
      return ok(await merchantAdmin.readConfig(merchantId));
    },
  );

  const writes = [
    {
      path: 'general',
      summary: 'Name, currency, time zone, languages, minimum age, session timeouts, analytics id, CDN lists',
      body: GeneralBody,
      run: (actor, merchantId, body) =>
        merchantAdmin.updateGeneral(actor, merchantId, body as Static<typeof GeneralBody>),
    },
    {
      path: 'domains',
      summary: 'Replace the domain routes (main domain and mirrors per route)',
      body: Type.Object({ domains: Type.Array(DomainItem, { maxItems: 50 }) }),
      run: (actor, merchantId, body) =>
        merchantAdmin.replaceDomains(
          actor,
          merchantId,
          (body as { domains: Static<typeof DomainItem>[] }).domains.map((entry) => ({
            ...entry,
            scheme: entry.scheme ?? null,
            port: entry.port ?? null,
          })),
        ),
    },
    {
      path: 'whitelabel',
      summary: 'Replace the whitelabel switch tree (spec §3 and §6)',
      body: Type.Object({ whitelabel: Type.Array(WhitelabelNode, { maxItems: 100 }) }),
      run: (actor, merchantId, body) =>
        merchantAdmin.replaceWhitelabel(
          actor,
          merchantId,
          (body as { whitelabel: Static<typeof WhitelabelNode>[] }).whitelabel,
        ),
    },
    {
      path: 'register',
      summary:
        'Replace the register rules (per field: enabled, required, pattern, min, max, locked after registration)',
      body: Type.Object({ rules: Type.Array(RegisterRule, { maxItems: 60 }) }),
      run: (actor, merchantId, body) =>
        merchantAdmin.replaceRegisterRules(
          actor,
          merchantId,
          (body as { rules: Static<typeof RegisterRule>[] }).rules,
        ),
    },
    {
      path: 'account-creation',
      summary:
        'New accounts per address (an IPv6 /64) and per device in a window before each further one needs a captcha',
      body: AccountCreation,
      run: (actor, merchantId, body) =>
        merchantAdmin.updateAccountCreation(actor, merchantId, body as Static<typeof AccountCreation>),
    },
    {
      path: 'feedback',
      summary:
        "The length a member's feedback text must have, in characters (1 to 2000, the least not above the most)",
      body: FeedbackSettings,
      run: (actor, merchantId, body) =>
        merchantAdmin.updateFeedback(actor, merchantId, body as Static<typeof FeedbackSettings>),
    },
    {
      path: 'bets-and-agents',
      summary:
        "Hours before a vendor's round without a credit is reported, whether agents see their downlines' balances, and what counts as valid bet in our own games (hedged baccarat, pushes)",
      body: BetsAndAgentsBody,
      run: (actor, merchantId, body) =>
        merchantAdmin.updateBetsAndAgents(actor, merchantId, body as Static<typeof BetsAndAgentsBody>),
    },
    {
      path: 'promotions',
      summary:
        'The highest wagering multiplier bonus terms may ask for (1 to 50), and what promotions and hand grants may give per merchant day (null: no cap)',
      body: PromotionSettingsBody,
      run: (actor, merchantId, body) => {
        const input = body as Static<typeof PromotionSettingsBody>;
        return merchantAdmin.updatePromotions(actor, merchantId, {
          maxMultiplier: input.maxMultiplier,
          budgetPerDay: budgetOf(input.budgetPerDay),
        });
      },
    },
    ...(
      [
        [
          'vip',
          VipSettings,
          "VIP levels' window (days), review day of the month, and the gifts' wagering and expiry",
        ],
        [
          'rebate',
          RebateSettings,
          "Rebates' basis (valid bet or theoretical loss), rates and house edges per game type, the bonus's wagering and expiry, the manual claim interval and the least amount",
        ],
        [
          'points',
          PointsSettings,
          "The points mall's earning per point type and per deposit, the exchange-rate table, and conversions' wagering, expiry and least points",
        ],
      ] as const
    ).map(([section, body, summary]) => ({
      path: section,
      summary,
      body,
      run: (actor: Awaited<ReturnType<typeof readOperator>>['actor'], merchantId: string, input: unknown) => {
        checkLoyaltySection(section, input);
        return merchantAdmin.updateLoyalty(actor, merchantId, section, input as never);
      },
    })),
    {
      path: 'social-login',
      summary: 'Replace the social login providers; a client secret is write-only',
      body: SocialLoginBody,
      run: (actor, merchantId, body) =>
        merchantAdmin.replaceSocialLogin(
          actor,
          merchantId,
          (body as Static<typeof SocialLoginBody>).providers,
        ),
    },
    {
      path: 'system-status',
      summary: 'Maintenance (now or scheduled) and region restriction',
      body: SystemStatusBody,
      run: (actor, merchantId, body) =>
        merchantAdmin.updateSystemStatus(actor, merchantId, body as Static<typeof SystemStatusBody>),
    },
  ] satisfies {
    path: string;
    summary: string;
    body: ReturnType<typeof Type.Object>;
    run: (
      actor: Awaited<ReturnType<typeof readOperator>>['actor'],
      merchantId: string,
      body: unknown,
    ) => ReturnType<MerchantAdminService['readConfig']>;
  }[];

  for (const write of writes) {
    app.put(
      `/bo/merchants/:id/${write.path}`,
      {
        ...resourceRoute('settings.write', findMerchant),
        schema: {
          tags: TAGS,
          summary: write.summary,
          params: IdParams,
          body: write.body,
          response: ConfigReply,
        },
      },
      async (request) => {
        const { merchantId, actor } = await merchantOf(request);
        return ok(await write.run(actor, merchantId, request.body));
      },
    );
  }
}
