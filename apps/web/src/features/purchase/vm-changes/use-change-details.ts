import { useEffect, useRef } from 'react';
import type { VmChangeDetails } from '@mawingu/contracts/vm-changes';
import { useVmChangeDetail, type ChangePurpose } from '../../../api/vm-changes/get-vm-change-detail.ts';
import { paths } from '../../../app/paths.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { useBack } from '../use-back.ts';

/**
 * The VM's configuration for the update, clone or snapshot page. Spec: a load failure (any status
 * but 200) goes back one screen and shows the server's message as an error.
 */
export function useChangeDetails(purpose: ChangePurpose, param: string | undefined): { details: VmChangeDetails | null; loading: boolean } {
  const specText = useSpecTextIn('purchase');
  const back = useBack(paths.customerProfile.getHref(2));
  const vmId = /^\d{1,10}$/.test(param ?? '') ? Number(param) : 0;
  const query = useVmChangeDetail(purpose, vmId);
  const failed = vmId === 0 || (!query.isPending && !query.data?.data);
  const message = query.data?.message ?? (query.error instanceof Error ? query.error.message : '');
  const handled = useRef(false);
  useEffect(() => {
    if (!failed || handled.current) return;
    handled.current = true;
    if (message) showErrorToast(specText(message));
    back();
  }, [failed, message, specText, back]);
  return {
    details: query.data?.data ?? null,
    loading: !failed && query.isPending,
  };
}
