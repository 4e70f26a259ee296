import type { Db } from '../../db/client.ts';
import type { Hypervisors } from '../../integrations/hypervisors/hypervisor.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { CatalogService } from '../catalogue/index.ts';
import type { MailService } from '../platform/index.ts';
import type { NotificationService } from '../identity/index.ts';
import type { TakenToGateway } from './open-orders.ts';
import type { PurchaseTermsSource } from './purchase/purchase-terms.ts';

/** What the purchase kinds after the first (renew, update, clone, snapshot) are built from. */
export type VmPurchaseDeps = {
  db: Db;
  catalog: CatalogService;
  terms: PurchaseTermsSource;
  hypervisors: Hypervisors;
  notifications: NotificationService;
  mail: MailService;
  queue: JobQueue;
  zarToUsdRate: string;
  /** Billing's: an order with a payment attempt is never given back as an open twin. */
  takenToGateway: TakenToGateway;
};
