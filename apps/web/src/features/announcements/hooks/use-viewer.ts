import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import { selectPopupExecutions } from '../popup-rules';

/** Who is looking: decides which announcements apply (spec §4). */
export function useViewer() {
  const language = useLanguage();
  const token = useAuthStore((state) => state.token);
  const isLogin = useAuthStore((state) => state.isLogin);
  // First-time login and the user id arrive with the accounts work's member info.
  const isFirstLogin = false;
  const userId: string | null = null;
  return {
    language,
    token: isLogin ? token : null,
    isLogin,
    userId,
    executions: selectPopupExecutions({ isLogin, isFirstLogin }),
  };
}
