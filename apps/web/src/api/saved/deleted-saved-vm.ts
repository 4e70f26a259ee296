import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { deletedSavedVmCall } from '@mawingu/contracts/saved-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { SAVED_KEY } from './show-saved-vm.ts';

export async function deletedSavedVM(savedProductID: number): Promise<ErrorEnvelope> {
  return outcomeOf(await requestCall(deletedSavedVmCall, { body: { savedProductID } }));
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
