import {
  ArrowUpFromLine,
  ChevronRight,
  Crown,
  Gift,
  Headset,
  Megaphone,
  MessageCircle,
  Network,
  PanelLeftClose,
  PanelLeftOpen,
  Plus,
  Send,
  Ticket,
  UserPlus,
  X,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { IconButton } from '../components/ui/button';
import { ButtonLink } from '../components/ui/button-link';
import { Logo } from '../components/ui/logo';
import { Skeleton } from '../components/ui/skeleton';
import { ARTICLE_ICONS } from '../features/articles/components/article-icons';
import { useArticleKinds } from '../features/articles/hooks/use-articles';
import { isSwitchEnabled } from '../lib/api/system-queries';
import { joinClassNames } from '../lib/class-names';
import { openCustomerService } from '../lib/customer-service';
import { useGameCategoryLinks } from '../lib/games/use-game-categories';
import { useLayoutStore } from '../lib/layout-store';
import { importWithTimeout } from '../lib/lazy-load';
import { useModalStore } from '../lib/modal-store';
import { useAuthStore } from '../lib/session/auth-store';
import { readStorage, storageKeys, writeStorage } from '../lib/storage-keys';
import { usePermission, usePublicState } from '../lib/system/system-hooks';
import { useCanDeposit } from '../lib/system/use-can-deposit';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

// The QR encoder stays out of the first load; the codes appear a moment after the menu.
const AppDownloadCodes = lazy(() =>
  importWithTimeout(() => import('./app-download-codes')).then((module) => ({
    default: module.AppDownloadCodes,
  })),
);

/** Spec §9: the side menu lists the first 6 promotions, then More. */
const sideMenuPromotionsMax = 6;

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <h2 className="px-3 pt-4 pb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">{children}</h2>
  );
}

function MenuLink({
  to,
  icon,
  label,
  isCollapsed,
  isCurrent,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  isCollapsed: boolean;
  /** For a link to a page of a screen (`?page=`), which the path alone does not tell apart. */
  isCurrent?: boolean;
}) {
  return (
    <NavLink
      to={to}
      title={isCollapsed ? label : undefined}
      className={({ isActive }) =>
        joinClassNames(
          'flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors duration-150',
          isCollapsed && 'justify-center px-0',
          (isCurrent ?? isActive) ? 'bg-brand-soft text-text' : 'text-muted hover:bg-raised hover:text-text',
        )
      }
    >
      <span className="shrink-0 text-brand-strong">{icon}</span>
      {isCollapsed ? <span className="sr-only">{label}</span> : <span className="truncate">{label}</span>}
    </NavLink>
  );
}

/** A member's money, first in the drawer: deposit (while deposits are taken) and withdraw. */
function MoneyLinks() {
  const { t } = useTranslation();
  const isLogin = useAuthStore((state) => state.isLogin);
  const isTrial = useAuthStore((state) => state.isTrial);
  const canDeposit = useCanDeposit();
  if (!isLogin || isTrial) return null;
  return (
    <div className="grid grid-cols-2 gap-2 px-1 pt-2">
      {canDeposit ? (
        <ButtonLink to="/member?page=depositv2" size="sm" icon={Plus} data-testid="side-deposit">
          {t('common.deposit')}
        </ButtonLink>
      ) : null}
      <ButtonLink
        to="/member?page=withdraw"
        variant="secondary"
        size="sm"
        icon={ArrowUpFromLine}
        data-testid="side-withdraw"
      >
        {t('common.withdraw')}
      </ButtonLink>
    </div>
  );
}

