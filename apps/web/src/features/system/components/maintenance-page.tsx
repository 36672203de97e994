import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../lib/system/system-hooks';
import { LineDetectionButton } from './line-detection-button';
import { StatusPage } from './status-page';

type MaintenanceNotice = { title: string | null; message: string | null };

/**
 * The maintenance page, with the merchant's notice in the player's language. The status call that
 * opens this page is made before the saved language is read (index.html's boot script), so its
 * notice may be in another language; the permission call is made in the player's language, so its
 * notice replaces the status one once it arrives, and again when the player switches language.
 */
export function MaintenancePage(props: MaintenanceNotice) {
  const { t } = useTranslation();
  const permission = usePermission();
  const inLanguage = permission.data?.maintenance;
  const { title, message }: MaintenanceNotice = inLanguage?.enabled ? inLanguage : props;
  return (
    <StatusPage
      testId="maintenance-page"
      icon={<Wrench size={28} aria-hidden="true" />}
      title={title || t('status.maintenanceTitle')}
    >
      <p className="whitespace-pre-line">{message || t('status.maintenanceLine')}</p>
      {/* Another mirror may be open while this one is down; never on the region-blocked page. */}
      <LineDetectionButton className="mx-auto" />
    </StatusPage>
  );
}
