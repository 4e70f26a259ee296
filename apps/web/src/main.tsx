import './app/mantine-styles.ts';
import './app/language-text.css';
import { rememberedLanguageReady } from './i18n/i18n.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { companyConfigurationQueryOptions } from './api/company/get-company-configuration.ts';
import { AppProviders } from './app/app-providers.tsx';
import { HomePage } from './app/lazy-pages.ts';
import { createQueryClient } from './app/query-client.ts';
import { routes } from './app/routes.tsx';
import { HOME_PATHS } from './boot/early-start.ts';

/**
 * The first render waits (at most this long) for the landing page's code and the company
 * configuration, both already on their way (boot/early-start.ts): the first paint is then the
 * branded page rather than skeletons and default colours replaced a moment later, which also
 * spares a second render of the whole tree.
 */
const FIRST_RENDER_WAIT_MS = 1000;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();

/**
 * The declarative router: a third of the size of createBrowserRouter (no loaders, actions or
 * fetchers, which the app does not use) — 20 KB gzip less in every first load. Tests keep the data
 * router (test/render-app.tsx); lint keeps the data-only hooks out of the app (eslint.config.js).
 */
function AppRoutes() {
  return useRoutes(routes);
}

// In a transition React renders the tree in slices of a few milliseconds instead of one long task
// that would block a phone's main thread (input, animations) for hundreds of milliseconds.
function render() {
  const app = createRoot(root!);
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
}

const ready = Promise.all([
  HOME_PATHS.test(window.location.pathname) ? HomePage.preload() : null,
  queryClient.prefetchQuery(companyConfigurationQueryOptions()),
  rememberedLanguageReady,
]);
const timeout = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
// A failed preload is left to the page's own loading and error handling.
void Promise.race([ready, timeout]).then(render, render);
