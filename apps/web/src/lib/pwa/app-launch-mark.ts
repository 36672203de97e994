import { readStorage, storageKeys, writeStorage } from '../storage-keys';

/**
 * Marks a browser session started from the installed app (docs/lite-app.md "The app-download
 * bonus"): the page opened at the manifest's start URL (`/?source=pwa`) in standalone display. The
 * mark is kept for the session, since the member may log in pages later, once the address has
 * changed. Answers whether the session carries the mark; only then does the page load the code
 * that tells the server of the member's first login from the app (app-launch.ts).
 */
export function markAppLaunch(target: Pick<Window, 'location' | 'matchMedia'>): boolean {
  const { pathname, search } = target.location;
  if (
    pathname === '/' &&
    new URLSearchParams(search).get('source') === 'pwa' &&
    target.matchMedia?.('(display-mode: standalone)').matches
  ) {
    writeStorage('session', storageKeys.appLaunch, '1');
  }
  return readStorage('session', storageKeys.appLaunch) === '1';
}
