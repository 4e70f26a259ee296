import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminVm } from '@mawingu/contracts/admin/customers';
import {
  customerDetailCall,
  customerSearchCall,
  customersCsvCall,
  extendVmCall,
  reactivateCustomerCall,
  sendPasswordLinkCall,
  suspendCustomerCall,
  failedJobsCall,
  retryProvisioningCall,
  suspendVmCall,
  terminateVmCall,
  unsuspendVmCall,
  vmListCall,
} from '@mawingu/contracts/admin/customers-calls';
import { callUrl, fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';
import { useOperatorSession } from '../shell/operator-session.ts';

/** Every query of this area starts with this key, so a change refreshes all of them at once. */
export const areaKey = (companyId: number) => ['admin', companyId, 'customers-area'] as const;

export function useCustomerSearch(companyId: number, q: string, page: number) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'customers', { q, page }],
    queryFn: () => fetchCall(customerSearchCall, { params: { companyId }, query: { q, page } }, inConsole),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerDetail(companyId: number, customerId: number) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'customer', customerId],
    queryFn: () => fetchCall(customerDetailCall, { params: { companyId, customerId } }, inConsole),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

export type VmFilters = { q: string; state: string; blocked: string; page: number };

export function useVmList(companyId: number, filters: VmFilters) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'vms', filters],
    queryFn: () => fetchCall(vmListCall, { params: { companyId }, query: filters }, inConsole),
    placeholderData: keepPreviousData,
  });
}

export function useFailedJobs(companyId: number, page: number) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'jobs', page],
    queryFn: () => fetchCall(failedJobsCall, { params: { companyId }, query: { page } }, inConsole),
    placeholderData: keepPreviousData,
    retry: (count, error) => (error as { status?: number }).status !== 403 && count < 2,
  });
}

export type VmChange =
  | { kind: 'suspend'; vm: AdminVm; reason: string }
  | { kind: 'unsuspend'; vm: AdminVm; reason?: string }
  | { kind: 'terminate'; vm: AdminVm; confirm: string; reason?: string }
  | { kind: 'extend'; vm: AdminVm; days: number; reason: string }
  | { kind: 'retry'; vm: AdminVm };

/** Suspend, unsuspend, terminate, extend or retry provisioning; every list of the area is fetched again afterwards. */
export function useVmChange(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: VmChange) => {
      const params = { companyId, vmId: change.vm.id };
      switch (change.kind) {
        case 'retry':
          return fetchCall(retryProvisioningCall, { params }, inConsole);
        case 'suspend':
          return fetchCall(suspendVmCall, { params, body: { reason: change.reason } }, inConsole);
        case 'unsuspend':
          return fetchCall(unsuspendVmCall, { params, body: change.reason ? { reason: change.reason } : {} }, inConsole);
        case 'terminate':
          return fetchCall(terminateVmCall, { params, body: { confirm: change.confirm, reason: change.reason } }, inConsole);
        case 'extend':
          return fetchCall(extendVmCall, { params, body: { days: change.days, reason: change.reason } }, inConsole);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(companyId) }),
  });
}

/** Owners and admins change VMs; support reads only (the API refuses them anyway). */
/** The CSV export of every customer the search selects (owners and admins). */
export function customersCsvUrl(companyId: number, q: string): string {
  return callUrl(customersCsvCall, { params: { companyId }, query: { q } });
}

export function useCanManageVms(): boolean {
  const role = useOperatorSession()?.operator.role;
  return role === 'owner' || role === 'admin';
}

export type AccountChange = { kind: 'suspend'; reason: string } | { kind: 'reactivate' };

/** Suspends or reactivates a customer's account; the area's lists (the customer's VMs among them) are fetched again. */
export function useAccountChange(companyId: number, customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AccountChange) => {
      const params = { companyId, customerId };
      return change.kind === 'suspend'
        ? fetchCall(suspendCustomerCall, { params, body: { reason: change.reason } }, inConsole)
        : fetchCall(reactivateCustomerCall, { params, body: {} }, inConsole);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(companyId) }),
  });
}

/** Mails the customer the link to set a new password (their own forgotten-password mail). */
export function useSendPasswordLink(companyId: number, customerId: number) {
  return useMutation({
    mutationFn: () => fetchCall(sendPasswordLinkCall, { params: { companyId, customerId } }, inConsole),
  });
}
