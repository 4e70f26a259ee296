import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddSshKeyRequest } from '@mawingu/contracts/vm-access';
import * as calls from '@mawingu/contracts/vm-access-calls';
import { requestCall } from '../contract-call.ts';

/** The profile's SSH keys, and what a VM's owner does with its access (ADR 0100). */
export const SSH_KEYS_KEY = ['ssh-keys'] as const;

export function sshKeysQueryOptions() {
  return queryOptions({ queryKey: SSH_KEYS_KEY, queryFn: ({ signal }) => requestCall(calls.sshKeysCall, {}, { signal }) });
}

export const useSshKeys = () => useQuery(sshKeysQueryOptions());

export function useAddSshKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddSshKeyRequest) => requestCall(calls.addSshKeyCall, { body }),
    onSuccess: (reply) => {
      if (reply.status === 200) void queryClient.invalidateQueries({ queryKey: SSH_KEYS_KEY });
    },
  });
}

export function useDeleteSshKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ID: number) => requestCall(calls.deleteSshKeyCall, { body: { ID } }),
    onSuccess: (reply) => {
      if (reply.status === 200) void queryClient.invalidateQueries({ queryKey: SSH_KEYS_KEY });
    },
  });
}

export const resetVmPassword = (ID: number) => requestCall(calls.resetVmPasswordCall, { body: { ID } });
export const registerCloudUser = (ID: number) => requestCall(calls.registerUserOpenNebulaCall, { body: { ID } });
