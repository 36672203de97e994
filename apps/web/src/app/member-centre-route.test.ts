import { describe, expect, it } from 'vitest';
import { type MemberCentreViewer, offeredMemberPages } from '../features/member-centre/member-pages';

const member: MemberCentreViewer = {
  isLogin: true,
  isAgent: false,
  isTrial: false,
  canDeposit: true,
  hasGameWallets: false,
  hasManualRebate: false,
};

describe('the member centre’s referral page', () => {
  it('is offered to members while the switch REFERRAL is on, never to a trial account or a visitor', () => {
    expect(offeredMemberPages({ ...member, hasReferral: true })).toContain('referral');
    expect(offeredMemberPages({ ...member, hasReferral: false })).not.toContain('referral');
    expect(offeredMemberPages({ ...member, hasReferral: true, isTrial: true })).not.toContain('referral');
    expect(offeredMemberPages({ ...member, hasReferral: true, isLogin: false })).not.toContain('referral');
  });
});
