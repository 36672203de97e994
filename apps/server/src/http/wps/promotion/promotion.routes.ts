import { formatAmount } from '@panalo/money/amount.ts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { LocalizedText, PromotionKind, PromotionType } from '../../../db/schema.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import {
  APPLICATION_IMAGE_BYTES_MAX,
  APPLICATION_IMAGES_MAX,
  COMMENT_LENGTH_MAX,
  type EntryImageRow,
  PROMOTION_PAGE_SIZE_MAX,
  type PromotionMerchant,
  type PromotionRow,
  type PromotionService,
  type StateAnswer,
} from '../../../modules/promotion/promotion.service.ts';
import {
  bonusTermsOf,
  pickIn,
  type Reader,
  RulesSchema,
  rulesOf,
  termsView,
} from '../../../modules/promotion/promotion-rules.ts';
import { PROMOTION_STATES, STATE_REASONS } from '../../../modules/promotion/promotion-state.ts';
import type { WalletService } from '../../../modules/wallet/wallet.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../../platform/http/typed.ts';
import { multipartBody, readUploadedFile } from '../../../platform/http/upload.ts';
import type { ImageStore } from '../../../platform/storage/image-store.ts';
import { Id, IdParams } from '../../bo/bo-schemas.ts';
import { sendReviewPhoto } from '../../bo/review.ts';
import { readMemberSession, requireMerchantMember } from '../../member-session.ts';
import { requireMerchantReader } from '../../merchant-context.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import {
  DefaultedPageFields,
  MEMBER_ERROR_RESPONSES,
  MerchantLanguageQuery,
  PageOf,
} from '../wps-schemas.ts';
import { BonusView, bonusViewOf, Contribution } from './bonus-view.ts';
import { ClaimPrizeBody, RaffleView, raffleViewOf, TicketsView } from './raffle-view.ts';

export type PromotionRoutesDeps = {
  members: MemberService;
  promotions: PromotionService;
  wallet: WalletService;
  images: ImageStore;
};

const TAGS = ['promotion'];
const PAGE_SIZE_DEFAULT = 20;
export const PROMOTION_TYPES = [
  'OTHERS',
  'SPORTS',
  'LIVE',
  'SLOTS',
  'CARD',
  'FISH',
  'LOTTO',
  'REBATE',
  'POINTS_MALL',
  'RANKING',
  'DEPOSIT',
  'APP_DOWNLOAD',
  'NEWBIE',
  'GAME',
] as const satisfies readonly PromotionType[];
export const PROMOTION_KINDS = [
  'info',
  'deposit_bonus',
  'newbie_bonus',
  'application',
  'cashback',
  'raffle',
  'app_download',
] as const satisfies readonly PromotionKind[];
/** Where a member's own application image is read (with their session): `<prefix><imageId>`. */
export const APPLICATION_IMAGE_PATH = '/wps/promotion/images/';

const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['88.00'] });
const Moment = Type.String({ format: 'date-time' });
const PromotionTypeCode = StringOf(PROMOTION_TYPES);
const PromotionKindCode = StringOf(PROMOTION_KINDS);
const State = StringOf(PROMOTION_STATES);

const ListQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  /** A type tab, or ALL. */
  type: Defaulted(
    Type.Unsafe<'ALL' | PromotionType>({ type: 'string', enum: ['ALL', ...PROMOTION_TYPES], default: 'ALL' }),
  ),
  ...DefaultedPageFields(PROMOTION_PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
});
const DetailQuery = Type.Object({ ...MerchantLanguageQuery.properties, id: Id });
const MineQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  ...DefaultedPageFields(PROMOTION_PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
});

const ListItem = Type.Object({
  id: Type.String(),
  type: PromotionTypeCode,
  kind: PromotionKindCode,
  title: Type.String(),
  coverImageUrl: Nullable(Type.String()),
  startsAt: Moment,
  endsAt: Nullable(Type.String({ format: 'date-time' })),
  state: State,
});

const EntryImage = Type.Object({
  id: Type.String(),
  /** The image, read with the member's session (re-encoded WebP). */
  url: Type.String(),
});

const EntryView = Type.Object({
  id: Type.String(),
  status: StringOf(['joined', 'claimed', 'applying', 'rejected', 'issued'] as const),
  comment: Nullable(Type.String()),
  rejectReason: Nullable(Type.String()),
  amount: Nullable(Money),
  images: Type.Array(EntryImage),
  createdAt: Moment,
});

