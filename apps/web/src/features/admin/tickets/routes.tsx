import type { RouteObject } from 'react-router';

/** The console's tickets pages, relative to /admin (see shell/admin-console.tsx). */
export const ticketsRoutes: RouteObject[] = [];
