import type { MemberBonusStatus, PromotionKind, RaffleWinnerStatus } from '../../db/schema.ts';
import type { BonusRow, EntryRow, PromotionRow } from './promotion.repository.ts';
import { newMemberDaysOf, rulesOf } from './promotion-rules.ts';

/**
 * A member's state of a promotion (docs/promotions.md "The member's state of a promotion"), worked
 * out from the promotion, the moment, who is asking and their entries: a pure function, so that the
 * list, the detail, the public state's count and the actions all agree.
 */

export const PROMOTION_STATES = [
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
export type PromotionState = (typeof PROMOTION_STATES)[number];

/** Why a state is what it is, when the member could otherwise take part. */
export const STATE_REASONS = ['LOGIN', 'AUDIENCE', 'NOT_MARKETABLE', 'BONUS_ACTIVE', 'APP_REQUIRED'] as const;
export type StateReason = (typeof STATE_REASONS)[number];

/** The states in which the member may act now: what the public state counts as available. */
export const ACTIONABLE_STATES: readonly PromotionState[] = ['JOIN', 'CLAIM', 'APPLY'];

/** An application rejected this many times may not be sent again. */
export const APPLICATION_ATTEMPTS_MAX = 2;

const OPEN_BONUS: readonly MemberBonusStatus[] = ['waiting', 'active'];

/** What the state of a logged-in member depends on besides their entries. */
export type MemberFacts = {
  memberId: string;
  registeredAt: Date;
  /** The agents above the member in the tree. */
  ancestorIds: ReadonlySet<string>;
  marketable: boolean;
  hasActiveBonus: boolean;
  /** The member has logged in from the installed lite app (docs/lite-app.md "The app-download bonus"). */
  hasAppInstall: boolean;
};

/** What a raffle's state depends on: whether it was drawn, and the member's prizes. */
export type RaffleFacts = {
  drawn: boolean;
  prizes: readonly { status: RaffleWinnerStatus; claimBy: Date; bonusId: string | null }[];
};

export type StateInput = {
  promotion: PromotionRow;
  now: Date;
  /** null for a visitor. */
  member: MemberFacts | null;
  /** The member's entries in this promotion, oldest first. */
  entries: readonly EntryRow[];
  bonuses: ReadonlyMap<string, BonusRow>;
  /** A raffle's draw and the member's prizes; null for other kinds. */
  raffle?: RaffleFacts | null;
};

export type StateAnswer = {
  state: PromotionState;
  reason: StateReason | null;
  /** The entry the state is about: the join or claim, or the latest application; null: none. */
  entry: EntryRow | null;
  /** The bonus of that entry, or the latest one the promotion granted the member. */
  bonus: BonusRow | null;
  /**
   * An application promotion takes another application from the member now (a new cycle): after
   * a first rejection, or after a grant where grants_per_member allows more.
   */
  mayApplyAgain: boolean;
};

const ACTION_OF: Record<PromotionKind, PromotionState> = {
  info: 'NONE',
  deposit_bonus: 'JOIN',
  cashback: 'JOIN',
  newbie_bonus: 'CLAIM',
  application: 'APPLY',
  raffle: 'JOIN',
  app_download: 'CLAIM',
};

const DAY_MS = 86_400_000;

export function isClosed(promotion: PromotionRow, now: Date): boolean {
  return promotion.status === 'withdrawn' || (promotion.ends_at !== null && promotion.ends_at <= now);
}

export function isOpen(promotion: PromotionRow, now: Date): boolean {
  return promotion.status === 'published' && promotion.starts_at <= now && !isClosed(promotion, now);
}

/**
 * Whether the promotion's audience takes the member in: everyone; members registered within the
 * rules' newMemberDays; members with one of the named agents above them. A newbie bonus also asks
 * that the member registered within its registeredWithinDays.
 */
export function isInAudience(promotion: PromotionRow, member: MemberFacts, now: Date): boolean {
  const rules = rulesOf(promotion.rules);
  const registeredWithin = (days: number) => now.getTime() - member.registeredAt.getTime() < days * DAY_MS;
  if (promotion.kind === 'newbie_bonus' && !registeredWithin(rules.registeredWithinDays ?? 0)) return false;
  switch (promotion.audience) {
    case 'all':
      return true;
    case 'new_members':
      return registeredWithin(newMemberDaysOf(rules));
    case 'agent_teams':
      return promotion.audience_agent_ids.some((agentId) => member.ancestorIds.has(agentId));
  }
}

/**
 * The entry a promotion's state is about: a deposit bonus's or cashback's join (cycle ''), whose
 * grants are entries of their own; an application's latest attempt; a claim.
 */
export function currentEntryOf(kind: PromotionKind, entries: readonly EntryRow[]): EntryRow | null {
  if (kind === 'deposit_bonus' || kind === 'cashback' || kind === 'raffle') {
    return entries.find((entry) => entry.cycle === '') ?? null;
  }
  return entries.at(-1) ?? null;
}

/** Whether the member may send an application (again): none waiting, fewer than two rejected. */
export function mayApply(entries: readonly EntryRow[], grantsPerMember: number): boolean {
  if (entries.some((entry) => entry.status === 'applying')) return false;
  const rejected = entries.filter((entry) => entry.status === 'rejected').length;
  if (rejected >= APPLICATION_ATTEMPTS_MAX) return false;
  const issued = entries.filter((entry) => entry.status === 'issued').length;
  return grantsPerMember === 0 || issued < grantsPerMember;
}

export function stateOf(input: StateInput): StateAnswer {
  const { promotion, now, member, entries, bonuses } = input;
  const entry = currentEntryOf(promotion.kind, entries);
  const latestGrant = [...entries].reverse().find((item) => item.bonus_id !== null);
  const bonusOfEntry = entry?.bonus_id ? (bonuses.get(entry.bonus_id) ?? null) : null;
  const bonus = bonusOfEntry ?? (latestGrant?.bonus_id ? (bonuses.get(latestGrant.bonus_id) ?? null) : null);
  const answer = (state: PromotionState, reason: StateReason | null = null): StateAnswer => ({
    state,
    reason,
    entry,
    bonus,
    mayApplyAgain:
      promotion.kind === 'application' &&
      (state === 'REJECTED' || state === 'ISSUED' || state === 'PROCESS') &&
      isOpen(promotion, now) &&
      mayApply(entries, promotion.grants_per_member),
  });

  const closed = isClosed(promotion, now);
  if (promotion.kind === 'raffle' && input.raffle?.drawn) {
    return answer(drawnRaffleState(input.raffle, bonuses, now));
  }
  if (entry) {
    const isBonusOpen = bonusOfEntry !== null && OPEN_BONUS.includes(bonusOfEntry.status);
    switch (entry.status) {
      case 'applying':
        return answer('APPLYING');
      case 'claimed':
        return answer(isBonusOpen ? 'PROCESS' : closed ? 'CLOSE' : 'CLAIMED');
      case 'issued':
        return answer(isBonusOpen ? 'PROCESS' : closed ? 'CLOSE' : 'ISSUED');
      case 'rejected':
        return answer(closed ? 'CLOSE' : 'REJECTED');
      case 'joined': {
        if (closed) return answer('CLOSE');
        return answer('JOINED', member && !member.marketable ? 'NOT_MARKETABLE' : null);
      }
    }
  }
  if (closed) return answer('CLOSE');
  if (promotion.starts_at > now) return answer('COMING_SOON');
  const action = ACTION_OF[promotion.kind];
  if (action === 'NONE') return answer('NONE');
  if (member === null) return answer(action, 'LOGIN');
  if (!member.marketable) return answer('NONE', 'NOT_MARKETABLE');
  if (!isInAudience(promotion, member, now)) return answer('NONE', 'AUDIENCE');
  if (promotion.kind === 'app_download' && !member.hasAppInstall) return answer('NONE', 'APP_REQUIRED');
  const paysCash =
    (promotion.kind === 'cashback' || promotion.kind === 'raffle') &&
    rulesOf(promotion.rules).payAs === 'cash';
  const grantsBonus = !paysCash;
  return answer(action, member.hasActiveBonus && grantsBonus ? 'BONUS_ACTIVE' : null);
}

/**
 * A drawn raffle for the member (docs/promotions.md "Raffles"): a prize to claim, a claimed prize's
 * bonus still playing, every claimed prize paid and ended, or nothing (no prize, or expired).
 */
function drawnRaffleState(
  raffle: RaffleFacts,
  bonuses: ReadonlyMap<string, BonusRow>,
  now: Date,
): PromotionState {
  if (raffle.prizes.some((prize) => prize.status === 'won' && prize.claimBy > now)) return 'CLAIM';
  const claimed = raffle.prizes.filter((prize) => prize.status === 'claimed');
  const playing = claimed.some((prize) => {
    const bonus = prize.bonusId ? bonuses.get(prize.bonusId) : undefined;
    return bonus !== undefined && OPEN_BONUS.includes(bonus.status);
  });
  if (playing) return 'PROCESS';
  return claimed.length > 0 ? 'ISSUED' : 'CLOSE';
}
