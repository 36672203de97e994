import { expect, it } from 'vitest';
import { deriveFlags } from './auth-store';

it('member type decides the agent and trial flags (types 1, 2, 41, 42 agents; 4 trial)', () => {
  expect(deriveFlags(null)).toEqual({ isLogin: false, isAgent: false, isTrial: false });
  expect(deriveFlags(0)).toEqual({ isLogin: true, isAgent: false, isTrial: false });
  for (const type of [1, 2, 41, 42])
    expect(deriveFlags(type)).toEqual({ isLogin: true, isAgent: true, isTrial: false });
  expect(deriveFlags(4)).toEqual({ isLogin: true, isAgent: false, isTrial: true });
});
