import { useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { maintenanceFlag } from '@mawingu/contracts/vm-actions';
import type { z } from 'zod';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

type MaintenanceFlag = z.infer<typeof maintenanceFlag>;

export async function getMaintenanceFlag(signal?: AbortSignal): Promise<Envelope<MaintenanceFlag | null>> {
  return parseReply(await callApi('allowIP/getMaintenanceFlag', undefined, { signal }), import.meta.env.DEV && maintenanceFlag);
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
