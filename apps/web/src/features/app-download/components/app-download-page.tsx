import { Apple, CircleCheck, Download, MonitorDown, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { Tabs } from '../../../components/ui/tabs';
import { useLanguageStore } from '../../../lib/i18n/i18n';
import { isLanguageCode } from '../../../lib/i18n/language-storage';
import { promptInstall, useInstallPromptStore } from '../../../lib/pwa/install-prompt';
import { usePermission } from '../../../lib/system/system-hooks';
import { AndroidInstallPicture, DesktopInstallPicture, IosInstallPicture } from './install-pictures';

const PLATFORMS = ['android', 'ios', 'desktop'] as const;
type Platform = (typeof PLATFORMS)[number];
const STEPS = ['one', 'two', 'three'] as const;

function isPlatform(value: string | null): value is Platform {
  return PLATFORMS.some((platform) => platform === value);
}

/** The guide to open first: the one the QR code named, else the visitor's own device. */
function platformOf(requested: string | null, userAgent: string): Platform {
  if (isPlatform(requested)) return requested;
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}

const PICTURES = {
  android: AndroidInstallPicture,
  ios: IosInstallPicture,
  desktop: DesktopInstallPicture,
} as const;

/** The install button where the browser offers to install, or a note once the app is installed. */
function InstallAction() {
  const { t } = useTranslation();
  const offer = useInstallPromptStore((state) => state.offer);
  const isInstalled = useInstallPromptStore((state) => state.isInstalled);
  if (isInstalled) {
    return (
      <p className="flex items-center gap-2 text-sm font-semibold text-on-hero" data-testid="app-installed">
        <CircleCheck size={18} aria-hidden="true" className="text-success" /> {t('pages.appInstalled')}
      </p>
    );
  }
  if (!offer) return null;
  return (
    <Button onClick={() => void promptInstall()} data-testid="install-app">
      <MonitorDown size={18} aria-hidden="true" /> {t('pages.installApp')}
    </Button>
  );
}

/**
 * /m/appDownload (spec §2): the QR codes' target. `language` switches the page's language and `os`
 * opens that device's guide. The spec's `tokens` parameter (a session for the app's first login) is
 * not honoured: a token in an address ends up in server and proxy logs, browser history and the
 * installed app's start URL, so a member logs in inside the app instead; an address that still
 * carries one has it removed at once.
 */
export function AppDownloadPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const permission = usePermission();
  const setLanguage = useLanguageStore((state) => state.setLanguage);
  const requestedLanguage = searchParams.get('language');
  useEffect(() => {
    if (isLanguageCode(requestedLanguage)) setLanguage(requestedLanguage);
  }, [requestedLanguage, setLanguage]);
  const hasTokens = searchParams.has('tokens');
  useEffect(() => {
    if (!hasTokens) return;
    const kept = new URLSearchParams(searchParams);
    kept.delete('tokens');
    void navigate({ search: kept.toString() }, { replace: true });
  }, [hasTokens, searchParams, navigate]);
  const [platform, setPlatform] = useState<Platform>(() =>
    platformOf(searchParams.get('os'), window.navigator.userAgent),
  );
  const iosUrl = permission.data?.resources.APP_IOS?.[0]?.url ?? null;
  const apkUrl = permission.data?.resources.APP_ANDROID?.[0]?.url ?? null;
  const Picture = PICTURES[platform];
  const labels = {
    action: t(`pages.installPictures.${platform}.action`),
    confirm: t(`pages.installPictures.${platform}.confirm`),
  };
  return (
    <PageFrame title={t('pages.appDownloadTitle')} icon={Download} testId="app-download-page">
      <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col justify-center gap-4 rounded-lg p-6 [background:var(--panalo-hero)]">
          <Smartphone size={40} aria-hidden="true" className="text-accent" />
          <p className="text-lg font-bold text-on-hero">{t('pages.appDownloadLine')}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <InstallAction />
            {apkUrl ? (
              <a href={apkUrl} className={buttonClassName('secondary')} data-testid="download-apk">
                <Smartphone size={18} aria-hidden="true" /> {t('pages.downloadApk')}
              </a>
            ) : null}
            {iosUrl ? (
              <a href={iosUrl} className={buttonClassName('secondary')}>
                <Apple size={18} aria-hidden="true" /> {t('pages.downloadIos')}
              </a>
            ) : null}
          </div>
        </div>
        <Panel className="flex flex-col gap-4 p-5">
          <h2 className="text-base font-semibold">{t('pages.installGuide')}</h2>
          <Tabs
            items={PLATFORMS.map((key) => ({ key, label: t(`pages.installPlatforms.${key}`) }))}
            value={platform}
            onChange={setPlatform}
            label={t('pages.installGuide')}
            variant="chips"
          />
          <div
            role="tabpanel"
            className="grid items-center gap-4 sm:grid-cols-2"
            data-testid={`guide-${platform}`}
          >
            <div className="flex justify-center rounded-md bg-raised p-3">
              <Picture title={t(`pages.installPictures.${platform}.title`)} labels={labels} />
            </div>
            <ol className="flex flex-col gap-3">
              {STEPS.map((step, index) => (
                <li key={step} className="flex items-start gap-3 text-sm text-muted">
                  <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand text-xs font-bold text-on-brand">
                    {index + 1}
                  </span>
                  <span className="pt-1">{t(`pages.installSteps.${platform}.${step}`)}</span>
                </li>
              ))}
            </ol>
          </div>
        </Panel>
      </div>
    </PageFrame>
  );
}
