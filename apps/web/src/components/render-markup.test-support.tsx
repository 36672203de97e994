import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { ty } from '../lib/i18n/locales/ty';

// Views rendered to markup in unit tests as the server would, in Tagalog, the site's default
// language. Server rendering reads the stores' first state: a visitor, in Tagalog.

const i18n = i18next.createInstance();

/** Loads the Tagalog words once; a test file calls it before it renders (`beforeAll(loadTagalog)`). */
export async function loadTagalog(): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    lng: 'fil',
    resources: { fil: { translation: ty } },
    interpolation: { escapeValue: false },
  });
}

/** A view's markup, with the words, a query client of its own and a router around it. */
export function renderMarkup(node: ReactNode): string {
  const queryClient = new QueryClient();
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
