import './styles/index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers, queryClient } from './app/providers';
import { createRouter } from './app/router';
import { permissionQuery, publicStateQuery, systemStatusQuery } from './lib/api/system-queries';
import { initializeI18n, useLanguageStore } from './lib/i18n/i18n';
import { markAppLaunch } from './lib/pwa/app-launch-mark';
import { listenForInstallPrompt, registerServiceWorker } from './lib/pwa/install-prompt';
import { restoreToken, useAuthStore } from './lib/session/auth-store';

// Spec §4: the token (query string or session) is read before the first route decides anything.
restoreToken(window.location, window.history);
// The system status is asked for while the language's strings load (spec §4: status first), and
// with it what the header and the home page show first: their first render then finds it at hand
// instead of drawing placeholders that the answers would move. index.html's boot script has made
// these calls already (lib/api/boot-prefetch.ts); these take its answers.
void queryClient.prefetchQuery(systemStatusQuery());
{
  const language = useLanguageStore.getState().language;
  void queryClient.prefetchQuery(permissionQuery(language));
  void queryClient.prefetchQuery(publicStateQuery(language, useAuthStore.getState().token));
}

// The lite app: the browser's install offer is kept from boot, and a built site runs its worker.
listenForInstallPrompt(window);
if (import.meta.env.PROD) registerServiceWorker(window);
// A session started from the installed app tells the server of the member's login there (the
// app-download bonus); the code that does it loads only in such a session.
if (markAppLaunch(window)) {
  void import('./lib/pwa/app-launch').then(
    (launch) => launch.startAppLaunch(window, queryClient),
    () => undefined,
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first render is a transition: React renders it in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task that holds a phone's main thread (the shell of
// index.html shows meanwhile).
void initializeI18n().then(() => {
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={createRouter()} />
        </Providers>
      </StrictMode>,
    );
  });
});
