import { and, eq, inArray } from 'drizzle-orm';
import { fill, messages } from '@mawingu/contracts/messages';
import { suggestVmName, vmNameKey } from '@mawingu/contracts/vm-name';
import type { Db } from '../../db/client.ts';
import { orderVms, orders } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { undeletedVmNamesOf, vmLabelsByIds, vmsBoughtBy, type OrderVmLabel } from '../machines/index.ts';

/**
 * A new VM's name is unique among the customer's VMs (docs/decisions/0097): the names of their VMs
 * (all but deleted ones, machines') and of their new-VM orders that are paid but whose VM is not
 * built yet. Unpaid orders hold no name: an abandoned purchase page never blocks one.
 */
export async function takenVmNames(db: Db, companyId: number, customerId: number, exceptOrderId?: number): Promise<string[]> {
  const [machines, paidOrders] = await Promise.all([
    undeletedVmNamesOf(db, companyId, customerId),
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
  return [...machines, ...paidOrders.flatMap((o) => (o.name !== null && o.id !== exceptOrderId ? [o.name] : []))];
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

type LabelledOrder = { id: number; vmName: string | null; productName: string };

/**
 * The VM names and aliases of these orders of one company: a new-VM order's VM (or, before it is
 * built, the name it was bought with), the VMs an order of kinds 2–5 acts on (order_vms, named by
 * machines). Orders from before VMs had names fall back to the product's name. Three queries,
 * whatever the number of orders.
 */
export async function orderVmLabels(db: Db, companyId: number, orderIds: number[]): Promise<(order: LabelledOrder) => OrderVmLabel> {
  const named = new Map<number, { names: string[]; aliases: string[] }>();
  if (orderIds.length > 0) {
    const [bought, links] = await Promise.all([
      vmsBoughtBy(db, companyId, orderIds),
      db
        .select({ orderId: orderVms.orderId, vmId: orderVms.vmId })
        .from(orderVms)
        .where(and(eq(orderVms.companyId, companyId), inArray(orderVms.orderId, orderIds))),
    ]);
    const labels = await vmLabelsByIds(
      db,
      links.map((l) => l.vmId),
    );
    // Acted-on VMs in the order of their ids, as they were listed when one query joined them.
    const actedOn = links
      .flatMap((l) => {
        const vm = labels.get(l.vmId);
        return vm ? [{ orderId: l.orderId, vmId: l.vmId, ...vm }] : [];
      })
      .sort((a, b) => a.vmId - b.vmId);
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
