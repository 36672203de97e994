import { Apple, Download, type LucideIcon, Smartphone } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { useLanguageStore } from '../../../lib/i18n/i18n';
import { isLanguageCode } from '../../../lib/i18n/language-storage';
import { usePermission } from '../../../lib/system/system-hooks';

/** One platform's download button, or a greyed note when the merchant has no app for it. */
function DownloadLink({ url, icon: Icon, label }: { url: string | null; icon: LucideIcon; label: string }) {
  const { t } = useTranslation();
  if (!url) {
    return (
      <span className={buttonClassName('secondary', 'md', 'pointer-events-none opacity-60')}>
        {label} · {t('pages.downloadUnavailable')}
      </span>
    );
  }
  return (
    <a href={url} className={buttonClassName('primary')}>
      <Icon size={18} aria-hidden="true" /> {label}
    </a>
  );
}

/** /m/appDownload (spec §2): the QR code's target; query language switches the page's language. */
export function AppDownloadPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const permission = usePermission();
  const setLanguage = useLanguageStore((state) => state.setLanguage);
  const requestedLanguage = searchParams.get('language');
  useEffect(() => {
    if (isLanguageCode(requestedLanguage)) setLanguage(requestedLanguage);
  }, [requestedLanguage, setLanguage]);
  const iosUrl = permission.data?.resources.APP_IOS?.[0]?.url ?? null;
  const androidUrl = permission.data?.resources.APP_ANDROID?.[0]?.url ?? null;
  // A merchant that publishes no app has no download page: its address leads home.
  const hasNoApp = permission.isSuccess && iosUrl === null && androidUrl === null;
  const navigate = useNavigate();
  useEffect(() => {
    if (hasNoApp) void navigate('/', { replace: true });
  }, [hasNoApp, navigate]);
  const steps = ['one', 'two', 'three'] as const;
  return (
    <PageFrame title={t('pages.appDownloadTitle')} icon={Download} testId="app-download-page">
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col justify-center gap-4 rounded-lg p-6 [background:var(--panalo-hero)]">
          <Smartphone size={40} aria-hidden="true" className="text-accent" />
          <p className="text-lg font-bold text-on-hero">{t('pages.appDownloadLine')}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <DownloadLink url={iosUrl} icon={Apple} label={t('pages.downloadIos')} />
            <DownloadLink url={androidUrl} icon={Smartphone} label={t('pages.downloadAndroid')} />
          </div>
        </div>
        <Panel className="p-5">
          <h2 className="mb-3 text-base font-semibold">{t('pages.installGuide')}</h2>
          <ol className="flex flex-col gap-3">
            {steps.map((step, index) => (
              <li key={step} className="flex items-start gap-3 text-sm text-muted">
                <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand text-xs font-bold text-on-brand">
                  {index + 1}
                </span>
                <span className="pt-1">{t(`pages.installSteps.${step}`)}</span>
              </li>
            ))}
          </ol>
        </Panel>
      </div>
    </PageFrame>
  );
}
