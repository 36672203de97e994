import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { listMerchantDomains, type MerchantRow } from './merchant.repository.ts';
import { DOMAIN_ROUTES, type DomainRoute, nameAndLocaleOf } from './merchant.service.ts';
import {
  findDomainsOfOthers,
  findMerchantRow,
  findMerchantSummaries,
  lockMerchantRow,
  replaceDomainRows,
  updateMerchantRow,
} from './merchant-admin.repository.ts';
import {
  type AccountCreation,
  type FeedbackSettings,
  type MerchantSettings,
  MerchantSettingsError,
  parseMerchantSettings,
  type RegisterRule,
  type WhitelabelNode,
} from './merchant-settings.ts';
import { compileRegionRestriction } from './region-restriction.ts';

/**
 * The back office's writes to a merchant's configuration. Every change is one transaction that
 * locks the merchant row, checks the whole resulting settings document with the schema the player
 * side reads it with, stores it and writes one audit row with the changed part before and after;
 * then `onChanged` drops the merchant cache of this process. Other processes see the change when
 * their cache entry expires (MERCHANT_CACHE_TTL_MS, two seconds), which is what "within seconds"
 * asks for without a message bus.
 */
export type MerchantAdminService = ReturnType<typeof createMerchantAdminService>;

export const DOMAINS_PER_MERCHANT_MAX = 50;
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/;

/**
 * A domain route. `scheme` and `port` say how the route is reached from outside; on the main PLAYER
 * route they make the merchant's main origin, which every link and callback address names
 * (merchantOriginOf); left null there, links name the installation's PUBLIC_ORIGIN.
 */
export type DomainInput = DomainRoute;

export type GeneralInput = {
  name: string;
  currency: string;
  currencySymbol: string;
  timeZone: string;
  defaultLanguage: string;
  languages: string[];
  mainDomain: string;
  siteName: string;
  minimumAge: number;
  /** The entry confirmation's Leave address (https); null for its own notice; undefined keeps the stored one. */
  ageGateExitUrl?: string | null | undefined;
  session: { idleMinutes: number; absoluteMinutes: number };
  analyticsId: string | null;
  imageCDNs: string[];
  launchGameCDNs: string[];
  passwordExpiryDays: number;
};

export type SocialLoginInput = {
  provider: 'google' | 'facebook';
  enabled: boolean;
  issuer: string;
  clientId: string;
  /** A new secret; omitted or null keeps the stored one (the API never shows it). */
  clientSecret?: string | null | undefined;
  scopes?: string | undefined;
};

/** Text by language code ({ "TY": "…", "EN": "…" }); a language left blank reads the default one. */
export type LanguageTexts = Record<string, string>;

/** Vendors' overdue rounds, what agents see, and what counts as valid bet: one back-office section. */
export type BetsAndAgentsInput = Pick<MerchantSettings, 'vendorRounds' | 'agents' | 'validBet'>;
/** The highest wagering multiplier of a bonus's terms, and what may be granted per merchant day. */
export type PromotionSettingsInput = MerchantSettings['promotions'];

export type SystemStatusInput = {
  maintenance: {
    enabled: boolean;
    title: LanguageTexts;
    message: LanguageTexts;
    startsAt: string | null;
    endsAt: string | null;
  };
  regionRestriction: MerchantSettings['regionRestriction'];
};

type Snapshot = { row: MerchantRow; settings: MerchantSettings };
type Change = {
  action: string;
  /** What the audit row keeps of the state before and after (the changed part, secrets masked). */
  view: (state: Snapshot & { domains: DomainInput[] }) => unknown;
  apply: (state: Snapshot) => { row?: Partial<MerchantRow>; settings?: MerchantSettings };
  domains?: DomainInput[];
};

