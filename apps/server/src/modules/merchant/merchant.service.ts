import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import {
  findMerchantByDomain,
  findMerchantById,
  listMerchantDomains,
  type MerchantRow,
  updateMerchantMaintenanceRow,
  updateMerchantSettingsRow,
} from './merchant.repository.ts';
import { type MerchantSettings, MerchantSettingsError, parseMerchantSettings } from './merchant-settings.ts';
import { compileRegionRestriction, judgeVisitor, type RegionMatcher } from './region-restriction.ts';

/**
 * How long a host's merchant is remembered. Every request resolves its merchant, so the hot path
 * must not touch the database; two seconds bounds how long a change made elsewhere (another
 * node, the database directly) stays unseen. Changes made through this process call invalidate().
 */
export const MERCHANT_CACHE_TTL_MS = 2_000;
/** Bounds the cache against a flood of made-up Host headers. */
const MERCHANT_CACHE_HOSTS_MAX = 10_000;
const HOST_MAX_LENGTH = 253;

export type DomainRoute = {
  domain: string;
  route: 'PLAYER' | 'AGENT' | 'MOBILE';
  isMain: boolean;
  /** With port, how the route is reached from outside; set on the main route it makes the main origin. */
  scheme: 'http' | 'https' | null;
  port: number | null;
};

/** A merchant as every request sees it: its row, its parsed settings and its domain routes. */
export type ResolvedMerchant = {
  id: string;
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  timeZone: string;
  defaultLanguage: string;
  languages: readonly string[];
  /** 0 normal, 1 maintenance, 2 closed to every region. */
  status: number;
  /** The maintenance notice in the default language; read it through maintenanceNoticeOf. */
  maintenanceTitle: string | null;
  maintenanceMessage: string | null;
  /** The notice in the other languages, by language code. */
  maintenanceLanguageTitles: Readonly<Record<string, string>>;
  maintenanceLanguageMessages: Readonly<Record<string, string>>;
  isDefault: boolean;
  settings: MerchantSettings;
  domainRoutes: readonly DomainRoute[];
  regionMatcher: RegionMatcher;
};

export type SystemStatus = { status: 0 | 1 | 2; title: string | null; message: string | null; ip: string };

export type Visitor = {
  ip: string;
  /** Country named by a trusted proxy header, when one is configured and present. */
  trustedCountry: string | null;
};

export type MerchantService = {
  /**
   * The merchant for a Host header value (port and case ignored); null for a host no domain route
   * names: an unknown host is never given a merchant by default, so that nothing it asks for (a
   * password-reset mail, a session) is done in a merchant's name.
   */
  resolveByHost(host: string | undefined): Promise<ResolvedMerchant | null>;
  /** The cached answer for a host when it is fresh, else undefined (then call resolveByHost). */
  findCachedByHost(host: string | undefined): ResolvedMerchant | null | undefined;
  /** A merchant by id, read afresh (jobs act for every merchant, outside any request). */
  findById(merchantId: string): Promise<ResolvedMerchant | null>;
  /**
   * A merchant by id through the same short-lived cache as hosts: for calls that name their
   * merchant by a signed party (a vendor's wallet call) on every request.
   */
  resolveById(merchantId: string): Promise<ResolvedMerchant | null>;
  /** Forgets every cached merchant; the back office calls it after changing a merchant. */
  invalidate(): void;
  /** The visitor's status, with a maintenance notice in `language` (else the default one). */
  describeStatus(merchant: ResolvedMerchant, visitor: Visitor, language: string): SystemStatus;
  /**
   * Replaces a merchant's settings after checking them whole (schema and IP ranges); a bad
   * document is VALIDATION with the problems per field, and nothing is stored.
   */
  replaceSettings(merchantId: string, settings: unknown): Promise<MerchantSettings>;
  /** Opens or closes the site for maintenance with the title and message visitors see. */
  setMaintenance(
    merchantId: string,
    maintenance: { enabled: boolean; title: string | null; message: string | null },
  ): Promise<void>;
  isRegionBlocked(merchant: ResolvedMerchant, visitor: Visitor): { blocked: boolean; country: string | null };
};

export const DOMAIN_ROUTES = ['PLAYER', 'AGENT', 'MOBILE'] as const;

function isDomainRoute(value: string): value is DomainRoute['route'] {
  return (DOMAIN_ROUTES as readonly string[]).includes(value);
}

/** Lower-cases a Host value and strips its port (and IPv6 brackets). */
export function normalizeHost(host: string | undefined): string {
  if (!host) return '';
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    name = end > 0 ? name.slice(1, end) : name.slice(1);
  } else if (name.indexOf(':') === name.lastIndexOf(':')) {
    // One colon is a port; more than one is a bare IPv6 address without a port.
    name = name.split(':')[0] ?? '';
  }
  if (name.endsWith('.')) name = name.slice(0, -1);
  return name.length > HOST_MAX_LENGTH ? '' : name;
}

