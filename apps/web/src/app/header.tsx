import { Bell, ChevronDown, Headset, Mail, Menu } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button, IconButton } from '../components/ui/button';
import { Logo } from '../components/ui/logo';
import { joinClassNames } from '../lib/class-names';
import { useGameCategoryLinks } from '../lib/games/use-game-categories';
import { useLayoutStore } from '../lib/layout-store';
import { importWithTimeout } from '../lib/lazy-load';
import { useModalStore } from '../lib/modal-store';
import { useAuthStore } from '../lib/session/auth-store';
import { usePermission, usePublicState } from '../lib/system/system-hooks';
import { phoneMediaQuery, useMediaQuery } from '../lib/use-media-query';
import { GameTypeNavLinks } from './game-type-nav';
import { LanguageSwitch } from './language-switch';

// Only members see it, so visitors (the first load) do not download it or its dialog.
const MemberMenu = lazy(() =>
  importWithTimeout(() => import('../features/auth/components/member-menu')).then((module) => ({
    default: module.MemberMenu,
  })),
);

// Only for a merchant with customer-service channels: the code that opens them loads with the list.
const CustomerServiceList = lazy(() =>
  importWithTimeout(() => import('./customer-service-list')).then((module) => ({
    default: module.CustomerServiceList,
  })),
);

// Members only, like the member menu: the balance with the deposit and withdraw buttons.
const MemberWallet = lazy(() =>
  importWithTimeout(() => import('../features/wallet/components/member-wallet')).then((module) => ({
    default: module.MemberWallet,
  })),
);

/** A hover (and focus) dropdown; on touch screens a tap toggles it through :focus-within. */
function HoverMenu({
  label,
  icon,
  children,
  testId,
  align = 'right',
  panelClassName = 'min-w-56',
  isLabelWideOnly = false,
}: {
  label: string;
  icon?: ReactNode;
  /** Shows the label beside the icon only on the widest screens (the icon names it below). */
  isLabelWideOnly?: boolean;
  children: ReactNode;
  testId?: string;
  align?: 'left' | 'right';
  panelClassName?: string;
}) {
  return (
    <div className="group relative" data-testid={testId}>
      <button
        type="button"
        aria-haspopup="true"
        aria-label={isLabelWideOnly ? label : undefined}
        title={isLabelWideOnly ? label : undefined}
        className="inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-medium text-muted transition-colors hover:bg-raised hover:text-text group-focus-within:text-text"
      >
        {icon}
        {isLabelWideOnly ? <span className="hidden 2xl:inline">{label}</span> : label}
        <ChevronDown
          size={16}
          aria-hidden="true"
          className="transition-transform duration-150 group-hover:rotate-180"
        />
      </button>
      <div
        className={`invisible absolute top-full ${align === 'left' ? 'left-0' : 'right-0'} z-40 pt-2 opacity-0 transition-opacity duration-150 group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100`}
      >
        <div
          className={joinClassNames(
            'rounded-lg border border-line bg-surface p-2 shadow-raised',
            panelClassName,
          )}
        >
          {children}
        </div>
      </div>
    </div>
  );
}

/**
 * A member's balance and deposit, loaded with the member's header only; a game page's bar shows it
 * on a phone, where the header gives way to the game.
 */
export function MemberMoney() {
  const isLogin = useAuthStore((state) => state.isLogin);
  if (!isLogin) return null;
  return (
    <Suspense fallback={<span className="h-11 w-40 animate-pulse rounded-full bg-raised" />}>
      <MemberWallet />
    </Suspense>
  );
}

