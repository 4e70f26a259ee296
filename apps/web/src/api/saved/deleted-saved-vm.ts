import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { DeletedSavedVMRequest } from '@mawingu/contracts/saved';
import { callApi } from '../call-api.ts';
import { parseErrorReply } from '../parse-reply.ts';
import { SAVED_KEY } from './show-saved-vm.ts';

export async function deletedSavedVM(savedProductID: number): Promise<ErrorEnvelope> {
  const body: DeletedSavedVMRequest = { savedProductID };
  return parseErrorReply(await callApi('virtualMachine/deletedSavedVM', body));
}

/** Deleting refreshes the saved list (spec: "Delete saved VM removes it from the list"). */
export function useDeletedSavedVM() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['saved', 'delete'],
    mutationFn: deletedSavedVM,
    onSuccess: (reply) => {
      if (reply.status === 200) void queryClient.invalidateQueries({ queryKey: SAVED_KEY });
    },
  });
}
