import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { vmChangeDetails, type VmChangeDetailRequest, type VmChangeDetails } from '@mawingu/contracts/vm-changes';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

/** Which page asks: update, clone or snapshot (each has its own call of the spec). */
export type ChangePurpose = 'update' | 'clone' | 'snapshot';

const CALLS: Record<ChangePurpose, string> = {
  update: 'virtualMachine/getVMDetailForUpdateVM',
  clone: 'virtualMachine/getVMDetailForCloneVm',
  snapshot: 'virtualMachine/getVMDetailForSnapshotVm',
};

/** POST getVMDetailForUpdateVM / getVMDetailForCloneVm / getVMDetailForSnapshotVm {productID: the VM's id}. */
export async function getVmChangeDetail(
  purpose: ChangePurpose,
  productID: number,
  signal?: AbortSignal,
): Promise<Envelope<VmChangeDetails | null>> {
  const body: VmChangeDetailRequest = { productID };
  return parseReply(await callApi(CALLS[purpose], body, { signal }), import.meta.env.DEV && vmChangeDetails);
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
