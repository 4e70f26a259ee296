import { customerPrivacyMessages as texts, erasedEmailOf, isErasedEmail } from '@mawingu/contracts/admin/customer-privacy';
import { fill } from '@mawingu/contracts/messages';
import type { Db } from '../../../../db/client.ts';
import { AppError } from '../../../../http/app-error.ts';
import { recordAudit } from '../../../../console/audit.ts';
import { exportFilename } from '../../../../console/export-filename.ts';
import type { Operator } from '../../../../console/operator-guard.ts';
import { eraseSavedOf } from '../../../catalogue/index.ts';
import { eraseContentOf } from '../../../content/index.ts';
import { erasePersonalIdentity, type SupportSessions } from '../../../identity/index.ts';
import { eraseMachinesOf, undeletedVmNamesOf } from '../../../machines/index.ts';
import { redactAuditValues } from '../../../operators/index.ts';
import { customerOrderIdsOf } from '../../../orders/index.ts';
import { eraseOutboxMailsTo } from '../../../platform/index.ts';
import { eraseTicketTexts } from '../../../support/index.ts';
import { siteAddressOf, type FileService } from '../../../tenant/index.ts';
import type { CustomerAdminService } from '../service.ts';
import { eraseNotesOf, gatherPersonalData, personalDataCsv } from './personal-data.ts';

export type CustomerPrivacyDeps = {
  db: Db;
  customers: Pick<CustomerAdminService, 'customerOf'>;
  supportSessions: SupportSessions;
  files: Pick<FileService, 'remove'>;
};

/**
 * A customer's support session and personal data from the console (issue 17, point 2): "log in
 * as" with the operator's consent reason (ADR 0118); the export and the erasure on request
 * (POPIA, Kenya DPA; ADR 0119). Each is the company's own customer's only (404 otherwise), audited.
 */
export function createCustomerPrivacy({ db, customers, supportSessions, files }: CustomerPrivacyDeps) {
  async function startSupportSession(actor: Operator, companyId: number, customerId: number, reason: string) {
    const site = await siteAddressOf(db, companyId);
    return db.transaction(async (tx) => {
      const customer = await customers.customerOf(companyId, customerId, tx as unknown as Db);
      if (isErasedEmail(customer.email)) throw AppError.conflict(texts.supportErased);
      if (customer.closedAt) throw AppError.conflict(texts.supportClosed);
      if (customer.suspendedAt) throw AppError.conflict(texts.supportSuspended);
      if (!site) throw AppError.conflict(texts.noSite);
      const opened = await supportSessions.open(tx as unknown as Db, {
        companyId,
        customerId,
        operator: { operatorId: actor.operatorId, email: actor.email, name: actor.name },
        reason,
      });
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'customer.support-session.start',
        targetType: 'customer',
        targetId: customerId,
        after: { supportSessionId: opened.id, expiresAt: opened.expiresAt.toISOString() },
        reason,
      });
      return {
        // After "#": browsers never send a fragment to a server, so no access log or Referer keeps the handoff.
        url: `${site}/support-session#${opened.handoff}`,
        handoffExpiresAt: opened.handoffExpiresAt.toISOString(),
        expiresAt: opened.expiresAt.toISOString(),
      };
    });
  }

  /** The export as a download: JSON or one flat CSV; audited (customer.export, with the format). */
  async function exportData(actor: Operator, companyId: number, customerId: number, format: 'json' | 'csv') {
    const customer = await customers.customerOf(companyId, customerId);
    const data = await gatherPersonalData(db, companyId, customerId, customer.email);
    await recordAudit(db, { actor, companyId, action: 'customer.export', targetType: 'customer', targetId: customerId, after: { format } });
    const filename = (await exportFilename(db, companyId, `customer-${customerId}-personal-data`)).replace(/\.csv$/, `.${format}`);
    return { filename, body: format === 'json' ? JSON.stringify(data, null, 2) : personalDataCsv(data) };
  }

  /**
   * Erases the customer's personal data in one transaction (nothing half-written on failure): only
   * after the e-mail is typed again, never while a VM is not deleted or an order is open. Invoices
   * and credit notes, payments and the VM and order rows are kept (tax records, ADR 0119).
   */
  async function erase(actor: Operator, companyId: number, customerId: number, confirm: string) {
    const removable = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const customer = await customers.customerOf(companyId, customerId, tx);
      if (isErasedEmail(customer.email)) throw AppError.conflict(texts.alreadyErased);
      if (confirm.trim().toLowerCase() !== customer.email.toLowerCase())
        throw AppError.badRequest(texts.confirmMismatch, { confirm: texts.confirmMismatch });
      const vmNames = await undeletedVmNamesOf(tx, companyId, customerId);
      if (vmNames.length > 0) throw AppError.conflict(fill(texts.eraseRefusedVms, { names: vmNames.join(', ') }));
      const orderIds = await customerOrderIdsOf(tx, companyId, customerId);
      if (orderIds.open.length > 0)
        throw AppError.conflict(fill(texts.eraseRefusedOrders, { orders: orderIds.open.map((id) => `#${id}`).join(', ') }));

      const email = erasedEmailOf(customerId);
      const before = await erasePersonalIdentity(tx, companyId, customerId, email);
      const attachments = await eraseTicketTexts(tx, companyId, customerId);
      await eraseContentOf(tx, companyId, customer.email);
      await eraseSavedOf(tx, companyId, customerId);
      await eraseMachinesOf(tx, companyId, customerId, orderIds.all);
      await eraseNotesOf(tx, companyId, customerId);
      await eraseOutboxMailsTo(tx, companyId, customer.email);
      await redactAuditValues(tx, companyId, {
        customerId,
        email: customer.email,
        values: [
          `${customer.firstName} ${customer.lastName}`,
          customer.contactNo,
          `${customer.countryCode} ${customer.contactNo}`,
          customer.address,
        ],
      });
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'customer.erase',
        targetType: 'customer',
        targetId: customerId,
        after: { email, ticketAttachments: attachments.length },
      });
      return [...(before?.imageFileId ? [before.imageFileId] : []), ...attachments];
    });
    // The files' bytes after the commit: a failure leaves an unlinked blob, never a half erasure.
    for (const id of removable) await files.remove(id).catch(() => undefined);
    return { customerId, email: erasedEmailOf(customerId), erasedAt: new Date().toISOString() };
  }

  return { startSupportSession, exportData, erase };
}

export type CustomerPrivacy = ReturnType<typeof createCustomerPrivacy>;
