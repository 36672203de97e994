import type { Kysely, Selectable, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type {
  AnnouncementsTable,
  BannersTable,
  Database,
  HelpArticlesTable,
  HelpCategoriesTable,
  LocalizedText,
  MerchantCustomerServicesTable,
  MerchantResourcesTable,
} from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { AppError } from '../../platform/errors/errors.ts';
import {
  deleteRow,
  type EditableTable,
  findNoticesTurning,
  findRowMerchantId,
  insertRow,
  isHelpAnchorTaken,
  isMerchantHelpCategory,
  type LooseRow,
  listEditableRows,
  lockRow,
  updateRow,
} from './content.repository.ts';
import type {
  AnnouncementAudience,
  AnnouncementType,
  BannerContent,
  CustomerServiceType,
  Execution,
} from './content.service.ts';
import {
  AnnouncementInputSchema,
  checkBannerInput,
  checkCustomerServiceInput,
  checkInput,
  dropBlankLanguages,
  HelpArticleEditSchema,
  HelpCategoryEditSchema,
  ResourceInputSchema,
} from './content-inputs.ts';
import { sanitizeLocalizedHtml } from './operator-html.ts';

/**
 * The back office's writes to banners, announcements (notices are announcements of type B, popups
 * of type PU), customer-service entries, resources (social links, apps, licences, logo, footer help)
 * and the help centre. Every change is one transaction with its audit row; announcement HTML goes
 * through the operator-HTML sanitiser before it is stored or compared.
 */
export type ContentAdminService = ReturnType<typeof createContentAdminService>;

export const CONTENT_ROWS_MAX = 500;

export type BannerInput = BannerContent & {
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
};

export type AnnouncementAdminInput = {
  type: AnnouncementType;
  execution: Execution | null;
  audience: AnnouncementAudience;
  promotionType: string | null;
  title: LocalizedText;
  content: LocalizedText;
  published: boolean;
  sortOrder: number;
  startsAt: string | null;
  endsAt: string | null;
};

export type CustomerServiceAdminInput = {
  csType: CustomerServiceType;
  title: LocalizedText;
  path: string;
  sortOrder: number;
  enabled: boolean;
};

export type ResourceAdminInput = {
  resourceType: string;
  label: LocalizedText;
  url: string;
  icon: string | null;
  sortOrder: number;
  enabled: boolean;
};

export type HelpCategoryAdminInput = {
  anchor: string;
  device: 'WEB';
  title: LocalizedText;
  sortOrder: number;
};

export type HelpArticleAdminInput = {
  categoryId: string;
  anchor: string;
  title: LocalizedText;
  content: LocalizedText;
  sortOrder: number;
};

type BannerRow = Selectable<BannersTable>;
type AnnouncementRow = Selectable<AnnouncementsTable>;

export function bannerViewOf(row: BannerRow) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    groupName: row.group_name,
    title: row.title,
    imageUrl: row.image_url,
    languageImageUrls: row.language_image_urls,
    linkType: row.link_type,
    linkTarget: row.link_target,
    sortOrder: row.sort_order,
    enabled: row.enabled,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
  };
}

export function announcementViewOf(row: AnnouncementRow) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    type: row.type,
    platform: row.platform,
    execution: row.execution,
    audience: row.audience,
    promotionType: row.promotion_type,
    title: row.title,
    content: row.content,
    published: row.published,
    sortOrder: row.sort_order,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
  };
}

export function customerServiceViewOf(row: Selectable<MerchantCustomerServicesTable>) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    csType: row.cs_type,
    title: row.title,
    path: row.path,
    sortOrder: row.sort_order,
    enabled: row.enabled,
  };
}

export function resourceViewOf(row: Selectable<MerchantResourcesTable>) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    resourceType: row.resource_type,
    label: row.label,
    url: row.url,
    icon: row.icon,
    sortOrder: row.sort_order,
    enabled: row.enabled,
  };
}

export function helpCategoryViewOf(row: Selectable<HelpCategoriesTable>) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    device: row.device,
    anchor: row.anchor,
    title: row.title,
    sortOrder: row.sort_order,
  };
}

export function helpArticleViewOf(row: Selectable<HelpArticlesTable>) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    categoryId: row.category_id,
    anchor: row.anchor,
    title: row.title,
    content: row.content,
    sortOrder: row.sort_order,
  };
}

