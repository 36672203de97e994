import { useQuery } from '@tanstack/react-query';
import { Dices, ShieldCheck, Sparkles } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SearchField } from '../../../components/ui/search-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { fetchGamesPage, vendorLanesQuery } from '../../../lib/games/catalogue-api';
import { shownCategoriesOf } from '../../../lib/games/game-categories';
import { useGameSuggestions } from '../../../lib/games/game-suggestions';
import { useLaunchGame } from '../../../lib/games/use-launch-game';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useModalStore } from '../../../lib/modal-store';
import { useAuthStore } from '../../../lib/session/auth-store';
import { usePermission, usePublicState } from '../../../lib/system/system-hooks';
import { BannerCarousel } from './banner-carousel';
import { CategoryMenu, type HomeCategory } from './category-menu';
import { NoticeMarquee } from './notice-marquee';

// The winner board waits for its data anyway; the game rows below the menu load with their data.
const WinnerBoard = lazy(() => import('./winner-board').then((module) => ({ default: module.WinnerBoard })));
const HomeLobby = lazy(() => import('./home-lobby').then((module) => ({ default: module.HomeLobby })));
const GameSuggestionsPanel = lazy(() =>
  import('../../../components/games/game-suggestions-panel').then((module) => ({
    default: module.GameSuggestionsPanel,
  })),
);

