import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export function RegionBlockedPage({ ip }: { ip: string }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="region-blocked-page"
      icon={<Globe size={28} aria-hidden="true" />}
      title={t('status.regionTitle')}
    >
      <p>{t('status.regionMessage')}</p>
      <p>
        {t('status.yourIp')}:{' '}
        <span className="font-semibold text-text tabular" data-testid="visitor-ip">
          {ip}
        </span>
      </p>
    </StatusPage>
  );
}
