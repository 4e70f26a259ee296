import type { RouteObject } from 'react-router';

/** The console's content pages, relative to /admin (see shell/admin-console.tsx). */
export const contentRoutes: RouteObject[] = [];
