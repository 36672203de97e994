import type { InboxService } from '../modules/inbox/inbox.service.ts';
import type { MissionService } from '../modules/mission/mission.service.ts';
import type { RedEnvelopeService } from '../modules/red-envelope/red-envelope.service.ts';
import type { RewardService } from '../modules/reward/reward.service.ts';
import type { ReadRewardMerchant } from '../modules/reward/reward-api.ts';

/** What the member centre's red badges count (spec §2): things the member can act on now. */
export type MemberBadges = {
  /** Reward tickets the member can draw with now, and open red-envelope drops not yet opened. */
  rewardCenter: number;
  /** Missions of the running periods done and not yet claimed. */
  missionLeaderboard: number;
  /** Unread inbox messages. */
  messageV2: number;
};

type Deps = {
  rewards: Pick<RewardService, 'describeCentre'>;
  readRewardMerchant: ReadRewardMerchant;
  redEnvelopes: Pick<RedEnvelopeService, 'listForMember'>;
  missions: Pick<MissionService, 'summary'>;
  inbox: Pick<InboxService, 'countUnread'>;
};

/**
 * Counts each badge from the features' own member views, so that a badge never disagrees with the
 * page it leads to: a member promotions may not reach has nothing to draw, open or claim there, and
 * so no reward or mission badge.
 */
export function createMemberBadges(deps: Deps) {
  async function rewardCenterOf(merchantId: string, memberId: string): Promise<number> {
    const merchant = await deps.readRewardMerchant(merchantId);
    if (!merchant) return 0;
    const [centre, drops] = await Promise.all([
      deps.rewards.describeCentre(merchant, memberId),
      deps.redEnvelopes.listForMember(merchantId, memberId),
    ]);
    if (!centre.marketable) return 0;
    const tickets = centre.tables.reduce((sum, table) => sum + table.tickets, 0);
    const envelopes = drops.filter(
      (drop) => drop.phase === 'open' && drop.mine === null && drop.left > 0,
    ).length;
    return tickets + envelopes;
  }

  async function missionsOf(merchantId: string, memberId: string): Promise<number> {
    const summary = await deps.missions.summary({ merchantId, memberId });
    return summary.missions.filter((mission) => mission.done && !mission.claimed).length;
  }

  return {
    async countsOf(merchantId: string, memberId: string): Promise<MemberBadges> {
      const [rewardCenter, missionLeaderboard, messageV2] = await Promise.all([
        rewardCenterOf(merchantId, memberId),
        missionsOf(merchantId, memberId),
        deps.inbox.countUnread(memberId),
      ]);
      return { rewardCenter, missionLeaderboard, messageV2 };
    },
  };
}
export type MemberBadgeCounter = ReturnType<typeof createMemberBadges>;
