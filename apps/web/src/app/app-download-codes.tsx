import { Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../components/ui/qr-code';
import { useLanguage } from '../lib/i18n/i18n';

/** Spec §2: iOS links to the app-download page, Android to the APP_ANDROID resource; 120 px codes. */
export function AppDownloadCodes({ androidUrl }: { androidUrl: string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const iosUrl = `${window.location.origin}/m/appDownload?language=${language}`;
  return (
    <div className="grid grid-cols-2 gap-2">
      <figure className="flex flex-col items-center gap-1.5">
        <QrCode value={iosUrl} label={`${t('side.appDownload')} — ${t('side.ios')}`} />
        <figcaption className="text-xs font-semibold text-muted">{t('side.ios')}</figcaption>
      </figure>
      <figure className="flex flex-col items-center gap-1.5">
        {androidUrl ? (
          <QrCode value={androidUrl} label={`${t('side.appDownload')} — ${t('side.android')}`} />
        ) : (
          <div className="grid size-[120px] place-items-center rounded-sm border border-dashed border-line p-2 text-center text-xs text-muted">
            <Smartphone size={20} aria-hidden="true" />
            {t('side.noAndroidLink')}
          </div>
        )}
        <figcaption className="text-xs font-semibold text-muted">{t('side.android')}</figcaption>
      </figure>
    </div>
  );
}
