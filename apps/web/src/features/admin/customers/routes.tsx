import type { RouteObject } from 'react-router';

/** The console's customers pages, relative to /admin (see shell/admin-console.tsx). */
export const customersRoutes: RouteObject[] = [];
