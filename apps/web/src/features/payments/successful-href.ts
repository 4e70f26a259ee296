import { paths } from '../../app/paths.ts';

/**
 * /PurchaseSuccessful with the order id and the invoice token in its address: the page survives
 * a reload (the token is opaque and opens the invoice for its owner only).
 */
export function successfulHref(orderId: number, invoiceToken: string | null): string {
  const query = new URLSearchParams({ order: String(orderId) });
  if (invoiceToken) query.set('invoice', invoiceToken);
  return `${paths.purchaseSuccessful.getHref()}?${query}`;
}
