import { create } from 'zustand';
import { setSessionEndedHandler, setTokenReader } from '../api/api-client';
import { readStorage, storageKeys, writeStorage } from '../storage-keys';

/** Member type codes of spec §6/§9 (API.md): 4 trial; 1, 2, 41, 42 agents; 0 ordinary member. */
export const agentMemberTypes: readonly number[] = [1, 2, 41, 42];
export const trialMemberType = 4;

/** GET /wps/member/info (API.md). */
export type MemberInfo = {
  id: string;
  account: string;
  nickname: string | null;
  type: number;
  icon: string;
  iconUrl: string;
  firstTimeLogin: boolean;
  previousLogin: { time: string; ip: string } | null;
  hasPaymentPassword: boolean;
  totpEnabled: boolean;
};

export type AuthState = {
  token: string | null;
  /** Set once member info has loaded (spec §4: "Logged in is set after member info loads"). */
  member: MemberInfo | null;
  memberType: number | null;
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  setToken: (token: string | null) => void;
  setMember: (member: MemberInfo | null) => void;
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

/** The session: the token, and the member once their info has loaded. */
export const useAuthStore = create<AuthState>((set) => ({
  token: null,
  member: null,
  memberType: null,
  ...deriveFlags(null),
  setToken: (token) => {
    writeStorage('session', storageKeys.token, token);
    // A new token belongs to whoever logged in now: their info loads afresh.
    set({ token, member: null, memberType: null, ...deriveFlags(null) });
  },
  setMember: (member) =>
    set({ member, memberType: member?.type ?? null, ...deriveFlags(member?.type ?? null) }),
  clearSession: () => {
    writeStorage('session', storageKeys.token, null);
    set({ token: null, member: null, memberType: null, ...deriveFlags(null) });
  },
}));

setTokenReader(() => useAuthStore.getState().token);
setSessionEndedHandler(() => useAuthStore.getState().clearSession());

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