const TermsView = Type.Object({
  multiplier: Type.Integer(),
  includeDeposit: Type.Boolean(),
  contributions: Type.Array(Contribution),
  maxStake: Nullable(Money),
  expiryDays: Type.Integer(),
  maxConversion: Nullable(Money),
  /** A slot spin below this stake counts nothing toward wagering; null: any stake. */
  minSpinStake: Nullable(Money),
  /** A slot spin on fewer lines (or lines unknown) counts nothing; null: any spin. */
  minSpinLines: Nullable(Type.Integer()),
});

const Detail = Type.Object({
  id: Type.String(),
  type: PromotionTypeCode,
  kind: PromotionKindCode,
  title: Type.String(),
  /** Sanitised HTML. */
  content: Type.String(),
  detailImageUrl: Nullable(Type.String()),
  coverImageUrl: Nullable(Type.String()),
  startsAt: Moment,
  endsAt: Nullable(Type.String({ format: 'date-time' })),
  state: State,
  /** Why the member cannot act (NONE), must log in (visitors), or will wait (BONUS_ACTIVE). */
  reason: Type.Union([StringOf(STATE_REASONS), Type.Null()]),
  /** An application rejected once (or granted, where the promotion grants again) may be sent again. */
  mayApplyAgain: Type.Boolean(),
  rules: RulesSchema,
  terms: Type.Union([TermsView, Type.Null()]),
  entry: Type.Union([EntryView, Type.Null()]),
  bonus: Type.Union([BonusView, Type.Null()]),
  /** The raffle's draw, tickets and prizes; null for other kinds. */
  raffle: Type.Union([RaffleView, Type.Null()]),
});

const TakePartBody = Type.Object({
  id: Id,
  /** The member accepts the promotion's terms; anything but true is refused. */
  acceptTerms: Type.Boolean(),
});

const ApplyBody = Type.Object({
  id: Id,
  comment: Defaulted(Type.String({ maxLength: COMMENT_LENGTH_MAX, default: '' })),
  /** Images uploaded through applyImage and not sent with another application. */
  imageIds: Defaulted(Type.Array(Id, { maxItems: APPLICATION_IMAGES_MAX, default: [] })),
  acceptTerms: Type.Boolean(),
});

const ImageForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'A PNG or JPEG image, at most 5 MB' }),
});

const MineItem = Type.Object({
  promotionId: Type.String(),
  title: Type.String(),
  type: PromotionTypeCode,
  kind: PromotionKindCode,
  /** The promotion's state for the member now. */
  state: State,
  entryStatus: StringOf(['joined', 'claimed', 'applying', 'rejected', 'issued'] as const),
  amount: Nullable(Money),
  createdAt: Moment,
  bonus: Type.Union([BonusView, Type.Null()]),
});

function pickText(text: LocalizedText, reader: Reader): string {
  return pickIn(text, reader) ?? '';
}

function listItemOf(promotion: PromotionRow, answer: StateAnswer, reader: Reader) {
  return {
    id: promotion.id,
    type: promotion.type,
    kind: promotion.kind,
    title: pickText(promotion.title, reader),
    coverImageUrl: pickIn(promotion.cover_image_urls, reader),
    startsAt: promotion.starts_at.toISOString(),
    endsAt: promotion.ends_at?.toISOString() ?? null,
    state: answer.state,
  };
}

function imageViewOf(image: EntryImageRow) {
  return { id: image.id, url: `${APPLICATION_IMAGE_PATH}${image.id}` };
}

/**
 * Promotions for players (docs/promotions.md "Wire (player)"): the list by type tab and a
 * promotion's detail for visitors and members alike, each with the viewer's state; joining,
 * claiming and applying (with images uploaded one by one first), and the member's own entries, for
 * members. Trial accounts may read but not take part (TRIAL_ACCOUNT).
 */
