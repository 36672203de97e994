import { describe, expect, it } from 'vitest';
import { buildClosedFlagKey, selectPopupExecutions, shouldOpenPublicPopup } from './popup-rules';

describe('public popup rules', () => {
  it('visitors see execution B only', () => {
    expect(selectPopupExecutions({ isLogin: false, isFirstLogin: false })).toEqual(['B']);
    expect(selectPopupExecutions({ isLogin: false, isFirstLogin: true })).toEqual(['B']);
  });

  it('logged-in users see execution A, and first-time logins also F', () => {
    expect(selectPopupExecutions({ isLogin: true, isFirstLogin: false })).toEqual(['A']);
    expect(selectPopupExecutions({ isLogin: true, isFirstLogin: true })).toEqual(['A', 'F']);
  });

  it('the closed flag is kept per user, or under one anonymous key for visitors', () => {
    expect(buildClosedFlagKey('u-42')).toBe('publicPopupClosed:u-42');
    expect(buildClosedFlagKey(null)).toBe('publicPopupClosed:anonymous');
    expect(buildClosedFlagKey('u-42')).not.toBe(buildClosedFlagKey('u-43'));
  });

  it('opens only after announcements loaded, when there are some, and not once closed or shown', () => {
    const base = { isLoaded: true, count: 2, isClosed: false, wasShown: false };
    expect(shouldOpenPublicPopup(base)).toBe(true);
    expect(shouldOpenPublicPopup({ ...base, isLoaded: false })).toBe(false);
    expect(shouldOpenPublicPopup({ ...base, count: 0 })).toBe(false);
    expect(shouldOpenPublicPopup({ ...base, isClosed: true })).toBe(false);
    expect(shouldOpenPublicPopup({ ...base, wasShown: true })).toBe(false);
  });
});
