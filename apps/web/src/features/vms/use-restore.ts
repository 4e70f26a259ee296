import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { VMS_KEY } from '../../api/vms/get-user-vms.ts';
import { showErrorToast, showSuccessToast } from '../../lib/toast.ts';
import { useVmsText } from './vms-text.ts';

/** Spec section 9: the account page is refreshed this long after a restore succeeded. */
export const RESTORE_REFRESH_MS = 3000;

/**
 * A restore (clone or archive, spec section 4): on 200 the success message shows, then after
 * 3 seconds the account page's lists are fetched again — the SPA's "reload": the restored VM
 * appears under Products without a full page load. Any other answer shows the server's message
 * (the spec's "Unable to restore … Try again in sometime.") as an error.
 */
export function useRestoreOutcome(): (reply: ErrorEnvelope) => boolean {
  const queryClient = useQueryClient();
  const vmsText = useVmsText();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Not cleared on unmount: the refresh is due even if the customer switched tabs meanwhile.
  return useCallback(
    (reply: ErrorEnvelope) => {
      if (reply.status !== 200) {
        showErrorToast(vmsText(reply.message));
        return false;
      }
      showSuccessToast(vmsText(reply.message));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: VMS_KEY }), RESTORE_REFRESH_MS);
      return true;
    },
    [queryClient, vmsText],
  );
}
