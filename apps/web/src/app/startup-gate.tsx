import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/ui/states';
import { importWithTimeout } from '../lib/lazy-load';
import { useSystemStatus } from '../lib/system/system-hooks';
import { hideBootCover } from './boot-cover';

// Shown only while the site is closed or the visitor's region is blocked: they load when needed,
// keeping the opening of customer service out of everyone's first load.
const MaintenancePage = lazy(() =>
  importWithTimeout(() => import('../features/system/components/maintenance-page')).then((module) => ({
    default: module.MaintenancePage,
  })),
);
const RegionBlockedPage = lazy(() =>
  importWithTimeout(() => import('../features/system/components/region-blocked-page')).then((module) => ({
    default: module.RegionBlockedPage,
  })),
);

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
  if (status.data.status === 1 || status.data.status === 2) {
    return (
      <Suspense fallback={null}>
        {status.data.status === 1 ? (
          <MaintenancePage title={status.data.title} message={status.data.message} />
        ) : (
          <RegionBlockedPage ip={status.data.ip} />
        )}
      </Suspense>
    );
  }
  return children;
}