/**
 * The origin every link and callback address of a merchant names (a password-reset link, a
 * gateway's notify and return addresses, a social login's redirect): its main PLAYER route's
 * scheme, domain and port when an operator has set them, else the installation's PUBLIC_ORIGIN.
 * Never the request's Host or X-Forwarded-Host, which whoever sends the request chooses.
 */
export function merchantOriginOf(
  merchant: Pick<ResolvedMerchant, 'domainRoutes'>,
  publicOrigin: string,
): string {
  const main = merchant.domainRoutes.find(
    (route) => route.route === 'PLAYER' && route.isMain && route.scheme !== null,
  );
  if (!main?.scheme) return publicOrigin;
  return new URL(`${main.scheme}://${main.domain}${main.port === null ? '' : `:${main.port}`}`).origin;
}

/**
 * The merchant's public mirrors, the addresses its line detection lists and probes: every PLAYER
 * domain route whose scheme an operator has set, since only then is the address a browser reaches
 * known (a route without one may sit behind a proxy on another scheme or port). The main route
 * comes first. Built from the merchant's configuration alone, never from a request's Host.
 */
export function mirrorOriginsOf(merchant: Pick<ResolvedMerchant, 'domainRoutes'>): string[] {
  const routes = merchant.domainRoutes.filter((route) => route.route === 'PLAYER' && route.scheme !== null);
  const ordered = [...routes.filter((route) => route.isMain), ...routes.filter((route) => !route.isMain)];
  const origins = ordered.map(
    (route) =>
      new URL(`${route.scheme}://${route.domain}${route.port === null ? '' : `:${route.port}`}`).origin,
  );
  return [...new Set(origins)];
}

/**
 * Whether the site shows its maintenance page now: switched on by an operator, or inside the
 * scheduled window (an end without a start means "until then", a start without an end "from then").
 */
export function isUnderMaintenance(merchant: ResolvedMerchant, nowMs: number = Date.now()): boolean {
  if (merchant.status === 1) return true;
  const { startsAt, endsAt } = merchant.settings.maintenanceSchedule;
  if (startsAt === null && endsAt === null) return false;
  const startMs = startsAt === null ? Number.NEGATIVE_INFINITY : Date.parse(startsAt);
  const endMs = endsAt === null ? Number.POSITIVE_INFINITY : Date.parse(endsAt);
  return nowMs >= startMs && nowMs < endMs;
}

/**
 * The maintenance title and message a reader of `language` sees: that language's own text, else
 * the default language's. Each part falls back on its own, so a translated title may stand over
 * the default message.
 */
export function maintenanceNoticeOf(
  merchant: ResolvedMerchant,
  language: string,
): { title: string | null; message: string | null } {
  const isOther = language !== merchant.defaultLanguage;
  return {
    title: (isOther && merchant.maintenanceLanguageTitles[language]) || merchant.maintenanceTitle,
    message: (isOther && merchant.maintenanceLanguageMessages[language]) || merchant.maintenanceMessage,
  };
}

/** The merchant's state for the status call: region block first, then maintenance. */
function decideStatus(
  merchant: ResolvedMerchant,
  blocked: boolean,
  ip: string,
  language: string,
): SystemStatus {
  // A visitor who is kept out learns nothing more, not even that the site is in maintenance.
  if (merchant.status === 2 || blocked) return { status: 2, title: null, message: null, ip };
  if (isUnderMaintenance(merchant)) return { status: 1, ...maintenanceNoticeOf(merchant, language), ip };
  return { status: 0, title: null, message: null, ip };
}

