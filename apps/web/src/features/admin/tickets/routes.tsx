import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TicketQueuePage = lazy(() => import('./ticket-queue-page.tsx'));
const TicketDetailPage = lazy(() => import('./ticket-detail-page.tsx'));

/** The console's tickets pages, relative to /admin (see shell/admin-console.tsx). */
export const ticketsRoutes: RouteObject[] = [
  { path: 'c/:companyId/tickets', element: <TicketQueuePage /> },
  { path: 'c/:companyId/tickets/:ticketId', element: <TicketDetailPage /> },
];
