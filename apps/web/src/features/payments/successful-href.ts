import { paths } from '../../app/paths.ts';

/**
 * /PurchaseSuccessful with the order id (and the invoice token) in its address: the page survives
 * a reload. The page believes neither: it asks the API whether the order is the viewer's and paid.
 */
export function successfulHref(orderId: number, invoiceToken: string | null): string {
  const query = new URLSearchParams({ order: String(orderId) });
  if (invoiceToken) query.set('invoice', invoiceToken);
  return `${paths.purchaseSuccessful.getHref()}?${query}`;
}