/** Creates the merchant service with its own in-memory cache (one per app instance). */
export function createMerchantService(db: Kysely<Database>): MerchantService {
  const cache = new Map<string, { merchant: ResolvedMerchant | null; expiresAtMs: number }>();
  const loading = new Map<string, Promise<ResolvedMerchant | null>>();
  let generation = 0;

  async function loadByHost(host: string): Promise<ResolvedMerchant | null> {
    const row = host ? await findMerchantByDomain(db, host) : undefined;
    if (!row) return null;
    return toResolvedMerchant(row, await listMerchantDomains(db, row.id));
  }

  async function loadById(merchantId: string): Promise<ResolvedMerchant | null> {
    const row = await findMerchantById(db, merchantId);
    return row ? toResolvedMerchant(row, await listMerchantDomains(db, row.id)) : null;
  }

  function findCachedByHost(rawHost: string | undefined): ResolvedMerchant | null | undefined {
    const cached = cache.get(normalizeHost(rawHost));
    return cached && cached.expiresAtMs > Date.now() ? cached.merchant : undefined;
  }

  /** A cached answer under `key`, else one load shared by concurrent callers and then cached. */
  async function resolveCached(
    key: string,
    loader: () => Promise<ResolvedMerchant | null>,
  ): Promise<ResolvedMerchant | null> {
    const cached = cache.get(key);
    if (cached && cached.expiresAtMs > Date.now()) return cached.merchant;

    const pending = loading.get(key);
    if (pending) return pending;
    const startedGeneration = generation;
    const promise = loader()
      .then((merchant) => {
        // A load that began before an invalidation may hold old data; do not keep it.
        if (startedGeneration === generation) {
          if (cache.size >= MERCHANT_CACHE_HOSTS_MAX) cache.clear();
          cache.set(key, { merchant, expiresAtMs: Date.now() + MERCHANT_CACHE_TTL_MS });
        }
        return merchant;
      })
      .finally(() => loading.delete(key));
    loading.set(key, promise);
    return promise;
  }

  async function resolveByHost(rawHost: string | undefined): Promise<ResolvedMerchant | null> {
    const host = normalizeHost(rawHost);
    return resolveCached(host, () => loadByHost(host));
  }

  function invalidate(): void {
    generation += 1;
    cache.clear();
    loading.clear();
  }

  function isRegionBlocked(merchant: ResolvedMerchant, visitor: Visitor) {
    return judgeVisitor(merchant.regionMatcher, visitor.ip, visitor.trustedCountry);
  }

  return {
    resolveByHost,
    findCachedByHost,
    findById: loadById,
    // Ids and host names never collide: a host name has no space in it.
    resolveById: (merchantId) => resolveCached(`id ${merchantId}`, () => loadById(merchantId)),
    invalidate,
    isRegionBlocked,
    async replaceSettings(merchantId, raw) {
      const settings = checkSettings(raw);
      if (!(await updateMerchantSettingsRow(db, merchantId, JSON.stringify(settings))))
        throw new AppError('NOT_FOUND');
      invalidate();
      return settings;
    },
    async setMaintenance(merchantId, maintenance) {
      const updated = await updateMerchantMaintenanceRow(db, merchantId, {
        status: maintenance.enabled ? 1 : 0,
        title: maintenance.title,
        message: maintenance.message,
      });
      if (!updated) throw new AppError('NOT_FOUND');
      invalidate();
    },
    describeStatus(merchant, visitor, language) {
      // Without region rules the address need not be parsed or looked up at all.
      const blocked = merchant.regionMatcher.enabled && isRegionBlocked(merchant, visitor).blocked;
      return decideStatus(merchant, blocked, visitor.ip, language);
    },
  };
}

/** Parses a settings document and its IP ranges, turning every problem into a VALIDATION error. */
function checkSettings(raw: unknown): MerchantSettings {
  try {
    const settings = parseMerchantSettings(raw);
    compileRegionRestriction(settings.regionRestriction);
    return settings;
  } catch (error) {
    const problems =
      error instanceof MerchantSettingsError
        ? error.problems
        : [error instanceof Error ? error.message : String(error)];
    throw new AppError('VALIDATION', { value: { fields: { settings: problems.join('; ') } }, cause: error });
  }
}

/** A merchant's name, currency and languages, as the player site and the back office both show them. */
export function nameAndLocaleOf(row: MerchantRow) {
  return {
    name: row.name,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    timeZone: row.time_zone,
    defaultLanguage: row.default_language,
    languages: row.languages,
  };
}

function toResolvedMerchant(
  row: MerchantRow,
  domains: readonly {
    domain: string;
    route: string;
    is_main: boolean;
    scheme: 'http' | 'https' | null;
    port: number | null;
  }[],
): ResolvedMerchant {
  const settings = parseMerchantSettings(row.settings);
  return {
    id: row.id,
    code: row.code,
    ...nameAndLocaleOf(row),
    status: row.status,
    maintenanceTitle: row.maintenance_title,
    maintenanceMessage: row.maintenance_message,
    maintenanceLanguageTitles: row.maintenance_language_titles,
    maintenanceLanguageMessages: row.maintenance_language_messages,
    isDefault: row.is_default,
    settings,
    domainRoutes: domains.map((domain) => ({
      domain: domain.domain,
      route: isDomainRoute(domain.route) ? domain.route : 'PLAYER',
      isMain: domain.is_main,
      scheme: domain.scheme,
      port: domain.port,
    })),
    regionMatcher: compileRegionRestriction(settings.regionRestriction),
  };
}

type SwitchNode = { modId: string; enabled: boolean; children: readonly SwitchNode[] };

/**
 * A switch counts as on when it and every switch above it in the tree are on; a switch missing
 * from the tree is off.
 */
export function readSwitches<T extends string>(
  tree: readonly SwitchNode[],
  switches: readonly T[],
): Record<T, boolean> {
  const effective = new Map<string, boolean>();
  const visit = (nodes: readonly SwitchNode[], isParentOn: boolean) => {
    for (const node of nodes) {
      const isOn = isParentOn && node.enabled;
      effective.set(node.modId, isOn);
      visit(node.children, isOn);
    }
  };
  visit(tree, true);
  // Every name of `switches` gets a key, which is what the record type promises.
  return Object.fromEntries(switches.map((name) => [name, effective.get(name) ?? false])) as Record<
    T,
    boolean
  >;
}