/** Shown instead of banners when the operator has published none: the site's name and the way in. */
function WelcomePanel({ siteName, isLogin }: { siteName: string; isLogin: boolean }) {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.openModal);
  return (
    <section
      className="relative overflow-hidden rounded-lg [background:var(--panalo-hero)]"
      data-testid="welcome-panel"
    >
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-10 size-64 rounded-full bg-accent/20 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-24 left-1/3 size-72 rounded-full bg-brand/30 blur-3xl"
      />
      <div className="relative flex aspect-[12/5] flex-col justify-center gap-3 p-5 md:aspect-[16/5] md:p-10">
        <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-on-hero/10 px-3 py-1 text-xs font-semibold text-on-hero">
          <Sparkles size={14} aria-hidden="true" className="text-accent" />
          {siteName}
        </p>
        <h1 className="max-w-xl text-xl font-extrabold text-on-hero md:text-2xl">
          {t('home.welcomeTitle', { site: siteName })}
        </h1>
        {isLogin ? null : (
          <div className="flex flex-wrap gap-2">
            <Button variant="primary" onClick={() => openModal('registerModal')}>
              {t('common.register')}
            </Button>
            <Button
              variant="secondary"
              className="border-on-hero/20 bg-on-hero/10 text-on-hero hover:bg-on-hero/20"
              onClick={() => openModal('loginPopupModal')}
            >
              {t('common.login')}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

const searchDelayMs = 300;
/** A category key as the server and the menu name them (HOME, HOT, FAV, LIVE, INHOUSE …). */
const CATEGORY_PATTERN = /^[A-Z][A-Z_]{1,19}$/;

/** The home lobby (spec §2): banners, notice marquee, winner board, category menu, search and game rows. */
export function HomePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const permission = usePermission();
  const publicState = usePublicState();
  const isLogin = useAuthStore((state) => state.isLogin);
  const openModal = useModalStore((state) => state.openModal);
  const launch = useLaunchGame();
  const hasSuggestions = useGameSuggestions((state) => state.games !== null);
  // The chosen category lives in the address (?category=LIVE), so that coming back from a game
  // opened full screen (/seamless) returns to it rather than to HOME.
  const lanes = useQuery(vendorLanesQuery(language));
  const serverCategories = shownCategoriesOf(lanes.data);
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = searchParams.get('category') ?? '';
  // An address can say anything: only HOT, FAV (logged in) and the server's categories are taken.
  const isChoosable =
    chosen === 'HOT' ||
    (chosen === 'FAV' && isLogin) ||
    (CATEGORY_PATTERN.test(chosen) && !lanes.isSuccess) ||
    serverCategories.includes(chosen);
  const category: HomeCategory = isChoosable ? chosen : 'HOME';
  const setCategory = (next: HomeCategory) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'HOME') params.delete('category');
        else params.set('category', next);
        return params;
      },
      { replace: true },
    );
  // Spec §2: searching sets the category SEARCH with the text; clearing returns to HOME.
  const [searchText, setSearchText] = useState('');
  const [searchQuery, setSearchQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearchQuery(searchText.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText]);
  const isSearching = searchText.trim() !== '';
  const homeBanners = publicState.data?.banners.filter((banner) => banner.groupName === 'w_home') ?? [];

  async function chooseCategory(next: HomeCategory) {
    // Spec §2: choosing FAV while logged out opens the login popup.
    if (next === 'FAV' && !isLogin) {
      openModal('loginPopupModal');
      return;
    }
    // Spec §2: ELOTT launches the first vendor game when logged in, else opens the login popup.
    if (next === 'ELOTT') {
      if (!isLogin) {
        openModal('loginPopupModal');
        return;
      }
      const first = (await fetchGamesPage(language, { gameType: 'ELOTT' }, 1, 1)).games[0];
      if (first) void launch(first, 'real');
      return;
    }
    setCategory(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <div className="flex flex-col gap-4 md:gap-5" data-testid="home-page">
      {publicState.isPending ? (
        <Skeleton className="aspect-[12/5] w-full rounded-lg md:aspect-[16/5]" />
      ) : homeBanners.length > 0 ? (
        <BannerCarousel banners={homeBanners} />
      ) : (
        <WelcomePanel siteName={permission.data?.siteName ?? 'Panalo'} isLogin={isLogin} />
      )}
      {publicState.isError ? <ErrorState isCompact onRetry={() => void publicState.refetch()} /> : null}
      <NoticeMarquee notices={publicState.data?.notice ?? []} />
      <Suspense fallback={null}>
        <WinnerBoard />
      </Suspense>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchField
          label={t('home.searchPlaceholder')}
          value={searchText}
          onValueChange={setSearchText}
          className="flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 focus-within:border-brand lg:order-2 lg:w-72 lg:shrink-0"
          testId="home-search"
        />
        <div className="min-w-0 flex-1">
          <CategoryMenu
            value={isSearching ? null : category}
            serverCategories={serverCategories}
            onChange={(next) => {
              setSearchText('');
              void chooseCategory(next);
            }}
          />
        </div>
      </div>
      {hasSuggestions ? (
        <Suspense fallback={null}>
          <GameSuggestionsPanel />
        </Suspense>
      ) : null}
      <section aria-live="polite" data-testid="home-lobby" data-category={isSearching ? 'SEARCH' : category}>
        <Suspense fallback={<Skeleton className="h-[60vh] w-full" />}>
          <HomeLobby
            category={category}
            searchQuery={searchQuery}
            isSearching={isSearching}
            onChooseCategory={(next) => void chooseCategory(next)}
          />
        </Suspense>
      </section>
      <div className="grid gap-3 sm:grid-cols-2">
        <button
          type="button"
          onClick={() => openModal('helpModal', { anchor: 'responsible' })}
          className="flex min-h-16 items-center gap-3 rounded-lg border border-line bg-surface p-4 text-left hover:bg-raised"
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-md bg-brand-soft text-brand-strong">
            <ShieldCheck size={20} aria-hidden="true" />
          </span>
          <span className="text-sm text-muted">{t('footer.responsible')}</span>
        </button>
        <Link
          to="/inHouse"
          className="flex min-h-16 items-center gap-3 rounded-lg border border-line bg-surface p-4 hover:bg-raised"
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-md bg-accent/15 text-accent-text">
            <Dices size={20} aria-hidden="true" />
          </span>
          <span className="text-sm font-semibold">{t('home.fairGames')}</span>
        </Link>
      </div>
    </div>
  );
}
