import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CustomersPage = lazy(() => import('./customers-page.tsx'));
const CustomerDetailPage = lazy(() => import('./customer-detail-page.tsx'));
const VmsPage = lazy(() => import('./vms-page.tsx'));
const JobsPage = lazy(() => import('./jobs-page.tsx'));

/** The console's customers pages, relative to /admin (see shell/admin-console.tsx). */
export const customersRoutes: RouteObject[] = [
  { path: 'c/:companyId/customers', element: <CustomersPage /> },
  { path: 'c/:companyId/customers/:customerId', element: <CustomerDetailPage /> },
  { path: 'c/:companyId/vms', element: <VmsPage /> },
  { path: 'c/:companyId/jobs', element: <JobsPage /> },
];
