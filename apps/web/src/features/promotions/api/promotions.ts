import { callApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

// The player's promotion calls (docs/promotions.md "Wire (player)").

/** The spec's tabs (docs/promotions.md "A promotion"), each a promotion's `type`. */
export type PromotionType =
  | 'OTHERS'
  | 'SPORTS'
  | 'LIVE'
  | 'SLOTS'
  | 'CARD'
  | 'FISH'
  | 'LOTTO'
  | 'REBATE'
  | 'POINTS_MALL'
  | 'RANKING'
  | 'DEPOSIT'
  | 'APP_DOWNLOAD'
  | 'NEWBIE'
  | 'GAME';

/** What taking part does. */
export type PromotionKind = 'info' | 'deposit_bonus' | 'newbie_bonus' | 'application' | 'cashback';

/** The member's state of a promotion (docs/promotions.md "The member's state of a promotion"). */
export type PromotionState =
  | 'COMING_SOON'
  | 'CLOSE'
  | 'JOIN'
  | 'JOINED'
  | 'CLAIM'
  | 'CLAIMED'
  | 'APPLY'
  | 'APPLYING'
  | 'REJECTED'
  | 'ISSUED'
  | 'PROCESS'
  | 'NONE';

/** Why a promotion offers the member nothing to do (state NONE), or asks a visitor to log in. */
export type PromotionReason = 'LOGIN' | 'AUDIENCE' | 'NOT_MARKETABLE' | 'BONUS_ACTIVE';

export type PromotionListItem = {
  id: string;
  type: PromotionType;
  kind: PromotionKind;
  title: string;
  coverImageUrl: string | null;
  startsAt: string;
  endsAt: string | null;
  state: PromotionState;
};

export type PromotionList = { list: PromotionListItem[]; totalPages: number };

/** A game type's share of valid bet that counts toward wagering, in whole percent as a wire string. */
export type Contribution = { gameType: string; percent: string };

/** Each kind's rules, amounts as wire strings; fields of other kinds are absent. */
export type PromotionRules = {
  percent?: string;
  cap?: string;
  minDeposit?: string;
  which?: 'first' | 'nth' | 'any';
  nth?: number;
  methods?: string[];
  amount?: string;
  registeredWithinDays?: number;
  maxAmount?: string;
  payAs?: 'bonus' | 'cash';
  period?: 'day' | 'week';
  minNetLoss?: string;
};

export type BonusTermsView = {
  multiplier: number;
  includeDeposit: boolean;
  contributions: Contribution[];
  maxStake: string | null;
  expiryDays: number;
  maxConversion: string | null;
};

export type BonusStatus = 'waiting' | 'active' | 'converted' | 'forfeited' | 'expired' | 'cancelled';

export type BonusView = {
  id: string;
  source: string;
  promotionId: string | null;
  promotionTitle: string | null;
  status: BonusStatus;
  amount: string;
  depositAmount: string | null;
  wageringRequired: string;
  wagered: string;
  progressPercent: number;
  contributions: Contribution[];
  maxStake: string | null;
  maxConversion: string | null;
  expiresAt: string | null;
  grantedAt: string;
  activatedAt: string | null;
  endedAt: string | null;
  converted: string;
  forfeited: string;
  forfeitIfCancelled: string;
};

export type PromotionEntry = {
  id: string;
  status: string;
  comment: string | null;
  rejectReason: string | null;
  amount: string | null;
  images: { id: string; url: string }[];
  createdAt: string;
};

export type PromotionDetail = {
  id: string;
  type: PromotionType;
  kind: PromotionKind;
  title: string;
  content: string;
  detailImageUrl: string | null;
  coverImageUrl: string | null;
  startsAt: string;
  endsAt: string | null;
  state: PromotionState;
  reason: PromotionReason | null;
  /** A rejected application may be sent again (once, while the promotion runs). */
  mayApplyAgain: boolean;
  rules: PromotionRules;
  terms: BonusTermsView | null;
  entry: PromotionEntry | null;
  bonus: BonusView | null;
};

export type MyPromotion = {
  promotionId: string;
  title: string;
  type: PromotionType;
  kind: PromotionKind;
  state: PromotionState;
  entryStatus: string;
  amount: string | null;
  createdAt: string;
  bonus: BonusView | null;
};

export type MyPromotions = { list: MyPromotion[]; totalPages: number };

export type BonusList = { list: BonusView[]; totalPages: number; bonusBalance: string };

export type UploadedImage = { id: string; url: string };

/** A page of promotion cards: two rows of the desktop grid, several screens on a phone. */
export const PROMOTION_PAGE_SIZE = 12;
/** The member's own entries and bonuses, a page at a time. */
export const MINE_PAGE_SIZE = 10;

/** Every promotion query starts with this key, so that taking part reloads lists, details and counts. */
export const PROMOTIONS_KEY = ['promotions'] as const;
/** The member's bonuses (the bonus details page and the withdraw page read them too). */
export const BONUSES_KEY = ['memberBonuses'] as const;

export type PromotionTab = 'ALL' | PromotionType;

/** GET /wps/promotion/list: a page of the promotions listable to the viewer, of one type or all. */
export function fetchPromotions(
  input: { type: PromotionTab; page: number; pageSize?: number },
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<PromotionList> {
  return callApi('GET', '/wps/promotion/list', {
    params: {
      query: {
        type: input.type,
        page: input.page,
        pageSize: input.pageSize ?? PROMOTION_PAGE_SIZE,
        language,
      },
    },
    signal,
  });
}

/** GET /wps/promotion/detail: one promotion with the viewer's state, rules, terms, entry and bonus. */
export function fetchPromotionDetail(
  id: string,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<PromotionDetail> {
  return callApi('GET', '/wps/promotion/detail', { params: { query: { id, language } }, signal });
}

/** POST /wps/promotion/join (deposit bonus, cashback): the member accepts the terms shown. */
export function joinPromotion(id: string, language: LanguageCode): Promise<PromotionDetail> {
  return callApi('POST', '/wps/promotion/join', {
    params: { query: { language } },
    body: { id, acceptTerms: true },
  });
}

/** POST /wps/promotion/claim (newbie bonus): the member accepts the terms shown. */
export function claimPromotion(id: string, language: LanguageCode): Promise<PromotionDetail> {
  return callApi('POST', '/wps/promotion/claim', {
    params: { query: { language } },
    body: { id, acceptTerms: true },
  });
}

/** POST /wps/promotion/apply: the note and the images uploaded for it. */
export function applyForPromotion(
  input: { id: string; comment: string; imageIds: string[] },
  language: LanguageCode,
): Promise<PromotionDetail> {
  return callApi('POST', '/wps/promotion/apply', {
    params: { query: { language } },
    body: { ...input, acceptTerms: true },
  });
}

/** GET /wps/promotion/mine: the promotions the member took part in, newest first. */
export function fetchMyPromotions(
  page: number,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<MyPromotions> {
  return callApi('GET', '/wps/promotion/mine', {
    params: { query: { page, pageSize: MINE_PAGE_SIZE, language } },
    signal,
  });
}

/** GET /wps/member/bonuses: the member's open (waiting, active) or ended bonuses, and the bonus wallet. */
export function fetchBonuses(
  input: { status: 'open' | 'ended'; page: number },
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<BonusList> {
  return callApi('GET', '/wps/member/bonuses', {
    params: { query: { status: input.status, page: input.page, pageSize: MINE_PAGE_SIZE, language } },
    signal,
  });
}

/** POST /wps/member/bonuses/{id}/cancel: gives the bonus up, with what its wallet holds. */
export function cancelBonus(id: string, language: LanguageCode): Promise<BonusView> {
  return callApi('POST', '/wps/member/bonuses/{id}/cancel', {
    params: { path: { id }, query: { language } },
  });
}

/** PUT /wps/member/promotions/optOut: whether the member receives promotions. */
export function setPromotionsOptOut(optOut: boolean, language: LanguageCode): Promise<{ optOut: boolean }> {
  return callApi('PUT', '/wps/member/promotions/optOut', {
    params: { query: { language } },
    body: { optOut },
  });
}
