import { defineCalls } from '../call.ts';

/** The console's dashboard calls (under /api/admin); schemas in dashboard.ts. */
const call = defineCalls(() => import('./dashboard.ts'));

export const dashboardOverviewCall = call('GET', 'companies/:companyId/dashboard', (s) => ({ reply: s.dashboardOverview }));
export const dashboardRevenueCall = call('GET', 'companies/:companyId/dashboard/revenue', (s) => ({
  query: s.revenueQuery,
  reply: s.dashboardRevenue,
}));
