import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OrderDetail,
  OrderList,
  PaymentSettingsReply,
  PaymentSettingsUpdate,
  ReconcileRequest,
} from '@mawingu/contracts/admin/payments';
import { adminApi, adminDownload } from '../shell/admin-api.ts';
import { useOperatorSession } from '../shell/operator-session.ts';

/** Every query of this area starts with this key, so a change refreshes all of them at once. */
const areaKey = (companyId: number) => ['admin', companyId, 'payments-area'] as const;

const queryString = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

const noRetryOn = (statuses: number[]) => (count: number, error: unknown) =>
  !statuses.includes((error as { status?: number }).status ?? 0) && count < 2;

export function usePaymentSettings(companyId: number) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'settings'],
    queryFn: () => adminApi<PaymentSettingsReply>('GET', `/companies/${companyId}/payment-settings`),
    retry: noRetryOn([403, 404]),
  });
}

/** Saves the settings; the reply (masked) replaces the cached settings. Resolves with the API's message. */
export function useSavePaymentSettings(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PaymentSettingsUpdate) =>
      adminApi<PaymentSettingsReply>('PUT', `/companies/${companyId}/payment-settings`, update),
    onSuccess: (data) => queryClient.setQueryData([...areaKey(companyId), 'settings'], data),
  });
}

export type OrderFilters = { q: string; status: string; kind: string; gateway: string; from: string; to: string; page: number };

export function useOrders(companyId: number, filters: OrderFilters) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'orders', filters],
    queryFn: () => adminApi<OrderList>('GET', `/companies/${companyId}/orders${queryString(filters)}`),
    placeholderData: keepPreviousData,
    retry: noRetryOn([400, 403, 404]),
  });
}

export function useOrder(companyId: number, orderId: number) {
  return useQuery({
    queryKey: [...areaKey(companyId), 'order', orderId],
    queryFn: () => adminApi<OrderDetail>('GET', `/companies/${companyId}/orders/${orderId}`),
    retry: noRetryOn([403, 404]),
  });
}

/** Reconciles an order; every query of the area is read again afterwards (the list shows it paid). */
export function useReconcile(companyId: number, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReconcileRequest) =>
      adminApi<OrderDetail>('POST', `/companies/${companyId}/orders/${orderId}/reconcile`, request),
    onSuccess: (data) => queryClient.setQueryData([...areaKey(companyId), 'order', orderId], data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(companyId) }),
  });
}

/** The order's invoice PDF (fetched with the console session), opened in a new tab. */
export async function openInvoicePdf(companyId: number, orderId: number): Promise<void> {
  // Opened before the download, so the browser does not block it as a pop-up.
  const tab = window.open('', '_blank');
  try {
    const blob = await adminDownload(`/companies/${companyId}/orders/${orderId}/invoice/pdf`);
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
