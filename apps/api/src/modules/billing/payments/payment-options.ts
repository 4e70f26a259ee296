import { asc, eq } from 'drizzle-orm';
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
