import { Clock, Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { EmptyState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';

/** AccountGame (spec §2: /favorite, /recent; login required). */
export function AccountGamePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isFavorite = pathname !== '/recent';
  return (
    <PageFrame
      title={isFavorite ? t('pages.favoriteTitle') : t('pages.recentTitle')}
      icon={isFavorite ? Heart : Clock}
      testId="account-game-page"
    >
      <Tabs
        label={t('pages.favoriteTitle')}
        items={[
          { key: '/favorite', label: t('games.FAV') },
          { key: '/recent', label: t('games.RECENT') },
        ]}
        value={isFavorite ? '/favorite' : '/recent'}
        onChange={(path) => navigate(path)}
      />
      <Panel>
        <EmptyState
          icon={isFavorite ? <Heart size={26} aria-hidden="true" /> : <Clock size={26} aria-hidden="true" />}
          line={isFavorite ? t('pages.favoriteLine') : t('pages.recentLine')}
        />
      </Panel>
    </PageFrame>
  );
}
