import { create } from 'zustand';

/**
 * The browser's offer to install the lite app. Chromium browsers fire `beforeinstallprompt` once the
 * site is installable (its manifest and service worker check out) and the app is not installed;
 * the page keeps the event and shows an install button that replays it. Safari and Firefox fire
 * nothing: their install guides say what to tap instead.
 */
type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type InstallPromptState = {
  offer: BeforeInstallPromptEvent | null;
  /** The page runs as the installed app (standalone), or the app was installed from this page. */
  isInstalled: boolean;
};

export const useInstallPromptStore = create<InstallPromptState>(() => ({ offer: null, isInstalled: false }));

function isBeforeInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function';
}

/** Starts listening at boot: the browser fires its offer once, possibly before any page wants it. */
export function listenForInstallPrompt(target: Window): void {
  const isStandalone = target.matchMedia?.('(display-mode: standalone)').matches ?? false;
  useInstallPromptStore.setState({ isInstalled: isStandalone });
  target.addEventListener('beforeinstallprompt', (event) => {
    if (!isBeforeInstallPromptEvent(event)) return;
    // The page offers the install itself, where it explains it, instead of the browser's banner.
    event.preventDefault();
    useInstallPromptStore.setState({ offer: event });
  });
  target.addEventListener('appinstalled', () => {
    useInstallPromptStore.setState({ offer: null, isInstalled: true });
  });
}

/** Shows the browser's install dialog; an offer can be shown once, so it is dropped either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const { offer } = useInstallPromptStore.getState();
  if (!offer) return 'unavailable';
  useInstallPromptStore.setState({ offer: null });
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  if (outcome === 'accepted') useInstallPromptStore.setState({ isInstalled: true });
  return outcome;
}

/** The worker the web build writes at the site's root (build/service-worker-plugin.ts). */
const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the lite app's service worker once the page has loaded, so that its downloads of the
 * shell never compete with the page's own. Only a built site has one: the dev server has no /sw.js.
 */
export function registerServiceWorker(target: Window): void {
  const { serviceWorker } = target.navigator;
  if (!serviceWorker) return;
  const register = () => {
    serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // A browser that refuses (private mode, a policy) runs the site as before, without the cache.
    });
  };
  if (target.document.readyState === 'complete') register();
  else target.addEventListener('load', register, { once: true });
}
