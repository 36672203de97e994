import { formatAmount } from '@panalo/money/amount.ts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ContentService } from '../../../modules/content/content.service.ts';
import type { InboxService } from '../../../modules/inbox/inbox.service.ts';
import { type MemberService, TRIAL_TYPE } from '../../../modules/member/member.service.ts';
import {
  isUnderMaintenance,
  type MerchantService,
  readSwitches,
} from '../../../modules/merchant/merchant.service.ts';
import { WHITELABEL_SWITCHES } from '../../../modules/merchant/merchant-settings.ts';
import type { WalletService } from '../../../modules/wallet/wallet.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { RateLimiter } from '../../../platform/rate-limit/rate-limiter.ts';
import { isCaptchaRequiredForIp } from '../../../workflows/login.ts';
import { listSocialProviders } from '../../../workflows/social-login.ts';
import { readMemberSession } from '../../member-session.ts';
import { readVisitor, requireMerchant } from '../../merchant-context.ts';
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
  members: MemberService;
  rateLimiter: RateLimiter;
  wallet: WalletService;
  inbox: InboxService;
  /** A trusted proxy's country header (e.g. CF-IPCountry), when configured. */
  countryHeader: string | undefined;
};

const TAGS = ['system'];
const PlainQuery = Type.Object({ ...MerchantQuery, ...LanguageQuery });

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
});

/** The merchant's public configuration and state: GET /wps/system/{status,permission,publicState,…}. */
export function registerSystemRoutes(app: FastifyInstance, deps: SystemRoutesDeps): void {
  const { merchantService, contentService } = deps;

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
      ok(merchantService.describeStatus(requireMerchant(request), readVisitor(request, deps.countryHeader))),
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
      const merchant = requireMerchant(request);
      const reader = { language: request.language, fallbackLanguage: merchant.defaultLanguage };
      const visitor = readVisitor(request, deps.countryHeader);
      const region = merchantService.isRegionBlocked(merchant, visitor);
      const [customerService, resources] = await Promise.all([
        contentService.listCustomerService(merchant.id, reader),
        contentService.listResources(merchant.id, reader),
      ]);
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
          customerService,
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
            title: merchant.maintenanceTitle,
            message: merchant.maintenanceMessage,
          },
          regionRestriction: { enabled: settings.regionRestriction.enabled, blocked: region.blocked },
          location: { ip: visitor.ip, country: region.country },
          minimumAge: settings.minimumAge,
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
      const merchant = requireMerchant(request);
      const reader = { language: request.language, fallbackLanguage: merchant.defaultLanguage };
      const now = new Date();
      // Spec §4 popups: members see execution A (first logins also F), visitors B.
      const ip = readVisitor(request, deps.countryHeader).ip;
      const viewer = await readMemberSession(request, deps.members);
      const isFirstLogin = viewer ? (await deps.members.countLogins(viewer.member.id)) <= 1 : false;
      const executions: ('A' | 'B' | 'F')[] = viewer ? (isFirstLogin ? ['A', 'F'] : ['A']) : ['B'];
      // Spec §4: a trial account loads no unread count.
      const isMember = viewer !== null && viewer.member.type !== TRIAL_TYPE;
      const [banners, announcements, customerService, showCaptcha, balances, unread] = await Promise.all([
        contentService.listBanners(merchant.id, reader, now),
        contentService.listPublicAnnouncements(merchant.id, executions, reader, now),
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
      ]);
      const switches = readSwitches(merchant.settings.whitelabel, WHITELABEL_SWITCHES);
      return ok({
        banners,
        popup: announcements.popup,
        notice: announcements.notice,
        // Promotions are their own area; its list joins here when that area exists.
        promotion: [],
        customerService,
        // After failed logins from this address the login form shows the captcha at once.
        showCaptcha,
        availablePromo: { REFERRAL: { enabled: switches.REFERRAL } },
        ...(balances
          ? { balance: formatAmount(balances.cashMinor), currencySymbol: merchant.currencySymbol }
          : {}),
        ...(unread === null ? {} : { unreadMessage: unread }),
      });
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
