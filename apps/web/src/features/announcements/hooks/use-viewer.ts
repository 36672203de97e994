import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import { selectPopupExecutions } from '../popup-rules';

/** Who is looking: decides which announcements apply (spec §4). */
export function useViewer() {
  const language = useLanguage();
  const token = useAuthStore((state) => state.token);
  const isLogin = useAuthStore((state) => state.isLogin);
  const member = useAuthStore((state) => state.member);
  const isFirstLogin = member?.firstTimeLogin ?? false;
  const userId = member?.id ?? null;
  return {
    language,
    token: isLogin ? token : null,
    isLogin,
    userId,
    executions: selectPopupExecutions({ isLogin, isFirstLogin }),
  };
}
