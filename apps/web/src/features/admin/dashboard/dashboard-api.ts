import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardOverviewCall, dashboardRevenueCall } from '@mawingu/contracts/admin/dashboard-calls';
import { fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';

/** The dashboard's queries; an answered ticket or a blocked VM elsewhere in the console invalidates this key. */
export const dashboardKey = (companyId: number) => ['admin', companyId, 'dashboard'] as const;

export function useDashboardOverview(companyId: number) {
  return useQuery({
    queryKey: [...dashboardKey(companyId), 'overview'],
    queryFn: () => fetchCall(dashboardOverviewCall, { params: { companyId } }, inConsole),
  });
}

export type Period = { from: string; to: string };

export function useDashboardRevenue(companyId: number, period: Period, enabled: boolean) {
  return useQuery({
    queryKey: [...dashboardKey(companyId), 'revenue', period],
    queryFn: () => fetchCall(dashboardRevenueCall, { params: { companyId }, query: period }, inConsole),
    placeholderData: keepPreviousData,
    enabled,
    retry: (count, error) => (error as { status?: number }).status !== 403 && (error as { status?: number }).status !== 400 && count < 2,
  });
}

/** Today in South Africa (the dashboard's days are South African days, as invoices are dated). */
export function todayInSouthAfrica(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}

/** The period of the last `days` days ending today (South African days). */
export function lastDays(days: number, now = new Date()): Period {
  const to = todayInSouthAfrica(now);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}
