import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { GameLobbyList } from '../../../components/games/game-lobby-list';
import { PageFrame } from '../../../components/ui/page-frame';
import { type GameTypeKey, gameTypeLinks } from '../../../lib/game-routes';
import { useCategoryPage } from '../../../lib/games/use-game-categories';

function GameListFrame({ gameTypeKey, testId }: { gameTypeKey: GameTypeKey; testId: string }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const gameType = gameTypeLinks.find((link) => link.key === gameTypeKey);
  // /rng?vassalage=XX opens the list of one provider.
  const vassalage = searchParams.get('vassalage');
  // A category without games has no page: its address leads home.
  const visibility = useCategoryPage(gameTypeKey);
  if (visibility === 'hidden') return null;
  return (
    <PageFrame title={t(`games.${gameTypeKey}`)} icon={gameType?.icon} testId={testId}>
      <GameLobbyList
        key={`${gameTypeKey}:${vassalage ?? ''}`}
        gameType={gameTypeKey}
        initialVassalage={vassalage}
      />
    </PageFrame>
  );
}

/** GameListCenter (spec §2: /live, /fish, /rng, /pvp). */
export function GameListCenterPage() {
  const { pathname } = useLocation();
  const gameType = gameTypeLinks.find((link) => link.path === pathname) ?? gameTypeLinks[0];
  if (!gameType) return null;
  return <GameListFrame key={gameType.key} gameTypeKey={gameType.key} testId="game-list-page" />;
}

/** /inHouse: our own games. */
export function InHousePage() {
  return <GameListFrame gameTypeKey="INHOUSE" testId="in-house-page" />;
}
