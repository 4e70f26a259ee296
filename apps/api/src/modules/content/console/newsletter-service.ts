import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import {
  contentMessages as m,
  type NewsletterSendInput,
  type Subscriber,
  type SubscribersPage,
  type subscribersQuery,
} from '@mawingu/contracts/admin/content';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { newsletterSubscribers } from '../../../db/schema.ts';
import { companyNameOf, siteAddressOf } from '../../tenant/index.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Mail } from '../../../integrations/mail/mail.ts';
import type { JobQueue, JobSpec } from '../../../jobs/queue.ts';
import { sendMailJob } from '../../platform/index.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import type { NewsletterLinks } from '../newsletter/links.ts';
import { oneClickLink, unsubscribeLink } from '../newsletter/service.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { csvDocument } from '../../../http/csv.ts';
import { exportFilename } from '../../../console/export-filename.ts';
import { newsletterMail } from './mail-body.ts';
import { likePattern } from './notify-service.ts';

type ListQuery = z.output<typeof subscribersQuery>;
type Filter = Pick<ListQuery, 'q' | 'status'>;

/** Subscribers queued per statement: one INSERT of jobs per batch, all batches in one transaction. */
export const SEND_BATCH = 500;

/**
 * The send-mail kind as the mail service sends it (name, key, retries). Only the spec is used here:
 * the kind's handler belongs to the process that holds the mail transport (as in jobs/expire-vms.ts).
 */
const mailSpec: JobSpec<Mail> = sendMailJob({
  kind: 'outbox',
  deliver: () => Promise.reject(new Error('the console only queues mail')),
  close: () => undefined,
});

const toSubscriber = (row: typeof newsletterSubscribers.$inferSelect): Subscriber => ({
  id: row.id,
  email: row.email,
  subscribedAt: row.subscribedAt.toISOString(),
  unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
});

/**
 * The console's side of the newsletter: who is subscribed (list, CSV export) and a send through the
 * mail queue, one mail per active subscriber with that subscriber's own unsubscribe link.
 */
export function createAdminNewsletterService(db: Db, queue: JobQueue, links: NewsletterLinks) {
  const where = (companyId: number, filter: Filter): SQL | undefined =>
    and(
      eq(newsletterSubscribers.companyId, companyId),
      filter.q ? ilike(newsletterSubscribers.email, likePattern(filter.q)) : undefined,
      filter.status === 'active' ? isNull(newsletterSubscribers.unsubscribedAt) : undefined,
      filter.status === 'unsubscribed' ? isNotNull(newsletterSubscribers.unsubscribedAt) : undefined,
    );

  async function page(companyId: number, query: ListQuery): Promise<SubscribersPage> {
    const [rows, [matching], [active]] = await Promise.all([
      db
        .select()
        .from(newsletterSubscribers)
        .where(where(companyId, query))
        .orderBy(desc(newsletterSubscribers.subscribedAt), desc(newsletterSubscribers.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ n: count() }).from(newsletterSubscribers).where(where(companyId, query)),
      db
        .select({ n: count() })
        .from(newsletterSubscribers)
        .where(where(companyId, { q: '', status: 'active' })),
    ]);
    return {
      items: rows.map(toSubscriber),
      total: matching?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      activeCount: active?.n ?? 0,
    };
  }

  /** Every subscriber matching the filter as CSV (e-mail, status, dates), and a file name for it. Audited (personal data leaves). */
  async function exportCsv(actor: Operator, companyId: number, filter: Filter): Promise<{ filename: string; body: string; rows: number }> {
    const rows = await db.select().from(newsletterSubscribers).where(where(companyId, filter)).orderBy(asc(newsletterSubscribers.id));
    const body = csvDocument(
      ['email', 'status', 'subscribed_at', 'unsubscribed_at'],
      rows.map((row) => [
        row.email,
        row.unsubscribedAt ? 'unsubscribed' : 'active',
        row.subscribedAt.toISOString(),
        row.unsubscribedAt?.toISOString() ?? '',
      ]),
    );
    await recordAudit(db, {
      actor,
      companyId,
      action: 'content.newsletter.export',
      targetType: 'newsletter_subscribers',
      targetId: companyId,
      after: { rows: rows.length, q: filter.q, status: filter.status },
    });
    return { filename: await exportFilename(db, companyId, 'newsletter-subscribers'), body, rows: rows.length };
  }

  let queueReady: Promise<unknown> | undefined;
  /** The send-mail queue must exist before a bulk insert (an insert into a missing queue inserts nothing). */
  const ensureQueue = () =>
    (queueReady ??= queue.prepare([mailSpec]).catch((err: unknown) => {
      queueReady = undefined;
      throw err;
    }));

  /**
   * Queues one mail per active subscriber, in batches of SEND_BATCH, all in one transaction with the
   * audit entry: either every mail is queued or none is. Returns how many were queued.
   */
  async function send(actor: Operator, companyId: number, input: NewsletterSendInput): Promise<number> {
    // The link goes to the company's first website address; its /newsletter page takes the token.
    const [companyName, siteAddress] = await Promise.all([companyNameOf(db, companyId), siteAddressOf(db, companyId)]);
    if (companyName === undefined || !siteAddress) throw new AppError('conflict', 409, m.noWebsite);
    await ensureQueue();

    const queued = await db.transaction(async (tx) => {
      let total = 0;
      let after = 0;
      for (;;) {
        const batch = await tx
          .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, subscribedAt: newsletterSubscribers.subscribedAt })
          .from(newsletterSubscribers)
          .where(
            and(
              eq(newsletterSubscribers.companyId, companyId),
              isNull(newsletterSubscribers.unsubscribedAt),
              gt(newsletterSubscribers.id, after),
            ),
          )
          .orderBy(asc(newsletterSubscribers.id))
          .limit(SEND_BATCH);
        if (batch.length === 0) break;
        const jobs = batch.map((row) => {
          const token = links.tokenFor({ id: row.id, companyId, subscribedAt: row.subscribedAt });
          const mail: Mail = {
            mailId: randomUUID(),
            companyId,
            to: row.email,
            ...newsletterMail(companyName, input.subject, input.body, unsubscribeLink(siteAddress, token)),
            // RFC 8058: mail programs offer "unsubscribe" and POST to the API behind the same link.
            listUnsubscribe: oneClickLink(siteAddress, token),
          };
          return {
            name: mailSpec.name,
            data: mail,
            singletonKey: mailSpec.keyOf(mail),
            retryLimit: mailSpec.retryLimit,
            retryDelay: mailSpec.retryDelay,
            retryBackoff: mailSpec.retryBackoff,
          };
        });
        await queue.boss.insert(jobs, { db: { executeSql: sqlOf(tx) } });
        total += batch.length;
        after = batch.at(-1)!.id;
        if (batch.length < SEND_BATCH) break;
      }
      if (total === 0) throw new AppError('conflict', 409, m.noActiveSubscribers);
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'content.newsletter.send',
        targetType: 'newsletter',
        targetId: companyId,
        after: { subject: input.subject, bodyLength: input.body.length, queued: total, site: siteAddress },
      });
      return total;
    });
    return queued;
  }

  return { page, exportCsv, send };
}

export type AdminNewsletterService = ReturnType<typeof createAdminNewsletterService>;
