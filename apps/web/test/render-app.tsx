import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../src/app/app-providers.tsx';
import { createQueryClient } from '../src/app/query-client.ts';
import { routes } from '../src/app/routes.tsx';

/** The whole app (providers, layout, routes) at `path`, on a memory router the test can read. */
export function renderApp(path = '/home') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, pathname: () => router.state.location.pathname };
}
