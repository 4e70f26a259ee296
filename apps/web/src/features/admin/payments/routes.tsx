import type { RouteObject } from 'react-router';

/** The console's payments pages, relative to /admin (see shell/admin-console.tsx). */
export const paymentsRoutes: RouteObject[] = [];
