import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ContentPage = lazy(() => import('./content-page.tsx'));

/** The console's content pages, relative to /admin (see shell/admin-console.tsx): one page, a tab per part. */
export const contentRoutes: RouteObject[] = [
  { path: 'c/:companyId/content', element: <ContentPage /> },
  { path: 'c/:companyId/content/:tab', element: <ContentPage /> },
];