function SideMenuContent({
  isCollapsed,
  hasMoneyLinks = false,
}: {
  isCollapsed: boolean;
  /** The phone's drawer leads with deposit and withdraw; the desktop header already shows them. */
  hasMoneyLinks?: boolean;
}) {
  const { t } = useTranslation();
  const categoryLinks = useGameCategoryLinks();
  const isAgent = useAuthStore((state) => state.isAgent);
  const isLogin = useAuthStore((state) => state.isLogin);
  const isTrial = useAuthStore((state) => state.isTrial);
  const location = useLocation();
  const permission = usePermission();
  const publicState = usePublicState();
  const openModal = useModalStore((state) => state.openModal);
  const promotions = publicState.data?.promotion ?? [];
  const articleKinds = useArticleKinds();
  const liveChat = (permission.data?.customerService ?? publicState.data?.customerService ?? []).find(
    (entry) => entry.csType === 'LIVECHAT',
  );
  const licenseBanner = publicState.data?.banners.find((banner) => banner.groupName === 'w_license');
  const licenseResource = permission.data?.resources.LICENSE?.[0];
  const licenseImage = licenseBanner?.url ?? licenseResource?.url ?? null;
  // Every merchant has the lite app (the installable site); an APK resource is the Android code's target.
  const androidUrl = permission.data?.resources.APP_ANDROID?.[0]?.url ?? null;

  return (
    <div className="flex flex-col gap-1 p-2 pb-6">
      {hasMoneyLinks ? <MoneyLinks /> : null}
      {/* Spec §2 "agent (if agent)": the agent centre, for agents only. */}
      {isAgent ? (
        <MenuLink
          to="/agentHome"
          icon={<Network size={20} aria-hidden="true" />}
          label={t('pages.agentTitle')}
          isCollapsed={isCollapsed}
        />
      ) : null}
      {/* Spec §2: the VIP tile shows for visitors, and for members while the switch VIP is on. */}
      {!isLogin || isSwitchEnabled(permission.data?.whitelabel, 'VIP') ? (
        <MenuLink
          to="/vip"
          icon={<Crown size={20} aria-hidden="true" />}
          label={t('side.vip')}
          isCollapsed={isCollapsed}
        />
      ) : null}
      {/* Spec §2 "invite (to referral)": while the switch REFERRAL is on; visitors read its rules. */}
      {isSwitchEnabled(permission.data?.whitelabel, 'REFERRAL') && !isTrial ? (
        <MenuLink
          to={isLogin ? '/member?page=referral' : '/referral'}
          icon={<UserPlus size={20} aria-hidden="true" />}
          label={t('side.invite')}
          isCollapsed={isCollapsed}
        />
      ) : null}
      {/* Spec §2's reward centre: a member's tickets, draws and red envelopes (not a trial's). */}
      {isLogin && !isTrial ? (
        <MenuLink
          to="/member?page=rewardCenter"
          icon={<Ticket size={20} aria-hidden="true" />}
          label={t('side.rewardCenter')}
          isCollapsed={isCollapsed}
          isCurrent={location.pathname === '/member' && location.search.includes('page=rewardCenter')}
        />
      ) : null}
      {/* Spec §2's points mall, for visitors too: its rewards, rules and rates are theirs to see. */}
      <MenuLink
        to="/pointMall"
        icon={<Gift size={20} aria-hidden="true" />}
        label={t('pages.pointMallTitle')}
        isCollapsed={isCollapsed}
      />
      {/* The news, blog and beginner guide, each once it has an article to read. */}
      {articleKinds.map((kind) => {
        const Icon = ARTICLE_ICONS[kind];
        return (
          <MenuLink
            key={kind}
            to={`/${kind}`}
            icon={<Icon size={20} aria-hidden="true" />}
            label={t(`articles.${kind}.title`)}
            isCollapsed={isCollapsed}
          />
        );
      })}
      {/* The promotions' section shows once a merchant has promotions to list; none is offered yet. */}
      {promotions.length === 0 ? null : isCollapsed ? (
        <MenuLink
          to="/promotions"
          icon={<Megaphone size={20} aria-hidden="true" />}
          label={t('side.promotions')}
          isCollapsed
        />
      ) : (
        <>
          <SectionTitle>{t('side.promotions')}</SectionTitle>
          <ul className="flex flex-col">
            {promotions.slice(0, sideMenuPromotionsMax).map((promotion) => (
              <li key={promotion.id}>
                <Link
                  to={`/promotions#${promotion.id}`}
                  className="flex min-h-11 items-center gap-3 rounded-md px-3 text-sm text-muted hover:bg-raised hover:text-text"
                >
                  <Megaphone size={16} aria-hidden="true" className="shrink-0 text-accent-text" />
                  <span className="truncate">{promotion.title}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Link
            to="/promotions"
            className="flex min-h-11 items-center justify-between rounded-md px-3 text-sm font-semibold text-brand-strong hover:bg-raised"
          >
            {t('side.morePromotions')}
            <ChevronRight size={16} aria-hidden="true" />
          </Link>
        </>
      )}

      {isCollapsed ? null : <SectionTitle>{t('side.categories')}</SectionTitle>}
      <nav aria-label={t('common.gameTypes')} className="flex flex-col gap-0.5">
        {categoryLinks.map(({ key, path, icon: Icon }) => (
          <MenuLink
            key={key}
            to={path}
            icon={<Icon size={20} aria-hidden="true" />}
            label={t(`games.${key}`)}
            isCollapsed={isCollapsed}
          />
        ))}
      </nav>

      {isCollapsed ? null : (
        <>
          <SectionTitle>{t('side.appDownload')}</SectionTitle>
          <div className="px-1">
            <Suspense
              fallback={
                <div className="grid grid-cols-2 gap-2">
                  <Skeleton className="mx-auto size-[120px]" />
                  <Skeleton className="mx-auto size-[120px]" />
                </div>
              }
            >
              <AppDownloadCodes androidUrl={androidUrl} />
            </Suspense>
            <p className="mt-2 text-center text-xs text-muted">{t('side.scanHint')}</p>
          </div>
        </>
      )}

      <div className={joinClassNames('flex flex-col gap-2', isCollapsed ? 'pt-2' : 'px-1 pt-4')}>
        {liveChat ? (
          isCollapsed ? (
            <IconButton
              label={t('common.liveChat')}
              className="mx-auto text-brand-strong"
              onClick={() => openCustomerService(liveChat)}
            >
              <MessageCircle size={20} aria-hidden="true" />
            </IconButton>
          ) : (
            <button
              type="button"
              onClick={() => openCustomerService(liveChat)}
              className="flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand text-sm font-semibold text-on-brand hover:bg-brand-strong"
            >
              <MessageCircle size={18} aria-hidden="true" />
              {t('common.liveChat')}
            </button>
          )
        ) : null}

        {isCollapsed ? null : (
          <button
            type="button"
            onClick={() =>
              openModal('license', { imageUrl: licenseImage, title: licenseResource?.labelName })
            }
            className="group flex min-h-11 items-center gap-3 rounded-md border border-line px-3 py-2 text-left text-sm text-muted hover:bg-raised hover:text-text"
          >
            {licenseImage ? (
              <img
                src={licenseImage}
                alt=""
                className="h-8 w-auto max-w-20 rounded-sm object-contain"
                loading="lazy"
              />
            ) : null}
            <span className="flex-1">{t('side.viewLicense')}</span>
            <ChevronRight size={16} aria-hidden="true" />
          </button>
        )}

        {isCollapsed ? (
          <div className="flex flex-col items-center gap-1">
            <ThemeSwitch isCompact />
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <LanguageSwitch />
            <ThemeSwitch />
          </div>
        )}
      </div>
    </div>
  );
}

/** While open, the Escape key closes (the drawer, the customer-service channels). */
function useCloseOnEscape(isOpen: boolean, close: () => void) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && closeRef.current();
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [isOpen]);
}

/** Desktop: stays open on the left and collapses to icons. */
export function DesktopSideMenu() {
  const { t } = useTranslation();
  const isCollapsed = useLayoutStore((state) => state.isSideMenuCollapsed);
  const toggleSideMenu = useLayoutStore((state) => state.toggleSideMenu);
  // The outer column stretches with the page so its surface runs down beside the footer; the menu itself stays in view.
  return (
    <div
      className={joinClassNames(
        'hidden shrink-0 border-r border-line bg-surface transition-[width] duration-200 ease-out lg:block',
        isCollapsed ? 'w-[72px]' : 'w-72',
      )}
    >
      <aside
        data-testid="side-menu"
        className={joinClassNames('sticky top-16 flex h-[calc(100dvh-4rem)] flex-col')}
      >
        <div
          className={joinClassNames(
            'flex shrink-0 items-center border-b border-line p-2',
            isCollapsed ? 'justify-center' : 'justify-end',
          )}
        >
          <IconButton
            label={isCollapsed ? t('common.expandMenu') : t('common.collapseMenu')}
            onClick={toggleSideMenu}
            data-testid="collapse-side-menu"
          >
            {isCollapsed ? (
              <PanelLeftOpen size={20} aria-hidden="true" />
            ) : (
              <PanelLeftClose size={20} aria-hidden="true" />
            )}
          </IconButton>
        </div>
        <div className="scrollbar-none min-h-0 flex-1 overflow-y-auto">
          <SideMenuContent isCollapsed={isCollapsed} />
        </div>
      </aside>
    </div>
  );
}

/** Phone and tablet: a drawer from the left over the page. */
export function DrawerSideMenu() {
  const { t } = useTranslation();
  const isOpen = useLayoutStore((state) => state.isDrawerOpen);
  const setDrawerOpen = useLayoutStore((state) => state.setDrawerOpen);
  const permission = usePermission();
  const location = useLocation();

  // Following a link closes the drawer. Only a change counts: the drawer may be opened before this
  // lazily loaded menu mounts, and mounting must not close it again.
  const address = `${location.pathname}${location.search}`;
  const previousAddress = useRef(address);
  useEffect(() => {
    if (previousAddress.current === address) return;
    previousAddress.current = address;
    setDrawerOpen(false);
  }, [address, setDrawerOpen]);
  useCloseOnEscape(isOpen, () => setDrawerOpen(false));

  return (
    <div
      className={joinClassNames('fixed inset-0 z-40 lg:hidden', isOpen ? 'visible' : 'invisible')}
      aria-hidden={!isOpen}
    >
      <button
        type="button"
        tabIndex={-1}
        aria-label={t('common.close')}
        className={joinClassNames(
          'absolute inset-0 bg-overlay transition-opacity duration-200',
          isOpen ? 'opacity-100' : 'opacity-0',
        )}
        onClick={() => setDrawerOpen(false)}
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-label={t('common.menu')}
        data-testid="side-drawer"
        className={joinClassNames(
          'absolute inset-y-0 left-0 flex w-[min(20rem,86vw)] flex-col bg-surface shadow-raised transition-transform duration-200 ease-out',
          isOpen ? 'translate-x-0' : '-translate-x-full',
        )}
      >
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-line px-3">
          <Link to="/" className="flex min-h-11 items-center">
            <Logo
              siteName={permission.data?.siteName ?? 'Panalo'}
              imageUrl={permission.data?.resources.LOGO?.[0]?.url}
            />
          </Link>
          <IconButton label={t('common.close')} onClick={() => setDrawerOpen(false)}>
            <X size={20} aria-hidden="true" />
          </IconButton>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
          {isOpen ? <SideMenuContent isCollapsed={false} hasMoneyLinks /> : null}
        </div>
      </div>
    </div>
  );
}

/**
 * Floating customer service, bottom right above the thumb zone: one button that opens the merchant's
 * channels (live chat, Telegram) as labelled buttons. It covers as little as it can: closed it is one
 * round button, and a player can tuck it into a thin tab at the screen's edge (remembered on this
 * device). Where it stands is the page's to say: a page whose actions are held at the bottom of the
 * screen publishes their height (StickyPageActions) and the button sits above them; game pages do
 * not show it at all (the route's isGame, app/shell.tsx).
 */
export function FloatingCustomerService() {
  const { t } = useTranslation();
  const permission = usePermission();
  const publicState = usePublicState();
  const [isOpen, setOpen] = useState(false);
  const [isTucked, setTucked] = useState(
    () => readStorage('local', storageKeys.customerServiceTucked) === '1',
  );
  useCloseOnEscape(isOpen, () => setOpen(false));
  const entries = permission.data?.customerService ?? publicState.data?.customerService ?? [];
  const channels = [
    { entry: entries.find((entry) => entry.csType === 'TELEGRAM'), label: t('common.telegram'), Icon: Send },
    {
      entry: entries.find((entry) => entry.csType === 'LIVECHAT'),
      label: t('common.liveChat'),
      Icon: MessageCircle,
    },
  ].flatMap(({ entry, ...channel }) => (entry ? [{ entry, ...channel }] : []));
  if (channels.length === 0) return null;
  // Above a page's held actions (a money form's submit on a phone), which publish their height.
  const bottom = 'bottom-[calc(1rem+env(safe-area-inset-bottom)+var(--page-actions-height,0px))]';

  function tuck(next: boolean) {
    writeStorage('local', storageKeys.customerServiceTucked, next ? '1' : null);
    setTucked(next);
    setOpen(false);
  }

  if (isTucked) {
    return (
      <button
        type="button"
        aria-label={t('common.showCustomerService')}
        onClick={() => tuck(false)}
        data-testid="floating-cs"
        className={`fixed right-0 ${bottom} z-20 grid h-12 w-6 place-items-center rounded-l-md bg-brand/85 text-on-brand shadow-raised`}
      >
        <Headset size={14} aria-hidden="true" />
      </button>
    );
  }
  return (
    <div className={`fixed right-3 ${bottom} z-20 flex flex-col items-end gap-2`} data-testid="floating-cs">
      {isOpen ? (
        <ul id="floating-cs-channels" className="flex flex-col items-end gap-2">
          {channels.map(({ entry, label, Icon }) => (
            <li key={entry.csType}>
              <button
                type="button"
                title={entry.title}
                onClick={() => openCustomerService(entry)}
                className="flex min-h-11 items-center gap-2 rounded-full bg-raised-strong px-4 text-sm font-semibold text-text shadow-raised hover:bg-raised"
              >
                <Icon size={18} aria-hidden="true" className="text-brand-strong" />
                {label}
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => tuck(true)}
              className="flex min-h-11 items-center gap-1 rounded-full px-3 text-xs font-medium text-muted hover:text-text"
            >
              <ChevronRight size={14} aria-hidden="true" />
              {t('common.tuckCustomerService')}
            </button>
          </li>
        </ul>
      ) : null}
      <button
        type="button"
        aria-label={t('common.customerService')}
        aria-expanded={isOpen}
        aria-controls="floating-cs-channels"
        onClick={() => setOpen((open) => !open)}
        className="grid size-12 place-items-center rounded-full bg-brand text-on-brand shadow-raised transition-transform duration-150 hover:scale-105 active:scale-95"
      >
        {isOpen ? <X size={22} aria-hidden="true" /> : <Headset size={22} aria-hidden="true" />}
      </button>
    </div>
  );
}
