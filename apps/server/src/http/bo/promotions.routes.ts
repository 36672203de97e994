import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import { type Static, Type } from 'typebox';
import type { PromotionAudience } from '../../db/schema.ts';
import { LinkUrl } from '../../modules/content/content-inputs.ts';
import { OPERATOR_HTML_MAX_LENGTH } from '../../modules/content/operator-html.ts';
import {
  type ApplicationQueueRow,
  AUDIENCE_AGENTS_MAX,
  type EntryImageRow,
  GRANTS_PER_MEMBER_MAX,
  PROMOTION_ADMIN_PAGE_SIZE_MAX,
  type PromotionAdminService,
  type PromotionInput,
  type PromotionRow,
  type RaffleDrawRow,
  REJECT_REASON_LENGTH_MAX,
  TITLE_LENGTH_MAX,
} from '../../modules/promotion/promotion-admin.service.ts';
import {
  BonusTermsSchema,
  bonusTermsOf,
  maxApplicationAmountOf,
  RulesSchema,
  rulesOf,
} from '../../modules/promotion/promotion-rules.ts';
import type { RaffleService } from '../../modules/promotion/raffle.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../platform/http/typed.ts';
import type { ImageStore } from '../../platform/storage/image-store.ts';
import { PROMOTION_KINDS, PROMOTION_TYPES } from '../wps/promotion/promotion.routes.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  Id,
  IdParams,
  MerchantIdField,
  PageQueryFields,
} from './bo-schemas.ts';
import { addMerchantImageUpload, type ImageUploadLimits } from './image-upload.ts';
import { readOperator } from './operator-session.ts';
import { RaffleAdminAnswer, RaffleSummary, raffleAdminAnswerOf, raffleSummaryOf } from './raffle-view.ts';
import { sendReviewPhoto } from './review.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute, targetMerchantOf } from './scoped-route.ts';

export type PromotionsRoutesDeps = {
  promotionAdmin: PromotionAdminService;
  raffles: RaffleService;
  images: ImageStore;
};

const TAGS = ['back office: promotions'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 25;
const STATUSES = ['draft', 'published', 'withdrawn'] as const;
const AUDIENCES = ['all', 'new_members', 'agent_teams'] as const satisfies readonly PromotionAudience[];
const APPLICATION_STATUSES = ['applying', 'rejected', 'issued'] as const;
/** Where an application's image is read by its reviewer: `<prefix><imageId>`. */
export const REVIEW_IMAGE_PATH = '/bo/promotions/application-images/';
/** Cover and detail pictures are shown at most full width; 2 MiB and 4096 × 4096 are plenty. */
export const PROMOTION_IMAGE_BYTES_MAX = 2 * 1024 * 1024;
const PROMOTION_IMAGE_UPLOAD: ImageUploadLimits = {
  namespace: 'content',
  maxBytes: PROMOTION_IMAGE_BYTES_MAX,
  maxPixels: 4096 * 4096,
};

const LANGUAGE = Type.String({ pattern: '^[A-Z]{2}$' });
const Amount = Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16, examples: ['500.00'] });
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$' });
const Localized = (maxLength: number) =>
  Type.Record(LANGUAGE, Type.String({ maxLength }), {
    maxProperties: 40,
    examples: [{ EN: 'Sample', TY: 'Halimbawa' }],
  });
const LocalizedUrls = Defaulted(
  Type.Record(LANGUAGE, LinkUrl, { maxProperties: 40, default: {}, examples: [{ EN: '/media/sample.svg' }] }),
);
const Moment = Type.String({ format: 'date-time', maxLength: 40, examples: ['2026-12-01T00:00:00Z'] });

