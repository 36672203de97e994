import { useEffect } from 'react';
import { useModalStore } from '../../../lib/modal-store';

const RESET_PARAMETER = 'resetPassword';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The emailed "set a new password" link lands on /?resetPassword=<token>: the token leaves the
 * address bar at once (so it is not shared or bookmarked) and the change-password form opens in
 * its reset mode.
 */
export function useResetLink(): void {
  const openModal = useModalStore((state) => state.openModal);
  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get(RESET_PARAMETER);
    if (token === null) return;
    url.searchParams.delete(RESET_PARAMETER);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (TOKEN_PATTERN.test(token)) openModal('changePassModal', { resetToken: token });
  }, [openModal]);
}
