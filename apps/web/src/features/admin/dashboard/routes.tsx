import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// The charts (recharts, @mantine/charts) come with this page's chunk only.
const DashboardPage = lazy(() => import('./dashboard-page.tsx'));

/** The console's dashboard pages, relative to /admin (see shell/admin-console.tsx). */
export const dashboardRoutes: RouteObject[] = [{ path: 'c/:companyId/dashboard', element: <DashboardPage /> }];
