import { create } from 'zustand';
import { setTokenReader } from '../api/api-client';
import { readStorage, storageKeys, writeStorage } from '../storage-keys';

/** Member type codes of spec §6/§9 (API.md): 4 trial; 1, 2, 41, 42 agents; 0 ordinary member. */
export const agentMemberTypes: readonly number[] = [1, 2, 41, 42];
export const trialMemberType = 4;

export type AuthState = {
  token: string | null;
  /** Set once member info has loaded (spec §4: "Logged in is set after member info loads"). */
  memberType: number | null;
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  setToken: (token: string | null) => void;
  setMember: (memberType: number | null) => void;
  clearSession: () => void;
};

export function deriveFlags(memberType: number | null): Pick<AuthState, 'isLogin' | 'isAgent' | 'isTrial'> {
  if (memberType === null) return { isLogin: false, isAgent: false, isTrial: false };
  return {
    isLogin: true,
    isAgent: agentMemberTypes.includes(memberType),
    isTrial: memberType === trialMemberType,
  };
}

/** The small session store; the accounts work extends it with member info. */
export const useAuthStore = create<AuthState>((set) => ({
  token: null,
  memberType: null,
  ...deriveFlags(null),
  setToken: (token) => {
    writeStorage('session', storageKeys.token, token);
    set({ token });
  },
  setMember: (memberType) => set({ memberType, ...deriveFlags(memberType) }),
  clearSession: () => {
    writeStorage('session', storageKeys.token, null);
    set({ token: null, memberType: null, ...deriveFlags(null) });
  },
}));

setTokenReader(() => useAuthStore.getState().token);

/**
 * Startup (spec §4): a token in the query string (?token=) wins over the one kept for this
 * session; the query parameter is removed from the address so it is not shared by copy and paste.
 */
export function restoreToken(location: Location, history: History): void {
  const url = new URL(location.href);
  const fromQuery = url.searchParams.get('token');
  const token = fromQuery || readStorage('session', storageKeys.token);
  if (fromQuery) {
    url.searchParams.delete('token');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  if (token) useAuthStore.getState().setToken(token);
}
