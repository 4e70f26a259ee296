import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NOTIFICATION_LIST_LIMIT, type NotificationLink, type UserNotifications } from '@mawingu/contracts/notifications';
import type { Db } from '../../../db/client.ts';
import { customers, notifications } from '../../../db/schema.ts';

/** The link as stored: its kind, and the ticket's id for a ticket. */
export const linkColumns = (link: NotificationLink | undefined) => ({
  linkTo: link?.to ?? null,
  linkId: link?.to === 'ticket' ? link.id : null,
});

/** The stored link back as the contract's; an unknown kind (or a ticket without id) is no link. */
function linkOf(to: string | null, id: number | null): NotificationLink | null {
  if (to === 'products' || to === 'purchaseHistory') return { to };
  if (to === 'ticket' && id !== null && id > 0) return { to, id };
  return null;
}

const ownedBy = (companyId: number, customerId: number) =>
  and(eq(notifications.companyId, companyId), eq(notifications.customerId, customerId));

/**
 * Notifications under the customer's bell. `notify` is the one entry other modules use (ticket
 * answered; later order paid, VM ready, VM expiring). Pass a transaction as `db` to write the
 * notification with the event that caused it.
 */
export function createNotificationService(db: Db) {
  async function notify(companyId: number, customerId: number, text: string, tx: Db = db, link?: NotificationLink): Promise<void> {
    await tx.insert(notifications).values({ companyId, customerId, text, ...linkColumns(link) });
  }

  /**
   * The same notification to every customer of one company, in one INSERT … SELECT (a company may
   * have tens of thousands of customers). Returns how many were written.
   */
  async function notifyAll(companyId: number, text: string, tx: Db = db): Promise<number> {
    const result = (await tx.execute(sql`
      WITH written AS (
        INSERT INTO ${notifications} (company_id, customer_id, text)
        SELECT ${customers.companyId}, ${customers.id}, ${text}::text FROM ${customers} WHERE ${customers.companyId} = ${companyId}
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM written`)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  }

  async function unreadCount(companyId: number, customerId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(ownedBy(companyId, customerId), isNull(notifications.viewedAt)));
    return row?.n ?? 0;
  }

  /** The newest notifications (capped) and the number of unread ones among all of them. */
  async function list(companyId: number, customerId: number): Promise<UserNotifications> {
    const [rows, newNotificationCount] = await Promise.all([
      db
        .select({
          id: notifications.id,
          text: notifications.text,
          viewedAt: notifications.viewedAt,
          createdAt: notifications.createdAt,
          linkTo: notifications.linkTo,
          linkId: notifications.linkId,
        })
        .from(notifications)
        .where(ownedBy(companyId, customerId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(NOTIFICATION_LIST_LIMIT),
      unreadCount(companyId, customerId),
    ]);
    return {
      newNotificationCount,
      list: rows.map((row) => ({
        ID: row.id,
        notificationDetail: row.text,
        isViewed: row.viewedAt ? 1 : 0,
        createdDate: row.createdAt.toISOString(),
        link: linkOf(row.linkTo, row.linkId),
      })),
    };
  }

  /**
   * Marks the given notifications read. Ids that are not the customer's own are ignored, so the
   * reply says nothing about whether they exist. Returns the unread count afterwards.
   */
  async function markRead(companyId: number, customerId: number, ids: number[]): Promise<number> {
    await db
      .update(notifications)
      .set({ viewedAt: new Date() })
      .where(and(ownedBy(companyId, customerId), inArray(notifications.id, ids), isNull(notifications.viewedAt)));
    return unreadCount(companyId, customerId);
  }

  return { notify, notifyAll, list, markRead };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
