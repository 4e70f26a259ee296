import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { Db } from '../../../db/client.ts';

type Reader = Pick<Db, 'select'>;
type CountsByProduct = (db: Reader, companyId: number, productIds: readonly number[]) => Promise<Map<number, number>>;
type RegionsAmong = (db: Reader, regionIds: readonly number[]) => Promise<Set<number>>;

/**
 * What the console's catalogue reads of the domains built after it: what refers to a product or a
 * region (a product with orders or VMs is only disabled, a region in use is kept) and the gateways a
 * region offers. Handed in by create-modules.ts: the catalogue does not import orders, machines or
 * billing. Each read takes the caller's transaction when there is one.
 */
export type CatalogueUsage = {
  orderCountsByProduct: CountsByProduct;
  vmCountsByProduct: CountsByProduct;
  regionsOrderedIn: RegionsAmong;
  regionsWithVms: RegionsAmong;
  gatewaysOfRegion: (db: Reader, regionId: number) => Promise<GatewayKey[]>;
};
