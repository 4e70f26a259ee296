import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentSettingsUpdate, ReconcileRequest } from '@mawingu/contracts/admin/payments';
import {
  orderCall,
  orderInvoicePdfCall,
  ordersCall,
  ordersCsvCall,
  paymentSettingsCall,
  reconcileOrderCall,
  savePaymentSettingsCall,
} from '@mawingu/contracts/admin/payments-calls';
import { callUrl, downloadFile, fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';
import { useOperatorSession } from '../shell/operator-session.ts';

/** Every query of this area starts with this key, so a change refreshes all of them at once. */
const areaKey = (companyId: number) => ['admin', companyId, 'payments-area'] as const;

const noRetryOn = (statuses: number[]) => (count: number, error: unknown) =>
  !statuses.includes((error as { status?: number }).status ?? 0) && count < 2;

export function usePaymentSettings(companyId: number) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'settings'],
    queryFn: () => fetchCall(paymentSettingsCall, { params: { companyId } }, inConsole),
    retry: noRetryOn([403, 404]),
  });
}

/** Saves the settings; the reply (masked) replaces the cached settings. Resolves with the API's message. */
export function useSavePaymentSettings(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PaymentSettingsUpdate) => fetchCall(savePaymentSettingsCall, { params: { companyId }, body: update }, inConsole),
    onSuccess: (data) => queryClient.setQueryData([...areaKey(companyId), 'settings'], data),
  });
}

export type OrderFilters = { q: string; status: string; kind: string; gateway: string; from: string; to: string; page: number };

export function useOrders(companyId: number, filters: OrderFilters) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'orders', filters],
    queryFn: () => fetchCall(ordersCall, { params: { companyId }, query: filters }, inConsole),
    placeholderData: keepPreviousData,
    retry: noRetryOn([400, 403, 404]),
  });
}

/** The CSV export of every order the filters select (the page is not a filter). */
export function ordersCsvUrl(companyId: number, { page: _page, ...filters }: OrderFilters): string {
  return callUrl(ordersCsvCall, { params: { companyId }, query: filters });
}

export function useOrder(companyId: number, orderId: number) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'order', orderId],
    queryFn: () => fetchCall(orderCall, { params: { companyId, orderId } }, inConsole),
    retry: noRetryOn([403, 404]),
  });
}

/** Reconciles an order; every query of the area is read again afterwards (the list shows it paid). */
export function useReconcile(companyId: number, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReconcileRequest) => fetchCall(reconcileOrderCall, { params: { companyId, orderId }, body: request }, inConsole),
    onSuccess: (data) => queryClient.setQueryData([...areaKey(companyId), 'order', orderId], data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(companyId) }),
  });
}

/** The order's invoice PDF (fetched with the console session), opened in a new tab. */
export async function openInvoicePdf(companyId: number, orderId: number): Promise<void> {
  // Opened before the download, so the browser does not block it as a pop-up.
  const tab = window.open('', '_blank');
  try {
    const blob = await downloadFile(callUrl(orderInvoicePdfCall, { params: { companyId, orderId } }), inConsole);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Owners and admins change payments; support reads orders only (the API refuses them anyway). */
export function useCanManagePayments(): boolean {
  const role = useOperatorSession()?.operator.role;
  return role === 'owner' || role === 'admin';
}
