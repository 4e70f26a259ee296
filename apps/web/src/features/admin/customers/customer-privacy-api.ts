import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  eraseCustomerCall,
  personalDataCsvCall,
  personalDataJsonCall,
  startSupportSessionCall,
} from '@mawingu/contracts/admin/customer-privacy-calls';
import { callUrl, downloadFile, fetchCall } from '../../../api/contract-call.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { inConsole } from '../shell/console-door.ts';

/** Opens a support session ("log in as"): the address of the customer's site with its one-use handoff. */
export function useStartSupportSession(companyId: number, customerId: number) {
  return useMutation({
    mutationFn: (reason: string) => fetchCall(startSupportSessionCall, { params: { companyId, customerId }, body: { reason } }, inConsole),
  });
}

/** Erases the customer's personal data; the customer's page (and lists) are read again. */
export function useEraseCustomer(companyId: number, customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => fetchCall(eraseCustomerCall, { params: { companyId, customerId }, body: { confirm } }, inConsole),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', companyId] }),
  });
}

/** Downloads the customer's personal data (JSON or CSV) with the operator's session and saves it. */
export async function downloadPersonalData(companyId: number, customerId: number, format: 'json' | 'csv') {
  const call = format === 'json' ? personalDataJsonCall : personalDataCsvCall;
  const day = new Date().toISOString().slice(0, 10);
  saveFile(
    await downloadFile(callUrl(call, { params: { companyId, customerId } }), inConsole),
    `customer-${customerId}-personal-data-${day}.${format}`,
  );
}
