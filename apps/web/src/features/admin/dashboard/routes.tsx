import type { RouteObject } from 'react-router';

/** The console's dashboard pages, relative to /admin (see shell/admin-console.tsx). */
export const dashboardRoutes: RouteObject[] = [];
