import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

/**
 * Notifications under the customer's bell. `notify` is the one entry other modules use (ticket
 * answered; later order paid, VM ready, VM expiring). Pass a transaction as `db` to write the
 * notification with the event that caused it.
 */
export function createNotificationService(db: Db) {
  async function notify(companyId: number, customerId: number, text: string, tx: Db = db): Promise<void> {
    await tx.insert(notifications).values({ companyId, customerId, text });
  }

  return { notify };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
