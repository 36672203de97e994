import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export function MaintenancePage({ title, message }: { title: string | null; message: string | null }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="maintenance-page"
      icon={<Wrench size={28} aria-hidden="true" />}
      title={title || t('status.maintenanceTitle')}
    >
      <p className="whitespace-pre-line">{message || t('status.maintenanceLine')}</p>
    </StatusPage>
  );
}
