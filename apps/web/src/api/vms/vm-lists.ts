import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { archivedVm, renewalRow, userBackup, type ArchivedVm, type RenewalRow, type UserBackup } from '@mawingu/contracts/vm-actions';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { PROVISIONING_POLL_MS, VMS_KEY } from './get-user-vms.ts';

type ListOptions = { signal?: AbortSignal; background?: boolean };

export async function getUserBackups(options: ListOptions = {}): Promise<Envelope<UserBackup[] | null>> {
  return parseReply(await callApi('virtualMachine/getUserBackups', undefined, options), import.meta.env.DEV && z.array(userBackup));
}

export async function getArchivedVMs(options: ListOptions = {}): Promise<Envelope<ArchivedVm[] | null>> {
  return parseReply(await callApi('virtualMachine/getArchivedVMs', undefined, options), import.meta.env.DEV && z.array(archivedVm));
}

export async function getRenewals(options: ListOptions = {}): Promise<Envelope<RenewalRow[] | null>> {
  return parseReply(await callApi('virtualMachine/getRenewals', undefined, options), import.meta.env.DEV && z.array(renewalRow));
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
