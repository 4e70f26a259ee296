import type { RouteObject } from 'react-router';

/** The console's login (and TOTP enrolment) pages, outside the signed-in layout, relative to /admin. */
export const accessPublicRoutes: RouteObject[] = [];

/** Operators and the audit log, inside the signed-in layout, relative to /admin. */
export const accessRoutes: RouteObject[] = [];
