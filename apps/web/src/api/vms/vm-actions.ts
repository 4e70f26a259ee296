import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { ActiveVm } from '@mawingu/contracts/vms';
import {
  vmView,
  type AddAliasNameRequest,
  type ArchivedVm,
  type AssignPublicIpRequest,
  type DeleteCloneVirtualMachineRequest,
  type DeleteSnapshotRequest,
  type RestoreArchiveVmRequest,
  type RestoreCloneVmRequest,
  type UserBackup,
  type ViewVmRequest,
  type VmPowerRequest,
  type VmView,
} from '@mawingu/contracts/vm-actions';
import { callApi } from '../call-api.ts';
import { parseErrorReply, parseReply } from '../parse-reply.ts';
import { VMS_KEY } from './get-user-vms.ts';

/** The spec's VM identifiers of a listed VM: its provider and the hypervisor's id. */
const vmIdentifiers = (vm: Pick<ActiveVm, 'serviceCategory' | 'createdUUID'>): VmPowerRequest => ({
  provider: vm.serviceCategory,
  virDomainUUID: vm.createdUUID ?? '',
});

const post = async (path: string, body: unknown): Promise<ErrorEnvelope> => parseErrorReply(await callApi(path, body));

// ------------------------------------------------------------------ calls

export const startVirtualMachine = (vm: ActiveVm) => post('vmAction/startVirtualMachine', vmIdentifiers(vm));
export const shutdownVirtualMachine = (vm: ActiveVm) => post('vmAction/shutdownVirtualMachine', vmIdentifiers(vm));
export const deleteVirtualMachine = (vm: ActiveVm) => post('vmAction/deleteVirtualMachine', vmIdentifiers(vm));

/** Delete clone / delete snapshot: two calls of the spec, with their own field names. */
export function deleteBackup(backup: UserBackup): Promise<ErrorEnvelope> {
  const uuid = backup.cloneUUID ?? '';
  if (backup.isCloneOrSnapshot === 'Clone') {
    const body: DeleteCloneVirtualMachineRequest = { provider: backup.serviceCategory, cloneVMUUID: uuid };
    return post('vmAction/deleteCloneVirtualMachine', body);
  }
  const body: DeleteSnapshotRequest = { provider: backup.serviceCategory, SnapshotVMUUID: uuid };
  return post('vmAction/deleteSnapshot', body);
}

export async function viewVM(vm: ActiveVm): Promise<Envelope<VmView | null>> {
  const body: ViewVmRequest = { ...vmIdentifiers(vm), ID: vm.ID };
  return parseReply(await callApi('vmAction/viewVM', body), import.meta.env.DEV && vmView);
}

export function restoreCloneVM(backup: UserBackup): Promise<ErrorEnvelope> {
  const body: RestoreCloneVmRequest = { provider: backup.serviceCategory, cloneVmUUID: backup.cloneUUID ?? '' };
  return post('virtualMachine/restoreCloneVM', body);
}

export function restoreArchiveVM(vm: ArchivedVm): Promise<ErrorEnvelope> {
  const body: RestoreArchiveVmRequest = { provider: vm.serviceCategory, virtualMachineUUID: vm.createdUUID ?? '' };
  return post('virtualMachine/restoreArchiveVM', body);
}

export const addAliasName = (body: AddAliasNameRequest) => post('virtualMachine/addAliasName', body);
export const assignPublicIP = (body: AssignPublicIpRequest) => post('allowIP/assignPublicIP', body);

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
