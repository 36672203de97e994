import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers, queryClient } from './app/providers';
import { createRouter } from './app/router';
import { systemStatusQuery } from './lib/api/system-queries';
import { initializeI18n } from './lib/i18n/i18n';
import { restoreToken } from './lib/session/auth-store';

// Spec §4: the token (query string or session) is read before the first route decides anything.
restoreToken(window.location, window.history);
// The system status is asked for while the language's strings load (spec §4: status first).
void queryClient.prefetchQuery(systemStatusQuery());

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

void initializeI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  );
});
