import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/ui/states';
import { MaintenancePage } from '../features/system/components/maintenance-page';
import { RegionBlockedPage } from '../features/system/components/region-blocked-page';
import { useSystemStatus } from '../lib/system/system-hooks';
import { hideBootCover } from './boot-cover';

/**
 * Spec §4: the system status is read first; 1 shows the maintenance page, 2 the region-blocked page,
 * 0 the app. While it loads the static cover of index.html stays up.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const status = useSystemStatus();
  // A query's answer renders at once and in one piece; the whole app behind this gate would be one
  // long task on a phone. Deferred, it renders in slices after the answer (the cover stays up).
  const isPending = useDeferredValue(status.isPending);
  const isSettled = !isPending;
  useEffect(() => {
    if (isSettled) hideBootCover();
  }, [isSettled]);

  if (isPending || status.isPending) return null;
  if (status.isError) {
    return (
      <main className="grid min-h-dvh place-items-center p-6" data-testid="startup-error">
        <ErrorState
          title={t('errors.loadFailed')}
          line={t('errors.network')}
          onRetry={() => void status.refetch()}
        />
      </main>
    );
  }
  if (status.data.status === 1)
    return <MaintenancePage title={status.data.title} message={status.data.message} />;
  if (status.data.status === 2) return <RegionBlockedPage ip={status.data.ip} />;
  return children;
}