export function createMerchantAdminService(deps: {
  db: Kysely<Database>;
  recordChange: RecordChange;
  onChanged: () => void;
}) {
  const { db, recordChange } = deps;

  async function readDomains(executor: Kysely<Database> | Transaction<Database>, merchantId: string) {
    const rows = await listMerchantDomains(executor, merchantId);
    return rows.map((row) => ({
      domain: row.domain,
      route: (DOMAIN_ROUTES as readonly string[]).includes(row.route)
        ? (row.route as DomainInput['route'])
        : 'PLAYER',
      isMain: row.is_main,
      scheme: row.scheme,
      port: row.port,
    }));
  }

  async function change(actor: ChangeActor, merchantId: string, work: Change) {
    await db.transaction().execute(async (trx) => {
      const row = await lockMerchantRow(trx, merchantId);
      if (!row) throw new AppError('NOT_FOUND');
      const settings = parseMerchantSettings(row.settings);
      const domainsBefore = await readDomains(trx, merchantId);
      const next = work.apply({ row, settings });
      const nextRow = { ...row, ...next.row };
      const nextSettings = next.settings ? checkSettings(next.settings) : settings;
      const { id: _id, created_at: _created, updated_at: _updated, ...rowValues } = next.row ?? {};
      await updateMerchantRow(trx, merchantId, {
        ...rowValues,
        ...jsonColumnsOf(rowValues),
        ...(next.settings ? { settings: JSON.stringify(nextSettings) } : {}),
      } as Parameters<typeof updateMerchantRow>[2]);
      if (work.domains) await writeDomains(trx, merchantId, work.domains);
      await recordChange(trx, {
        ...actorOf(actor),
        merchantId,
        action: work.action,
        target: { type: 'merchant', id: merchantId },
        before: work.view({ row, settings, domains: domainsBefore }),
        after: work.view({ row: nextRow, settings: nextSettings, domains: work.domains ?? domainsBefore }),
      });
    });
    deps.onChanged();
    return readConfig(merchantId);
  }

  /** Replaces one section of the merchant's settings whole; the audit row keeps that section. */
  function replaceSettingsSection<Section extends keyof MerchantSettings>(
    actor: ChangeActor,
    merchantId: string,
    action: string,
    section: Section,
    value: MerchantSettings[Section],
  ) {
    return change(actor, merchantId, {
      action,
      view: ({ settings }) => settings[section],
      apply: ({ settings }) => ({ settings: { ...settings, [section]: value } }),
    });
  }

  async function writeDomains(trx: Transaction<Database>, merchantId: string, domains: DomainInput[]) {
    const fields: Record<string, string> = {};
    const seen = new Set<string>();
    domains.forEach((entry, index) => {
      if (!DOMAIN_PATTERN.test(entry.domain)) fields[`domains.${index}.domain`] = 'invalid';
      else if (seen.has(entry.domain)) fields[`domains.${index}.domain`] = 'duplicate';
      seen.add(entry.domain);
      if (entry.port !== null && entry.scheme === null) fields[`domains.${index}.port`] = 'needs a scheme';
    });
    for (const route of DOMAIN_ROUTES) {
      if (domains.filter((entry) => entry.route === route && entry.isMain).length > 1) {
        fields.domains = `one main domain per route (${route})`;
      }
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
    const taken = await findDomainsOfOthers(trx, merchantId, [...seen]);
    if (taken.length > 0) {
      throw new AppError('VALIDATION', {
        value: { fields: { domains: `used by another merchant: ${taken.join(', ')}` } },
      });
    }
    await replaceDomainRows(
      trx,
      merchantId,
      domains.map((entry) => ({ id: uuidv7(), ...entry })),
    );
  }

  async function readConfig(merchantId: string) {
    const row = await findMerchantRow(db, merchantId);
    if (!row) throw new AppError('NOT_FOUND');
    const settings = parseMerchantSettings(row.settings);
    return {
      merchant: {
        id: row.id,
        code: row.code,
        isDefault: row.is_default,
      },
      general: generalViewOf(row, settings),
      domains: await readDomains(db, merchantId),
      whitelabel: settings.whitelabel,
      register: settings.register,
      socialLogin: socialLoginViewOf(settings),
      systemStatus: systemStatusViewOf(row, settings),
      accountCreation: settings.accountCreation,
      feedback: settings.feedback,
      betsAndAgents: betsAndAgentsViewOf(settings),
      promotions: settings.promotions,
      vip: settings.vip,
      rebate: settings.rebate,
      points: settings.points,
    };
  }

  return {
    listMerchants: (scope: readonly string[] | null) => findMerchantSummaries(db, scope),
    merchantExists: async (merchantId: string) => (await findMerchantRow(db, merchantId)) !== undefined,
    readConfig,

    updateGeneral(actor: ChangeActor, merchantId: string, input: GeneralInput) {
      checkGeneral(input);
      return change(actor, merchantId, {
        action: 'settings.general',
        view: ({ row, settings }) => generalViewOf(row, settings),
        apply: ({ settings }) => ({
          row: {
            name: input.name,
            currency: input.currency,
            currency_symbol: input.currencySymbol,
            time_zone: input.timeZone,
            default_language: input.defaultLanguage,
            languages: input.languages,
          },
          settings: {
            ...settings,
            mainDomain: input.mainDomain,
            siteName: input.siteName,
            minimumAge: input.minimumAge,
            ageGateExitUrl:
              input.ageGateExitUrl === undefined ? settings.ageGateExitUrl : input.ageGateExitUrl,
            session: input.session,
            analytics: { gtagId: input.analyticsId },
            imageCDNs: input.imageCDNs,
            launchGameCDNs: input.launchGameCDNs,
            passwordExpiryDays: input.passwordExpiryDays,
          },
        }),
      });
    },

    replaceDomains(actor: ChangeActor, merchantId: string, domains: DomainInput[]) {
      const normalized = domains.map((entry) => ({
        ...entry,
        domain: entry.domain.trim().toLowerCase(),
        // The default port of the scheme is no port at all, as URL.origin writes it.
        port:
          entry.port === (entry.scheme === 'https' ? 443 : entry.scheme === 'http' ? 80 : -1)
            ? null
            : entry.port,
      }));
      return change(actor, merchantId, {
        action: 'settings.domains',
        view: ({ domains: list }) => list,
        apply: () => ({}),
        domains: normalized,
      });
    },

    replaceWhitelabel(actor: ChangeActor, merchantId: string, tree: WhitelabelNode[]) {
      checkWhitelabel(tree);
      return replaceSettingsSection(actor, merchantId, 'settings.whitelabel', 'whitelabel', tree);
    },

    /** How many accounts one address or device may open in a window before a captcha is asked. */
    /**
     * The length a member's feedback text must have, in characters (docs/back-office.md
     * "Feedback"); the least may not exceed the most.
     */
    updateFeedback(actor: ChangeActor, merchantId: string, input: FeedbackSettings) {
      if (input.contentMinLength > input.contentMaxLength) {
        throw new AppError('VALIDATION', { value: { fields: { contentMaxLength: 'belowMin' } } });
      }
      return replaceSettingsSection(actor, merchantId, 'settings.feedback', 'feedback', {
        contentMinLength: input.contentMinLength,
        contentMaxLength: input.contentMaxLength,
      });
    },

    updateAccountCreation(actor: ChangeActor, merchantId: string, input: AccountCreation) {
      return replaceSettingsSection(actor, merchantId, 'settings.accountCreation', 'accountCreation', input);
    },

    /**
     * Hours before a vendor's round without a credit is reported, whether agents see their
     * downlines' balances, and the valid-bet rules of our own games (from the next round settled).
     */
    updateBetsAndAgents(actor: ChangeActor, merchantId: string, input: BetsAndAgentsInput) {
      return change(actor, merchantId, {
        action: 'settings.betsAndAgents',
        view: ({ settings }) => betsAndAgentsViewOf(settings),
        apply: ({ settings }) => ({
          settings: {
            ...settings,
            vendorRounds: { overdueHours: input.vendorRounds.overdueHours },
            agents: { showDownlineBalances: input.agents.showDownlineBalances },
            validBet: { hedgedBaccarat: input.validBet.hedgedBaccarat, pushes: input.validBet.pushes },
          },
        }),
      });
    },

    /**
     * The highest multiplier promotions' and hand grants' bonus terms may ask for, and the most
     * promotions and operators may grant per merchant day (null: no cap); grants read them as they
     * are made, so terms already stored keep their multiplier.
     */
    updatePromotions(actor: ChangeActor, merchantId: string, input: PromotionSettingsInput) {
      return replaceSettingsSection(actor, merchantId, 'settings.promotions', 'promotions', input);
    },

    /**
     * A loyalty section (docs/loyalty.md): VIP levels' window, review day and gifts' terms; rebates'
     * basis, rates and claims; the points mall's earning rules and exchange-rate table. Read as
     * they are used, so a change applies from the next job or claim.
     */
    updateLoyalty<Section extends 'vip' | 'rebate' | 'points'>(
      actor: ChangeActor,
      merchantId: string,
      section: Section,
      input: MerchantSettings[Section],
    ) {
      return replaceSettingsSection(actor, merchantId, `settings.${section}`, section, input);
    },

    replaceRegisterRules(actor: ChangeActor, merchantId: string, rules: RegisterRule[]) {
      checkRegisterRules(rules);
      return replaceSettingsSection(actor, merchantId, 'settings.register', 'register', rules);
    },

    replaceSocialLogin(actor: ChangeActor, merchantId: string, providers: SocialLoginInput[]) {
      const seen = new Set<string>();
      for (const [index, provider] of providers.entries()) {
        if (seen.has(provider.provider)) {
          throw new AppError('VALIDATION', {
            value: { fields: { [`providers.${index}.provider`]: 'duplicate' } },
          });
        }
        seen.add(provider.provider);
      }
      return change(actor, merchantId, {
        action: 'settings.socialLogin',
        view: ({ settings }) => socialLoginViewOf(settings),
        apply: ({ settings }) => ({
          settings: {
            ...settings,
            socialLogin: providers.map((provider, index) => {
              const stored = settings.socialLogin.find((entry) => entry.provider === provider.provider);
              const clientSecret = provider.clientSecret ?? stored?.clientSecret ?? '';
              if (provider.enabled && clientSecret === '') {
                throw new AppError('VALIDATION', {
                  value: {
                    fields: { [`providers.${index}.clientSecret`]: 'required to enable the provider' },
                  },
                });
              }
              return {
                provider: provider.provider,
                enabled: provider.enabled,
                issuer: provider.issuer,
                clientId: provider.clientId,
                clientSecret,
                scopes: provider.scopes ?? stored?.scopes ?? 'openid email profile',
              };
            }),
          },
        }),
      });
    },

    updateSystemStatus(actor: ChangeActor, merchantId: string, input: SystemStatusInput) {
      const { startsAt, endsAt } = input.maintenance;
      if (startsAt !== null && endsAt !== null && Date.parse(startsAt) >= Date.parse(endsAt)) {
        throw new AppError('VALIDATION', {
          value: { fields: { 'maintenance.endsAt': 'order' } },
        });
      }
      return change(actor, merchantId, {
        action: 'settings.systemStatus',
        view: ({ row, settings }) => systemStatusViewOf(row, settings),
        apply: ({ row, settings }) => {
          const title = splitByDefaultLanguage(input.maintenance.title, row.default_language);
          const message = splitByDefaultLanguage(input.maintenance.message, row.default_language);
          return {
            // A site closed to every region (status 2) stays so; only maintenance is switched here.
            row: {
              status: row.status === 2 ? 2 : input.maintenance.enabled ? 1 : 0,
              maintenance_title: title.fallback,
              maintenance_message: message.fallback,
              maintenance_language_titles: title.others,
              maintenance_language_messages: message.others,
            },
            settings: {
              ...settings,
              maintenanceSchedule: { startsAt, endsAt },
              regionRestriction: input.regionRestriction,
            },
          };
        },
      });
    },
  };
}

function betsAndAgentsViewOf(settings: MerchantSettings): BetsAndAgentsInput {
  return { vendorRounds: settings.vendorRounds, agents: settings.agents, validBet: settings.validBet };
}

function generalViewOf(row: MerchantRow, settings: MerchantSettings) {
  return {
    ...nameAndLocaleOf(row),
    mainDomain: settings.mainDomain,
    siteName: settings.siteName,
    minimumAge: settings.minimumAge,
    ageGateExitUrl: settings.ageGateExitUrl,
    session: settings.session,
    analyticsId: settings.analytics.gtagId,
    imageCDNs: settings.imageCDNs,
    launchGameCDNs: settings.launchGameCDNs,
    passwordExpiryDays: settings.passwordExpiryDays,
  };
}

/** The providers without their secrets: the back office learns only whether one is set. */
function socialLoginViewOf(settings: MerchantSettings) {
  return settings.socialLogin.map((provider) => ({
    provider: provider.provider,
    enabled: provider.enabled,
    issuer: provider.issuer,
    clientId: provider.clientId,
    scopes: provider.scopes,
    clientSecretSet: provider.clientSecret !== '',
  }));
}

/** The row's JSON columns among changed values, written as JSON text as the driver takes them. */
function jsonColumnsOf(values: Partial<MerchantRow>) {
  const written: Partial<Record<'maintenance_language_titles' | 'maintenance_language_messages', string>> =
    {};
  for (const column of ['maintenance_language_titles', 'maintenance_language_messages'] as const) {
    if (values[column] !== undefined) written[column] = JSON.stringify(values[column]);
  }
  return written;
}

/**
 * Texts by language as the merchant row keeps them: the default language's text in the plain
 * column, which every other language falls back to, and the other languages' own texts in a map.
 * Blank texts are not kept.
 */
function splitByDefaultLanguage(
  texts: LanguageTexts,
  defaultLanguage: string,
): { fallback: string | null; others: LanguageTexts } {
  const others: LanguageTexts = {};
  for (const [language, text] of Object.entries(texts)) {
    if (language !== defaultLanguage && text.trim() !== '') others[language] = text.trim();
  }
  return { fallback: texts[defaultLanguage]?.trim() || null, others };
}

/** The row's texts by language again, the default language's from its plain column. */
function joinByDefaultLanguage(
  fallback: string | null,
  others: LanguageTexts,
  defaultLanguage: string,
): LanguageTexts {
  const { [defaultLanguage]: _replaced, ...rest } = others;
  return { [defaultLanguage]: fallback ?? '', ...rest };
}

function systemStatusViewOf(row: MerchantRow, settings: MerchantSettings) {
  return {
    maintenance: {
      enabled: row.status === 1,
      title: joinByDefaultLanguage(
        row.maintenance_title,
        row.maintenance_language_titles,
        row.default_language,
      ),
      message: joinByDefaultLanguage(
        row.maintenance_message,
        row.maintenance_language_messages,
        row.default_language,
      ),
      startsAt: settings.maintenanceSchedule.startsAt,
      endsAt: settings.maintenanceSchedule.endsAt,
    },
    closedEverywhere: row.status === 2,
    regionRestriction: settings.regionRestriction,
  };
}

function checkGeneral(input: GeneralInput): void {
  const fields: Record<string, string> = {};
  if (!isTimeZone(input.timeZone)) fields.timeZone = 'unknown time zone';
  if (!input.languages.includes(input.defaultLanguage))
    fields.defaultLanguage = 'must be one of the languages';
  if (new Set(input.languages).size !== input.languages.length) fields.languages = 'duplicate';
  if (input.session.absoluteMinutes < input.session.idleMinutes) {
    fields['session.absoluteMinutes'] = 'must not be shorter than the idle timeout';
  }
  if (input.ageGateExitUrl && !isHttpsAddress(input.ageGateExitUrl))
    fields.ageGateExitUrl = 'must be an https address';
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
}

function isHttpsAddress(address: string): boolean {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function checkWhitelabel(tree: readonly WhitelabelNode[]): void {
  const seen = new Set<string>();
  const visit = (nodes: readonly { modId: string; children?: readonly unknown[] }[]) => {
    for (const node of nodes) {
      if (seen.has(node.modId)) {
        throw new AppError('VALIDATION', {
          value: { fields: { whitelabel: `duplicate switch ${node.modId}` } },
        });
      }
      seen.add(node.modId);
      visit((node.children ?? []) as { modId: string; children?: readonly unknown[] }[]);
    }
  };
  visit(tree);
}

/**
 * What the schema cannot say about register rules: one rule per field, a pattern that compiles
 * (the player's browser runs the same pattern), and a minimum no larger than the maximum.
 */
export function checkRegisterRules(rules: readonly RegisterRule[]): void {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  rules.forEach((rule, index) => {
    if (seen.has(rule.field)) fields[`rules.${index}.field`] = 'duplicate';
    seen.add(rule.field);
    if (rule.acceptedPattern !== '*') {
      try {
        // The server tests with a plain RegExp, the browser with the u flag: both must compile.
        new RegExp(rule.acceptedPattern);
        new RegExp(rule.acceptedPattern, 'u');
      } catch {
        fields[`rules.${index}.acceptedPattern`] = 'not a valid regular expression';
      }
    }
    if (rule.minLength > rule.maxLength) fields[`rules.${index}.minLength`] = 'larger than the maximum';
    if (rule.required && !rule.enabled)
      fields[`rules.${index}.required`] = 'a hidden field cannot be required';
  });
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
}

/** The whole document through the schema the player side reads it with, and its IP ranges. */
function checkSettings(settings: MerchantSettings): MerchantSettings {
  try {
    const parsed = parseMerchantSettings(settings);
    compileRegionRestriction(parsed.regionRestriction);
    return parsed;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const problems =
      error instanceof MerchantSettingsError
        ? error.problems
        : [error instanceof Error ? error.message : String(error)];
    throw new AppError('VALIDATION', { value: { fields: { settings: problems.join('; ') } }, cause: error });
  }
}