function checkSchedule(startsAt: string | null, endsAt: string | null): void {
  if (startsAt !== null && endsAt !== null && Date.parse(startsAt) >= Date.parse(endsAt)) {
    throw new AppError('VALIDATION', { value: { fields: { endsAt: 'order' } } });
  }
}

type Executor = Kysely<Database> | Transaction<Database>;

type EditorSpec<T extends EditableTable, Input, View> = {
  table: T;
  /** The audit action's first word and the audit target's type: `banner` → `banner.create`. */
  kind: string;
  viewOf: (row: Selectable<Database[T]>) => View;
  /** Checks the input (VALIDATION naming each field) and answers the row's columns. */
  valuesOf: (input: Input) => Record<string, unknown>;
  /**
   * Refuses values that clash with or point past the merchant's other rows (a help anchor used
   * twice, an article in another merchant's category); `id` is the row being written.
   */
  checkReferences?: (
    executor: Executor,
    merchantId: string,
    values: Record<string, unknown>,
    id: string,
  ) => Promise<void>;
  /** Runs once the change has committed, with the row's view before and after (null when none). */
  afterCommit?: (before: View | null, after: View | null) => void;
};

/**
 * One path for creating, changing and removing a row of any editable table: each change is one
 * transaction holding the write and its one audit row with the row's view before and after.
 */
function createRowEditor<T extends EditableTable, Input, View>(
  db: Kysely<Database>,
  recordChange: RecordChange,
  spec: EditorSpec<T, Input, View>,
) {
  const { table } = spec;
  const viewOf = (row: LooseRow) => spec.viewOf(row as unknown as Selectable<Database[T]>);

  async function change(
    actor: ChangeActor,
    action: 'create' | 'update' | 'delete',
    write: (trx: Executor) => Promise<{ before: LooseRow | undefined; after: LooseRow | undefined }>,
  ): Promise<View | null> {
    const views = await db.transaction().execute(async (trx) => {
      const { before, after } = await write(trx);
      const row = after ?? before;
      if (!row) throw new AppError('NOT_FOUND');
      const changed = { before: before ? viewOf(before) : null, after: after ? viewOf(after) : null };
      await recordChange(trx, {
        ...actorOf(actor),
        merchantId: row.merchant_id,
        action: `${spec.kind}.${action}`,
        target: { type: spec.kind, id: row.id },
        ...changed,
      });
      return changed;
    });
    spec.afterCommit?.(views.before, views.after);
    return views.after;
  }

  return {
    findMerchant: (id: string): Promise<string | undefined> => findRowMerchantId(db, table, id),

    async create(actor: ChangeActor, merchantId: string, input: Input): Promise<View> {
      const values = { id: uuidv7(), merchant_id: merchantId, ...spec.valuesOf(input) };
      const view = await change(actor, 'create', async (trx) => {
        await spec.checkReferences?.(trx, merchantId, values, values.id);
        return { before: undefined, after: await insertRow(trx, table, values) };
      });
      return view as View;
    },

    async update(actor: ChangeActor, id: string, input: Input): Promise<View> {
      const values = spec.valuesOf(input);
      const view = await change(actor, 'update', async (trx) => {
        const before = await lockRow(trx, table, id);
        if (!before) return { before, after: undefined };
        await spec.checkReferences?.(trx, before.merchant_id, values, id);
        return { before, after: await updateRow(trx, table, id, values) };
      });
      return view as View;
    },

    async remove(actor: ChangeActor, id: string): Promise<void> {
      await change(actor, 'delete', async (trx) => ({
        before: await deleteRow(trx, table, id),
        after: undefined,
      }));
    },
  };
}

/** A notice (type B) that players may see, or saw, before or after a change. */
function isShownNotice(view: ReturnType<typeof announcementViewOf> | null): boolean {
  return view !== null && view.type === 'B' && view.published;
}

