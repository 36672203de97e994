import { describe, expect, it } from 'vitest';
import { badgeOf, isMemberPage, type MemberCentreViewer, offeredMemberPages } from './member-pages';

const player: MemberCentreViewer = {
  isLogin: true,
  isAgent: false,
  isTrial: false,
  canDeposit: true,
  hasGameWallets: false,
  hasManualRebate: false,
};

describe('the member centre’s pages', () => {
  it('offers the manual rebate only while members claim their rebate themselves', () => {
    expect(offeredMemberPages(player)).not.toContain('manualRebate');
    const offered = offeredMemberPages({ ...player, hasManualRebate: true });
    expect(offered).toContain('manualRebate');
    // After the messages, as spec §2 lists it.
    expect(offered.indexOf('manualRebate')).toBe(offered.indexOf('messageV2') + 1);
    expect(offeredMemberPages({ ...player, hasManualRebate: true, isTrial: true })).not.toContain(
      'manualRebate',
    );
  });

  it('keeps each page to whom it concerns', () => {
    expect(offeredMemberPages(player)).toContain('affiliate');
    expect(offeredMemberPages(player)).not.toContain('transferFund');
    const agent = offeredMemberPages({ ...player, isAgent: true });
    expect(agent).toContain('transferFund');
    expect(agent).not.toContain('affiliate');
    expect(offeredMemberPages({ ...player, canDeposit: false })[0]).toBe('withdraw');
    expect(offeredMemberPages({ ...player, hasGameWallets: true })).toContain('walletTransfer');
    expect(offeredMemberPages({ ...player, hasGameWallets: true, isTrial: true })).not.toContain(
      'walletTransfer',
    );
  });

  it('offers the reward centre to members, never to a trial account', () => {
    expect(offeredMemberPages(player)).toContain('rewardCenter');
    expect(offeredMemberPages({ ...player, isAgent: true })).toContain('rewardCenter');
    expect(offeredMemberPages({ ...player, isTrial: true })).not.toContain('rewardCenter');
    expect(offeredMemberPages({ ...player, isLogin: false })).not.toContain('rewardCenter');
  });

  it('offers missions and leaderboards to members, never to a trial account or a visitor', () => {
    expect(offeredMemberPages(player)).toContain('missionLeaderboard');
    expect(offeredMemberPages({ ...player, isTrial: true })).not.toContain('missionLeaderboard');
    expect(offeredMemberPages({ ...player, isLogin: false })).not.toContain('missionLeaderboard');
  });

  it('badges the reward centre, missions and messages with their counts, and no other page', () => {
    const badges = { rewardCenter: 3, missionLeaderboard: 1, messageV2: 0 };
    expect(badgeOf(badges, 'rewardCenter')).toBe(3);
    expect(badgeOf(badges, 'missionLeaderboard')).toBe(1);
    expect(badgeOf(badges, 'messageV2')).toBe(0);
    expect(badgeOf(badges, 'depositv2')).toBeUndefined();
    expect(badgeOf(undefined, 'rewardCenter')).toBeUndefined();
  });

  it('knows its pages by name', () => {
    expect(isMemberPage('manualRebate')).toBe(true);
    expect(isMemberPage('rewardCenter')).toBe(true);
    expect(isMemberPage('missionLeaderboard')).toBe(true);
    expect(isMemberPage('missions')).toBe(false);
    expect(isMemberPage(null)).toBe(false);
  });
});
