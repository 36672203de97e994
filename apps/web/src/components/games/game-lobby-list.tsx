import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ChevronDown, Gamepad2, Search, X } from 'lucide-react';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../lib/class-names';
import {
  fetchGamesPage,
  fetchRecentPage,
  hotGamesQuery,
  lobbyPageSize,
  vendorLanesQuery,
} from '../../lib/games/catalogue-api';
import {
  allEntries,
  initialListFilter,
  type ListTab,
  listTabs,
  reduceListFilter,
  showsChoice,
  tabNeedsLogin,
  toServerFilter,
} from '../../lib/games/list-filter';
import { useFavorites } from '../../lib/games/use-favorites';
import { useLanguage } from '../../lib/i18n/i18n';
import { useModalStore } from '../../lib/modal-store';
import { useAuthStore } from '../../lib/session/auth-store';
import { IconButton } from '../ui/button';
import { SearchField } from '../ui/search-field';
import { Tabs } from '../ui/tabs';
import { GameGrid } from './game-grid';
import { GameSuggestionsPanel } from './game-suggestions-panel';
import { gridStateOf, pagedGridOf } from './grid-state';

const searchDelayMs = 300;

/**
 * The game lobby list (spec §2): tabs ALL, HOT, FAV, RECENT (FAV and RECENT need a login), the
 * vendor filter and classify menu when there is more than one entry, a search toggle, and load
 * more by 18. It reloads on language change, search text change and mount (the language and the
 * filters are in the query keys).
 */
export function GameLobbyList({
  gameType,
  initialVassalage = null,
}: {
  gameType: string;
  initialVassalage?: string | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isLogin = useAuthStore((state) => state.isLogin);
  const token = useAuthStore((state) => state.token);
  const openModal = useModalStore((state) => state.openModal);
  const [filter, dispatch] = useReducer(reduceListFilter, initialVassalage, initialListFilter);
  const [isSearchOpen, setSearchOpen] = useState(false);
  const [searchInput, setSearchInput] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => dispatch({ type: 'search', text: searchInput }), searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const lanes = useQuery(vendorLanesQuery(language));
  const lane = lanes.data?.find((entry) => entry.gameCategory === gameType);
  const vendors = lane?.cards ?? [];
  const classifyGroups = (lane?.gameClassify ?? []).filter(
    (group) => filter.vassalage === allEntries || group.vendors.includes(filter.vassalage),
  );
  const serverFilter = toServerFilter(gameType, filter);

  const allGames = useInfiniteQuery({
    queryKey: ['lobby', 'games', language, serverFilter],
    queryFn: ({ pageParam, signal }) =>
      fetchGamesPage(language, serverFilter, pageParam, lobbyPageSize, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length < last.totalPages ? pages.length + 1 : undefined),
    enabled: filter.tab === 'ALL',
  });
  const hot = useQuery({
    ...hotGamesQuery(language, { gameType, vassalage: serverFilter.vassalage }),
    enabled: filter.tab === 'HOT',
  });
  const favorites = useFavorites();
  const recent = useInfiniteQuery({
    queryKey: ['lobby', 'recent-list', language, token, gameType, serverFilter.vassalage ?? ''],
    queryFn: ({ pageParam, signal }) => fetchRecentPage(language, serverFilter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length < last.totalPages ? pages.length + 1 : undefined),
    enabled: filter.tab === 'RECENT' && token !== null,
  });

  function chooseTab(tab: ListTab) {
    if (tabNeedsLogin(tab) && !isLogin) {
      openModal('loginPopupModal');
      return;
    }
    dispatch({ type: 'tab', tab });
  }

  const favoriteGames = favorites.favorites.filter(
    (game) =>
      game.gameType === gameType &&
      (serverFilter.vassalage === undefined || game.vassalage === serverFilter.vassalage),
  );
  const grid =
    filter.tab === 'ALL'
      ? pagedGridOf(allGames)
      : filter.tab === 'HOT'
        ? { games: hot.data?.games, ...gridStateOf(hot) }
        : filter.tab === 'FAV'
          ? { games: favoriteGames, ...gridStateOf(favorites.query) }
          : pagedGridOf(recent);
  const searchText = filter.searchText.trim();

  return (
    <div className="flex flex-col gap-3" data-testid="game-lobby-list">
      <div className="flex items-center gap-2">
        <Tabs
          label={t(`games.${gameType}`, { defaultValue: t('games.OTHER') })}
          variant="chips"
          items={listTabs.map((key) => ({ key, label: t(`pages.filters.${key}`) }))}
          value={filter.tab}
          onChange={chooseTab}
          className="min-w-0 flex-1"
        />
        <IconButton
          label={t('pages.searchGames')}
          onClick={() => {
            if (isSearchOpen) setSearchInput('');
            setSearchOpen((value) => !value);
          }}
          aria-pressed={isSearchOpen}
          data-testid="list-search-toggle"
        >
          {isSearchOpen ? <X size={20} aria-hidden="true" /> : <Search size={20} aria-hidden="true" />}
        </IconButton>
      </div>
      {isSearchOpen ? (
        <SearchField
          label={t('pages.searchGames')}
          value={searchInput}
          onValueChange={setSearchInput}
          className="flex min-h-12 items-center gap-2 rounded-md border border-line bg-raised px-3 focus-within:border-brand"
          testId="list-search"
        />
      ) : null}
      {showsChoice(vendors) || showsChoice(classifyGroups) ? (
        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          {showsChoice(vendors) ? (
            <div className="relative md:w-60 md:shrink-0">
              <select
                aria-label={t('pages.providers')}
                className="min-h-11 w-full appearance-none rounded-md border border-line bg-raised pr-9 pl-3 text-sm text-text"
                value={filter.vassalage}
                onChange={(event) => dispatch({ type: 'vendor', vassalage: event.target.value })}
                data-testid="vendor-filter"
              >
                <option value={allEntries}>{t('pages.allProviders')}</option>
                {vendors.map((vendor) => (
                  <option key={vendor.vassalage} value={vendor.vassalage}>
                    {vendor.accountTypeName}
                  </option>
                ))}
              </select>
              <ChevronDown
                size={16}
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted"
              />
            </div>
          ) : null}
          {showsChoice(classifyGroups) ? (
            <fieldset
              className="scrollbar-none m-0 flex min-w-0 gap-2 overflow-x-auto border-0 p-0"
              data-testid="classify-menu"
            >
              <legend className="sr-only">{t('lobby.classify')}</legend>
              {[{ key: allEntries, displayName: t('pages.filters.ALL') }, ...classifyGroups].map((group) => (
                <button
                  key={group.key}
                  type="button"
                  aria-pressed={filter.classify === group.key}
                  onClick={() => dispatch({ type: 'classify', classify: group.key })}
                  className={joinClassNames(
                    'inline-flex min-h-9 shrink-0 items-center rounded-md border px-3 text-sm font-medium',
                    filter.classify === group.key
                      ? 'border-brand bg-brand-soft text-brand-strong'
                      : 'border-line text-muted hover:text-text',
                  )}
                >
                  {group.displayName}
                </button>
              ))}
            </fieldset>
          ) : null}
        </div>
      ) : null}
      <GameSuggestionsPanel />
      <GameGrid
        {...grid}
        emptyIcon={<Gamepad2 size={26} aria-hidden="true" />}
        emptyLine={
          searchText !== '' && filter.tab === 'ALL'
            ? t('home.searchEmpty', { text: searchText })
            : t(`lobby.empty.${filter.tab}`)
        }
        skeletonCount={lobbyPageSize}
      />
    </div>
  );
}
