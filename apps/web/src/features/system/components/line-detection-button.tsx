import { Gauge } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../../lib/class-names';
import { importWithTimeout } from '../../../lib/lazy-load';
import { usePermission } from '../../../lib/system/system-hooks';

const LineDetectionDialog = lazy(() =>
  importWithTimeout(() => import('./line-detection-dialog')).then((module) => ({
    default: module.LineDetectionDialog,
  })),
);

/**
 * Opens line detection where the site offers it (the footer, the maintenance page). A merchant
 * without mirrors (no PLAYER domain with a scheme) has nothing to compare, so no button shows.
 */
export function LineDetectionButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const mirrors = usePermission().data?.mirrors ?? [];
  const [isOpen, setIsOpen] = useState(false);
  if (mirrors.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className={joinClassNames(
          'inline-flex min-h-11 items-center gap-1.5 underline-offset-2 hover:text-text hover:underline',
          className,
        )}
        onClick={() => setIsOpen(true)}
        data-testid="line-detection-open"
      >
        <Gauge size={14} aria-hidden="true" />
        {t('lineDetection.open')}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <LineDetectionDialog mirrors={mirrors} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
