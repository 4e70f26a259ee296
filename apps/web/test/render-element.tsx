import { Suspense, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../src/app/app-providers.tsx';
import { createQueryClient } from '../src/app/query-client.ts';

/**
 * One component on a page of its own (providers, router, Suspense for lazily loaded translations),
 * without the layout; `routes` are the pages it may navigate to. Returns the router to read.
 */
export function renderElement(element: ReactNode, routes: RouteObject[] = []) {
  const router = createMemoryRouter([{ path: '/', element: <Suspense fallback={null}>{element}</Suspense> }, ...routes], {
    initialEntries: ['/'],
  });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
