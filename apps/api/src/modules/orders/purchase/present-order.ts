import { paysInUsd, totalsInUsd } from '@mawingu/contracts/pricing/currency';
import { GATEWAY_NAMES, type GatewayKey, type OrderDetail } from '@mawingu/contracts/purchase';
import type { OrderVmLabel } from '../../machines/index.ts';
import type { StoredOrder } from './order-store.ts';

/** Spec default (section 9). */
const BANK_REFERENCE = 'VM Purchase';

/**
 * The order as the purchase details screen shows it, from its frozen figures. `gateways` are those
 * offered for its region now; USD figures come along whenever the PayPal-type gateway may take a ZAR order,
 * so the SPA shows the currency dialog's amounts without arithmetic of its own.
 */
export function presentOrder(
  { order, lines }: StoredOrder,
  gateways: readonly GatewayKey[],
  zarToUsdRate: string,
  // The VMs an order of kinds 2–5 acts on (orderVmLabels); a new VM's name is on the order.
  label: OrderVmLabel = { vmName: order.vmName ?? order.productName, aliasName: null },
): OrderDetail {
  const offered = order.bypass ? [] : [...gateways];
  // Whenever the PayPal-type gateway may be used (chosen now or later in the dialog).
  const usd = [...offered, order.gateway as GatewayKey | null].some((g) => g !== null && paysInUsd(order.currency, GATEWAY_NAMES[g]));
  return {
    orderID: order.id,
    transactionReference: order.reference,
    bankReference: BANK_REFERENCE,
    kind: order.kind,
    status: order.status,
    isGoldCopy: order.isGoldCopy ? 1 : 0,
    productID: order.productId,
    vmName: label.vmName,
    aliasName: label.aliasName,
    productName: order.productName,
    regionID: order.regionId,
    regionName: order.regionName,
    timePeriod: order.days,
    currencyCode: order.currency,
    tax: order.taxPercent,
    lines: lines.map((l) => ({
      name: l.name,
      unit: l.unit,
      count: l.count,
      amount: l.amount,
    })),
    cost: order.price,
    discount: order.discount,
    taxAmount: order.tax,
    arrears: order.arrears,
    amount: order.total,
    totalsInUsd: usd
      ? totalsInUsd(
          {
            price: order.price,
            tax: order.tax,
            discount: order.discount,
            arrears: order.arrears,
          },
          zarToUsdRate,
        )
      : null,
    paymentGateway: offered.map((g) => GATEWAY_NAMES[g]),
    paymentMode: order.gateway ? GATEWAY_NAMES[order.gateway as GatewayKey] : null,
    byPassFlag: order.bypass ? 1 : 0,
    microsoftLicense: order.needsLicence ? 1 : 0,
    createdAt: order.createdAt.toISOString(),
  };
}
