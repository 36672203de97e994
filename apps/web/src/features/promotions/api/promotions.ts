import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

// The player's promotion calls (docs/promotions.md "Wire (player)"), typed by the server's
// OpenAPI document.

export type PromotionList = ApiValue<'/wps/promotion/list', 'get'>;
export type PromotionListItem = PromotionList['list'][number];
/** The spec's tabs (docs/promotions.md "A promotion"), each a promotion's `type`. */
export type PromotionType = PromotionListItem['type'];
/** What taking part does. */
export type PromotionKind = PromotionListItem['kind'];
/** The member's state of a promotion (docs/promotions.md "The member's state of a promotion"). */
export type PromotionState = PromotionListItem['state'];

/**
 * One promotion with the viewer's state, rules, terms, entry and bonus, and a raffle's draw.
 * `mayApplyAgain`: a rejected application may be sent again (once, while the promotion runs).
 */
export type PromotionDetail = ApiValue<'/wps/promotion/detail', 'get'>;
/** Why a promotion offers the member nothing to do (state NONE), or asks a visitor to log in. */
export type PromotionReason = NonNullable<PromotionDetail['reason']>;
/** Each kind's rules, amounts as wire strings; fields of other kinds are absent. */
export type PromotionRules = PromotionDetail['rules'];
export type BonusTermsView = NonNullable<PromotionDetail['terms']>;
/** A game type's share of valid bet that counts toward wagering, a rate ("100.00" is all of it). */
export type Contribution = BonusTermsView['contributions'][number];

export type UploadedImage = ApiValue<'/wps/promotion/applyImage', 'post'>;

/** A page of promotion cards: two rows of the desktop grid, several screens on a phone. */
export const PROMOTION_PAGE_SIZE = 12;

export type PromotionTab = 'ALL' | PromotionType;

/** GET /wps/promotion/list: a page of the promotions listable to the viewer, of one type or all. */
export function fetchPromotions(
  input: { type: PromotionTab; page: number; pageSize?: number },
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<PromotionList> {
  const pageSize = input.pageSize ?? PROMOTION_PAGE_SIZE;
  return api.get('/wps/promotion/list', {
    params: { query: { type: input.type, page: input.page, pageSize, language } },
    signal,
  });
}

/** GET /wps/promotion/detail: one promotion with the viewer's state, rules, terms, entry and bonus. */
export function fetchPromotionDetail(
  id: string,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<PromotionDetail> {
  return api.get('/wps/promotion/detail', { params: { query: { id, language } }, signal });
}

/** POST /wps/promotion/join (deposit bonus, cashback, raffle): the member accepts the terms shown. */
export function joinPromotion(id: string, language: LanguageCode): Promise<PromotionDetail> {
  return api.post('/wps/promotion/join', {
    params: { query: { language } },
    body: { id, acceptTerms: true },
  });
}

/** POST /wps/promotion/claim (newbie or app-download bonus): the member accepts the terms shown. */
export function claimPromotion(id: string, language: LanguageCode): Promise<PromotionDetail> {
  return api.post('/wps/promotion/claim', {
    params: { query: { language } },
    body: { id, acceptTerms: true },
  });
}

/** POST /wps/promotion/apply: the note and the pictures uploaded for it, the terms accepted. */
export function applyForPromotion(
  input: { id: string; comment: string; imageIds: string[] },
  language: LanguageCode,
): Promise<PromotionDetail> {
  return api.post('/wps/promotion/apply', {
    params: { query: { language } },
    body: { ...input, acceptTerms: true },
  });
}
