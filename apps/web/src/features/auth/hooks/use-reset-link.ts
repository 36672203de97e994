import { useEffect } from 'react';
import { useModalStore } from '../../../lib/modal-store';

const RESET_PARAMETER = 'resetPassword';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The emailed "set a new password" link lands on /#resetPassword=<token>: in the fragment, which a
 * browser never sends, so the token reaches no server log or proxy. Links sent before carried it
 * in the query (/?resetPassword=<token>) and are read too. The token leaves the address bar at once
 * (so it is not shared or bookmarked) and the change-password form opens in its reset mode.
 */
export function useResetLink(): void {
  const openModal = useModalStore((state) => state.openModal);
  useEffect(() => {
    const url = new URL(window.location.href);
    const fragment = new URLSearchParams(url.hash.slice(1));
    const token = fragment.get(RESET_PARAMETER) ?? url.searchParams.get(RESET_PARAMETER);
    if (token === null) return;
    url.searchParams.delete(RESET_PARAMETER);
    fragment.delete(RESET_PARAMETER);
    const hash = fragment.size > 0 ? `#${fragment.toString()}` : '';
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${hash}`);
    if (TOKEN_PATTERN.test(token)) openModal('changePassModal', { resetToken: token });
  }, [openModal]);
}
