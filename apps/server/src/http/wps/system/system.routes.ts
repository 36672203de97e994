import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import { audiencesOf, type ContentService } from '../../../modules/content/content.service.ts';
import {
  CUSTOMER_SERVICE_TOKEN_LENGTH_MAX,
  type CustomerServiceLinks,
} from '../../../modules/content/customer-service-links.ts';
import type { InboxService } from '../../../modules/inbox/inbox.service.ts';
import { isAgentType, type MemberService, TRIAL_TYPE } from '../../../modules/member/member.service.ts';
import {
  isUnderMaintenance,
  type MerchantService,
  maintenanceNoticeOf,
  mirrorOriginsOf,
  readSwitches,
} from '../../../modules/merchant/merchant.service.ts';
import { WHITELABEL_SWITCHES } from '../../../modules/merchant/merchant-settings.ts';
import type { PromotionService } from '../../../modules/promotion/promotion.service.ts';
import type { VipService } from '../../../modules/vip/vip.service.ts';
import type { WalletService } from '../../../modules/wallet/wallet.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import type { RateLimiter, RateLimitRule } from '../../../platform/rate-limit/rate-limiter.ts';
import { isCaptchaRequiredForIp } from '../../../workflows/login.ts';
import { listSocialProviders } from '../../../workflows/social-login.ts';
import { readMemberSession } from '../../member-session.ts';
import { readVisitor, requireMerchant, requireMerchantReader } from '../../merchant-context.ts';
import {
  BannerItem,
  CustomerServiceItem,
  DomainRouteItem,
  ERROR_RESPONSES,
  ExecutionCode,
  IntegerOf,
  LanguageQuery,
  MerchantQuery,
  Nullable,
  RegisterRules,
  ResourceItem,
  StringOf,
  WhitelabelTree,
} from './system-schemas.ts';

export type SystemRoutesDeps = {
  merchantService: MerchantService;
  contentService: ContentService;
  customerServiceLinks: CustomerServiceLinks;
  members: MemberService;
  rateLimiter: RateLimiter;
  wallet: WalletService;
  inbox: InboxService;
  /** The public state's promotions and the member's count of those open to them. */
  promotions: Pick<PromotionService, 'publicSummary'>;
  /** The member's VIP level for the header (hasVip, vipLabelName, vipRankLevel). */
  vip: Pick<VipService, 'findBadge'>;
  /** A trusted proxy's country header (e.g. CF-IPCountry), when configured. */
  countryHeader: string | undefined;
};

const TAGS = ['system'];
const PlainQuery = Type.Object({ ...MerchantQuery, ...LanguageQuery });
const OpenCustomerServiceQuery = Type.Object({
  ...MerchantQuery,
  ...LanguageQuery,
  path: Type.String({ minLength: 1, maxLength: CUSTOMER_SERVICE_TOKEN_LENGTH_MAX }),
});
/** A player opens customer service a few times; a script walking tokens is held back. */
const CUSTOMER_SERVICE_OPENS_PER_CLIENT: RateLimitRule = {
  name: 'customer-service-open',
  limit: 20,
  windowSeconds: 60,
};

/** The probe's cache-busting counter; the route ignores it. */
const PROBE_ID_LENGTH_MAX = 32;

const SwitchesSchema = Type.Object(
  Object.fromEntries(WHITELABEL_SWITCHES.map((name) => [name, Type.Boolean()])) as Record<
    (typeof WHITELABEL_SWITCHES)[number],
    ReturnType<typeof Type.Boolean>
  >,
);

const StatusValue = Type.Object({
  status: IntegerOf([0, 1, 2]),
  title: Nullable(Type.String()),
  message: Nullable(Type.String()),
  ip: Type.String(),
});

