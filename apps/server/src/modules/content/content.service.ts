import type { Insertable, Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, LocalizedText } from '../../db/schema.ts';
import { type TextReader, textFor } from '../../platform/i18n/localized-text.ts';
import {
  type AnnouncementRow,
  type EditableTable,
  findAnnouncementRows,
  insertHelpArticles,
  insertHelpCategory,
  insertRow,
  type LooseRow,
  listActiveBannerRows,
  listCustomerServiceRows,
  listHelpRows,
  listResourceRows,
} from './content.repository.ts';
import {
  AnnouncementInputSchema,
  checkBannerInput,
  checkCustomerServiceInput,
  checkInput,
  HelpCategoryInputSchema,
  ResourceInputSchema,
} from './content-inputs.ts';
import { sanitizeLocalizedHtml } from './operator-html.ts';

export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
/** A = logged-in members, B = visitors, F = members on their first login (spec §4). */
export const EXECUTIONS = ['A', 'B', 'F'] as const;
export type Execution = (typeof EXECUTIONS)[number];
/** Who an announcement is for: everyone, visitors and players, or agents (their agent centre). */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'members', 'agents'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

/** The audiences a reader sees: agents read 'all' and 'agents'; visitors and members 'all' and 'members'. */
export function audiencesOf(isAgent: boolean): readonly AnnouncementAudience[] {
  return isAgent ? ['all', 'agents'] : ['all', 'members'];
}
export const BANNER_GROUPS = ['w_home', 'w_login', 'w_register', 'w_license', 'w_leftmenu'] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];
export const LINK_TYPES = ['NONE', 'URL', 'ROUTE', 'PROMOTION', 'GAME'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** What a banner shows and where it leads, whoever adds it (the seed, the back office). */
export type BannerContent = {
  groupName: BannerGroup;
  title: LocalizedText;
  /** The default image, for every language without one of its own. */
  imageUrl: string;
  /** Images whose drawn text is in one language, by language code (TY, EN). */
  languageImageUrls?: LocalizedText;
  linkType: LinkType;
  linkTarget: string | null;
  sortOrder: number;
};
export const CUSTOMER_SERVICE_TYPES = [
  'LIVECHAT',
  'TELEGRAM',
  'WHATSAPP',
  'VIBER',
  'FACEBOOK',
  'EMAIL',
] as const;
export type CustomerServiceType = (typeof CUSTOMER_SERVICE_TYPES)[number];

export const ANNOUNCEMENT_PAGE_SIZE_DEFAULT = 8;
export const ANNOUNCEMENT_PAGE_SIZE_MAX = 50;
/** Popups and notices shown in the public state at most; the rest are in the announcement list. */
const PUBLIC_STATE_ANNOUNCEMENTS_MAX = 20;

/** Whose texts are read: the language asked for, then the merchant's default. */
export type Reader = TextReader;

function pickOneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

export type CustomerServiceEntry = { id: string; csType: CustomerServiceType; title: string; path: string };
export type ResourceEntry = {
  id: string;
  labelNameEn: string;
  labelName: string;
  url: string;
  icon: string | null;
};
export type BannerEntry = {
  id: string;
  groupName: BannerGroup;
  url: string;
  linkType: LinkType;
  linkTarget: string | null;
  title: string;
};
export type AnnouncementEntry = {
  id: string;
  type: AnnouncementType;
  title: string;
  content: string;
  promotionType: string | null;
  execution: Execution | null;
  audience: AnnouncementAudience;
  startsAt: string;
  endsAt: string | null;
};
export type HelpCategoryEntry = {
  id: string;
  title: string;
  anchor: string;
  articles: { id: string; title: string; content: string; anchor: string }[];
};

export type AnnouncementFilter = {
  types: readonly AnnouncementType[];
  platform: string;
  /** Announcements for these audiences (and those without one); undefined means all. */
  executions: readonly Execution[] | undefined;
  /** The reader's audiences (audiencesOf). */
  audiences: readonly AnnouncementAudience[];
  /** The merchant's sort order first (the default), or newest first alone (the agent centre's list). */
  order?: 'operator' | 'newest';
  pageNo: number;
  pageSize: number;
};

function toAnnouncementEntry(row: AnnouncementRow, reader: Reader): AnnouncementEntry {
  return {
    id: row.id,
    type: pickOneOf(row.type, ANNOUNCEMENT_TYPES) ?? 'B',
    title: textFor(row.title, reader),
    content: textFor(row.content, reader),
    promotionType: row.promotion_type,
    execution: pickOneOf(row.execution, EXECUTIONS),
    audience: pickOneOf(row.audience, ANNOUNCEMENT_AUDIENCES) ?? 'all',
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at ? row.ends_at.toISOString() : null,
  };
}

export type AnnouncementInput = {
  type: AnnouncementType;
  platform?: string;
  execution?: Execution | null;
  audience?: AnnouncementAudience;
  promotionType?: string | null;
  title: LocalizedText;
  /** Operator HTML; sanitised here before it is stored. */
  content: LocalizedText;
  published?: boolean;
  sortOrder?: number;
  startsAt?: Date;
  endsAt?: Date | null;
};

export type HelpCategoryInput = {
  anchor: string;
  device?: string;
  title: LocalizedText;
  sortOrder?: number;
  articles: { anchor: string; title: LocalizedText; content: LocalizedText }[];
};

/** The merchant's public content: announcements, help, banners, customer service and resources. */
export type ContentService = ReturnType<typeof createContentService>;

export function createContentService(db: Kysely<Database>) {
  /** Adds a row of the merchant's to one of the content tables under a new id; answers the id. */
  async function addRow<T extends EditableTable>(
    table: T,
    merchantId: string,
    values: Omit<Insertable<Database[T]>, 'id' | 'merchant_id'>,
  ): Promise<string> {
    const id = uuidv7();
    // The statement is loosely typed (content.repository.ts); `values` was typed against the table.
    await insertRow(db, table, { ...values, id, merchant_id: merchantId } as LooseRow);
    return id;
  }

  return {
    async listCustomerService(merchantId: string, reader: Reader): Promise<CustomerServiceEntry[]> {
      const rows = await listCustomerServiceRows(db, merchantId);
      return rows.flatMap((row) => {
        const csType = pickOneOf(row.cs_type, CUSTOMER_SERVICE_TYPES);
        return csType ? [{ id: row.id, csType, title: textFor(row.title, reader), path: row.path }] : [];
      });
    },

    async listResources(merchantId: string, reader: Reader): Promise<Record<string, ResourceEntry[]>> {
      const rows = await listResourceRows(db, merchantId);
      const grouped: Record<string, ResourceEntry[]> = {};
      for (const row of rows) {
        const entries = grouped[row.resource_type] ?? [];
        entries.push({
          id: row.id,
          labelNameEn: row.label.EN ?? textFor(row.label, reader),
          labelName: textFor(row.label, reader),
          url: row.url,
          icon: row.icon,
        });
        grouped[row.resource_type] = entries;
      }
      return grouped;
    },

    async listBanners(merchantId: string, reader: Reader, now: Date): Promise<BannerEntry[]> {
      const rows = await listActiveBannerRows(db, merchantId, now);
      return rows.flatMap((row) => {
        const groupName = pickOneOf(row.group_name, BANNER_GROUPS);
        if (!groupName) return [];
        return [
          {
            id: row.id,
            groupName,
            url: row.language_image_urls[reader.language] ?? row.image_url,
            linkType: pickOneOf(row.link_type, LINK_TYPES) ?? 'NONE',
            linkTarget: row.link_target,
            title: textFor(row.title, reader),
          },
        ];
      });
    },

    /** Published announcements within their schedule, one page of them. */
    async findAnnouncements(
      merchantId: string,
      filter: AnnouncementFilter,
      reader: Reader,
      now: Date,
    ): Promise<{ list: AnnouncementEntry[]; totalPages: number }> {
      if (filter.pageSize < 1 || filter.pageSize > ANNOUNCEMENT_PAGE_SIZE_MAX || filter.pageNo < 1) {
        throw new RangeError('announcement page out of bounds');
      }
      const { rows, total } = await findAnnouncementRows(db, {
        merchantId,
        types: filter.types,
        platform: filter.platform,
        executions: filter.executions,
        audiences: filter.audiences,
        order: filter.order,
        now,
        offset: (filter.pageNo - 1) * filter.pageSize,
        limit: filter.pageSize,
      });
      return {
        list: rows.map((row) => toAnnouncementEntry(row, reader)),
        totalPages: Math.ceil(total / filter.pageSize),
      };
    },

    /** Popups for this audience and the notice titles of the marquee, for the public state. */
    async listPublicAnnouncements(
      merchantId: string,
      executions: readonly Execution[],
      audiences: readonly AnnouncementAudience[],
      reader: Reader,
      now: Date,
    ) {
      const [popups, notices] = await Promise.all([
        findAnnouncementRows(db, {
          merchantId,
          types: ['PU'],
          platform: 'W',
          executions,
          audiences,
          now,
          offset: 0,
          limit: PUBLIC_STATE_ANNOUNCEMENTS_MAX,
        }),
        findAnnouncementRows(db, {
          merchantId,
          types: ['B'],
          platform: 'W',
          executions: undefined,
          audiences,
          now,
          offset: 0,
          limit: PUBLIC_STATE_ANNOUNCEMENTS_MAX,
        }),
      ]);
      return {
        popup: popups.rows.map((row) => {
          const entry = toAnnouncementEntry(row, reader);
          return {
            id: entry.id,
            title: entry.title,
            content: entry.content,
            execution: entry.execution ?? 'B',
            promotionType: entry.promotionType,
          };
        }),
        notice: notices.rows.map((row) => ({ id: row.id, title: textFor(row.title, reader) })),
      };
    },

    async listHelpCenter(merchantId: string, device: string, reader: Reader): Promise<HelpCategoryEntry[]> {
      const { categories, articles } = await listHelpRows(db, merchantId, device);
      return categories.map((category) => ({
        id: category.id,
        title: textFor(category.title, reader),
        anchor: category.anchor,
        articles: articles
          .filter((article) => article.category_id === category.id)
          .map((article) => ({
            id: article.id,
            title: textFor(article.title, reader),
            content: textFor(article.content, reader),
            anchor: article.anchor,
          })),
      }));
    },

    /** Stores an announcement; its HTML is sanitised here, so no caller can store unsafe markup. */
    async createAnnouncement(merchantId: string, input: AnnouncementInput): Promise<string> {
      checkInput(AnnouncementInputSchema, input);
      return addRow('announcements', merchantId, {
        type: input.type,
        platform: input.platform ?? 'W',
        execution: input.execution ?? null,
        audience: input.audience ?? 'all',
        promotion_type: input.promotionType ?? null,
        title: JSON.stringify(input.title),
        content: JSON.stringify(sanitizeLocalizedHtml(input.content)),
        published: input.published ?? true,
        sort_order: input.sortOrder ?? 0,
        starts_at: input.startsAt ?? new Date(),
        ends_at: input.endsAt ?? null,
      });
    },

    /** Stores a help category with its articles; article HTML is sanitised here. */
    async createHelpCategory(merchantId: string, input: HelpCategoryInput): Promise<string> {
      checkInput(HelpCategoryInputSchema, input);
      const categoryId = uuidv7();
      // Inside a caller's transaction (the seed) the writes join it; otherwise they get their own.
      const inTransaction = <T>(work: (transaction: Kysely<Database>) => Promise<T>) =>
        db.isTransaction ? work(db) : db.transaction().execute(work);
      await inTransaction(async (transaction) => {
        await insertHelpCategory(transaction, {
          id: categoryId,
          merchant_id: merchantId,
          device: input.device ?? 'WEB',
          anchor: input.anchor,
          title: JSON.stringify(input.title),
          sort_order: input.sortOrder ?? 0,
        });
        if (input.articles.length === 0) return;
        await insertHelpArticles(
          transaction,
          input.articles.map((article, index) => ({
            id: uuidv7(),
            merchant_id: merchantId,
            category_id: categoryId,
            anchor: article.anchor,
            title: JSON.stringify(article.title),
            content: JSON.stringify(sanitizeLocalizedHtml(article.content)),
            sort_order: index,
          })),
        );
      });
      return categoryId;
    },

    async createBanner(
      merchantId: string,
      input: BannerContent & { startsAt?: Date; endsAt?: Date | null },
    ): Promise<string> {
      checkBannerInput(input);
      return addRow('banners', merchantId, {
        group_name: input.groupName,
        title: JSON.stringify(input.title),
        image_url: input.imageUrl,
        language_image_urls: JSON.stringify(input.languageImageUrls ?? {}),
        link_type: input.linkType,
        link_target: input.linkTarget,
        sort_order: input.sortOrder,
        starts_at: input.startsAt ?? new Date(0),
        ends_at: input.endsAt ?? null,
      });
    },

    async createCustomerService(
      merchantId: string,
      input: { csType: CustomerServiceType; title: LocalizedText; path: string; sortOrder: number },
    ): Promise<string> {
      checkCustomerServiceInput(input);
      return addRow('merchant_customer_services', merchantId, {
        cs_type: input.csType,
        title: JSON.stringify(input.title),
        path: input.path,
        sort_order: input.sortOrder,
      });
    },

    async createResource(
      merchantId: string,
      input: {
        resourceType: string;
        label: LocalizedText;
        url: string;
        icon: string | null;
        sortOrder: number;
      },
    ): Promise<string> {
      checkInput(ResourceInputSchema, input);
      return addRow('merchant_resources', merchantId, {
        resource_type: input.resourceType,
        label: JSON.stringify(input.label),
        url: input.url,
        icon: input.icon,
        sort_order: input.sortOrder,
      });
    },
  };
}
