import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EtimsDocumentView, EtimsSettingsInput } from '@mawingu/contracts/admin/etims';
import {
  etimsDocumentsCall,
  etimsSettingsCall,
  initialiseEtimsCall,
  resubmitEtimsCall,
  saveEtimsSettingsCall,
} from '@mawingu/contracts/admin/etims-calls';
import { fetchCall, requestCall } from '../../../api/contract-call.ts';
import { ApiError } from '../../../api/api-error.ts';
import { inConsole } from '../shell/console-door.ts';

const settingsKey = (companyId: number, entityId: number) => ['admin', 'companies', companyId, 'etims', entityId] as const;
const documentsKey = (companyId: number) => ['admin', 'companies', companyId, 'etims', 'documents'] as const;

/** A Kenyan entity's eTIMS device settings (never its key). */
export function useEtimsSettings(companyId: number, entityId: number) {
  return useQuery({
    queryKey: settingsKey(companyId, entityId),
    queryFn: () => fetchCall(etimsSettingsCall, { params: { companyId, entityId } }, inConsole),
  });
}

export function useSaveEtimsSettings(companyId: number, entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EtimsSettingsInput) => fetchCall(saveEtimsSettingsCall, { params: { companyId, entityId }, body }, inConsole),
    onSuccess: (reply) => queryClient.setQueryData(settingsKey(companyId, entityId), reply),
  });
}

/** Initialises the device at KRA; answers KRA's verdict as the message (success or KRA's refusal). */
export function useInitialiseEtims(companyId: number, entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const answer = await requestCall(initialiseEtimsCall, { params: { companyId, entityId } }, inConsole);
      if (answer.status !== 200) throw ApiError.of(answer);
      return answer;
    },
    onSuccess: (answer) => queryClient.setQueryData(settingsKey(companyId, entityId), answer.data),
  });
}

/** The documents eTIMS has not signed yet or refused ("open"), or the signed ones. */
export function useEtimsDocuments(companyId: number, view: EtimsDocumentView = 'open') {
  return useQuery({
    queryKey: [...documentsKey(companyId), view],
    queryFn: () => fetchCall(etimsDocumentsCall, { params: { companyId }, query: view === 'open' ? {} : { status: view } }, inConsole),
  });
}

export function useResubmitEtims(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) => fetchCall(resubmitEtimsCall, { params: { companyId, documentId } }, inConsole),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKey(companyId) }),
  });
}
