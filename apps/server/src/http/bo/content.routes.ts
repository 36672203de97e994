import { type Static, Type } from 'typebox';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_TYPES,
  BANNER_GROUPS,
  CUSTOMER_SERVICE_TYPES,
  EXECUTIONS,
  LINK_TYPES,
} from '../../modules/content/content.service.ts';
import {
  CONTENT_ROWS_MAX,
  type ContentAdminService,
  type CustomerServiceAdminInput,
  type HelpArticleAdminInput,
  type HelpCategoryAdminInput,
  type ResourceAdminInput,
} from '../../modules/content/content-admin.service.ts';
import type { Permission } from '../../modules/operator/permissions.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../platform/http/typed.ts';
import type { ImageStore } from '../../platform/storage/image-store.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, IdParams, MerchantIdField, MerchantScopeQuery } from './bo-schemas.ts';
import { type ImageUploadLimits, saveUploadedImage } from './image-upload.ts';
import { readOperator, resolveMerchantScope } from './operator-session.ts';
import { merchantScopedRoute, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type ContentRoutesDeps = { contentAdmin: ContentAdminService; images: ImageStore };

const TAGS = ['back office: content'];
/** Banners and licence logos are shown small; 2 MiB and 4096 × 4096 are far above what they need. */
export const CONTENT_IMAGE_BYTES_MAX = 2 * 1024 * 1024;
const CONTENT_IMAGE_UPLOAD: ImageUploadLimits = {
  namespace: 'content',
  maxBytes: CONTENT_IMAGE_BYTES_MAX,
  maxPixels: 4096 * 4096,
};

const Localized = (maxLength: number) =>
  Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), Type.String({ maxLength }), {
    examples: [{ EN: 'Sample' }],
  });
const Moment = Nullable(Type.String({ format: 'date-time', maxLength: 40 }));

const BannerFields = {
  groupName: StringOf(BANNER_GROUPS),
  title: Localized(200),
  imageUrl: Type.String({ maxLength: 1000, examples: ['/media/sample.svg'] }),
  languageImageUrls: Defaulted(
    Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), Type.String({ maxLength: 1000 }), {
      default: {},
      description: 'Images whose drawn text is in one language, by language; others see imageUrl',
      examples: [{ EN: '/media/sample-en.svg' }],
    }),
  ),
  linkType: StringOf(LINK_TYPES),
  linkTarget: Nullable(Type.String({ maxLength: 1000 })),
  sortOrder: Type.Integer({ minimum: 0, maximum: 10_000 }),
  enabled: Type.Boolean(),
  startsAt: Moment,
  endsAt: Moment,
};
const BannerBody = Type.Object(BannerFields);
const NewBannerBody = Type.Object({ merchantId: MerchantIdField, ...BannerFields });
const BannerView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  ...BannerFields,
  title: Type.Record(Type.String(), Type.String()),
  languageImageUrls: Type.Record(Type.String(), Type.String()),
});

const AnnouncementFields = {
  type: StringOf(ANNOUNCEMENT_TYPES),
  execution: Type.Union([StringOf(EXECUTIONS), Type.Null()]),
  // Everyone unless the operator picks members or agents (the agent centre's announcements).
  audience: Defaulted(
    Type.Unsafe<(typeof ANNOUNCEMENT_AUDIENCES)[number]>({
      type: 'string',
      enum: [...ANNOUNCEMENT_AUDIENCES],
      default: 'all',
    }),
  ),
  promotionType: Nullable(Type.String({ maxLength: 30 })),
  title: Localized(200),
  content: Localized(20_000),
  published: Type.Boolean(),
  sortOrder: Type.Integer({ minimum: 0, maximum: 10_000 }),
  startsAt: Moment,
  endsAt: Moment,
};
const AnnouncementBody = Type.Object(AnnouncementFields);
const NewAnnouncementBody = Type.Object({ merchantId: MerchantIdField, ...AnnouncementFields });
const AnnouncementView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  platform: Type.String(),
  ...AnnouncementFields,
  type: Type.String(),
  title: Type.Record(Type.String(), Type.String()),
  content: Type.Record(Type.String(), Type.String()),
  execution: Nullable(Type.String()),
});

const CustomerServiceFields = {
  csType: StringOf(CUSTOMER_SERVICE_TYPES),
  title: Localized(200),
  path: Type.String({ minLength: 1, maxLength: 1000, examples: ['https://t.me/sample'] }),
  sortOrder: Type.Integer({ minimum: 0, maximum: 10_000 }),
  enabled: Type.Boolean(),
};
const CustomerServiceView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  ...CustomerServiceFields,
  csType: Type.String(),
  title: Type.Record(Type.String(), Type.String()),
});

const ResourceFields = {
  resourceType: Type.String({ minLength: 1, maxLength: 30, examples: ['SOCIAL'] }),
  label: Localized(200),
  url: Type.String({ minLength: 1, maxLength: 1000, examples: ['https://example.com/sample'] }),
  icon: Nullable(Type.String({ maxLength: 40 })),
  sortOrder: Type.Integer({ minimum: 0, maximum: 10_000 }),
  enabled: Type.Boolean(),
};
const ResourceView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  ...ResourceFields,
  label: Type.Record(Type.String(), Type.String()),
});

