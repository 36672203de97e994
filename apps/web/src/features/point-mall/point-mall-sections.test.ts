import { describe, expect, it } from 'vitest';
import { shownTab, tabsOf } from './point-mall-sections';

describe('the points mall’s tabs', () => {
  it('give a member on a phone every section', () => {
    expect(tabsOf({ isMember: true, isDesktop: false })).toEqual([
      'redeem',
      'convert',
      'history',
      'details',
      'rules',
    ]);
  });

  it('leave the member’s own records out for visitors', () => {
    expect(tabsOf({ isMember: false, isDesktop: false })).toEqual(['redeem', 'convert', 'rules']);
  });

  it('leave the rates and rules to the desktop’s side column', () => {
    expect(tabsOf({ isMember: true, isDesktop: true })).toEqual(['redeem', 'history', 'details']);
    expect(tabsOf({ isMember: false, isDesktop: true })).toEqual(['redeem']);
  });

  it('show the tab the address asks for when it is offered, else the rewards', () => {
    const tabs = tabsOf({ isMember: false, isDesktop: false });
    expect(shownTab('rules', tabs)).toBe('rules');
    expect(shownTab('history', tabs)).toBe('redeem');
    expect(shownTab(null, tabs)).toBe('redeem');
  });
});