const PromotionFields = {
  type: StringOf(PROMOTION_TYPES),
  kind: StringOf(PROMOTION_KINDS),
  title: Localized(TITLE_LENGTH_MAX),
  /** HTML per language, sanitised when stored. */
  content: Localized(OPERATOR_HTML_MAX_LENGTH),
  coverImageUrls: LocalizedUrls,
  detailImageUrls: LocalizedUrls,
  startsAt: Moment,
  endsAt: Defaulted(Type.Union([Moment, Type.Null()], { default: null })),
  audience: Defaulted(
    Type.Unsafe<PromotionAudience>({ type: 'string', enum: [...AUDIENCES], default: 'all' }),
  ),
  /** agent_teams: the agents whose teams (their members below them) the promotion is for. */
  audienceAgentIds: Defaulted(Type.Array(Id, { maxItems: AUDIENCE_AGENTS_MAX, default: [] })),
  rules: Defaulted(Type.Object(RulesSchema.properties, { additionalProperties: false, default: {} })),
  /** Required for a kind that grants a bonus; dropped for one that does not. */
  bonusTerms: Defaulted(Type.Union([BonusTermsSchema, Type.Null()], { default: null })),
  /** Deposit bonuses and applications: grants per member (0: no limit); 1 for the other kinds. */
  grantsPerMember: Defaulted(Type.Integer({ minimum: 0, maximum: GRANTS_PER_MEMBER_MAX, default: 1 })),
  /** What the promotion may grant per merchant day; null: no cap of its own. */
  budgetPerDay: Defaulted(Type.Union([Amount, Type.Null()], { default: null })),
  sortOrder: Defaulted(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
};
const PromotionBody = Type.Object(PromotionFields);
const NewPromotionBody = Type.Object({ merchantId: MerchantIdField, ...PromotionFields });

const PromotionView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  type: StringOf(PROMOTION_TYPES),
  kind: StringOf(PROMOTION_KINDS),
  title: Type.Record(Type.String(), Type.String()),
  content: Type.Record(Type.String(), Type.String()),
  coverImageUrls: Type.Record(Type.String(), Type.String()),
  detailImageUrls: Type.Record(Type.String(), Type.String()),
  startsAt: Type.String(),
  endsAt: Nullable(Type.String()),
  audience: StringOf(AUDIENCES),
  audienceAgentIds: Type.Array(Type.String()),
  rules: RulesSchema,
  bonusTerms: Type.Union([BonusTermsSchema, Type.Null()]),
  grantsPerMember: Type.Integer(),
  budgetPerDay: Nullable(Money),
  sortOrder: Type.Integer(),
  status: StringOf(STATUSES),
  createdBy: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** A raffle's draw: its commitment, whether it was drawn and the tickets issued; null for other kinds. */
  raffle: Type.Union([RaffleSummary, Type.Null()]),
});

const ListQuery = Type.Object({
  merchantId: MerchantIdField,
  status: Type.Optional(StringOf(STATUSES)),
  type: Type.Optional(StringOf(PROMOTION_TYPES)),
  ...PageQueryFields(PROMOTION_ADMIN_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

const ApplicationsQuery = Type.Object({
  merchantId: MerchantIdField,
  status: Defaulted(
    Type.Unsafe<(typeof APPLICATION_STATUSES)[number]>({
      type: 'string',
      enum: [...APPLICATION_STATUSES],
      default: 'applying',
    }),
  ),
  promotionId: Type.Optional(Id),
  ...PageQueryFields(PROMOTION_ADMIN_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

const ApplicationView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  promotionId: Type.String(),
  promotionTitle: Type.Record(Type.String(), Type.String()),
  memberId: Type.String(),
  account: Type.String(),
  /** The attempt: '' for the first application, '2' for the one sent after a rejection. */
  cycle: Type.String(),
  status: StringOf(['joined', 'claimed', 'applying', 'rejected', 'issued'] as const),
  comment: Nullable(Type.String()),
  images: Type.Array(Type.Object({ id: Type.String(), url: Type.String() })),
  /** What was approved. */
  amount: Nullable(Money),
  /** The most the promotion's rules let an operator approve; null: no limit. */
  maxAmount: Nullable(Money),
  rejectReason: Nullable(Type.String()),
  bonusId: Nullable(Type.String()),
  reviewer: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String()),
  createdAt: Type.String(),
});

const ApproveBody = Type.Object({ amount: Amount });
const RejectBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: REJECT_REASON_LENGTH_MAX }),
});

function viewOf(row: PromotionRow, draw: RaffleDrawRow | undefined) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    type: row.type,
    kind: row.kind,
    title: row.title,
    content: row.content,
    coverImageUrls: row.cover_image_urls,
    detailImageUrls: row.detail_image_urls,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    audience: row.audience,
    audienceAgentIds: row.audience_agent_ids,
    rules: rulesOf(row.rules),
    bonusTerms: bonusTermsOf(row.bonus_terms),
    grantsPerMember: row.grants_per_member,
    budgetPerDay: row.budget_day_minor === null ? null : formatAmount(row.budget_day_minor),
    sortOrder: row.sort_order,
    status: row.status,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    raffle: raffleSummaryOf(draw),
  };
}

