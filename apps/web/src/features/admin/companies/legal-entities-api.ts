import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LegalEntitiesReply, LegalEntityInput, RegionSellersUpdate } from '@mawingu/contracts/admin/legal-entities';
import {
  createLegalEntityCall,
  legalEntitiesCall,
  removeLegalEntityCall,
  saveRegionSellersCall,
  updateLegalEntityCall,
} from '@mawingu/contracts/admin/legal-entities-calls';
import { fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';

const entitiesKey = (companyId: number) => ['admin', 'companies', companyId, 'legal-entities'] as const;

/** The company's legal entities and the seller of each region. */
export function useLegalEntities(companyId: number) {
  return useQuery({
    queryKey: entitiesKey(companyId),
    queryFn: () => fetchCall(legalEntitiesCall, { params: { companyId } }, inConsole),
  });
}

/** Every change answers with the whole list: the page shows it at once. */
function useEntitiesChange<Input>(companyId: number, send: (input: Input) => Promise<LegalEntitiesReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (reply) => queryClient.setQueryData(entitiesKey(companyId), reply),
  });
}

/** Adds an entity (no id) or changes one. */
export const useSaveLegalEntity = (companyId: number) =>
  useEntitiesChange(companyId, ({ id, body }: { id: number | null; body: LegalEntityInput }) =>
    id === null
      ? fetchCall(createLegalEntityCall, { params: { companyId }, body }, inConsole)
      : fetchCall(updateLegalEntityCall, { params: { companyId, entityId: id }, body }, inConsole),
  );

export const useRemoveLegalEntity = (companyId: number) =>
  useEntitiesChange(companyId, (entityId: number) => fetchCall(removeLegalEntityCall, { params: { companyId, entityId } }, inConsole));

export const useSaveRegionSellers = (companyId: number) =>
  useEntitiesChange(companyId, (body: RegionSellersUpdate) => fetchCall(saveRegionSellersCall, { params: { companyId }, body }, inConsole));
