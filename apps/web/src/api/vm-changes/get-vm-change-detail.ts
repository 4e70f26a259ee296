import { queryOptions, useQuery } from '@tanstack/react-query';
import { getVmDetailForCloneCall, getVmDetailForSnapshotCall, getVmDetailForUpdateCall } from '@mawingu/contracts/vm-changes-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

/** Which page asks: update, clone or snapshot (each has its own call of the spec). */
export type ChangePurpose = 'update' | 'clone' | 'snapshot';

const CALLS = { update: getVmDetailForUpdateCall, clone: getVmDetailForCloneCall, snapshot: getVmDetailForSnapshotCall } as const;

/** POST getVMDetailForUpdateVM / getVMDetailForCloneVm / getVMDetailForSnapshotVm {productID: the VM's id}. */
export async function getVmChangeDetail(
  purpose: ChangePurpose,
  productID: number,
  signal?: AbortSignal,
): Promise<CallEnvelope<typeof getVmDetailForUpdateCall>> {
  return requestCall(CALLS[purpose], { body: { productID } }, { signal });
}

export function vmChangeDetailQueryOptions(purpose: ChangePurpose, vmId: number) {
  return queryOptions({
    queryKey: ['vm-changes', purpose, vmId] as const,
    queryFn: ({ signal }) => getVmChangeDetail(purpose, vmId, signal),
    // The VM's sizes and remaining days change with every update: always read them afresh.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useVmChangeDetail(purpose: ChangePurpose, vmId: number) {
  return useQuery({
    ...vmChangeDetailQueryOptions(purpose, vmId),
    enabled: vmId > 0,
  });
}
