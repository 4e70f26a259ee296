import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserBackup } from '@mawingu/contracts/vm-actions';
import { getArchivedVmsCall, getRenewalsCall, getUserBackupsCall } from '@mawingu/contracts/vm-actions-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { PROVISIONING_POLL_MS, VMS_KEY } from './get-user-vms.ts';

type ListOptions = { signal?: AbortSignal; background?: boolean };

export async function getUserBackups(options: ListOptions = {}): Promise<CallEnvelope<typeof getUserBackupsCall>> {
  return requestCall(getUserBackupsCall, {}, options);
}

export async function getArchivedVMs(options: ListOptions = {}): Promise<CallEnvelope<typeof getArchivedVmsCall>> {
  return requestCall(getArchivedVmsCall, {}, options);
}

export async function getRenewals(options: ListOptions = {}): Promise<CallEnvelope<typeof getRenewalsCall>> {
  return requestCall(getRenewalsCall, {}, options);
}

/** A backup is settling while it is made or a job (delete, restore) acts on it. */
const backupSettling = (backup: UserBackup) => backup.backupStatus === 'creating' || backup.pendingAction !== null;

// Under VMS_KEY: a VM action, a restore or a paid order refreshes every list of the account page.
export function userBackupsQueryOptions() {
  return queryOptions({
    queryKey: [...VMS_KEY, 'backups'] as const,
    queryFn: ({ signal, client, queryKey }) => getUserBackups({ signal, background: client.getQueryData(queryKey) !== undefined }),
    refetchInterval: (query) => (query.state.data?.data?.some(backupSettling) ? PROVISIONING_POLL_MS : false),
  });
}

export function archivedVmsQueryOptions() {
  return queryOptions({
    queryKey: [...VMS_KEY, 'archived'] as const,
    queryFn: ({ signal, client, queryKey }) => getArchivedVMs({ signal, background: client.getQueryData(queryKey) !== undefined }),
    refetchInterval: (query) => (query.state.data?.data?.some((vm) => vm.pendingAction !== null) ? PROVISIONING_POLL_MS : false),
  });
}

export function renewalsQueryOptions() {
  return queryOptions({
    queryKey: [...VMS_KEY, 'renewals'] as const,
    queryFn: ({ signal }) => getRenewals({ signal }),
  });
}

export const useUserBackups = () => useQuery(userBackupsQueryOptions());
export const useArchivedVms = () => useQuery(archivedVmsQueryOptions());
export const useRenewals = () => useQuery(renewalsQueryOptions());