const HelpCategoryFields = {
  anchor: Type.String({ minLength: 1, maxLength: 40, examples: ['sample'] }),
  device: StringOf(['WEB']),
  title: Localized(200),
  sortOrder: Type.Integer({ minimum: 0, maximum: 10_000 }),
};
const HelpCategoryView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  ...HelpCategoryFields,
  device: Type.String(),
  title: Type.Record(Type.String(), Type.String()),
});

const HelpArticleFields = {
  categoryId: Type.String({ minLength: 1, maxLength: 64 }),
  anchor: Type.String({ minLength: 1, maxLength: 40, examples: ['sample'] }),
  title: Localized(200),
  content: Localized(50_000),
  sortOrder: Type.Integer({ minimum: 0, maximum: 10_000 }),
};
const HelpArticleView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  ...HelpArticleFields,
  title: Type.Record(Type.String(), Type.String()),
  content: Type.Record(Type.String(), Type.String()),
});

/**
 * Banners (with image upload), announcements (popups, notices, promotions, help), the help centre's
 * categories and articles (content.*), and the site's customer-service entries and resources
 * (settings.*, as they are part of a merchant's configuration in the permission response).
 */
export function registerContentRoutes(app: TypedApp, deps: ContentRoutesDeps): void {
  const { contentAdmin, images } = deps;

  // Content staff upload banner and help images; configuration staff upload licence images and
  // logos for resources. Both land in the same image store, each behind its own permission.
  const imageRoutes = [
    ['/bo/images', 'content.write'],
    ['/bo/settings/images', 'settings.write'],
  ] as const satisfies readonly (readonly [string, Permission])[];
  for (const [url, permission] of imageRoutes) {
    app.post(
      url,
      {
        ...merchantScopedRoute(permission),
        schema: {
          tags: TAGS,
          summary: `Upload an image (multipart, one PNG, JPEG or WebP file, at most ${CONTENT_IMAGE_BYTES_MAX} bytes); answers its public URL`,
          consumes: ['multipart/form-data'],
          querystring: MerchantScopeQuery,
          response: {
            200: Envelope(
              Type.Object({
                url: Type.String(),
                width: Type.Integer(),
                height: Type.Integer(),
                bytes: Type.Integer(),
              }),
            ),
            413: { $ref: 'ErrorEnvelope#' },
            ...BO_ERROR_RESPONSES,
          },
        },
      },
      async (request) => {
        const { url, width, height, bytes } = await saveUploadedImage(request, images, CONTENT_IMAGE_UPLOAD);
        return ok({ url, width, height, bytes });
      },
    );
  }

  const kinds = [
    {
      segment: 'banners',
      label: 'banner',
      read: 'content.read',
      write: 'content.write',
      view: BannerView,
      body: BannerBody,
      newBody: NewBannerBody,
      list: contentAdmin.listBanners,
      create: (actor, merchantId, body) =>
        contentAdmin.createBanner(actor, merchantId, body as Static<typeof BannerBody>),
      update: (actor, id, body) => contentAdmin.updateBanner(actor, id, body as Static<typeof BannerBody>),
      remove: contentAdmin.deleteBanner,
      findMerchant: contentAdmin.findMerchantOfBanner,
    },
    {
      segment: 'announcements',
      label: 'announcement (B notice, PL, PU popup, PR promotion, H help)',
      read: 'content.read',
      write: 'content.write',
      view: AnnouncementView,
      body: AnnouncementBody,
      newBody: NewAnnouncementBody,
      list: contentAdmin.listAnnouncements,
      create: (actor, merchantId, body) =>
        contentAdmin.createAnnouncement(actor, merchantId, body as Static<typeof AnnouncementBody>),
      update: (actor, id, body) =>
        contentAdmin.updateAnnouncement(actor, id, body as Static<typeof AnnouncementBody>),
      remove: contentAdmin.deleteAnnouncement,
      findMerchant: contentAdmin.findMerchantOfAnnouncement,
    },
    {
      segment: 'help-categories',
      label: 'help-centre category (removing one removes its articles)',
      read: 'content.read',
      write: 'content.write',
      view: HelpCategoryView,
      body: Type.Object(HelpCategoryFields),
      newBody: Type.Object({ merchantId: MerchantIdField, ...HelpCategoryFields }),
      list: contentAdmin.listHelpCategories,
      create: (actor, merchantId, body) =>
        contentAdmin.createHelpCategory(actor, merchantId, body as HelpCategoryAdminInput),
      update: (actor, id, body) => contentAdmin.updateHelpCategory(actor, id, body as HelpCategoryAdminInput),
      remove: contentAdmin.deleteHelpCategory,
      findMerchant: contentAdmin.findMerchantOfHelpCategory,
    },
    {
      segment: 'help-articles',
      label: 'help-centre article (HTML per language, sanitised)',
      read: 'content.read',
      write: 'content.write',
      view: HelpArticleView,
      body: Type.Object(HelpArticleFields),
      newBody: Type.Object({ merchantId: MerchantIdField, ...HelpArticleFields }),
      list: contentAdmin.listHelpArticles,
      create: (actor, merchantId, body) =>
        contentAdmin.createHelpArticle(actor, merchantId, body as HelpArticleAdminInput),
      update: (actor, id, body) => contentAdmin.updateHelpArticle(actor, id, body as HelpArticleAdminInput),
      remove: contentAdmin.deleteHelpArticle,
      findMerchant: contentAdmin.findMerchantOfHelpArticle,
    },
    {
      segment: 'customer-services',
      label: 'customer-service entry (LIVECHAT, TELEGRAM, …)',
      read: 'settings.read',
      write: 'settings.write',
      view: CustomerServiceView,
      body: Type.Object(CustomerServiceFields),
      newBody: Type.Object({ merchantId: MerchantIdField, ...CustomerServiceFields }),
      list: contentAdmin.listCustomerServices,
      create: (actor, merchantId, body) =>
        contentAdmin.createCustomerService(actor, merchantId, body as CustomerServiceAdminInput),
      update: (actor, id, body) =>
        contentAdmin.updateCustomerService(actor, id, body as CustomerServiceAdminInput),
      remove: contentAdmin.deleteCustomerService,
      findMerchant: contentAdmin.findMerchantOfCustomerService,
    },
    {
      segment: 'resources',
      label: 'resource (by type: SOCIAL, TELEGRAM, APP_ANDROID, APP_IOS, LICENSE, HELP, LOGO …)',
      read: 'settings.read',
      write: 'settings.write',
      view: ResourceView,
      body: Type.Object(ResourceFields),
      newBody: Type.Object({ merchantId: MerchantIdField, ...ResourceFields }),
      list: contentAdmin.listResources,
      create: (actor, merchantId, body) =>
        contentAdmin.createResource(actor, merchantId, body as ResourceAdminInput),
      update: (actor, id, body) => contentAdmin.updateResource(actor, id, body as ResourceAdminInput),
      remove: contentAdmin.deleteResource,
      findMerchant: contentAdmin.findMerchantOfResource,
    },
  ] as const satisfies readonly {
    segment: string;
    label: string;
    read: Permission;
    write: Permission;
    view: unknown;
    body: unknown;
    newBody: unknown;
    list: (scope: readonly string[] | null) => Promise<unknown[]>;
    create: (actor: Actor, merchantId: string, body: unknown) => Promise<unknown>;
    update: (actor: Actor, id: string, body: unknown) => Promise<unknown>;
    remove: (actor: Actor, id: string) => Promise<void>;
    findMerchant: (id: string) => Promise<string | undefined>;
  }[];

  for (const kind of kinds) {
    app.get(
      `/bo/${kind.segment}`,
      {
        ...merchantScopedRoute(kind.read),
        schema: {
          tags: TAGS,
          summary: `Every ${kind.label} of the merchant (at most ${CONTENT_ROWS_MAX})`,
          querystring: MerchantScopeQuery,
          response: { 200: Envelope(Type.Object({ list: Type.Array(kind.view) })), ...BO_ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { merchantId } = request.query;
        const { scope } = resolveMerchantScope(await readOperator(request), merchantId);
        return ok({ list: await kind.list(scope) });
      },
    );
    app.post(
      `/bo/${kind.segment}`,
      {
        ...merchantScopedRoute(kind.write),
        schema: {
          tags: TAGS,
          summary: `Add a ${kind.label}`,
          body: kind.newBody,
          response: { 200: Envelope(kind.view), ...BO_ERROR_RESPONSES },
        },
      },
      async (request) => {
        const merchantId = await targetMerchantOf(request);
        const { merchantId: _named, ...body } = request.body;
        return ok(await kind.create((await readOperator(request)).actor, merchantId, body));
      },
    );
    app.put(
      `/bo/${kind.segment}/:id`,
      {
        ...resourceRoute(kind.write, kind.findMerchant),
        schema: {
          tags: TAGS,
          summary: `Change a ${kind.label}`,
          params: IdParams,
          body: kind.body,
          response: { 200: Envelope(kind.view), ...BO_ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { id } = request.params;
        return ok(await kind.update((await readOperator(request)).actor, id, request.body));
      },
    );
    app.delete(
      `/bo/${kind.segment}/:id`,
      {
        ...resourceRoute(kind.write, kind.findMerchant),
        schema: {
          tags: TAGS,
          summary: `Remove a ${kind.label}`,
          params: IdParams,
          response: { 200: Envelope(Type.Object({ removed: Type.Boolean() })), ...BO_ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { id } = request.params;
        await kind.remove((await readOperator(request)).actor, id);
        return ok({ removed: true });
      },
    );
  }
}

type Actor = Awaited<ReturnType<typeof readOperator>>['actor'];