export function Header({
  hasSideMenu = true,
  isHiddenOnPhone = false,
}: {
  hasSideMenu?: boolean;
  /** A game page's own bar stands in for the header on a phone. */
  isHiddenOnPhone?: boolean;
}) {
  const isPhone = useMediaQuery(phoneMediaQuery);
  const { t } = useTranslation();
  const categoryLinks = useGameCategoryLinks();
  const permission = usePermission();
  const publicState = usePublicState();
  const isLogin = useAuthStore((state) => state.isLogin);
  const openModal = useModalStore((state) => state.openModal);
  const setDrawerOpen = useLayoutStore((state) => state.setDrawerOpen);
  const siteName = permission.data?.siteName ?? 'Panalo';
  const logoUrl = permission.data?.resources.LOGO?.[0]?.url ?? null;
  const customerService = permission.data?.customerService ?? publicState.data?.customerService ?? [];
  const noticeCount = publicState.data?.notice.length ?? 0;
  const unreadMessages = publicState.data?.unreadMessage;
  const navigate = useNavigate();
  // Not hidden by CSS alone: the game's bar shows the same balance and deposit, once.
  if (isHiddenOnPhone && isPhone) return null;

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      {/* The narrowest phones (360 px) tighten the spacing so the balance, deposit and avatar fit. */}
      <div className="flex h-14 items-center gap-1 px-2 max-[379px]:gap-0.5 max-[379px]:px-1.5 md:h-16 md:gap-2 md:px-4">
        {hasSideMenu ? (
          <IconButton
            label={t('common.openMenu')}
            className="lg:hidden"
            onClick={() => setDrawerOpen(true)}
            data-testid="open-drawer"
          >
            <Menu size={22} aria-hidden="true" />
          </IconButton>
        ) : null}
        <Link to="/" className="flex min-h-11 items-center rounded-md px-1" aria-label={t('common.home')}>
          <Logo siteName={siteName} imageUrl={logoUrl} isNarrowCompact />
        </Link>

        {/* From xl to 2xl the game types share the row with the member's buttons: spacing tightens. */}
        <nav className="ml-2 hidden items-center gap-1 xl:flex 2xl:ml-4" aria-label={t('common.gameTypes')}>
          <HoverMenu
            label={t('header.gamesMenu')}
            testId="games-menu"
            align="left"
            panelClassName="w-[26rem]"
          >
            <ul className="grid grid-cols-2 gap-1">
              {categoryLinks.map(({ key, path, icon: Icon }) => (
                <li key={key}>
                  <NavLink
                    to={path}
                    className={({ isActive }) =>
                      joinClassNames(
                        'flex min-h-11 items-center gap-2 rounded-md px-3 text-sm transition-colors',
                        isActive ? 'bg-brand-soft text-text' : 'text-muted hover:bg-raised hover:text-text',
                      )
                    }
                  >
                    <Icon size={18} aria-hidden="true" className="shrink-0 text-brand-strong" />
                    {t(`games.${key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </HoverMenu>
          <GameTypeNavLinks />
        </nav>

        <div className="ml-auto flex items-center gap-1 max-[379px]:gap-0.5 md:gap-2 xl:gap-1 2xl:gap-2">
          <MemberMoney />

          {unreadMessages !== undefined ? (
            // On phones the member menu carries the messages: the header has no room for another icon.
            <div className="hidden sm:block">
              <IconButton
                label={t('common.messages')}
                badge={unreadMessages}
                onClick={() => navigate('/member?page=messageV2')}
                data-testid="open-messages"
              >
                <Mail size={20} aria-hidden="true" />
              </IconButton>
            </div>
          ) : null}
          {/* A member's phone header keeps its room for the balance and deposit: the member menu carries the notices. */}
          <div className={isLogin ? 'hidden sm:block' : undefined}>
            <IconButton
              label={t('common.notices')}
              badge={noticeCount}
              onClick={() => openModal('noticeModal', { index: 0 })}
              data-testid="open-notices"
            >
              <Bell size={20} aria-hidden="true" />
            </IconButton>
          </div>

          {/* A merchant without a customer-service channel offers no menu for one. A member's header
              carries the money buttons too: below 1,440 px it leaves the channels to the floating
              button and the side menu. */}
          {customerService.length > 0 ? (
            <div className={isLogin ? 'hidden min-[1440px]:block' : 'hidden md:block'}>
              <HoverMenu
                label={t('common.customerService')}
                icon={<Headset size={18} aria-hidden="true" />}
                testId="cs-menu"
                isLabelWideOnly
              >
                <Suspense fallback={null}>
                  <CustomerServiceList entries={customerService} />
                </Suspense>
              </HoverMenu>
            </div>
          ) : null}

          <div className="hidden lg:block">
            <LanguageSwitch isCompact />
          </div>

          {isLogin ? (
            <Suspense fallback={<span className="size-11 animate-pulse rounded-full bg-raised" />}>
              <MemberMenu />
            </Suspense>
          ) : (
            <div className="flex items-center gap-1.5 md:gap-2 md:pl-1">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => openModal('loginPopupModal')}
                data-testid="header-login"
              >
                {t('common.login')}
              </Button>
              <Button size="sm" onClick={() => openModal('registerModal')} data-testid="header-register">
                {t('common.register')}
              </Button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
