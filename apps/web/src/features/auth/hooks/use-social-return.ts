import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useModalStore } from '../../../lib/modal-store';
import { useAuthStore } from '../../../lib/session/auth-store';
import { landingAfterSocialSignIn } from '../../../lib/session/first-deposit-landing';

const TICKET_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The provider's callback sends the browser back to the page that started a social login with
 * `#socialLogin=<ticket>` (or `#socialError=<code>`). The fragment leaves the address bar at once;
 * the ticket is traded for a session, and a refusal reopens the login form with its reason. A
 * sign-in that made the account leads to the first deposit, as registering does.
 */
export function useSocialReturn(): void {
  const { t } = useTranslation();
  const language = useLanguage();
  const openModal = useModalStore((state) => state.openModal);
  const closeModal = useModalStore((state) => state.closeModal);
  const setToken = useAuthStore((state) => state.setToken);
  const navigate = useNavigate();

  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const ticket = fragment.get('socialLogin');
    const failure = fragment.get('socialError');
    if (ticket === null && failure === null) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    if (failure !== null || ticket === null || !TICKET_PATTERN.test(ticket)) {
      openModal('loginPopupModal', {
        notice: { message: t('auth.socialFailed'), code: 'SOCIAL_LOGIN_FAILED' },
      });
      return;
    }
    // Loaded only on the way back from a provider, so ordinary pages do not carry the sealing code.
    import('../api/social-login')
      .then(({ exchangeSocialTicket }) => exchangeSocialTicket(ticket, language))
      .then((result) => {
        setToken(result.token);
        closeModal('loginPopupModal');
        const landing = landingAfterSocialSignIn(result);
        if (landing) navigate(landing.to, { state: landing.state });
      })
      .catch((error: unknown) => {
        openModal('loginPopupModal', {
          notice: isApiError(error)
            ? { message: error.message, code: error.code }
            : { message: t('auth.socialFailed') },
        });
      });
    // Later runs find the fragment gone and do nothing.
  }, [language, openModal, closeModal, setToken, navigate, t]);
}
