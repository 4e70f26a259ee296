import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ConsoleLoginPage = lazy(() => import('./login-page.tsx'));
const OperatorsPage = lazy(() => import('./operators-page.tsx'));
const AuditPage = lazy(() => import('./audit-page.tsx'));
const ChangePasswordPage = lazy(() => import('./change-password-page.tsx'));
const InvitationPage = lazy(() => import('./invitation-page.tsx'));

/** The console's login (and TOTP enrolment) and invitation pages, outside the signed-in layout, relative to /admin. */
export const accessPublicRoutes: RouteObject[] = [
  { path: 'login', element: <ConsoleLoginPage /> },
  // An invited operator's first password (the mailed link).
  { path: 'invitation/:token', element: <InvitationPage /> },
];

/** Operators, the audit log and one's own password, inside the signed-in layout, relative to /admin. */
export const accessRoutes: RouteObject[] = [
  { path: 'operators', element: <OperatorsPage /> },
  // Every operator's own (the header's operator menu links here).
  { path: 'password', element: <ChangePasswordPage /> },
  { path: 'c/:companyId/audit', element: <AuditPage /> },
  // The owner's view across companies (the layout refuses it to other roles).
  { path: 'audit', element: <AuditPage /> },
];
