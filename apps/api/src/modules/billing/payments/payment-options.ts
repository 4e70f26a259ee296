import { asc, eq } from 'drizzle-orm';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { Db } from '../../../db/client.ts';
import { paymentSettings, regionGateways } from '../../../db/schema.ts';

/** How the company takes payment: the bypass switch and the gateways each region offers, in their order. */
export async function paymentOptionsOf(db: Db, companyId: number) {
  const [settings, gateways] = await Promise.all([
    db.select().from(paymentSettings).where(eq(paymentSettings.companyId, companyId)),
    db
      .select()
      .from(regionGateways)
      .where(eq(regionGateways.companyId, companyId))
      .orderBy(asc(regionGateways.sortOrder), asc(regionGateways.gateway)),
  ]);
  return { bypass: settings[0]?.bypass ?? false, gateways };
}

export type PaymentOptions = Awaited<ReturnType<typeof paymentOptionsOf>>;

/** The gateways a region offers (the console's catalogue checks they can charge its currency). */
export async function gatewaysOfRegion(db: Pick<Db, 'select'>, regionId: number): Promise<GatewayKey[]> {
  const rows = await db.select({ gateway: regionGateways.gateway }).from(regionGateways).where(eq(regionGateways.regionId, regionId));
  return rows.map((r) => r.gateway as GatewayKey);
}
