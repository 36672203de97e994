import type { LabelMap } from '../../lib/labels.ts';

/** The spec's promotion tabs (docs/promotions.md "A promotion"), in the player's tab order. */
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
] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

export const PROMOTION_TYPE_LABELS: LabelMap = {
  OTHERS: 'Others',
  SPORTS: 'Sports',
  LIVE: 'Live',
  SLOTS: 'Slots',
  CARD: 'Cards',
  FISH: 'Fishing',
  LOTTO: 'Lotto',
  REBATE: 'Rebate',
  POINTS_MALL: 'Points mall',
  RANKING: 'Ranking',
  DEPOSIT: 'Deposit',
  APP_DOWNLOAD: 'App download',
  NEWBIE: 'Newbie',
  GAME: 'Game promotions',
};

/** What taking part does (docs/promotions.md "Kinds and their rules"). */
export const PROMOTION_KINDS = [
  'info',
  'deposit_bonus',
  'newbie_bonus',
  'application',
  'cashback',
  'raffle',
  'app_download',
] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const PROMOTION_KIND_LABELS: LabelMap = {
  info: 'Information only',
  deposit_bonus: 'Deposit bonus',
  newbie_bonus: 'Newbie bonus',
  application: 'Application',
  cashback: 'Cashback',
  raffle: 'Raffle',
  app_download: 'App download bonus',
};

/** What the member does for each kind, for the builder's hint. */
export const PROMOTION_KIND_HINTS: Record<PromotionKind, string> = {
  info: 'Players read the details; nothing is granted.',
  deposit_bonus:
    'Players join and accept the terms; their next qualifying deposit earns a bonus of a percent of it, up to the cap.',
  newbie_bonus: 'New players claim the amount at once, accepting the terms.',
  application:
    'Players apply with a comment and up to 3 images; an operator approves an amount or rejects with a reason.',
  cashback:
    'Players join; each period a percent of their net loss is paid, as a bonus or as cash, by the cashback job.',
  raffle:
    'Players join; their deposits or valid bets earn tickets until the end, then a provably fair draw picks the winners, who claim their prizes.',
  app_download: 'Members who log in from the installed app claim the amount once, accepting the terms.',
};

export const PROMOTION_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export const PROMOTION_STATUS_LABELS: LabelMap = {
  draft: 'Draft',
  published: 'Published',
  withdrawn: 'Withdrawn',
};

export const AUDIENCES = ['all', 'new_members', 'agent_teams'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const AUDIENCE_LABELS: LabelMap = {
  all: 'Every player',
  new_members: 'New players',
  agent_teams: "Agents' teams",
};

/** The member's state of a promotion on the player's pages (docs/promotions.md). */
export const MEMBER_STATES = [
  'COMING_SOON',
  'CLOSE',
  'JOIN',
  'JOINED',
  'CLAIM',
  'CLAIMED',
  'APPLY',
  'APPLYING',
  'REJECTED',
  'ISSUED',
  'PROCESS',
  'NONE',
] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

export const MEMBER_STATE_LABELS: LabelMap = {
  COMING_SOON: 'Coming soon',
  CLOSE: 'Closed',
  JOIN: 'May join',
  JOINED: 'Joined',
  CLAIM: 'May claim',
  CLAIMED: 'Claimed',
  APPLY: 'May apply',
  APPLYING: 'Applied, waiting',
  REJECTED: 'Rejected',
  ISSUED: 'Issued',
  PROCESS: 'Bonus in play',
  NONE: 'Details only / not eligible',
};

/** An application's status in the review queue. */
export const APPLICATION_STATUSES = ['applying', 'rejected', 'issued'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: LabelMap = {
  applying: 'Waiting for review',
  rejected: 'Rejected',
  issued: 'Approved',
};

/** The badge colour of a promotion's status in a list. */
export function statusBadgeClass(status: string): string {
  if (status === 'published') return 'badge badge--success';
  if (status === 'withdrawn') return 'badge badge--danger';
  return 'badge';
}

/** How a raffle's members earn tickets. */
export const TICKET_BY = ['validBet', 'deposit'] as const;
export type TicketBy = (typeof TICKET_BY)[number];

export const TICKET_BY_LABELS: LabelMap = {
  validBet: 'Valid bets',
  deposit: 'Deposits',
};

/** A raffle's draw: open until drawn. */
export const RAFFLE_STATUS_LABELS: LabelMap = {
  open: 'Open, not drawn',
  drawn: 'Drawn',
};

/** A raffle prize after the draw: won until claimed, or expired at its claim-by time unpaid. */
export const RAFFLE_WINNER_STATUS_LABELS: LabelMap = {
  won: 'Won, not claimed',
  claimed: 'Claimed',
  expired: 'Expired unclaimed',
};

/** The badge colour of a raffle prize's status. */
export function winnerBadgeClass(status: string): string {
  if (status === 'claimed') return 'badge badge--success';
  if (status === 'expired') return 'badge badge--danger';
  return 'badge badge--brand';
}
