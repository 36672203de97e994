import { useQuery } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { GamePageBar } from '../../../components/games/game-page-bar';
import { buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { joinClassNames } from '../../../lib/class-names';
import { gameTypeLinks } from '../../../lib/game-routes';
import { vendorLanesQuery } from '../../../lib/games/catalogue-api';
import { useGameFrameMessages } from '../../../lib/games/game-frame';
import { lotteryPrizeMode } from '../../../lib/games/prize-mode';
import { useLanguage } from '../../../lib/i18n/i18n';
import { phoneMediaQuery } from '../../../lib/use-media-query';
import { latestDrawQuery, lotteryMenuQuery, requestLotteryLaunch } from '../api/lottery-api';

/**
 * Lottery (spec §2: /lottery, /seaLottery, /vnLottery with ?gameCode; login required, no footer,
 * no side menu): the lottery vendor's game in a frame, opened with the lobby launch (real play,
 * the site's prize mode of spec §4), under the game's one bar with the back button, the latest draw
 * and the other lottery games (on a phone also the balance and deposit, in place of the site's
 * header). The balance is refreshed when the game says so and when it closes.
 */
export function LotteryPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const gameCode = searchParams.get('gameCode');
  const lanes = useQuery(vendorLanesQuery(language));
  const menu = useQuery(lotteryMenuQuery(language));
  const latestDraw = useQuery(latestDrawQuery(language, gameCode));
  const game = menu.data?.find((item) => item.gameCode === gameCode);
  const prizeMode = lanes.data ? lotteryPrizeMode(lanes.data) : null;
  const backPath = gameTypeLinks.find((link) => link.key === game?.gameType)?.path ?? '/lott';
  const launch = useQuery({
    queryKey: ['lottery', 'launch', gameCode, prizeMode, language],
    queryFn: ({ signal }) =>
      requestLotteryLaunch(
        {
          gameCode: gameCode ?? '',
          lottoArea: pathname === '/seaLottery' ? 'SEA' : 'VN',
          prizeMode: prizeMode ?? 'LOTT',
          view: 'betting',
          device: window.matchMedia?.(phoneMediaQuery).matches ? 'MOBILE' : 'WEB',
          backUrl: backPath,
          language,
        },
        signal,
      ),
    enabled: gameCode !== null && prizeMode !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const url = launch.data?.url ?? null;
  const goBack = useCallback(() => {
    if (window.history.length > 1) navigate(-1);
    else navigate(backPath);
  }, [navigate, backPath]);
  useGameFrameMessages(url, goBack);

  const title = game?.gameName ?? t('pages.lotteryTitle');
  const draw = latestDraw.data;
  return (
    <section className="-mx-3 -my-4 flex h-dvh flex-col md:mx-0 md:my-0 md:h-auto" data-testid="lottery-page">
      <GamePageBar
        title={title}
        onBack={goBack}
        backTestId="lottery-back"
        className="flex-wrap md:flex-nowrap"
      >
        <div
          className="flex min-h-11 shrink-0 items-center gap-2 pr-2 text-xs text-muted"
          data-testid="latest-draw"
        >
          <span>{t('pages.latestDraw')}</span>
          {draw ? (
            <span className="flex gap-1" title={draw.numero}>
              {draw.openNumbers.map((number, index) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: a draw may repeat a number in some lotteries.
                  key={index}
                  className="grid size-6 place-items-center rounded-full bg-accent text-[11px] font-bold text-on-accent tabular-nums"
                >
                  {number}
                </span>
              ))}
            </span>
          ) : (
            <span className="font-semibold text-text">{t('pages.noDrawYet')}</span>
          )}
        </div>
        {menu.data && menu.data.length > 1 ? (
          <nav
            aria-label={t('pages.lotteryGames')}
            className="scrollbar-none order-last flex w-full gap-2 overflow-x-auto px-2 pb-2 md:order-none md:w-auto md:max-w-[50%] md:pb-0"
          >
            {menu.data.map((item) => (
              <Link
                key={item.nodeId}
                to={`${item.route}?gameCode=${encodeURIComponent(item.gameCode)}`}
                replace
                aria-current={item.gameCode === gameCode ? 'page' : undefined}
                className={joinClassNames(
                  'inline-flex min-h-9 shrink-0 items-center rounded-full px-3 text-xs font-semibold',
                  item.gameCode === gameCode
                    ? 'bg-brand text-on-brand'
                    : 'bg-raised text-muted hover:text-text',
                )}
              >
                {item.gameName}
              </Link>
            ))}
          </nav>
        ) : null}
      </GamePageBar>
      {url ? (
        <iframe
          src={url}
          title={title}
          className="block min-h-0 w-full flex-1 border-0 bg-bg md:h-[calc(100dvh-7rem)] md:flex-none"
          allow="autoplay; fullscreen"
          sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
          data-testid="lottery-frame"
        />
      ) : gameCode === null ? (
        <EmptyState
          icon={<Ticket size={26} aria-hidden="true" />}
          title={t('pages.lotteryTitle')}
          line={t('pages.lotteryLine')}
          action={
            <Link to="/lott" className={buttonClassName('primary')}>
              {t('games.LOTT')}
            </Link>
          }
        />
      ) : launch.isError || lanes.isError ? (
        <ErrorState
          title={t('pages.lotteryFailed')}
          line={launch.error?.message}
          onRetry={() => void (lanes.isError ? lanes.refetch() : launch.refetch())}
        />
      ) : (
        <Skeleton className="min-h-0 w-full flex-1 rounded-none md:h-[calc(100dvh-7rem)] md:flex-none" />
      )}
    </section>
  );
}
