import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerCloseRequest, CustomerProfileUpdateRequest } from '@mawingu/contracts/admin/customers-manage';
import { closeCustomerCall, resendVerificationCall, updateCustomerProfileCall } from '@mawingu/contracts/admin/customers-manage-calls';
import { fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';
import { areaKey } from './customers-api.ts';

type Who = { companyId: number; customerId: number };

/** A change that shows on the customer's page: the area's queries are fetched again afterwards. */
function useAreaMutation<T, R>({ companyId }: Who, run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(companyId) }) });
}

export function useUpdateCustomerProfile(who: Who) {
  return useAreaMutation(who, (body: CustomerProfileUpdateRequest) =>
    fetchCall(updateCustomerProfileCall, { params: who, body }, inConsole),
  );
}

/** The sign-up code again (the customer's own Resend); a 429 says the cap is reached, nothing sent. */
export function useResendVerification(who: Who) {
  return useMutation({ mutationFn: () => fetchCall(resendVerificationCall, { params: who }, inConsole) });
}

export function useCloseAccount(who: Who) {
  return useAreaMutation(who, (body: CustomerCloseRequest) => fetchCall(closeCustomerCall, { params: who, body }, inConsole));
}
