// Wire shapes of the foundation's system calls (the shared contract). They will be replaced by the
// types generated from the server's OpenAPI document once packages/api-types carries them.

export type LanguageCode = 'TY' | 'EN';

export type SystemStatus = { status: 0 | 1 | 2; title: string | null; message: string | null; ip: string };

export type CustomerServiceType = 'LIVECHAT' | 'TELEGRAM' | 'WHATSAPP' | 'VIBER' | 'FACEBOOK' | 'EMAIL';
/** `path` is sealed (spec §3): an opaque token that GET /wps/system/customerService/open turns into the address. */
export type CustomerServiceEntry = { id: string; csType: CustomerServiceType; title: string; path: string };

export type Resource = {
  id: string;
  labelNameEn: string;
  labelName: string;
  url: string;
  icon: string | null;
};

export type WhitelabelNode = { modId: string; enabled: boolean; children: WhitelabelNode[] };

export type RegisterRule = {
  field: string;
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: number | string;
  minLength: number;
  maxLength: number;
  type: string;
};

export type PermissionInfo = {
  merchantCode: string;
  merchantName: string;
  currency: string;
  currencySymbol: string;
  timeZone: string;
  defaultLanguage: LanguageCode;
  languages: LanguageCode[];
  customerService: CustomerServiceEntry[];
  domainRoute: { domain: string; route: 'PLAYER' | 'AGENT' | 'MOBILE'; isMain: boolean }[];
  resources: Record<string, Resource[] | undefined>;
  whitelabel: WhitelabelNode[];
  register: RegisterRule[];
  mainDomain: string;
  analytics: { gtagId: string | null };
  imageCDNs: string[];
  launchGameCDNs: string[];
  maintenance: { enabled: boolean; title: string | null; message: string | null };
  regionRestriction: { enabled: boolean; blocked: boolean };
  location: { ip: string; country: string | null };
  minimumAge: number;
  /** Identity providers the login form offers. */
  socialLogin: SocialProvider[];
  description: string;
  siteName: string;
};

export type SocialProvider = 'google' | 'facebook';

export type BannerGroup = 'w_home' | 'w_login' | 'w_register' | 'w_license' | 'w_leftmenu';
export type Banner = {
  id: string;
  groupName: BannerGroup;
  url: string;
  linkType: 'NONE' | 'URL' | 'ROUTE' | 'PROMOTION' | 'GAME';
  linkTarget: string | null;
  title: string;
};

export type PopupExecution = 'A' | 'B' | 'F';

export type PublicState = {
  banners: Banner[];
  popup: {
    id: string;
    title: string;
    content: string;
    execution: PopupExecution;
    promotionType: string | null;
  }[];
  notice: { id: string; title: string }[];
  promotion: { id: string; title: string }[];
  customerService: CustomerServiceEntry[];
  showCaptcha: boolean;
  availablePromo: { REFERRAL?: { enabled: boolean } };
  /** Members only: the cash balance, its symbol, and unread inbox messages. */
  balance?: string;
  currencySymbol?: string;
  unreadMessage?: number;
};

export type Announcement = {
  id: string;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  title: string;
  content: string;
  promotionType: string | null;
  execution: PopupExecution | null;
  startsAt: string;
  endsAt: string | null;
};

export type Paged<Item> = { list: Item[]; totalPages: number };

export type HelpArticle = { id: string; title: string; content: string; anchor: string };
export type HelpSection = { id: string; title: string; anchor: string; articles: HelpArticle[] };

export type RegisterSettings = {
  rules: RegisterRule[];
  switches: Record<string, boolean | undefined>;
  minimumAge: number;
};

export type Country = { countryCode: string; countryDialingCode: string; name: string };
