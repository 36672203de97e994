/**
 * Member centre pages of spec §2; securityCenter is the default (§9). The money pages come first,
 * so that on a phone the deposit is the first chip, never scrolled off the screen.
 */
export const memberPages = [
  'depositv2',
  'withdraw',
  'securityCenter',
  'transferFund',
  // Not in spec §2's list: the player's wallets at transfer-mode vendors (spec §3 isSingle, §7).
  'walletTransfer',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'myPromotions',
  'messageV2',
  // Spec §2's manualRebate: offered while the whitelabel switch MANPLAYREB3 is on.
  'manualRebate',
  'creditReport',
  'responsibleGaming',
  // Spec §1 "affiliate application": a player asks to become an agent (players only).
  'affiliate',
  // Spec §2's rewardCenter: tickets, the prize wheel and golden egg, red envelopes (members only).
  'rewardCenter',
  // Spec §2's referral: the member's code, link, friends and rewards (while the switch REFERRAL is on).
  'referral',
  // Spec §2's missionLeaderboard: missions, their claims and the leaderboards (members only).
  'missionLeaderboard',
  // Spec §2's feedback form: a member tells the site something and reads its answer (members only).
  'feedback',
] as const;
export type MemberPage = (typeof memberPages)[number];

export const DEFAULT_MEMBER_PAGE: MemberPage = 'securityCenter';

export function isMemberPage(value: string | null): value is MemberPage {
  return memberPages.some((page) => page === value);
}

/** What decides which pages the centre offers this member. */
export type MemberCentreViewer = {
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  /** Deposits are offered only while the server takes them. */
  canDeposit: boolean;
  /** A vendor keeps the player's money itself (spec §3 isSingle). */
  hasGameWallets: boolean;
  /** The whitelabel switch MANPLAYREB3: members claim their rebate themselves. */
  hasManualRebate: boolean;
  /** The whitelabel switch REFERRAL: the referral programme is on. */
  hasReferral?: boolean;
};

/** The pages the centre's menu and tabs list for this member, in the centre's order. */
export function offeredMemberPages(viewer: MemberCentreViewer): MemberPage[] {
  const isShown: Partial<Record<MemberPage, boolean>> = {
    // Game wallets are listed only where a vendor keeps the player's money itself, and never for trials.
    walletTransfer: viewer.hasGameWallets && !viewer.isTrial,
    transferFund: viewer.isAgent,
    depositv2: viewer.canDeposit,
    // A trial account has no rebate to claim.
    manualRebate: viewer.hasManualRebate && !viewer.isTrial,
    // Only a player may apply to become an agent; until the member info says which, it waits.
    affiliate: viewer.isLogin && !viewer.isAgent && !viewer.isTrial,
    // Rewards are a member's; a trial account has none.
    rewardCenter: viewer.isLogin && !viewer.isTrial,
    // Referral codes are a member's, and only while the programme is on.
    referral: viewer.hasReferral === true && viewer.isLogin && !viewer.isTrial,
    // Missions and leaderboards are a member's; a trial account takes no part.
    missionLeaderboard: viewer.isLogin && !viewer.isTrial,
    // Feedback is a member's; a trial account has no account to be answered at.
    feedback: viewer.isLogin && !viewer.isTrial,
  };
  return memberPages.filter((page) => isShown[page] ?? true);
}

/** The pages spec §2 gives a red count badge. */
const BADGED_PAGES = ['rewardCenter', 'missionLeaderboard', 'messageV2'] as const;
type BadgedPage = (typeof BADGED_PAGES)[number];

/** The count a page's entry wears: the badges' count for the pages spec §2 badges, else none. */
export function badgeOf(
  badges: Record<BadgedPage, number> | undefined,
  page: MemberPage,
): number | undefined {
  if (!badges) return undefined;
  return BADGED_PAGES.find((badged) => badged === page) ? badges[page as BadgedPage] : undefined;
}
