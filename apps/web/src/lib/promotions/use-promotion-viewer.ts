import { useLanguage } from '../i18n/i18n';
import { useAuthStore } from '../session/auth-store';
import { usePermission } from '../system/system-hooks';
import { DEFAULT_TIME_ZONE } from './promotion-dates';

/**
 * Who is looking at promotions and how to write for them: whether they hold a session (a visitor
 * is asked to log in before taking part), their language, the currency symbol and the merchant's
 * time zone, in which every date is shown.
 */
export function usePromotionViewer() {
  const hasSession = useAuthStore((state) => state.token !== null);
  const language = useLanguage();
  const permission = usePermission().data;
  return {
    isMember: hasSession,
    language,
    symbol: permission?.currencySymbol ?? '₱',
    timeZone: permission?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}
