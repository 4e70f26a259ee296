import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import { customerManageMessages as texts } from '@mawingu/contracts/admin/customers-manage';
import { isLanguage } from '@mawingu/contracts/languages';
import type { Db } from '../../../db/client.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { closeAccount } from '../../identity/index.ts';
import { setVmBlocked, type VmOperatorActions } from '../../machines/index.ts';
import type { MailService } from '../../platform/index.ts';
import { accountMail } from './account-mails.ts';
import type { CustomerAdminService } from './service.ts';

export type AccountClosureDeps = {
  db: Db;
  operatorActions: VmOperatorActions;
  mail: MailService;
  customers: Pick<CustomerAdminService, 'customerOf' | 'profileOf' | 'openOrderIdsOf' | 'liveVmIdsOf'>;
};

/**
 * Closing a customer's account at their request (issue 17, point 2; ADR 0114), in one transaction:
 * the customer's e-mail typed again as the confirmation; refused while an order is open (a payment
 * may still land, or a purchase is not delivered). identity marks the account closed and ends every
 * session; the running VMs are powered off through the customer's shutdown job and every VM is
 * blocked (no action, no renewal, no expiry reminder); audited (customer.close) and mailed.
 */
export function createAccountClosure({ db, operatorActions, mail, customers }: AccountClosureDeps) {
  return async function close(
    companyId: number,
    customerId: number,
    actor: Operator,
    input: { confirm: string; reason: string },
  ): Promise<{ profile: CustomerProfile; stoppingVms: string[] }> {
    return db.transaction(async (tx) => {
      const customer = await customers.customerOf(companyId, customerId, tx); // 404 when not this company's
      if (customer.closedAt) throw AppError.conflict(texts.alreadyClosed);
      if (input.confirm.toLowerCase() !== customer.email.toLowerCase()) {
        throw AppError.badRequest(texts.closeConfirmMismatch, { confirm: texts.closeConfirmMismatch });
      }
      const open = await customers.openOrderIdsOf(companyId, customerId, tx);
      if (open.length > 0) throw AppError.conflict(texts.closeOpenOrders(open));

      const closed = await closeAccount(tx, companyId, customerId, input.reason);
      if (!closed) throw AppError.conflict(texts.alreadyClosed);
      const { stopping, busy } = await operatorActions.powerOffCustomer(tx, companyId, customerId);
      const blocked: number[] = [];
      for (const vmId of await customers.liveVmIdsOf(companyId, customerId, tx)) {
        if (await setVmBlocked(tx, companyId, vmId, true)) blocked.push(vmId);
      }
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'customer.close',
        targetType: 'customer',
        targetId: customerId,
        before: { closed: false, email: closed.email },
        after: {
          closed: true,
          email: closed.email,
          vmsPoweredOff: stopping.map((v) => v.id),
          vmsBusy: busy.map((v) => v.id),
          vmsBlocked: blocked,
        },
        reason: input.reason,
      });
      const language = isLanguage(closed.language) ? closed.language : 'en';
      await mail.enqueue(
        { companyId, to: closed.email, language, ...accountMail(closed.firstName, { kind: 'closed' }, language) },
        { db: sqlOf(tx) },
      );
      const profile = customers.profileOf(await customers.customerOf(companyId, customerId, tx));
      return { profile, stoppingVms: stopping.map((v) => v.name) };
    });
  };
}
