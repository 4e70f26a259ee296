import type { z } from 'zod';
import type {
  businessUnitInput,
  cloneDurationsInput,
  currencyInput,
  discountInput,
  partnerCloudInput,
  regionInput,
  timePeriodInput,
} from '@mawingu/contracts/admin/catalogue';
import type { Config } from '../../../config.ts';
import type { CacheBus } from '../../../cache/cache-bus.ts';
import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { badField, type Tx } from './product-store.ts';
import { uniqueViolation } from '../../../db/unique-violation.ts';
import type { CatalogueUsage } from './usage.ts';

export type RegionValues = z.output<typeof regionInput>;
export type TimePeriodValues = z.output<typeof timePeriodInput>;
export type CloneDurationValues = z.output<typeof cloneDurationsInput>;
export type DiscountValues = z.output<typeof discountInput>;
export type CurrencyValues = z.output<typeof currencyInput>;
export type BusinessUnitValues = z.output<typeof businessUnitInput>;
export type PartnerCloudValues = z.output<typeof partnerCloudInput>;

export type CatalogueDeps = {
  db: Db;
  config: Pick<Config, 'zarToUsdRate' | 'domainCheck'>;
  /** The catalogue, purchase terms and products and services are cached on every instance (topic 'catalogue'). */
  caches: Pick<CacheBus, 'invalidate'>;
  /** What refers to a product or a region, and a region's gateways (the orders', machines' and billing's). */
  usage: CatalogueUsage;
};

/** A change's author and company, for its transaction, audit entry and cache drop. */
export type Who = { actor: Pick<Operator, 'operatorId' | 'email'>; companyId: number };

/** What each part of the console's catalogue is built from: the deps and the one way to change. */
export type CatalogueEditing = CatalogueDeps & ReturnType<typeof createCatalogueChange>;

export function createCatalogueChange({ db, caches }: Pick<CatalogueDeps, 'db' | 'caches'>) {
  /** Runs a change and its audit in one transaction, then drops the company's cached catalogue everywhere. */
  async function change<T>(who: Who, work: (tx: Tx) => Promise<T>, duplicate?: { field: string; message: string }): Promise<T> {
    try {
      const result = await db.transaction(work);
      await caches.invalidate('catalogue', who.companyId);
      return result;
    } catch (err) {
      if (duplicate && uniqueViolation(err) !== null) throw badField(duplicate.field, duplicate.message);
      throw err;
    }
  }

  const audit = (tx: Tx, who: Who, action: string, targetType: string, targetId: number | string, before: unknown, after: unknown) =>
    recordAudit(tx, { actor: who.actor, companyId: who.companyId, action: `catalogue.${action}`, targetType, targetId, before, after });

  return { change, audit };
}
