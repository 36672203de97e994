import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../components/ui/button';
import { EmptyState } from '../components/ui/states';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="py-10" data-testid="not-found-page">
      <EmptyState
        icon={<Compass size={26} aria-hidden="true" />}
        title={t('errors.notFoundTitle')}
        line={t('errors.notFoundLine')}
        action={
          <Link to="/" className={buttonClassName('primary')}>
            {t('errors.backHome')}
          </Link>
        }
      />
    </div>
  );
}
