import { useTranslation } from 'react-i18next';
import { QrCode } from '../components/ui/qr-code';
import { useLanguage } from '../lib/i18n/i18n';

/**
 * Spec §2: 120 px codes, iOS to the app-download page, Android to the merchant's APK resource, or
 * (without one) to the page's Android install guide. The page's address carries the language and
 * the device, never a session token (features/app-download/components/app-download-page.tsx).
 */
export function AppDownloadCodes({ androidUrl }: { androidUrl: string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const pageUrl = (os: 'ios' | 'android') =>
    `${window.location.origin}/m/appDownload?language=${language}&os=${os}`;
  const codes = [
    { key: 'ios', value: pageUrl('ios'), caption: t('side.ios') },
    { key: 'android', value: androidUrl ?? pageUrl('android'), caption: t('side.android') },
  ];
  return (
    <div className="grid grid-cols-2 gap-2">
      {codes.map((code) => (
        <figure key={code.key} className="flex flex-col items-center gap-1.5">
          <QrCode value={code.value} label={`${t('side.appDownload')} — ${code.caption}`} />
          <figcaption className="text-xs font-semibold text-muted">{code.caption}</figcaption>
        </figure>
      ))}
    </div>
  );
}
