import type { RouteObject } from 'react-router';

/** The console's companies pages, relative to /admin (see shell/admin-console.tsx). */
export const companiesRoutes: RouteObject[] = [];
