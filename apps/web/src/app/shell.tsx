import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { GameBarMoneyContext } from '../components/games/game-bar-money';
import { useMemberLoader } from '../features/auth/hooks/use-member-loader';
import { hasArrivalParameter } from '../lib/arrival-link';
import { useLanguage } from '../lib/i18n/i18n';
import { importWithTimeout } from '../lib/lazy-load';
import { useAuthStore } from '../lib/session/auth-store';
import { readStorage, storageKeys, writeStorage } from '../lib/storage-keys';
import { usePermission } from '../lib/system/system-hooks';
import { hideBootCover } from './boot-cover';
import { ConnectionToast } from './connection-toast';
import { Header, MemberMoney } from './header';
import { ModalHost } from './modal-host';
import { useRouteHandle } from './route-handle';
import { useSocket } from './use-socket';

// The side menu and the footer load just after the first paint, keeping the home route's first load small.
const DesktopSideMenu = lazy(() =>
  importWithTimeout(() => import('./side-menu')).then((module) => ({ default: module.DesktopSideMenu })),
);
const DrawerSideMenu = lazy(() =>
  importWithTimeout(() => import('./side-menu')).then((module) => ({ default: module.DrawerSideMenu })),
);
const FloatingCustomerService = lazy(() =>
  importWithTimeout(() => import('./side-menu')).then((module) => ({
    default: module.FloatingCustomerService,
  })),
);
// The reality check (responsible gaming) matters only to members, so it loads apart too.
const RealityCheckReminder = lazy(() =>
  importWithTimeout(() => import('../features/member-centre/components/reality-check-reminder')).then(
    (module) => ({ default: module.RealityCheckReminder }),
  ),
);
// The contract modal's watch for offers (spec §2) concerns logged-in agents alone.
const ContractModalTrigger = lazy(() =>
  importWithTimeout(() => import('../features/agent/components/contract-modal-trigger')).then((module) => ({
    default: module.ContractModalTrigger,
  })),
);
// A password reset's or a social login's link is read by code that only such an arrival loads.
const ArrivalLinks = lazy(() =>
  importWithTimeout(() => import('./arrival-links')).then((module) => ({ default: module.ArrivalLinks })),
);
// The announcements' popup opens once the page has settled, so its code loads after the first paint.
const PublicPopupTrigger = lazy(() =>
  importWithTimeout(() => import('../features/announcements/components/public-popup-trigger')).then(
    (module) => ({ default: module.PublicPopupTrigger }),
  ),
);
// The entry confirmation shows once per device: a device that has answered never loads its code.
const AgeGate = lazy(() =>
  importWithTimeout(() => import('../features/system/components/age-gate')).then((module) => ({
    default: module.AgeGate,
  })),
);
const Footer = lazy(() =>
  importWithTimeout(() => import('./footer')).then((module) => ({ default: module.Footer })),
);

/** Spec §9: the merchant code goes to session storage under two keys and to local storage. */
function useMerchantCodeStorage() {
  const merchantCode = usePermission().data?.merchantCode;
  useEffect(() => {
    if (!merchantCode) return;
    writeStorage('session', storageKeys.merchant, merchantCode);
    writeStorage('session', storageKeys.merchantCode, merchantCode);
    writeStorage('local', storageKeys.merchantCode, merchantCode);
  }, [merchantCode]);
}

/** Spec §2: scroll smoothly to the top when the route name changes (not on query or hash changes). */
function useScrollTopOnRouteChange(name: string) {
  const previous = useRef(name);
  useEffect(() => {
    if (previous.current === name) return;
    previous.current = name;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [name]);
}

export function Shell() {
  const handle = useRouteHandle();
  const navigation = useNavigation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => state.token);
  const hasSideMenu = handle.hasSideMenu !== false;
  const hasFooter = handle.hasFooter !== false;

  useMerchantCodeStorage();
  useScrollTopOnRouteChange(handle.name);
  const isLogin = useAuthStore((state) => state.isLogin);
  const isAgent = useAuthStore((state) => state.isAgent);
  useMemberLoader();
  const [isArrivalLink] = useState(() => hasArrivalParameter(window.location.href));
  const [needsAgeGate] = useState(() => readStorage('local', storageKeys.ageConfirmed) !== '1');
  useSocket(isLogin ? token : null);
  useEffect(() => hideBootCover(), []);
  // Language-dependent data is keyed by language; older languages' entries are dropped to keep memory small.
  useEffect(() => {
    queryClient.removeQueries({
      predicate: (query) =>
        query.queryKey.some((part) => (part === 'TY' || part === 'EN') && part !== language),
    });
  }, [language, queryClient]);

  return (
    <div className="flex min-h-dvh flex-col">
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-0 z-[60] h-0.5 origin-left bg-accent transition-transform duration-300 ${navigation.state === 'loading' ? 'scale-x-75' : 'scale-x-0'}`}
      />
      <Header hasSideMenu={hasSideMenu} isHiddenOnPhone={handle.isGame} />
      <div className="flex flex-1">
        {hasSideMenu ? (
          <Suspense
            fallback={<div className="hidden w-72 shrink-0 border-r border-line bg-surface lg:block" />}
          >
            <DesktopSideMenu />
          </Suspense>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <main
            className="mx-auto w-full max-w-[1440px] flex-1 px-3 py-4 md:px-6 md:py-6"
            data-route={handle.name}
          >
            <GameBarMoneyContext value={MemberMoney}>
              <Outlet />
            </GameBarMoneyContext>
          </main>
          {hasFooter ? (
            <Suspense fallback={null}>
              <Footer />
            </Suspense>
          ) : null}
        </div>
      </div>
      <Suspense fallback={null}>
        {hasSideMenu ? <DrawerSideMenu /> : null}
        {/* A game page leaves the screen to the game: floating buttons would cover its controls. */}
        {handle.isGame ? null : <FloatingCustomerService />}
        {isLogin ? <RealityCheckReminder /> : null}
        {/* Not over a game: offers wait for the next page with a footer, as the announcements popup does. */}
        {isAgent && hasFooter ? <ContractModalTrigger /> : null}
      </Suspense>
      {isArrivalLink ? (
        <Suspense fallback={null}>
          <ArrivalLinks />
        </Suspense>
      ) : null}
      {hasFooter && handle.hasAnnouncementsPopup !== false ? (
        <Suspense fallback={null}>
          <PublicPopupTrigger />
        </Suspense>
      ) : null}
      <ModalHost />
      {needsAgeGate ? (
        <Suspense fallback={null}>
          <AgeGate />
        </Suspense>
      ) : null}
      <ConnectionToast />
    </div>
  );
}