export function createContentAdminService(deps: {
  db: Kysely<Database>;
  recordChange: RecordChange;
  /**
   * Tells the merchant's open pages that a notice of the marquee changed (the socket event
   * `notice`), once the change has committed; handed in by app.ts.
   */
  tellNotice?: (merchantId: string, notice: { id: string; title: LocalizedText }) => void;
}) {
  const { db, recordChange } = deps;

  const banners = createRowEditor(db, recordChange, {
    table: 'banners',
    kind: 'banner',
    viewOf: bannerViewOf,
    valuesOf: (input: BannerInput) => {
      const title = dropBlankLanguages(input.title);
      const languageImageUrls = dropBlankLanguages(input.languageImageUrls ?? {});
      checkBannerInput({
        groupName: input.groupName,
        title,
        imageUrl: input.imageUrl,
        languageImageUrls,
        linkType: input.linkType,
        linkTarget: input.linkTarget,
        sortOrder: input.sortOrder,
      });
      checkSchedule(input.startsAt, input.endsAt);
      return {
        group_name: input.groupName,
        title: JSON.stringify(title),
        image_url: input.imageUrl,
        language_image_urls: JSON.stringify(languageImageUrls),
        link_type: input.linkType,
        link_target: input.linkTarget,
        sort_order: input.sortOrder,
        enabled: input.enabled,
        starts_at: input.startsAt ?? new Date(0),
        ends_at: input.endsAt,
      };
    },
  });

  const announcements = createRowEditor(db, recordChange, {
    table: 'announcements',
    kind: 'announcement',
    viewOf: announcementViewOf,
    valuesOf: (input: AnnouncementAdminInput) => {
      const title = dropBlankLanguages(input.title);
      const content = dropBlankLanguages(input.content);
      checkInput(AnnouncementInputSchema, {
        type: input.type,
        execution: input.execution,
        audience: input.audience,
        promotionType: input.promotionType,
        title,
        content,
        published: input.published,
        sortOrder: input.sortOrder,
      });
      checkSchedule(input.startsAt, input.endsAt);
      return {
        type: input.type,
        platform: 'W',
        execution: input.execution,
        audience: input.audience,
        promotion_type: input.promotionType,
        title: JSON.stringify(title),
        content: JSON.stringify(sanitizeLocalizedHtml(content)),
        published: input.published,
        sort_order: input.sortOrder,
        starts_at: input.startsAt ?? new Date(),
        ends_at: input.endsAt,
      };
    },
    // A notice published, changed, unpublished or removed: the marquee and the notices reload.
    afterCommit: (before, after) => {
      const notice = [after, before].find(isShownNotice);
      if (notice) deps.tellNotice?.(notice.merchantId, { id: notice.id, title: notice.title });
    },
  });

  const customerServices = createRowEditor(db, recordChange, {
    table: 'merchant_customer_services',
    kind: 'customer_service',
    viewOf: customerServiceViewOf,
    valuesOf: (input: CustomerServiceAdminInput) => {
      const title = dropBlankLanguages(input.title);
      checkCustomerServiceInput({ ...input, title });
      return {
        cs_type: input.csType,
        title: JSON.stringify(title),
        path: input.path,
        sort_order: input.sortOrder,
        enabled: input.enabled,
      };
    },
  });

  const resources = createRowEditor(db, recordChange, {
    table: 'merchant_resources',
    kind: 'resource',
    viewOf: resourceViewOf,
    valuesOf: (input: ResourceAdminInput) => {
      const label = dropBlankLanguages(input.label);
      checkInput(ResourceInputSchema, { ...input, label });
      return {
        resource_type: input.resourceType,
        label: JSON.stringify(label),
        url: input.url,
        icon: input.icon,
        sort_order: input.sortOrder,
        enabled: input.enabled,
      };
    },
  });

  const helpCategories = createRowEditor(db, recordChange, {
    table: 'help_categories',
    kind: 'help_category',
    viewOf: helpCategoryViewOf,
    valuesOf: (input: HelpCategoryAdminInput) => {
      const title = dropBlankLanguages(input.title);
      checkInput(HelpCategoryEditSchema, { ...input, title });
      return {
        anchor: input.anchor,
        device: input.device,
        title: JSON.stringify(title),
        sort_order: input.sortOrder,
      };
    },
    checkReferences: async (executor, merchantId, values, id) => {
      const isTaken = await isHelpAnchorTaken(executor, {
        merchantId,
        device: String(values.device),
        anchor: String(values.anchor),
        exceptId: id,
      });
      if (isTaken) throw new AppError('VALIDATION', { value: { fields: { anchor: 'taken' } } });
    },
  });

  const helpArticles = createRowEditor(db, recordChange, {
    table: 'help_articles',
    kind: 'help_article',
    viewOf: helpArticleViewOf,
    valuesOf: (input: HelpArticleAdminInput) => {
      const title = dropBlankLanguages(input.title);
      const content = dropBlankLanguages(input.content);
      checkInput(HelpArticleEditSchema, { ...input, title, content });
      return {
        category_id: input.categoryId,
        anchor: input.anchor,
        title: JSON.stringify(title),
        content: JSON.stringify(sanitizeLocalizedHtml(content)),
        sort_order: input.sortOrder,
      };
    },
    // An article may only sit in a category of its own merchant.
    checkReferences: async (executor, merchantId, values) => {
      if (!(await isMerchantHelpCategory(executor, merchantId, String(values.category_id))))
        throw new AppError('VALIDATION', { value: { fields: { categoryId: 'unknown' } } });
    },
  });

  return {
    findMerchantOfBanner: banners.findMerchant,
    findMerchantOfAnnouncement: announcements.findMerchant,

    listBanners: async (scope: readonly string[] | null) =>
      (
        await listEditableRows(db, 'banners', {
          scope,
          orderBy: [
            ['group_name', 'asc'],
            ['sort_order', 'asc'],
            ['id', 'asc'],
          ],
          limit: CONTENT_ROWS_MAX,
        })
      ).map(bannerViewOf),
    createBanner: banners.create,
    updateBanner: banners.update,
    deleteBanner: banners.remove,

    listAnnouncements: async (scope: readonly string[] | null) =>
      (
        await listEditableRows(db, 'announcements', {
          scope,
          orderBy: [
            ['starts_at', 'desc'],
            ['id', 'desc'],
          ],
          limit: CONTENT_ROWS_MAX,
        })
      ).map(announcementViewOf),
    createAnnouncement: announcements.create,
    updateAnnouncement: announcements.update,
    deleteAnnouncement: announcements.remove,
    /**
     * Tells each merchant's open pages of the notices that appeared in or left the marquee in
     * (from, to] by their schedule (the job `content.notices`); answers how many were told.
     */
    async tellNoticesTurning(window: { from: Date; to: Date }): Promise<number> {
      const notices = await findNoticesTurning(db, window);
      for (const notice of notices)
        deps.tellNotice?.(notice.merchant_id, { id: notice.id, title: notice.title });
      return notices.length;
    },

    listCustomerServices: async (scope: readonly string[] | null) =>
      (
        await listEditableRows(db, 'merchant_customer_services', {
          scope,
          orderBy: [
            ['sort_order', 'asc'],
            ['id', 'asc'],
          ],
          limit: CONTENT_ROWS_MAX,
        })
      ).map(customerServiceViewOf),
    findMerchantOfCustomerService: customerServices.findMerchant,
    createCustomerService: customerServices.create,
    updateCustomerService: customerServices.update,
    deleteCustomerService: customerServices.remove,

    listResources: async (scope: readonly string[] | null) =>
      (
        await listEditableRows(db, 'merchant_resources', {
          scope,
          orderBy: [
            ['resource_type', 'asc'],
            ['sort_order', 'asc'],
            ['id', 'asc'],
          ],
          limit: CONTENT_ROWS_MAX,
        })
      ).map(resourceViewOf),
    findMerchantOfResource: resources.findMerchant,
    createResource: resources.create,
    updateResource: resources.update,
    deleteResource: resources.remove,

    listHelpCategories: async (scope: readonly string[] | null) =>
      (
        await listEditableRows(db, 'help_categories', {
          scope,
          orderBy: [
            ['sort_order', 'asc'],
            ['id', 'asc'],
          ],
          limit: CONTENT_ROWS_MAX,
        })
      ).map(helpCategoryViewOf),
    findMerchantOfHelpCategory: helpCategories.findMerchant,
    createHelpCategory: helpCategories.create,
    updateHelpCategory: helpCategories.update,
    /** Removes a category with its articles (the articles go by the foreign key's cascade). */
    deleteHelpCategory: helpCategories.remove,

    listHelpArticles: async (scope: readonly string[] | null) =>
      (
        await listEditableRows(db, 'help_articles', {
          scope,
          orderBy: [
            ['category_id', 'asc'],
            ['sort_order', 'asc'],
            ['id', 'asc'],
          ],
          limit: CONTENT_ROWS_MAX,
        })
      ).map(helpArticleViewOf),
    findMerchantOfHelpArticle: helpArticles.findMerchant,
    createHelpArticle: helpArticles.create,
    updateHelpArticle: helpArticles.update,
    deleteHelpArticle: helpArticles.remove,
  };
}
