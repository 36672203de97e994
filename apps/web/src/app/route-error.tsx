import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClassName } from '../components/ui/button';
import { ErrorState } from '../components/ui/states';
import { isChunkLoadError } from '../lib/lazy-load';

/** A chunk that failed or timed out offers a reload (spec §8); anything else says what happened. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isChunkLoadError(error)) {
    return (
      <div className="mx-auto max-w-md py-16" data-testid="chunk-error">
        <ErrorState
          title={error.kind === 'timeout' ? t('errors.chunkTimeout') : t('errors.chunkLoad')}
          line={t('errors.chunkHint')}
        />
        <div className="flex justify-center">
          <Button
            variant="primary"
            icon={<RefreshCw size={18} aria-hidden="true" />}
            onClick={() => window.location.reload()}
          >
            {t('common.reload')}
          </Button>
        </div>
      </div>
    );
  }
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-md py-16">
      <ErrorState
        title={isNotFound ? t('errors.notFoundTitle') : t('errors.unknown')}
        onRetry={() => window.location.reload()}
        retryLabel={t('common.reload')}
      />
      <div className="flex justify-center">
        <Link to="/" className={buttonClassName('ghost')}>
          {t('errors.backHome')}
        </Link>
      </div>
    </div>
  );
}