export function registerPromotionRoutes(app: TypedApp, deps: PromotionRoutesDeps): void {
  const { members, promotions, wallet, images } = deps;

  async function bonusBalanceOf(merchant: PromotionMerchant, memberId: string): Promise<bigint> {
    const balances = await wallet.getBalances({
      merchantId: merchant.id,
      memberId,
      currency: merchant.currency,
    });
    return balances.bonusMinor;
  }

  function merchantOf(request: FastifyRequest) {
    const { merchant, reader } = requireMerchantReader(request);
    const facts: PromotionMerchant = {
      id: merchant.id,
      currency: merchant.currency,
      timeZone: merchant.timeZone,
      defaultLanguage: merchant.defaultLanguage,
    };
    return { merchant: facts, reader };
  }

  async function detailView(
    merchant: PromotionMerchant,
    reader: Reader,
    detail: Awaited<ReturnType<PromotionService['detail']>>,
    memberId: string | null,
  ) {
    const { promotion, answer } = detail;
    const terms = bonusTermsOf(promotion.bonus_terms);
    const { entry, bonus } = answer;
    return {
      ...listItemOf(promotion, answer, reader),
      content: pickText(promotion.content, reader),
      detailImageUrl: pickIn(promotion.detail_image_urls, reader),
      reason: answer.reason,
      mayApplyAgain: answer.mayApplyAgain,
      rules: rulesOf(promotion.rules),
      terms: terms ? termsView(terms) : null,
      entry: entry
        ? {
            id: entry.id,
            status: entry.status,
            comment: entry.comment,
            rejectReason: entry.reject_reason,
            amount: entry.amount_minor === null ? null : formatAmount(entry.amount_minor),
            images: detail.images.map(imageViewOf),
            createdAt: entry.created_at.toISOString(),
          }
        : null,
      bonus:
        bonus && memberId
          ? bonusViewOf(bonus, {
              promotionTitle: pickText(promotion.title, reader),
              bonusBalanceMinor: bonus.status === 'active' ? await bonusBalanceOf(merchant, memberId) : 0n,
            })
          : null,
      raffle: detail.raffle ? raffleViewOf(detail.raffle, memberId, promotion.status) : null,
    };
  }

  function requireAccepted(acceptTerms: boolean): void {
    if (!acceptTerms) throw new AppError('VALIDATION', { value: { fields: { acceptTerms: 'required' } } });
  }

  app.get(
    '/wps/promotion/list',
    {
      schema: {
        tags: TAGS,
        summary:
          'Promotions by type tab (ALL or a type), by sort order then newest, each with the viewer’s state (T optional)',
        querystring: ListQuery,
        response: { 200: Envelope(PageOf(ListItem)), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = merchantOf(request);
      const viewer = await readMemberSession(request, members);
      const { query } = request;
      const page = await promotions.list(merchant.id, viewer?.member ?? null, {
        type: query.type === 'ALL' ? null : query.type,
        page: query.page,
        pageSize: query.pageSize,
      });
      return ok({
        list: page.items.map(({ promotion, answer }) => listItemOf(promotion, answer, reader)),
        totalPages: page.totalPages,
      });
    },
  );

  app.get(
    '/wps/promotion/detail',
    {
      schema: {
        tags: TAGS,
        summary:
          "A promotion's detail, rules and terms, with the viewer's state, entry and bonus (T optional)",
        querystring: DetailQuery,
        response: { 200: Envelope(Detail), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = merchantOf(request);
      const viewer = await readMemberSession(request, members);
      const member = viewer?.member ?? null;
      const detail = await promotions.detail(merchant.id, request.query.id, member);
      return ok(await detailView(merchant, reader, detail, member?.id ?? null));
    },
  );

  for (const action of ['join', 'claim'] as const) {
    app.post(
      `/wps/promotion/${action}`,
      {
        schema: {
          tags: TAGS,
          summary: {
            join: 'Join a deposit bonus, a cashback or a raffle, accepting its terms (T)',
            claim:
              'Claim a newbie or an app-download bonus, accepting its terms: the bonus is granted at once (T)',
          }[action],
          querystring: MerchantLanguageQuery,
          body: TakePartBody,
          response: { 200: Envelope(Detail), ...MEMBER_ERROR_RESPONSES },
        },
      },
      async (request) => {
        const { merchant, reader } = merchantOf(request);
        const { member } = await requireMerchantMember(request, members);
        requireAccepted(request.body.acceptTerms);
        const detail =
          action === 'join'
            ? await promotions.join(merchant, member, request.body.id)
            : await promotions.claim(merchant, member, request.body.id, reader.language);
        return ok(await detailView(merchant, reader, detail, member.id));
      },
    );
  }

  app.post(
    '/wps/promotion/raffle/claim',
    {
      schema: {
        tags: TAGS,
        summary:
          'Claim a raffle prize (a myPrizes id) as cash, or as a bonus with the promotion’s terms (acceptTerms true); answers the raffle’s detail (T)',
        querystring: MerchantLanguageQuery,
        body: ClaimPrizeBody,
        response: { 200: Envelope(Detail), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = merchantOf(request);
      const { member } = await requireMerchantMember(request, members);
      const detail = await promotions.claimPrize(merchant, member, {
        winnerId: request.body.id,
        acceptTerms: request.body.acceptTerms,
        language: reader.language,
      });
      return ok(await detailView(merchant, reader, detail, member.id));
    },
  );

  app.get(
    '/wps/promotion/raffle/tickets',
    {
      schema: {
        tags: TAGS,
        summary: "Every ticket id of a raffle, ascending: the draw's input, to verify it (T optional)",
        querystring: DetailQuery,
        response: { 200: Envelope(TicketsView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant } = merchantOf(request);
      return ok({ ticketIds: await promotions.raffleTicketIds(merchant.id, request.query.id) });
    },
  );

  app.post(
    '/wps/promotion/applyImage',
    {
      schema: {
        tags: TAGS,
        summary: `Upload an image for an application (multipart, one PNG or JPEG file of at most ${APPLICATION_IMAGE_BYTES_MAX} bytes, checked by content); at most 10 not yet sent per day (T)`,
        consumes: ['multipart/form-data'],
        body: multipartBody(ImageForm),
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(EntryImage), 413: { $ref: 'ErrorEnvelope#' }, ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant } = merchantOf(request);
      const { member } = await requireMerchantMember(request, members);
      const upload = await readUploadedFile(request, APPLICATION_IMAGE_BYTES_MAX);
      const image = await promotions.uploadImage(merchant, member, upload.data);
      return ok(imageViewOf(image));
    },
  );

  app.post(
    '/wps/promotion/apply',
    {
      schema: {
        tags: TAGS,
        summary: `Apply for an application promotion: a comment of at most ${COMMENT_LENGTH_MAX} characters and up to ${APPLICATION_IMAGES_MAX} uploaded images (T)`,
        querystring: MerchantLanguageQuery,
        body: ApplyBody,
        response: { 200: Envelope(Detail), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = merchantOf(request);
      const { member } = await requireMerchantMember(request, members);
      const { body } = request;
      requireAccepted(body.acceptTerms);
      const detail = await promotions.apply(merchant, member, body.id, {
        comment: body.comment.trim(),
        imageIds: body.imageIds,
      });
      return ok(await detailView(merchant, reader, detail, member.id));
    },
  );

  app.get(
    '/wps/promotion/mine',
    {
      schema: {
        tags: TAGS,
        summary:
          "The member's entries in promotions, newest first, with each promotion's state and bonus (T)",
        querystring: MineQuery,
        response: { 200: Envelope(PageOf(MineItem)), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = merchantOf(request);
      const { member } = await requireMerchantMember(request, members);
      const { query } = request;
      const page = await promotions.mine(merchant.id, member, { page: query.page, pageSize: query.pageSize });
      const hasActive = page.items.some(({ bonus }) => bonus?.status === 'active');
      const bonusBalanceMinor = hasActive ? await bonusBalanceOf(merchant, member.id) : 0n;
      return ok({
        list: page.items.map(({ entry, title, answer, bonus }) => ({
          promotionId: entry.promotion_id,
          title: pickText(title, reader),
          type: entry.promotion_type,
          kind: entry.promotion_kind,
          state: answer.state,
          entryStatus: entry.status,
          amount: entry.amount_minor === null ? null : formatAmount(entry.amount_minor),
          createdAt: entry.created_at.toISOString(),
          bonus: bonus
            ? bonusViewOf(bonus, { promotionTitle: pickText(title, reader), bonusBalanceMinor })
            : null,
        })),
        totalPages: page.totalPages,
      });
    },
  );

  app.get(
    `${APPLICATION_IMAGE_PATH}:id`,
    {
      schema: {
        tags: TAGS,
        summary: "One of the member's own application images (WebP) (T)",
        params: IdParams,
        querystring: MerchantLanguageQuery,
        response: MEMBER_ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      const { member } = await requireMerchantMember(request, members);
      return sendReviewPhoto(reply, images, await promotions.imagePathOf(member, request.params.id));
    },
  );
}
