import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerMailInput } from '@mawingu/contracts/admin/customer-care';
import { addCustomerNoteCall, customerNotesCall, mailCustomerCall } from '@mawingu/contracts/admin/customer-care-calls';
import { fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';

const notesKey = (companyId: number, customerId: number) => ['admin', companyId, 'customer-notes', customerId] as const;

export function useCustomerNotes(companyId: number, customerId: number) {
  return useQuery({
    queryKey: notesKey(companyId, customerId),
    queryFn: () => fetchCall(customerNotesCall, { params: { companyId, customerId } }, inConsole),
  });
}

/** Adds a note; the reply is the list as it now stands. */
export function useAddCustomerNote(companyId: number, customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => fetchCall(addCustomerNoteCall, { params: { companyId, customerId }, body: { body } }, inConsole),
    onSuccess: (reply) => queryClient.setQueryData(notesKey(companyId, customerId), reply),
  });
}

export function useMailCustomer(companyId: number, customerId: number) {
  return useMutation({
    mutationFn: (body: CustomerMailInput) => fetchCall(mailCustomerCall, { params: { companyId, customerId }, body }, inConsole),
  });
}
