import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ConsoleLoginPage = lazy(() => import('./login-page.tsx'));
const OperatorsPage = lazy(() => import('./operators-page.tsx'));
const AuditPage = lazy(() => import('./audit-page.tsx'));

/** The console's login (and TOTP enrolment) pages, outside the signed-in layout, relative to /admin. */
export const accessPublicRoutes: RouteObject[] = [{ path: 'login', element: <ConsoleLoginPage /> }];

/** Operators and the audit log, inside the signed-in layout, relative to /admin. */
export const accessRoutes: RouteObject[] = [
  { path: 'operators', element: <OperatorsPage /> },
  { path: 'c/:companyId/audit', element: <AuditPage /> },
  // The owner's view across companies (the layout refuses it to other roles).
  { path: 'audit', element: <AuditPage /> },
];
