import { type ComponentType, useEffect, useRef } from 'react';
import { createBrowserRouter, type RouteObject, redirect, useLocation, useNavigate } from 'react-router';
import { HomePage } from '../features/lobby/components/home-page';
import { importWithTimeout } from '../lib/lazy-load';
import { useModalStore } from '../lib/modal-store';
import { useAuthStore } from '../lib/session/auth-store';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';
import type { RouteHandle } from './route-handle';
import { Shell } from './shell';
import { StartupGate } from './startup-gate';

/** A route.lazy that loads one named screen group (its own chunk) under the 120 s chunk limit. */
function lazyScreen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await importWithTimeout(load)) });
}

const articlesScreens = () => import('../features/articles/components/articles-page');

// The lazily loaded screen groups of spec §2, each its own chunk.
const lazyGroups = {
  Seamless: lazyScreen(
    () => import('../features/seamless/components/seamless-page'),
    (module) => module.SeamlessPage,
  ),
  Lottery: lazyScreen(
    () => import('../features/lottery/components/lottery-page'),
    (module) => module.LotteryPage,
  ),
  MemberCenter: lazyScreen(
    () => import('./member-centre-route'),
    (module) => module.MemberCentreRoute,
  ),
  AccountGame: lazyScreen(
    () => import('../features/account-game/components/account-game-page'),
    (module) => module.AccountGamePage,
  ),
  GameListCenter: lazyScreen(
    () => import('../features/game-list/components/game-list-center-page'),
    (module) => module.GameListCenterPage,
  ),
  InHouse: lazyScreen(
    () => import('../features/game-list/components/game-list-center-page'),
    (module) => module.InHousePage,
  ),
  GameCenter: lazyScreen(
    () => import('../features/game-center/components/game-center-page'),
    (module) => module.GameCenterPage,
  ),
  FirstDeposit: lazyScreen(
    () => import('../features/wallet/components/first-deposit-page'),
    (module) => module.FirstDepositPage,
  ),
  Promotions: lazyScreen(
    () => import('../features/promotions/components/promotions-page'),
    (module) => module.PromotionsPage,
  ),
  AppDownload: lazyScreen(
    () => import('../features/app-download/components/app-download-page'),
    (module) => module.AppDownloadPage,
  ),
  PointMall: lazyScreen(
    () => import('../features/point-mall/components/point-mall-page'),
    (module) => module.PointMallPage,
  ),
  Vip: lazyScreen(
    () => import('../features/vip/components/vip-page'),
    (module) => module.VipPage,
  ),
  Referral: lazyScreen(
    () => import('../features/referral/components/referral-page'),
    (module) => module.ReferralPage,
  ),
  Agent: lazyScreen(
    () => import('./agent-routes'),
    (module) => module.AgentPage,
  ),
  // The news, blog and beginner guide share one chunk: a list page per kind and the article page.
  News: lazyScreen(articlesScreens, (module) => module.NewsPage),
  Blog: lazyScreen(articlesScreens, (module) => module.BlogPage),
  Guide: lazyScreen(articlesScreens, (module) => module.GuidePage),
  Article: lazyScreen(articlesScreens, (module) => module.ArticlePage),
};

/** Spec §2 guard: without a session token a login-required route goes to /login (which opens the login popup). */
export function requireSessionToken() {
  if (!useAuthStore.getState().token) throw redirect('/login');
  return null;
}

/** Home, with a named modal opened on arrival (/login, /register, /help). */
function HomeWithModal({
  modal,
  anchor,
}: {
  modal: 'loginPopupModal' | 'registerModal' | 'helpModal';
  anchor?: string;
}) {
  const openModal = useModalStore((state) => state.openModal);
  const hasToken = useAuthStore((state) => state.token !== null);
  const isLogin = useAuthStore((state) => state.isLogin);
  const navigate = useNavigate();
  const { hash } = useLocation();
  // /help#privacy opens at that anchor; plain /help at the user agreement (spec §2).
  const helpAnchor = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : anchor;
  // Logging in and registering are for visitors: a member who arrives here goes home with no popup.
  // A kept token waits for the member's info, and one that turns out to have ended opens the popup
  // after all. A visitor who logs in or registers here is led on by the popup itself (a new member
  // to the first deposit), not sent home.
  const arrivedWithToken = useRef(hasToken);
  useEffect(() => {
    if (modal === 'helpModal') openModal('helpModal', { anchor: helpAnchor });
    else if (!hasToken) openModal(modal);
    else if (isLogin && arrivedWithToken.current) navigate('/', { replace: true });
  }, [modal, helpAnchor, openModal, isLogin, hasToken, navigate]);
  return <HomePage />;
}

function handle(value: RouteHandle): RouteHandle {
  return value;
}

