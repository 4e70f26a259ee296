import { and, desc, eq } from 'drizzle-orm';
import {
  customerCareMessages as texts,
  type CustomerMailInput,
  type CustomerNoteInput,
  type CustomerNotesReply,
} from '@mawingu/contracts/admin/customer-care';
import { isLanguage } from '@mawingu/contracts/languages';
import type { Db } from '../../../../db/client.ts';
import { customerNotes } from '../../../../db/schema.ts';
import { sqlOf } from '../../../../db/transaction-sql.ts';
import { AppError } from '../../../../http/app-error.ts';
import { auditedSince, recordAudit } from '../../../../console/audit.ts';
import type { Operator } from '../../../../console/operator-guard.ts';
import type { MailService } from '../../../platform/index.ts';
import type { CustomerAdminService } from '../service.ts';
import { refuseClosed } from '../manage-actions.ts';

export type CustomerCareDeps = {
  db: Db;
  mail: MailService;
  customers: Pick<CustomerAdminService, 'customerOf'>;
};

/** Console mails to one customer within an hour: enough for a support conversation, not for a campaign. */
const MAILS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/**
 * Operators' internal notes on a customer and mails written to them (issue 17, point 2). Both are
 * the company's own customer's only (404 otherwise) and audited; a note never reaches the customer.
 */
export function createCustomerCare({ db, mail, customers }: CustomerCareDeps) {
  async function notes(companyId: number, customerId: number): Promise<CustomerNotesReply> {
    await customers.customerOf(companyId, customerId);
    const rows = await db
      .select()
      .from(customerNotes)
      .where(and(eq(customerNotes.companyId, companyId), eq(customerNotes.customerId, customerId)))
      .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
    return { notes: rows.map((r) => ({ id: r.id, body: r.body, authorName: r.authorName, createdAt: r.createdAt.toISOString() })) };
  }

  async function addNote(actor: Operator, companyId: number, customerId: number, input: CustomerNoteInput): Promise<CustomerNotesReply> {
    await db.transaction(async (tx) => {
      await customers.customerOf(companyId, customerId, tx as unknown as Db);
      const [row] = await tx
        .insert(customerNotes)
        .values({ companyId, customerId, operatorId: actor.operatorId, authorName: actor.name, body: input.body })
        .returning({ id: customerNotes.id });
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'customer.note',
        targetType: 'customer',
        targetId: customerId,
        after: { noteId: row!.id },
      });
    });
    return notes(companyId, customerId);
  }

  /** The operator's words in the company's branded frame, in the customer's language; the audit keeps the subject only. */
  async function mailCustomer(actor: Operator, companyId: number, customerId: number, input: CustomerMailInput) {
    return db.transaction(async (tx) => {
      const customer = await customers.customerOf(companyId, customerId, tx as unknown as Db);
      refuseClosed(customer); // a closed account is a record, not a correspondent (ADR 0114)
      const since = new Date(Date.now() - HOUR_MS);
      if ((await auditedSince(tx, { companyId, action: 'customer.mail', targetId: customerId, since })) >= MAILS_PER_HOUR)
        throw new AppError('rate_limited', 429, texts.mailCapped);
      await mail.enqueue(
        {
          companyId,
          to: customer.email,
          subject: input.subject,
          text: input.body,
          language: isLanguage(customer.language) ? customer.language : 'en',
        },
        { db: sqlOf(tx) },
      );
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'customer.mail',
        targetType: 'customer',
        targetId: customerId,
        after: { to: customer.email, subject: input.subject },
      });
      return { to: customer.email };
    });
  }

  return { notes, addNote, mailCustomer };
}

export type CustomerCare = ReturnType<typeof createCustomerCare>;
