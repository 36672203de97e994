import { ChevronDown, Search, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { IconButton } from '../../../components/ui/button';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { EmptyState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { gameTypeLinks } from '../../../lib/game-routes';
import { useModalStore } from '../../../lib/modal-store';
import { useAuthStore } from '../../../lib/session/auth-store';

type GameFilter = 'ALL' | 'HOT' | 'FAV' | 'RECENT';
const filters: readonly GameFilter[] = ['ALL', 'HOT', 'FAV', 'RECENT'];

/** The lobby list frame: filter tabs, provider choice, search (spec §2 "Game lobby list"). */
function GameListFrame({
  gameTypeKey,
  line,
  testId,
}: {
  gameTypeKey: (typeof gameTypeLinks)[number]['key'];
  line: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const isLogin = useAuthStore((state) => state.isLogin);
  const openModal = useModalStore((state) => state.openModal);
  const [filter, setFilter] = useState<GameFilter>('ALL');
  const [isSearching, setSearching] = useState(false);
  const [searchText, setSearchText] = useState('');
  const gameType = gameTypeLinks.find((link) => link.key === gameTypeKey);
  // /rng?vassalage=XX opens the list of one provider.
  const vassalage = searchParams.get('vassalage');

  function chooseFilter(next: GameFilter) {
    // Spec §2: FAV and RECENT need a login, else the login popup opens.
    if ((next === 'FAV' || next === 'RECENT') && !isLogin) {
      openModal('loginPopupModal');
      return;
    }
    setFilter(next);
  }

  return (
    <PageFrame
      title={t(`games.${gameTypeKey}`)}
      icon={gameType?.icon}
      testId={testId}
      actions={
        <IconButton
          label={t('pages.searchGames')}
          onClick={() => setSearching((value) => !value)}
          aria-pressed={isSearching}
        >
          {isSearching ? <X size={20} aria-hidden="true" /> : <Search size={20} aria-hidden="true" />}
        </IconButton>
      }
    >
      {isSearching ? (
        <label className="flex min-h-12 items-center gap-2 rounded-md border border-line bg-raised px-3 focus-within:border-brand">
          <Search size={18} aria-hidden="true" className="text-muted" />
          <span className="sr-only">{t('pages.searchGames')}</span>
          <input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('pages.searchGames')}
            className="min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted md:text-sm"
          />
        </label>
      ) : null}
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <Tabs
          label={t(`games.${gameTypeKey}`)}
          variant="chips"
          items={filters.map((key) => ({ key, label: t(`pages.filters.${key}`) }))}
          value={filter}
          onChange={chooseFilter}
        />
        <div className="relative md:w-60">
          <select
            aria-label={t('pages.providers')}
            className="min-h-11 w-full appearance-none rounded-md border border-line bg-raised pr-9 pl-3 text-sm text-text"
            value={vassalage ?? ''}
            disabled
          >
            <option value="">{vassalage ?? t('pages.allProviders')}</option>
          </select>
          <ChevronDown
            size={16}
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted"
          />
        </div>
      </div>
      <Panel>
        <EmptyState
          icon={gameType ? <gameType.icon size={26} aria-hidden="true" /> : undefined}
          line={line}
        />
      </Panel>
    </PageFrame>
  );
}

/** GameListCenter (spec §2: /live, /fish, /rng, /pvp). */
export function GameListCenterPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const gameType = gameTypeLinks.find((link) => link.path === pathname) ?? gameTypeLinks[0];
  if (!gameType) return null;
  return (
    <GameListFrame
      key={gameType.key}
      gameTypeKey={gameType.key}
      line={t('pages.gameListLine')}
      testId="game-list-page"
    />
  );
}

/** /inHouse: our own games. */
export function InHousePage() {
  const { t } = useTranslation();
  return <GameListFrame gameTypeKey="INHOUSE" line={t('pages.inHouseLine')} testId="in-house-page" />;
}
