import type { OrderLineRow, OrderRow } from '../../orders/index.ts';
import type { ProvisionRequest } from '../../machines/index.ts';

/** Size of a frozen line in GB (or cores), whatever unit the product used. */
function sizeOf(lines: OrderLineRow[], name: string, unitsPerGb: Record<string, number> = {}): number {
  const line = lines.find((l) => l.name.trim().toLowerCase() === name);
  if (!line) throw new Error(`order ${lines[0]?.orderId ?? '?'} has no ${name} line`);
  const factor = unitsPerGb[line.unit.trim().toLowerCase()] ?? 1;
  return Math.max(1, Math.ceil(line.count / factor));
}

const MEMORY_UNITS = { mb: 1024, tb: 1 / 1024 };

/** What the provisioning job builds for a paid new-VM order: its frozen sizes, region, days and name. */
export function provisionRequestOf(order: OrderRow, lines: OrderLineRow[]): ProvisionRequest {
  if (order.productId === null) throw new Error(`order ${order.id} has no product`);
  return {
    orderId: order.id,
    companyId: order.companyId,
    customerId: order.customerId,
    productId: order.productId,
    cpu: sizeOf(lines, 'processor'),
    ramGb: sizeOf(lines, 'memory', MEMORY_UNITS),
    diskGb: sizeOf(lines, 'disk', MEMORY_UNITS),
    regionId: order.regionId,
    days: order.days,
    name: order.productName,
  };
}
