import type { RouteObject } from 'react-router';

/** The console's catalogue pages, relative to /admin (see shell/admin-console.tsx). */
export const catalogueRoutes: RouteObject[] = [];
