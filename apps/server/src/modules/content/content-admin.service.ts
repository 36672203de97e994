import type { Kysely, Selectable } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { AnnouncementsTable, BannersTable, Database, LocalizedText } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AnnouncementType, BannerGroup, Execution, LinkType } from './content.service.ts';
import { AnnouncementInputSchema, BannerInputSchema, checkInput } from './content-inputs.ts';
import { sanitizeLocalizedHtml } from './operator-html.ts';

/**
 * The back office's writes to banners and announcements (notices are announcements of type B,
 * popups of type PU). Every change is one transaction with its audit row; announcement HTML goes
 * through the operator-HTML sanitiser before it is stored or compared.
 */
export type ContentAdminService = ReturnType<typeof createContentAdminService>;

export const CONTENT_ROWS_MAX = 500;

export type BannerInput = {
  groupName: BannerGroup;
  title: LocalizedText;
  imageUrl: string;
  linkType: LinkType;
  linkTarget: string | null;
  sortOrder: number;
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
};

export type AnnouncementAdminInput = {
  type: AnnouncementType;
  execution: Execution | null;
  promotionType: string | null;
  title: LocalizedText;
  content: LocalizedText;
  published: boolean;
  sortOrder: number;
  startsAt: string | null;
  endsAt: string | null;
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
    promotionType: row.promotion_type,
    title: row.title,
    content: row.content,
    published: row.published,
    sortOrder: row.sort_order,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
  };
}

function checkSchedule(startsAt: string | null, endsAt: string | null): void {
  if (startsAt !== null && endsAt !== null && Date.parse(startsAt) >= Date.parse(endsAt)) {
    throw new AppError('VALIDATION', { value: { fields: { endsAt: 'must be after the start' } } });
  }
}

export function createContentAdminService(deps: { db: Kysely<Database>; recordChange: RecordChange }) {
  const { db, recordChange } = deps;

  function bannerValues(input: BannerInput) {
    checkInput(BannerInputSchema, {
      groupName: input.groupName,
      title: input.title,
      imageUrl: input.imageUrl,
      linkType: input.linkType,
      linkTarget: input.linkTarget,
      sortOrder: input.sortOrder,
    });
    checkSchedule(input.startsAt, input.endsAt);
    return {
      group_name: input.groupName,
      title: JSON.stringify(input.title),
      image_url: input.imageUrl,
      link_type: input.linkType,
      link_target: input.linkTarget,
      sort_order: input.sortOrder,
      enabled: input.enabled,
      starts_at: input.startsAt ?? new Date(0),
      ends_at: input.endsAt,
    };
  }

  function announcementValues(input: AnnouncementAdminInput) {
    checkInput(AnnouncementInputSchema, {
      type: input.type,
      execution: input.execution,
      promotionType: input.promotionType,
      title: input.title,
      content: input.content,
      published: input.published,
      sortOrder: input.sortOrder,
    });
    checkSchedule(input.startsAt, input.endsAt);
    return {
      type: input.type,
      platform: 'W',
      execution: input.execution,
      promotion_type: input.promotionType,
      title: JSON.stringify(input.title),
      content: JSON.stringify(sanitizeLocalizedHtml(input.content)),
      published: input.published,
      sort_order: input.sortOrder,
      starts_at: input.startsAt ?? new Date(),
      ends_at: input.endsAt,
    };
  }

  return {
    async findMerchantOfBanner(id: string) {
      return (await db.selectFrom('banners').select('merchant_id').where('id', '=', id).executeTakeFirst())
        ?.merchant_id;
    },
    async findMerchantOfAnnouncement(id: string) {
      return (
        await db.selectFrom('announcements').select('merchant_id').where('id', '=', id).executeTakeFirst()
      )?.merchant_id;
    },

    async listBanners(scope: readonly string[] | null) {
      let query = db
        .selectFrom('banners')
        .selectAll()
        .orderBy('group_name')
        .orderBy('sort_order')
        .orderBy('id');
      if (scope) query = query.where('merchant_id', 'in', [...scope, '']);
      return (await query.limit(CONTENT_ROWS_MAX).execute()).map(bannerViewOf);
    },

    async createBanner(actor: ChangeActor, merchantId: string, input: BannerInput) {
      const values = { id: uuidv7(), merchant_id: merchantId, ...bannerValues(input) };
      return db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('banners').values(values).returningAll().executeTakeFirstOrThrow();
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'banner.create',
          target: { type: 'banner', id: row.id },
          before: null,
          after: bannerViewOf(row),
        });
        return bannerViewOf(row);
      });
    },

    async updateBanner(actor: ChangeActor, id: string, input: BannerInput) {
      const values = bannerValues(input);
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('banners')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError('NOT_FOUND');
        const row = await trx
          .updateTable('banners')
          .set(values)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: row.merchant_id,
          action: 'banner.update',
          target: { type: 'banner', id },
          before: bannerViewOf(before),
          after: bannerViewOf(row),
        });
        return bannerViewOf(row);
      });
    },

    async deleteBanner(actor: ChangeActor, id: string) {
      await db.transaction().execute(async (trx) => {
        const before = await trx.deleteFrom('banners').where('id', '=', id).returningAll().executeTakeFirst();
        if (!before) throw new AppError('NOT_FOUND');
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: before.merchant_id,
          action: 'banner.delete',
          target: { type: 'banner', id },
          before: bannerViewOf(before),
          after: null,
        });
      });
    },

    async listAnnouncements(scope: readonly string[] | null) {
      let query = db
        .selectFrom('announcements')
        .selectAll()
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc');
      if (scope) query = query.where('merchant_id', 'in', [...scope, '']);
      return (await query.limit(CONTENT_ROWS_MAX).execute()).map(announcementViewOf);
    },

    async createAnnouncement(actor: ChangeActor, merchantId: string, input: AnnouncementAdminInput) {
      const values = { id: uuidv7(), merchant_id: merchantId, ...announcementValues(input) };
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('announcements')
          .values(values)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'announcement.create',
          target: { type: 'announcement', id: row.id },
          before: null,
          after: announcementViewOf(row),
        });
        return announcementViewOf(row);
      });
    },

    async updateAnnouncement(actor: ChangeActor, id: string, input: AnnouncementAdminInput) {
      const values = announcementValues(input);
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('announcements')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError('NOT_FOUND');
        const row = await trx
          .updateTable('announcements')
          .set(values)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: row.merchant_id,
          action: 'announcement.update',
          target: { type: 'announcement', id },
          before: announcementViewOf(before),
          after: announcementViewOf(row),
        });
        return announcementViewOf(row);
      });
    },

    async deleteAnnouncement(actor: ChangeActor, id: string) {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .deleteFrom('announcements')
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (!before) throw new AppError('NOT_FOUND');
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: before.merchant_id,
          action: 'announcement.delete',
          target: { type: 'announcement', id },
          before: announcementViewOf(before),
          after: null,
        });
      });
    },
  };
}
