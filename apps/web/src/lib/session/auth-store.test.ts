import { expect, it } from 'vitest';
import { deriveFlags, useAuthStore } from './auth-store';

it('member type decides the agent and trial flags (types 1, 2, 41, 42 agents; 4 trial)', () => {
  expect(deriveFlags(null)).toEqual({ isLogin: false, isAgent: false, isTrial: false });
  expect(deriveFlags(0)).toEqual({ isLogin: true, isAgent: false, isTrial: false });
  for (const type of [1, 2, 41, 42])
    expect(deriveFlags(type)).toEqual({ isLogin: true, isAgent: true, isTrial: false });
  expect(deriveFlags(4)).toEqual({ isLogin: true, isAgent: false, isTrial: true });
});

it('loses the member when a new token arrives, and everything at clearSession', () => {
  const member = {
    id: 'm1',
    account: 'demo',
    nickname: null,
    type: 1,
    icon: 'avatar-1',
    iconUrl: '/media/avatar-1.svg',
    firstTimeLogin: false,
    previousLogin: null,
    hasPaymentPassword: false,
    totpEnabled: false,
  };
  const store = useAuthStore.getState();
  store.setToken('first-token');
  store.setMember(member);
  expect(useAuthStore.getState()).toMatchObject({ isLogin: true, isAgent: true, memberType: 1 });
  store.setToken('second-token');
  expect(useAuthStore.getState()).toMatchObject({ token: 'second-token', member: null, isLogin: false });
  store.clearSession();
  expect(useAuthStore.getState()).toMatchObject({ token: null, member: null, isLogin: false });
});
