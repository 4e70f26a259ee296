import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { SaveVMForLaterRequest } from '@mawingu/contracts/saved';
import { saveVmForLaterCall } from '@mawingu/contracts/saved-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { SAVED_KEY } from './show-saved-vm.ts';

/** The product page's save-for-later icon (wired by the purchasing work); the reply's message is the toast. */
export async function saveVMForLater(body: SaveVMForLaterRequest): Promise<ErrorEnvelope> {
  return outcomeOf(await requestCall(saveVmForLaterCall, { body }));
}

export function useSaveVMForLater() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['saved', 'save'],
    mutationFn: saveVMForLater,
    onSuccess: (reply) => {
      if (reply.status === 200) void queryClient.invalidateQueries({ queryKey: SAVED_KEY });
    },
  });
}