const PermissionValue = Type.Object({
  info: Type.Object({
    merchantCode: Type.String(),
    merchantName: Type.String(),
    currency: Type.String(),
    currencySymbol: Type.String(),
    timeZone: Type.String(),
    defaultLanguage: Type.String(),
    languages: Type.Array(Type.String()),
    customerService: Type.Array(CustomerServiceItem),
    domainRoute: Type.Array(DomainRouteItem),
    resources: Type.Record(Type.String(), Type.Array(ResourceItem)),
    whitelabel: WhitelabelTree,
    register: RegisterRules,
    mainDomain: Type.String(),
    analytics: Type.Object({ gtagId: Nullable(Type.String()) }),
    imageCDNs: Type.Array(Type.String()),
    launchGameCDNs: Type.Array(Type.String()),
    maintenance: Type.Object({
      enabled: Type.Boolean(),
      title: Nullable(Type.String()),
      message: Nullable(Type.String()),
    }),
    regionRestriction: Type.Object({ enabled: Type.Boolean(), blocked: Type.Boolean() }),
    location: Type.Object({ ip: Type.String(), country: Nullable(Type.String()) }),
    minimumAge: Type.Integer(),
    /** Where the entry confirmation's Leave button goes (https), or null for its own notice. */
    ageGateExitUrl: Nullable(Type.String()),
    /** The origins of the merchant's public mirrors, main first, for line detection (mirrorOriginsOf). */
    mirrors: Type.Array(Type.String()),
    /** Identity providers the login form offers (SOCIALLOGIN on and the provider enabled). */
    socialLogin: Type.Array(StringOf(['google', 'facebook'])),
    description: Type.String(),
    siteName: Type.String(),
    /** Spec §3 "Merchant wallet": isSingle when every game plays from the one main wallet. */
    merchantWallet: Type.Object({ isSingle: Type.Boolean() }),
  }),
});

const PublicStateValue = Type.Object({
  banners: Type.Array(BannerItem),
  popup: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      content: Type.String(),
      execution: ExecutionCode,
      promotionType: Nullable(Type.String()),
    }),
  ),
  notice: Type.Array(Type.Object({ id: Type.String(), title: Type.String() })),
  promotion: Type.Array(Type.Object({ id: Type.String(), title: Type.String() })),
  customerService: Type.Array(CustomerServiceItem),
  showCaptcha: Type.Boolean(),
  availablePromo: Type.Object({ REFERRAL: Type.Object({ enabled: Type.Boolean() }) }),
  /** Members only: the cash balance as a decimal string with two digits, and its symbol. */
  balance: Type.Optional(Type.String({ pattern: '^-?\\d+\\.\\d{2}$' })),
  currencySymbol: Type.Optional(Type.String()),
  /** Members only (not trial accounts): unread inbox messages. */
  unreadMessage: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Members only: promotions they may join, claim or apply for now. */
  availablePromoCount: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Members only, while the switch VIP is on: whether they hold a VIP level, its label and rank. */
  hasVip: Type.Optional(Type.Boolean()),
  vipLabelName: Type.Optional(Nullable(Type.String())),
  vipRankLevel: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
});

