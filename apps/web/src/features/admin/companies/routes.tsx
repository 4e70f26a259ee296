import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CompaniesPage = lazy(() => import('./companies-page.tsx'));
const CompanySettingsPage = lazy(() => import('./settings-page.tsx'));

/** The console's companies pages, relative to /admin (see shell/admin-console.tsx). */
export const companiesRoutes: RouteObject[] = [
  { path: 'companies', element: <CompaniesPage /> },
  { path: 'c/:companyId/settings', element: <CompanySettingsPage /> },
];
