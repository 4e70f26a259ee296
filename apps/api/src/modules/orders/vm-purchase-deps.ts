import type { Db } from '../../db/client.ts';
import type { Hypervisors } from '../../integrations/hypervisors/hypervisor.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { CatalogService } from '../catalogue/catalog/service.ts';
import type { MailService } from '../platform/mail/service.ts';
import type { NotificationService } from '../identity/notifications/service.ts';
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
};