function applicationViewOf(row: ApplicationQueueRow, images: readonly EntryImageRow[]) {
  const maxAmount = maxApplicationAmountOf(rulesOf(row.promotion_rules));
  return {
    id: row.id,
    merchantId: row.merchant_id,
    promotionId: row.promotion_id,
    promotionTitle: row.promotion_title,
    memberId: row.member_id,
    account: row.account,
    cycle: row.cycle,
    status: row.status,
    comment: row.comment,
    images: images
      .filter((image) => image.entry_id === row.id)
      .map((image) => ({ id: image.id, url: `${REVIEW_IMAGE_PATH}${image.id}` })),
    amount: row.amount_minor === null ? null : formatAmount(row.amount_minor),
    maxAmount: maxAmount === null ? null : formatAmount(maxAmount),
    rejectReason: row.reject_reason,
    bonusId: row.bonus_id,
    reviewer: row.reviewer,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** A wire amount in minor units (the schema has checked its shape). */
function minorOf(text: string, field: string): bigint {
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.minor <= 0n)
    throw new AppError('VALIDATION', { value: { fields: { [field]: 'amount' } } });
  return parsed.minor;
}

function inputOf(body: Static<typeof PromotionBody>): PromotionInput {
  return {
    type: body.type,
    kind: body.kind,
    title: body.title,
    content: body.content,
    coverImageUrls: body.coverImageUrls,
    detailImageUrls: body.detailImageUrls,
    startsAt: body.startsAt,
    endsAt: body.endsAt,
    audience: body.audience,
    audienceAgentIds: body.audienceAgentIds,
    rules: body.rules,
    bonusTerms: body.bonusTerms,
    grantsPerMember: body.grantsPerMember,
    budgetPerDay: body.budgetPerDay === null ? null : minorOf(body.budgetPerDay, 'budgetPerDay'),
    sortOrder: body.sortOrder,
  };
}

/**
 * Promotions in the back office (docs/promotions.md "Wire (back office)"): the builder (drafts,
 * publish, withdraw, pictures), and the applications queue with each member's comment and images,
 * approved with an amount (granted as a bonus at once) or rejected with a reason the member reads.
 * Reads need promotions.read, everything else promotions.write; every change is audited.
 */
export function registerPromotionsRoutes(app: TypedApp, deps: PromotionsRoutesDeps): void {
  const { promotionAdmin, raffles, images } = deps;

  /** Promotions as the back office answers them, each raffle with its draw. */
  async function viewsOf(rows: readonly PromotionRow[]) {
    const draws = await promotionAdmin.drawsOf(rows);
    return rows.map((row) => viewOf(row, draws.get(row.id)));
  }

  async function oneView(row: PromotionRow) {
    const [view] = await viewsOf([row]);
    return view;
  }

  app.get(
    '/bo/promotions',
    {
      ...merchantScopedRoute('promotions.read'),
      schema: {
        tags: TAGS,
        summary: 'Promotions, newest first, by status and type',
        querystring: ListQuery,
        response: { 200: Envelope(CountedPageOf(PromotionView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const { rows, total } = await promotionAdmin.list({
        merchantIds: await readMerchantScope(request),
        status: query.status ?? null,
        type: query.type ?? null,
        page: query.page ?? 1,
        pageSize,
      });
      return ok({ list: await viewsOf(rows), total, totalPages: Math.ceil(total / pageSize) });
    },
  );

  app.post(
    '/bo/promotions',
    {
      ...merchantScopedRoute('promotions.write'),
      schema: {
        tags: TAGS,
        summary: 'Build a promotion: saved as a draft players do not see until it is published',
        body: NewPromotionBody,
        response: { 200: Envelope(PromotionView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { merchantId: _named, ...body } = request.body;
      const actor = (await readOperator(request)).actor;
      return ok(await oneView(await promotionAdmin.create(actor, merchantId, inputOf(body))));
    },
  );

  addMerchantImageUpload(app, {
    path: '/bo/promotions/images',
    permission: 'promotions.write',
    tags: TAGS,
    summary: `Upload a promotion's cover or detail picture (multipart, one PNG, JPEG or WebP file, at most ${PROMOTION_IMAGE_BYTES_MAX} bytes); answers its public URL`,
    images,
    limits: PROMOTION_IMAGE_UPLOAD,
  });

  app.get(
    '/bo/promotions/applications',
    {
      ...merchantScopedRoute('promotions.read'),
      schema: {
        tags: TAGS,
        summary:
          'Applications by status (waiting ones oldest first, decided ones newest first), with each member’s account, comment and images',
        querystring: ApplicationsQuery,
        response: { 200: Envelope(CountedPageOf(ApplicationView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const page = await promotionAdmin.listApplications({
        merchantIds: await readMerchantScope(request),
        status: query.status,
        promotionId: query.promotionId ?? null,
        page: query.page ?? 1,
        pageSize,
      });
      return ok({
        list: page.rows.map((row) => applicationViewOf(row, page.images)),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
      });
    },
  );

  app.get(
    `${REVIEW_IMAGE_PATH}:id`,
    {
      ...resourceRoute('promotions.read', promotionAdmin.findMerchantOfImage),
      schema: { tags: TAGS, summary: "An application's image (WebP)", params: IdParams },
    },
    async (request, reply) =>
      sendReviewPhoto(reply, images, await promotionAdmin.imagePathOf(request.params.id)),
  );

  async function reviewed(entryId: string) {
    const found = await promotionAdmin.application(entryId);
    return applicationViewOf(found.row, found.images);
  }

  app.post(
    '/bo/promotions/applications/:id/approve',
    {
      ...resourceRoute('promotions.write', promotionAdmin.findMerchantOfEntry),
      schema: {
        tags: TAGS,
        summary:
          'Approve an application with an amount (at most the rules’ maxAmount): granted at once as a bonus with the promotion’s terms',
        params: IdParams,
        body: ApproveBody,
        response: { 200: Envelope(ApplicationView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const actor = (await readOperator(request)).actor;
      const amountMinor = minorOf(request.body.amount, 'amount');
      await promotionAdmin.review(actor, request.params.id, { decision: 'approve', amountMinor });
      return ok(await reviewed(request.params.id));
    },
  );

  app.post(
    '/bo/promotions/applications/:id/reject',
    {
      ...resourceRoute('promotions.write', promotionAdmin.findMerchantOfEntry),
      schema: {
        tags: TAGS,
        summary: 'Reject an application with a reason the member reads (they may apply once more)',
        params: IdParams,
        body: RejectBody,
        response: { 200: Envelope(ApplicationView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const actor = (await readOperator(request)).actor;
      const reason = request.body.reason.trim();
      if (reason === '') throw new AppError('VALIDATION', { value: { fields: { reason: 'required' } } });
      await promotionAdmin.review(actor, request.params.id, { decision: 'reject', reason });
      return ok(await reviewed(request.params.id));
    },
  );

  app.get(
    '/bo/promotions/:id',
    {
      ...resourceRoute('promotions.read', promotionAdmin.findMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'One promotion with every field',
        params: IdParams,
        response: { 200: Envelope(PromotionView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => ok(await oneView(await promotionAdmin.get(request.params.id))),
  );

  app.put(
    '/bo/promotions/:id',
    {
      ...resourceRoute('promotions.write', promotionAdmin.findMerchantOf),
      schema: {
        tags: TAGS,
        summary:
          'Change every field of a draft or a published promotion (a published one keeps its kind; a withdrawn one is closed)',
        params: IdParams,
        body: PromotionBody,
        response: { 200: Envelope(PromotionView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const actor = (await readOperator(request)).actor;
      return ok(await oneView(await promotionAdmin.update(actor, request.params.id, inputOf(request.body))));
    },
  );

  for (const action of ['publish', 'withdraw'] as const) {
    app.post(
      `/bo/promotions/:id/${action}`,
      {
        ...resourceRoute('promotions.write', promotionAdmin.findMerchantOf),
        schema: {
          tags: TAGS,
          summary: {
            publish: 'Publish a draft: players see it from its start',
            withdraw:
              'Withdraw a published promotion: closed at once (what members have in progress goes on)',
          }[action],
          params: IdParams,
          response: { 200: Envelope(PromotionView), ...BO_ERROR_RESPONSES },
        },
      },
      async (request) => {
        const actor = (await readOperator(request)).actor;
        const moved =
          action === 'publish'
            ? await promotionAdmin.publish(actor, request.params.id)
            : await promotionAdmin.withdraw(actor, request.params.id);
        return ok(await oneView(moved));
      },
    );
  }

  app.get(
    '/bo/promotions/:id/raffle',
    {
      ...resourceRoute('promotions.read', promotionAdmin.findMerchantOf),
      schema: {
        tags: TAGS,
        summary:
          "A raffle's draw (its seeds once drawn), how many joined, the tickets issued and the winners with their prizes",
        params: IdParams,
        response: { 200: Envelope(RaffleAdminAnswer), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => ok(raffleAdminAnswerOf(await raffles.adminView(request.params.id))),
  );

  app.post(
    '/bo/promotions/:id/raffle/draw',
    {
      ...resourceRoute('promotions.write', promotionAdmin.findMerchantOf),
      schema: {
        tags: TAGS,
        summary:
          'Draw a raffle that is due now rather than at the next minute (CONFLICT NOT_DUE before its end plus the draw delay, DRAWN once drawn)',
        params: IdParams,
        response: { 200: Envelope(RaffleAdminAnswer), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const actor = (await readOperator(request)).actor;
      return ok(raffleAdminAnswerOf(await raffles.drawNow(actor, request.params.id)));
    },
  );
}