/** The merchant's public configuration and state: GET /wps/system/{status,permission,publicState,…}. */
export function registerSystemRoutes(app: TypedApp, deps: SystemRoutesDeps): void {
  const { merchantService, contentService, customerServiceLinks } = deps;

  app.get(
    '/wps/system/status',
    {
      schema: {
        tags: TAGS,
        summary: 'Site status for this visitor: 0 normal, 1 maintenance, 2 region blocked',
        querystring: PlainQuery,
        response: { 200: Envelope(StatusValue), ...ERROR_RESPONSES },
      },
    },
    // Answered from the cached merchant and the bundled country table: no database on this path.
    async (request) =>
      ok(
        merchantService.describeStatus(
          requireMerchant(request),
          readVisitor(request, deps.countryHeader),
          request.language,
        ),
      ),
  );

  // Line detection times this answer from the browser on every mirror: nothing to read, never
  // cached on the way, and open to the other mirrors' pages (it carries no data and no session).
  app.get(
    '/wps/system/ping',
    {
      schema: {
        tags: TAGS,
        summary: "Line detection's probe: answers 204 on every host that serves a merchant",
        querystring: Type.Object({ probe: Type.Optional(Type.String({ maxLength: PROBE_ID_LENGTH_MAX })) }),
        response: { 204: Type.Null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      requireMerchant(request);
      reply.header('Cache-Control', 'no-store');
      reply.header('Access-Control-Allow-Origin', '*');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/wps/system/permission',
    {
      schema: {
        tags: TAGS,
        summary: "The merchant's configuration for the web shell",
        querystring: PlainQuery,
        response: { 200: Envelope(PermissionValue), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = requireMerchantReader(request);
      const visitor = readVisitor(request, deps.countryHeader);
      const region = merchantService.isRegionBlocked(merchant, visitor);
      const [customerService, resources] = await Promise.all([
        contentService.listCustomerService(merchant.id, reader),
        contentService.listResources(merchant.id, reader),
      ]);
      // Spec §3: the permission response carries each customer-service path encrypted.
      const { settings } = merchant;
      return ok({
        info: {
          merchantCode: merchant.code,
          merchantName: merchant.name,
          currency: merchant.currency,
          currencySymbol: merchant.currencySymbol,
          timeZone: merchant.timeZone,
          defaultLanguage: merchant.defaultLanguage,
          languages: [...merchant.languages],
          customerService: customerServiceLinks.seal(merchant.id, customerService),
          domainRoute: [...merchant.domainRoutes],
          resources,
          whitelabel: settings.whitelabel,
          register: settings.register,
          mainDomain: settings.mainDomain,
          analytics: settings.analytics,
          imageCDNs: settings.imageCDNs,
          launchGameCDNs: settings.launchGameCDNs,
          maintenance: {
            enabled: isUnderMaintenance(merchant),
            ...maintenanceNoticeOf(merchant, request.language),
          },
          regionRestriction: { enabled: settings.regionRestriction.enabled, blocked: region.blocked },
          location: { ip: visitor.ip, country: region.country },
          minimumAge: settings.minimumAge,
          ageGateExitUrl: settings.ageGateExitUrl,
          mirrors: mirrorOriginsOf(merchant),
          socialLogin: listSocialProviders(merchant),
          description:
            settings.description[request.language] ?? settings.description[merchant.defaultLanguage] ?? '',
          siteName: settings.siteName || merchant.name,
          merchantWallet: { isSingle: settings.wallet.mode === 'single' },
        },
      });
    },
  );

  app.get(
    '/wps/system/publicState',
    {
      schema: {
        tags: TAGS,
        summary: 'Banners, popups, notices and customer service for the home page',
        querystring: PlainQuery,
        response: { 200: Envelope(PublicStateValue), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = requireMerchantReader(request);
      const now = new Date();
      // Spec §4 popups: members see execution A (first logins also F), visitors B.
      const ip = readVisitor(request, deps.countryHeader).ip;
      const viewer = await readMemberSession(request, deps.members);
      const isFirstLogin = viewer ? (await deps.members.countLogins(viewer.member.id)) <= 1 : false;
      const executions: ('A' | 'B' | 'F')[] = viewer ? (isFirstLogin ? ['A', 'F'] : ['A']) : ['B'];
      // Spec §4: a trial account loads no unread count.
      const isMember = viewer !== null && viewer.member.type !== TRIAL_TYPE;
      const switches = readSwitches(merchant.settings.whitelabel, WHITELABEL_SWITCHES);
      const [banners, announcements, customerService, showCaptcha, balances, unread, promotions, badge] =
        await Promise.all([
          contentService.listBanners(merchant.id, reader, now),
          contentService.listPublicAnnouncements(
            merchant.id,
            executions,
            audiencesOf(viewer !== null && isAgentType(viewer.member.type)),
            reader,
            now,
          ),
          contentService.listCustomerService(merchant.id, reader),
          isCaptchaRequiredForIp(deps.rateLimiter, merchant.id, ip),
          viewer
            ? deps.wallet.getBalances({
                merchantId: merchant.id,
                memberId: viewer.member.id,
                currency: merchant.currency,
              })
            : null,
          isMember && viewer ? deps.inbox.countUnread(viewer.member.id) : null,
          deps.promotions.publicSummary(merchant.id, viewer?.member ?? null, reader),
          isMember && viewer && switches.VIP ? deps.vip.findBadge(viewer.member.id) : undefined,
        ]);
      return ok({
        banners,
        popup: announcements.popup,
        notice: announcements.notice,
        promotion: promotions.promotions,
        // Sealed here too: the public state must not hand out the addresses the permission seals.
        customerService: customerServiceLinks.seal(merchant.id, customerService),
        // After failed logins from this address the login form shows the captcha at once.
        showCaptcha,
        availablePromo: { REFERRAL: { enabled: switches.REFERRAL } },
        ...(balances
          ? { balance: formatAmount(balances.cashMinor), currencySymbol: merchant.currencySymbol }
          : {}),
        ...(unread === null ? {} : { unreadMessage: unread }),
        ...(promotions.availableCount === null ? {} : { availablePromoCount: promotions.availableCount }),
        ...(badge === undefined
          ? {}
          : {
              hasVip: badge !== null,
              vipLabelName: badge?.label ?? null,
              vipRankLevel: badge?.rank ?? null,
            }),
      });
    },
  );

  app.get(
    '/wps/system/customerService/open',
    {
      schema: {
        tags: TAGS,
        summary: "Opens a customer-service entry's sealed path: the address to send the player to",
        querystring: OpenCustomerServiceQuery,
        response: { 200: Envelope(Type.Object({ url: Type.String() })), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const merchant = requireMerchant(request);
      const { ip } = readVisitor(request, deps.countryHeader);
      const limit = await deps.rateLimiter.hit(CUSTOMER_SERVICE_OPENS_PER_CLIENT, `${merchant.id}:${ip}`);
      if (!limit.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: limit.retryAfterSeconds });
      const { path } = request.query;
      const url = await customerServiceLinks.open(merchant.id, path);
      // A bad, tampered or foreign token and a removed entry look alike: there is nothing to open.
      if (url === null) throw new AppError('NOT_FOUND');
      reply.header('Cache-Control', 'no-store');
      return ok({ url });
    },
  );

  app.get(
    '/wps/system/whitelabel',
    {
      schema: {
        tags: TAGS,
        summary: 'The feature switch tree',
        querystring: PlainQuery,
        response: { 200: Envelope(Type.Object({ list: WhitelabelTree })), ...ERROR_RESPONSES },
      },
    },
    async (request) => ok({ list: requireMerchant(request).settings.whitelabel }),
  );

  app.get(
    '/wps/system/setting/register',
    {
      schema: {
        tags: TAGS,
        summary: 'Registration field rules, switches and minimum age',
        querystring: PlainQuery,
        response: {
          200: Envelope(
            Type.Object({ rules: RegisterRules, switches: SwitchesSchema, minimumAge: Type.Integer() }),
          ),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { settings } = requireMerchant(request);
      return ok({
        rules: settings.register,
        switches: readSwitches(settings.whitelabel, WHITELABEL_SWITCHES),
        minimumAge: settings.minimumAge,
      });
    },
  );

  app.get(
    '/wps/system/domainRoute',
    {
      schema: {
        tags: TAGS,
        summary: "The merchant's domains and what each serves",
        querystring: PlainQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(DomainRouteItem) })), ...ERROR_RESPONSES },
      },
    },
    async (request) => ok({ list: [...requireMerchant(request).domainRoutes] }),
  );
}
