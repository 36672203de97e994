import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { GameGrid } from '../../../components/games/game-grid';
import { gridStateOf } from '../../../components/games/grid-state';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { Skeleton } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { type GameTypeLink, gameTypeLinks } from '../../../lib/game-routes';
import { fetchGamesPage, type VendorCard, vendorLanesQuery } from '../../../lib/games/catalogue-api';
import { coverStyleOf } from '../../../lib/games/game-cover';
import { lotteryPrizeMode } from '../../../lib/games/prize-mode';
import { useCategoryPage } from '../../../lib/games/use-game-categories';
import { useLanguage } from '../../../lib/i18n/i18n';

/** A provider's lane shows at most this many of its games (the lobby page size, spec §9). */
const laneGamesMax = 18;
const lotteryCategories = new Set(['LOTT', 'ELOTT']);

/**
 * GameCenter (spec §2: /sports, /esports, /lott, /elott): the category's provider lanes, each a
 * card with the provider's mark, its name and its games. A game opens through the lobby's launch
 * (real play needs login; lottery games open the lottery page).
 */
export function GameCenterPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const language = useLanguage();
  const lanes = useQuery(vendorLanesQuery(language));
  const gameType = gameTypeLinks.find((link) => link.path === pathname) ?? gameTypeLinks[2];
  // A category without games has no page: its address leads home.
  const visibility = useCategoryPage(gameType?.key ?? '');
  if (!gameType || visibility === 'hidden') return null;
  const lane = lanes.data?.find((entry) => entry.gameCategory === gameType.key);
  const cards = lane?.cards ?? [];
  // Spec §4: ELOTT when a lottery lane has a TCG_LOTTO_VN or LOTT provider, else LOTT.
  const prizeMode = lotteryCategories.has(gameType.key) && lanes.data ? lotteryPrizeMode(lanes.data) : null;
  return (
    <PageFrame
      title={t(`games.${gameType.key}`)}
      icon={gameType.icon}
      testId="game-center-page"
      actions={
        prizeMode ? (
          <span
            className="rounded-full bg-raised px-3 py-1 text-xs text-muted"
            data-testid="prize-mode"
            title={t('pages.prizeModeHint')}
            data-prize-mode={prizeMode}
          >
            {t('pages.prizeMode')}:{' '}
            <span className="font-semibold text-text">{t(`pages.prizeModes.${prizeMode}`)}</span>
          </span>
        ) : null
      }
    >
      {lanes.isPending ? (
        <LaneSkeletons />
      ) : lanes.isError ? (
        <Panel>
          <ErrorState line={t('pages.providersFailed')} onRetry={() => void lanes.refetch()} />
        </Panel>
      ) : (
        <div className="flex flex-col gap-4" data-testid="provider-lanes">
          {cards.map((card) => (
            <ProviderLane key={card.vassalage} gameType={gameType} card={card} />
          ))}
        </div>
      )}
    </PageFrame>
  );
}

/**
 * A provider's mark (DESIGN.md: never a real vendor's logo, and never its code): the category's
 * icon on a colour of the provider's own, the same one its games' drawn covers would take.
 */
function ProviderMark({ vassalage, icon: Icon }: { vassalage: string; icon: GameTypeLink['icon'] }) {
  const style = coverStyleOf(vassalage);
  return (
    <span
      aria-hidden="true"
      className="grid size-11 shrink-0 place-items-center rounded-md text-white"
      style={{ backgroundImage: `linear-gradient(150deg, ${style.light}, ${style.deep})` }}
    >
      <Icon size={20} aria-hidden="true" />
    </span>
  );
}

function ProviderLane({ gameType, card }: { gameType: GameTypeLink; card: VendorCard }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const games = useQuery({
    queryKey: ['game-center', gameType.key, card.vassalage, language],
    queryFn: ({ signal }) =>
      fetchGamesPage(
        language,
        { gameType: gameType.key, vassalage: card.vassalage },
        1,
        laneGamesMax,
        signal,
      ),
  });
  return (
    <Panel className="overflow-hidden">
      <section
        aria-label={card.accountTypeName}
        data-testid="provider-lane"
        data-vassalage={card.vassalage}
        className="flex flex-col gap-3 p-3 md:p-4"
      >
        <header className="flex items-center gap-3">
          <ProviderMark vassalage={card.vassalage} icon={gameType.icon} />
          <div className="min-w-0 flex-1">
            <h2 className="text-base leading-tight font-bold text-balance">{card.accountTypeName}</h2>
            <p className="text-xs text-muted">
              {games.data ? t('pages.providerGames', { count: games.data.games.length }) : '\u00a0'}
            </p>
          </div>
        </header>
        <GameGrid
          games={games.data?.games}
          {...gridStateOf(games)}
          emptyLine={t('pages.providerEmpty')}
          skeletonCount={6}
          testId="provider-games"
        />
      </section>
    </Panel>
  );
}

function LaneSkeletons() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" data-testid="provider-lanes-loading">
      {[0, 1].map((index) => (
        <Panel key={index} className="flex flex-col gap-3 p-3 md:p-4">
          <div className="flex items-center gap-3">
            <Skeleton className="size-11" />
            <div className="flex flex-1 flex-col gap-1.5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-20" />
            </div>
          </div>
          <div className="grid grid-cols-3 gap-2.5 sm:grid-cols-4 md:grid-cols-6 md:gap-3.5 xl:grid-cols-8">
            {[0, 1, 2].map((tile) => (
              <Skeleton key={tile} className="aspect-square w-full" />
            ))}
          </div>
        </Panel>
      ))}
    </div>
  );
}
