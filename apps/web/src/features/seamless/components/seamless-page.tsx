import { Gamepad2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { EmptyState } from '../../../components/ui/states';

/** Seamless (spec §2: the seamless-wallet game page, no footer, no side menu). */
export function SeamlessPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.seamlessTitle')} icon={Gamepad2} testId="seamless-page">
      <Panel>
        <EmptyState
          icon={<Gamepad2 size={26} aria-hidden="true" />}
          line={t('pages.seamlessLine')}
          action={
            <Link to="/" className={buttonClassName('primary')}>
              {t('common.home')}
            </Link>
          }
        />
      </Panel>
    </PageFrame>
  );
}