const homeAliases = ['/index', '/index.html', '/home'];
const gameCenterPaths = ['/sports', '/esports', '/lott', '/elott'];
const gameListPaths = ['/live', '/fish', '/rng', '/pvp'];
const lotteryPaths = ['/lottery', '/seaLottery', '/vnLottery'];

export const routes: RouteObject[] = [
  // Our live chat (docs/chat.md): a page of its own, without the site's frame, for the 440 × 750
  // customer-service popup and the chatRoom modal's frame.
  {
    path: '/chat',
    errorElement: <RouteError />,
    lazy: lazyScreen(
      () => import('./chat-route'),
      (module) => module.ChatRoute,
    ),
  },
  {
    element: (
      <StartupGate>
        <Shell />
      </StartupGate>
    ),
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, Component: HomePage, handle: handle({ name: 'home' }) },
          ...homeAliases.map((path) => ({ path, Component: HomePage, handle: handle({ name: 'home' }) })),
          {
            path: '/login',
            element: <HomeWithModal modal="loginPopupModal" />,
            handle: handle({ name: 'login' }),
          },
          {
            path: '/register',
            element: <HomeWithModal modal="registerModal" />,
            handle: handle({ name: 'register' }),
          },
          {
            path: '/help',
            element: <HomeWithModal modal="helpModal" anchor="term" />,
            handle: handle({ name: 'help' }),
          },
          {
            path: '/member',
            loader: requireSessionToken,
            lazy: lazyGroups.MemberCenter,
            handle: handle({ name: 'member', requiresLogin: true }),
          },
          ...gameCenterPaths.map((path) => ({
            path,
            lazy: lazyGroups.GameCenter,
            handle: handle({ name: path.slice(1) }),
          })),
          ...gameListPaths.map((path) => ({
            path,
            lazy: lazyGroups.GameListCenter,
            handle: handle({ name: path.slice(1) }),
          })),
          { path: '/inHouse', lazy: lazyGroups.InHouse, handle: handle({ name: 'inHouse' }) },
          ...['/favorite', '/recent'].map((path) => ({
            path,
            loader: requireSessionToken,
            lazy: lazyGroups.AccountGame,
            handle: handle({ name: path.slice(1), requiresLogin: true }),
          })),
          ...lotteryPaths.map((path) => ({
            path,
            loader: requireSessionToken,
            lazy: lazyGroups.Lottery,
            handle: handle({
              name: path.slice(1),
              requiresLogin: true,
              hasFooter: false,
              hasSideMenu: false,
              isGame: true,
            }),
          })),
          {
            path: '/seamless',
            lazy: lazyGroups.Seamless,
            handle: handle({ name: 'seamless', hasFooter: false, hasSideMenu: false, isGame: true }),
          },
          // Spec §2's promotions, open to visitors too; #<id> opens one of them.
          { path: '/promotions', lazy: lazyGroups.Promotions, handle: handle({ name: 'promotions' }) },
          // Spec §2's points mall, open to visitors too: they see the rewards, rules and rates.
          { path: '/pointMall', lazy: lazyGroups.PointMall, handle: handle({ name: 'pointMall' }) },
          // Spec §2's VIP and level benefits, open to visitors too; without a programme it leads home.
          { path: '/vip', lazy: lazyGroups.Vip, handle: handle({ name: 'vip' }) },
          // Spec §2's referral, open to visitors too (its rules and a login prompt); the member
          // centre shows members the same page with their code.
          { path: '/referral', lazy: lazyGroups.Referral, handle: handle({ name: 'referral' }) },
          // The agent area (spec §2, §4): agents only; its guard opens the agent login for visitors.
          ...['/agent', '/agentHome'].map((path) => ({
            path,
            lazy: lazyGroups.Agent,
            handle: handle({ name: path.slice(1) }),
          })),
          {
            path: '/firstDeposit',
            loader: requireSessionToken,
            lazy: lazyGroups.FirstDeposit,
            handle: handle({ name: 'firstDeposit', requiresLogin: true, hasAnnouncementsPopup: false }),
          },
          { path: '/m/appDownload', lazy: lazyGroups.AppDownload, handle: handle({ name: 'appDownload' }) },
          // Spec §2's news, blog and beginner guide, each article at an address to share.
          { path: '/news', lazy: lazyGroups.News, handle: handle({ name: 'news' }) },
          { path: '/blog', lazy: lazyGroups.Blog, handle: handle({ name: 'blog' }) },
          { path: '/guide', lazy: lazyGroups.Guide, handle: handle({ name: 'guide' }) },
          ...['/news/:slug', '/blog/:slug', '/guide/:slug'].map((path) => ({
            path,
            lazy: lazyGroups.Article,
            handle: handle({ name: 'article', hasAnnouncementsPopup: false }),
          })),
          { path: '*', Component: NotFoundPage, handle: handle({ name: 'notFound' }) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
