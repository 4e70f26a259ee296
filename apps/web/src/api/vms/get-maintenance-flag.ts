import { useQuery } from '@tanstack/react-query';
import { getMaintenanceFlagCall } from '@mawingu/contracts/vm-actions-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

export async function getMaintenanceFlag(signal?: AbortSignal): Promise<CallEnvelope<typeof getMaintenanceFlagCall>> {
  return requestCall(getMaintenanceFlagCall, {}, { signal });
}

/** Spec section 4: asked each time the Assign IP modal opens (the flag changes while the page is open). */
export function useMaintenanceFlag(enabled: boolean) {
  return useQuery({
    queryKey: ['allowIP', 'maintenanceFlag'],
    queryFn: ({ signal }) => getMaintenanceFlag(signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
