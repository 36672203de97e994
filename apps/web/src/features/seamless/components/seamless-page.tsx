import { useQuery } from '@tanstack/react-query';
import { Gamepad2 } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { GamePageBar } from '../../../components/games/game-page-bar';
import { buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { requestLaunch } from '../../../lib/games/catalogue-api';
import { useGameFrameMessages } from '../../../lib/games/game-frame';
import { useLanguage } from '../../../lib/i18n/i18n';

type SeamlessState = { url?: string; title?: string } | null;

/**
 * Seamless (spec §2: the game page of phones, no footer and no side menu): the launched game in a
 * frame under one slim bar, which on a phone stands in for the site's header (back, the game's name,
 * the balance with the deposit button) and leaves the rest of the screen to the game. The lobby
 * hands over the launch URL it got; opened directly (a reload, a shared link) the page launches the
 * game of ?nodeId itself.
 */
export function SeamlessPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const handed = location.state as SeamlessState;
  const nodeId = searchParams.get('nodeId');
  const mode = searchParams.get('mode') === 'demo' ? 'demo' : 'real';
  const launch = useQuery({
    queryKey: ['seamless', 'launch', nodeId, mode, language],
    queryFn: () => requestLaunch(nodeId ?? '', mode, language),
    enabled: !handed?.url && nodeId !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const launched = launch.data;
  const url = handed?.url ?? (launched && 'url' in launched ? launched.url : null);
  const goBack = useCallback(() => {
    if (window.history.length > 1) navigate(-1);
    else navigate('/');
  }, [navigate]);
  useGameFrameMessages(url, goBack);
  useEffect(() => {
    // A lottery game opens its own page instead (spec §4 launch routing).
    if (launched && 'route' in launched) {
      navigate(`${launched.route}?gameCode=${encodeURIComponent(launched.gameCode)}`, { replace: true });
    }
  }, [launched, navigate]);

  // The lobby hands the game's name over; a page opened on its own has it from the launch.
  const title =
    handed?.title ?? (launched && 'gameName' in launched ? launched.gameName : t('pages.seamlessTitle'));
  return (
    <section
      className="-mx-3 -my-4 flex h-dvh flex-col md:mx-0 md:my-0 md:h-auto"
      data-testid="seamless-page"
    >
      <GamePageBar title={title} onBack={goBack} backTestId="seamless-back" />
      {url ? (
        <iframe
          src={url}
          title={title}
          className="block min-h-0 w-full flex-1 border-0 bg-bg md:h-[calc(100dvh-7rem)] md:flex-none"
          allow="autoplay; fullscreen"
          sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
        />
      ) : launch.isError ? (
        <ErrorState line={launch.error.message} onRetry={() => void launch.refetch()} />
      ) : nodeId === null ? (
        <EmptyState
          icon={<Gamepad2 size={26} aria-hidden="true" />}
          line={t('pages.seamlessLine')}
          action={
            <Link to="/" className={buttonClassName('primary')}>
              {t('common.home')}
            </Link>
          }
        />
      ) : (
        <Skeleton className="min-h-0 w-full flex-1 rounded-none md:h-[calc(100dvh-7rem)] md:flex-none" />
      )}
    </section>
  );
}
