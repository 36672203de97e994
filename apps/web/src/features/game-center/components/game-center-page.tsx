import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { EmptyState } from '../../../components/ui/states';
import { gameTypeLinks } from '../../../lib/game-routes';

/** GameCenter (spec §2: /sports, /esports, /lott, /elott): a category's provider lanes. */
export function GameCenterPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const gameType = gameTypeLinks.find((link) => link.path === pathname) ?? gameTypeLinks[2];
  if (!gameType) return null;
  return (
    <PageFrame title={t(`games.${gameType.key}`)} icon={gameType.icon} testId="game-center-page">
      <Panel>
        <h2 className="border-b border-line px-4 py-3 text-sm font-semibold text-muted">
          {t('pages.providers')}
        </h2>
        <EmptyState icon={<gameType.icon size={26} aria-hidden="true" />} line={t('pages.gameCenterLine')} />
      </Panel>
    </PageFrame>
  );
}
