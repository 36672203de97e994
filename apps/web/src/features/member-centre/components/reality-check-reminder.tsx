import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useLanguage } from '../../../lib/i18n/i18n';
import { dueReminder, playedTime } from '../../../lib/reality-check';
import { useAuthStore } from '../../../lib/session/auth-store';
import { responsibleGamingQuery } from '../../../lib/system/use-can-deposit';

/** How often the page looks at the clock; a reminder may come this much late. */
const TICK_MS = 20_000;
const SETTINGS_STALE_MS = 5 * 60_000;
/** Where this tab remembers when the login began and which reminder was last shown. */
const STORAGE_KEY = 'realityCheck';

type Remembered = { tokenTail: string; loginAtMs: number; shown: number };

function readRemembered(tokenTail: string): Remembered {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Remembered | null;
    if (stored?.tokenTail === tokenTail) return stored;
  } catch {
    // A damaged entry starts the count again.
  }
  const fresh = { tokenTail, loginAtMs: Date.now(), shown: 0 };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(fresh));
  return fresh;
}

/**
 * The reality check of responsible gaming: at the interval the member chose, a reminder of how
 * long they have been logged in, with the way to their transactions or to a break. Mounted once
 * by the shell; silent for visitors, trial accounts and members who turned it off.
 */
export function RealityCheckReminder() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const token = useAuthStore((state) => state.token);
  const isLogin = useAuthStore((state) => state.isLogin);
  const isTrial = useAuthStore((state) => state.isTrial);
  const isMember = isLogin && !isTrial && token !== null;
  // The member's one responsible-gaming entry: an interval saved on the page reaches it at once.
  const memberId = useAuthStore((state) => state.member?.id ?? null);
  const settings = useQuery({
    ...responsibleGamingQuery(language, memberId),
    enabled: isMember,
    staleTime: SETTINGS_STALE_MS,
  });
  const intervalMinutes = isMember ? (settings.data?.realityCheckMinutes ?? null) : null;
  const [played, setPlayed] = useState<{ hours: number; minutes: number } | null>(null);

  useEffect(() => {
    if (intervalMinutes === null || token === null) return;
    const tokenTail = token.slice(-12);
    const check = () => {
      const remembered = readRemembered(tokenTail);
      const due = dueReminder({ loginAtMs: remembered.loginAtMs, intervalMinutes, nowMs: Date.now() });
      if (due > remembered.shown) {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...remembered, shown: due }));
        setPlayed(playedTime({ loginAtMs: remembered.loginAtMs, nowMs: Date.now() }));
      }
    };
    check();
    const timer = window.setInterval(check, TICK_MS);
    return () => window.clearInterval(timer);
  }, [intervalMinutes, token]);

  if (played === null || intervalMinutes === null) return null;
  const close = () => setPlayed(null);
  const goTo = (page: string) => {
    close();
    void navigate(`/member?page=${page}`);
  };
  return (
    <Dialog title={t('responsibleGaming.reminderTitle')} onClose={close} size="sm" testId="reality-check">
      <div className="flex flex-col gap-4 p-4">
        <p className="text-sm text-text">{t('responsibleGaming.reminderLine', played)}</p>
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button variant="primary" onClick={close}>
            {t('responsibleGaming.keepPlaying')}
          </Button>
          <Button variant="secondary" onClick={() => goTo('transactionHistory')}>
            {t('responsibleGaming.seeTransactions')}
          </Button>
          <Button variant="ghost" onClick={() => goTo('responsibleGaming')}>
            {t('responsibleGaming.takeBreak')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
