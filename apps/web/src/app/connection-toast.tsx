import { Info, WifiOff, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../components/ui/button';
import { useConnectionNotices } from '../lib/api/connection-notices';

const toastVisibleMs = 6_000;

/** The api client's network and slow-page notices (spec §8), shown as a toast at the top. */
export function ConnectionToast() {
  const { t } = useTranslation();
  const notice = useConnectionNotices((state) => state.notice);
  const dismiss = useConnectionNotices((state) => state.dismiss);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(dismiss, toastVisibleMs);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  if (!notice) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-[70] flex justify-center px-3">
      <div
        role="status"
        data-testid="connection-toast"
        className="pointer-events-auto flex max-w-md items-center gap-3 rounded-md border border-line bg-raised py-2 pr-1 pl-4 text-sm text-text shadow-raised"
      >
        {notice.kind === 'network' || notice.kind === 'slow' ? (
          <WifiOff size={18} aria-hidden="true" className="shrink-0 text-warning" />
        ) : (
          <Info size={18} aria-hidden="true" className="shrink-0 text-brand-strong" />
        )}
        <span className="flex-1">{notice.kind === 'info' ? notice.text : t(`errors.${notice.kind}`)}</span>
        <IconButton label={t('common.close')} onClick={dismiss}>
          <X size={18} aria-hidden="true" />
        </IconButton>
      </div>
    </div>
  );
}
