import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Call } from '@mawingu/contracts/call';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { ActiveVm } from '@mawingu/contracts/vms';
import type { AddAliasNameRequest, ArchivedVm, AssignPublicIpRequest, UserBackup, VmPowerRequest } from '@mawingu/contracts/vm-actions';
import * as calls from '@mawingu/contracts/vm-actions-calls';
import { outcomeOf, requestCall, type CallEnvelope, type CallInput } from '../contract-call.ts';
import { VMS_KEY } from './get-user-vms.ts';

/** The spec's VM identifiers of a listed VM: its provider and the hypervisor's id. */
const vmIdentifiers = (vm: Pick<ActiveVm, 'serviceCategory' | 'createdUUID'>): VmPowerRequest => ({
  provider: vm.serviceCategory,
  virDomainUUID: vm.createdUUID ?? '',
});

/** An action read for its outcome (status, message, field errors); the lists show its effect. */
const post = async <C extends Call>(call: C, body: CallInput<C>['body']): Promise<ErrorEnvelope> =>
  outcomeOf(await requestCall(call, { body } as CallInput<C>));

// ------------------------------------------------------------------ calls

export const startVirtualMachine = (vm: ActiveVm) => post(calls.startVirtualMachineCall, vmIdentifiers(vm));
export const shutdownVirtualMachine = (vm: ActiveVm) => post(calls.shutdownVirtualMachineCall, vmIdentifiers(vm));
export const deleteVirtualMachine = (vm: ActiveVm) => post(calls.deleteVirtualMachineCall, vmIdentifiers(vm));

/** Delete clone / delete snapshot: two calls of the spec, with their own field names. */
export function deleteBackup(backup: UserBackup): Promise<ErrorEnvelope> {
  const uuid = backup.cloneUUID ?? '';
  if (backup.isCloneOrSnapshot === 'Clone') {
    return post(calls.deleteCloneVirtualMachineCall, { provider: backup.serviceCategory, cloneVMUUID: uuid });
  }
  return post(calls.deleteSnapshotCall, { provider: backup.serviceCategory, SnapshotVMUUID: uuid });
}

export async function viewVM(vm: ActiveVm): Promise<CallEnvelope<typeof calls.viewVmCall>> {
  return requestCall(calls.viewVmCall, { body: { ...vmIdentifiers(vm), ID: vm.ID } });
}

export function restoreCloneVM(backup: UserBackup): Promise<ErrorEnvelope> {
  return post(calls.restoreCloneVmCall, { provider: backup.serviceCategory, cloneVmUUID: backup.cloneUUID ?? '' });
}

export function restoreArchiveVM(vm: ArchivedVm): Promise<ErrorEnvelope> {
  return post(calls.restoreArchiveVmCall, { provider: vm.serviceCategory, virtualMachineUUID: vm.createdUUID ?? '' });
}

export const addAliasName = (body: AddAliasNameRequest) => post(calls.addAliasNameCall, body);
export const assignPublicIP = (body: AssignPublicIpRequest) => post(calls.assignPublicIpCall, body);

// ------------------------------------------------------------------ hooks

/**
 * A VM action whose 200 changes what the lists show (a job is queued, pendingAction set): the
 * account page's lists are asked again, and keep asking while the job runs.
 */
function useVmMutation<T>(key: string, call: (input: T) => Promise<ErrorEnvelope>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['vms', key],
    mutationFn: call,
    onSuccess: (reply) => {
      if (reply.status === 200) void queryClient.invalidateQueries({ queryKey: VMS_KEY });
    },
  });
}

export const useVmPower = () =>
  useVmMutation('power', ({ vm, action }: { vm: ActiveVm; action: 'start' | 'shutdown' }) =>
    action === 'start' ? startVirtualMachine(vm) : shutdownVirtualMachine(vm),
  );
export const useDeleteVirtualMachine = () => useVmMutation('delete', deleteVirtualMachine);
export const useDeleteBackup = () => useVmMutation('deleteBackup', deleteBackup);
export const useAddAliasName = () => useVmMutation('alias', addAliasName);
export const useAssignPublicIP = () => useVmMutation('assignIp', assignPublicIP);

/**
 * Restores do not refresh the lists themselves: spec section 4 shows the success message first and
 * refreshes 3 seconds later (features/vms/use-restore.ts).
 */
export const useRestoreCloneVM = () => useMutation({ mutationKey: ['vms', 'restoreClone'], mutationFn: restoreCloneVM });
export const useRestoreArchiveVM = () => useMutation({ mutationKey: ['vms', 'restoreArchive'], mutationFn: restoreArchiveVM });
