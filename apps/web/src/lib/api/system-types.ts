import type { ApiValue } from './api-client';

// Wire shapes of the foundation's system calls, from the server's OpenAPI document (api-client's
// ApiValue), so a change of a route that the app does not follow fails the type check.

/** The languages the app speaks; the document types a language as any two letters. */
export type LanguageCode = 'TY' | 'EN';

export type SystemStatus = ApiValue<'/wps/system/status', 'get'>;

/** `defaultLanguage` and `languages` are the merchant's, any codes the back office set, not only LanguageCode's. */
export type PermissionInfo = ApiValue<'/wps/system/permission', 'get'>['info'];

/** `path` is sealed (spec §3): an opaque token that GET /wps/system/customerService/open turns into the address. */
export type CustomerServiceEntry = PermissionInfo['customerService'][number];
export type CustomerServiceType = CustomerServiceEntry['csType'];

export type Resource = NonNullable<PermissionInfo['resources'][string]>[number];

/** A whitelabel switch and the switches under it (the document spells out the tree's three levels). */
export type WhitelabelNode = { modId: string; enabled: boolean; children: WhitelabelNode[] };

export type RegisterRule = PermissionInfo['register'][number];

export type SocialProvider = PermissionInfo['socialLogin'][number];

/**
 * Members only: `balance`, `currencySymbol` and `unreadMessage` (the cash, its symbol, unread inbox
 * messages); while the switch VIP is on, `hasVip`, `vipLabelName` and `vipRankLevel` (the level's
 * label the header shows, and its rank).
 */
export type PublicState = ApiValue<'/wps/system/publicState', 'get'>;

export type Banner = PublicState['banners'][number];
export type BannerGroup = Banner['groupName'];

export type Announcement = ApiValue<'/wps/system/announcements', 'get'>['list'][number];
export type PopupExecution = NonNullable<Announcement['execution']>;

export type HelpSection = ApiValue<'/wps/system/helpCenter', 'get'>['list'][number];
export type HelpArticle = HelpSection['articles'][number];

export type RegisterSettings = ApiValue<'/wps/system/setting/register', 'get'>;

export type Country = ApiValue<'/wps/system/countries', 'get'>['list'][number];
