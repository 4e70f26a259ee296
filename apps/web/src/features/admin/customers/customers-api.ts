import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminVm, CustomerDetail, CustomerList, FailedJobs, VmList } from '@mawingu/contracts/admin/customers';
import { adminApi } from '../shell/admin-api.ts';
import { useOperatorSession } from '../shell/operator-session.ts';

/** Every query of this area starts with this key, so a change refreshes all of them at once. */
const areaKey = (companyId: number) => ['admin', companyId, 'customers-area'] as const;

const queryString = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export function useCustomerSearch(companyId: number, q: string, page: number) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'customers', { q, page }],
    queryFn: () => adminApi<CustomerList>('GET', `/companies/${companyId}/customers${queryString({ q, page })}`),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerDetail(companyId: number, customerId: number) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'customer', customerId],
    queryFn: () => adminApi<CustomerDetail>('GET', `/companies/${companyId}/customers/${customerId}`),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

export type VmFilters = { q: string; state: string; blocked: string; page: number };

export function useVmList(companyId: number, filters: VmFilters) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'vms', filters],
    queryFn: () => adminApi<VmList>('GET', `/companies/${companyId}/vms${queryString(filters)}`),
    placeholderData: keepPreviousData,
  });
}

export function useFailedJobs(companyId: number, page: number) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'jobs', page],
    queryFn: () => adminApi<FailedJobs>('GET', `/companies/${companyId}/jobs/failed${queryString({ page })}`),
    placeholderData: keepPreviousData,
    retry: (count, error) => (error as { status?: number }).status !== 403 && count < 2,
  });
}

export type VmChange = { kind: 'block' | 'unblock'; vm: AdminVm; reason?: string } | { kind: 'retry'; vm: AdminVm };

/** Block, unblock or retry provisioning; every list of the area is fetched again afterwards. */
export function useVmChange(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: VmChange) => {
      const base = `/companies/${companyId}/vms/${change.vm.id}`;
      if (change.kind === 'retry') return adminApi<AdminVm>('POST', `${base}/retry-provisioning`, {});
      return adminApi<AdminVm>('POST', `${base}/${change.kind}`, change.reason ? { reason: change.reason } : {});
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(companyId) }),
  });
}

/** Owners and admins change VMs; support reads only (the API refuses them anyway). */
export function useCanManageVms(): boolean {
  const role = useOperatorSession()?.operator.role;
  return role === 'owner' || role === 'admin';
}
