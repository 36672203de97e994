import { useEffect } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import { fetchMemberInfo } from '../api/member';

/**
 * Spec §4: with a token, member info is loaded, and only then is the visitor logged in; a token
 * the server no longer knows ends the session.
 */
export function useMemberLoader(): void {
  const language = useLanguage();
  const token = useAuthStore((state) => state.token);
  const hasMember = useAuthStore((state) => state.member !== null);

  useEffect(() => {
    if (!token || hasMember) return;
    let isCancelled = false;
    fetchMemberInfo(language)
      .then((member) => {
        if (!isCancelled && useAuthStore.getState().token === token)
          useAuthStore.getState().setMember(member);
      })
      .catch((error: unknown) => {
        if (isCancelled) return;
        if (isApiError(error) && error.code === 'NOT_LOGGED_IN') useAuthStore.getState().clearSession();
      });
    return () => {
      isCancelled = true;
    };
  }, [token, hasMember, language]);
}
