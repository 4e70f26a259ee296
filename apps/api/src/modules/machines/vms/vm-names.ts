import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { fill, messages } from '@mawingu/contracts/messages';
import { suggestVmName, vmNameKey } from '@mawingu/contracts/vm-name';
import type { Db } from '../../../db/client.ts';
import { orderVms, orders, vms } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';

/**
 * A new VM's name is unique among the customer's VMs (docs/decisions/0097): the names of their VMs
 * (all but deleted ones) and of their new-VM orders that are paid but whose VM is not built yet.
 * Unpaid orders hold no name: an abandoned purchase page never blocks one.
 */
export async function takenVmNames(db: Db, companyId: number, customerId: number, exceptOrderId?: number): Promise<string[]> {
  const [machines, paidOrders] = await Promise.all([
    db
      .select({ name: vms.name })
      .from(vms)
      .where(and(eq(vms.companyId, companyId), eq(vms.customerId, customerId), ne(vms.state, 'deleted'))),
    db
      .select({ id: orders.id, name: orders.vmName })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, companyId),
          eq(orders.customerId, customerId),
          eq(orders.kind, 1),
          inArray(orders.status, ['paid', 'fulfilling']),
        ),
      ),
  ]);
  return [...machines.map((m) => m.name), ...paidOrders.flatMap((o) => (o.name !== null && o.id !== exceptOrderId ? [o.name] : []))];
}

/** The configurator's default name for a VM of this product: its short name and the lowest free number. */
export async function suggestedVmNameOf(db: Db, companyId: number, customerId: number, productName: string): Promise<string> {
  return suggestVmName(productName, await takenVmNames(db, companyId, customerId));
}

/** Refuses a name one of the customer's VMs (or paid new-VM orders other than `exceptOrderId`) has: 400 naming vmName. */
export async function assertVmNameFree(db: Db, companyId: number, customerId: number, name: string, exceptOrderId?: number) {
  const wanted = vmNameKey(name);
  const taken = await takenVmNames(db, companyId, customerId, exceptOrderId);
  if (taken.some((t) => vmNameKey(t) === wanted)) {
    const message = fill(messages.vmNameTaken, { name });
    throw AppError.badRequest(message, { vmName: message });
  }
}

/** How an order names its VMs: their names and aliases, comma-separated (a multi-renewal has several). */
export type OrderVmLabel = { vmName: string; aliasName: string | null };
type LabelledOrder = { id: number; vmName: string | null; productName: string };

/** The label of VMs at hand (the ones an order being created acts on). */
export function labelOfVms(machines: readonly { name: string; alias: string | null }[]): OrderVmLabel {
  const aliases = machines.flatMap((m) => (m.alias?.trim() ? [m.alias.trim()] : []));
  return { vmName: machines.map((m) => m.name).join(', '), aliasName: aliases.length > 0 ? aliases.join(', ') : null };
}

/**
 * The VM names and aliases of these orders of one company: a new-VM order's VM (or, before it is
 * built, the name it was bought with), the VMs an order of kinds 2–5 acts on. Orders from before
 * VMs had names fall back to the product's name. Two queries, whatever the number of orders.
 */
export async function orderVmLabels(db: Db, companyId: number, orderIds: number[]): Promise<(order: LabelledOrder) => OrderVmLabel> {
  const named = new Map<number, { names: string[]; aliases: string[] }>();
  if (orderIds.length > 0) {
    const [bought, actedOn] = await Promise.all([
      db
        .select({ orderId: vms.orderId, name: vms.name, alias: vms.alias })
        .from(vms)
        .where(and(eq(vms.companyId, companyId), inArray(vms.orderId, orderIds))),
      db
        .select({ orderId: orderVms.orderId, name: vms.name, alias: vms.alias })
        .from(orderVms)
        .innerJoin(vms, eq(vms.id, orderVms.vmId))
        .where(and(eq(orderVms.companyId, companyId), inArray(orderVms.orderId, orderIds)))
        .orderBy(asc(vms.id)),
    ]);
    for (const row of [...bought, ...actedOn]) {
      if (row.orderId === null) continue;
      const entry = named.get(row.orderId) ?? { names: [], aliases: [] };
      entry.names.push(row.name);
      if (row.alias?.trim()) entry.aliases.push(row.alias.trim());
      named.set(row.orderId, entry);
    }
  }
  return (order) => {
    const entry = named.get(order.id);
    if (!entry) return { vmName: order.vmName ?? order.productName, aliasName: null };
    return { vmName: entry.names.join(', '), aliasName: entry.aliases.length > 0 ? entry.aliases.join(', ') : null };
  };
}
