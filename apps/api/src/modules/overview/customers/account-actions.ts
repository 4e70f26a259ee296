import type { CustomerStatus } from '@mawingu/contracts/admin/customers';
import { customerAdminMessages as texts } from '@mawingu/contracts/admin/customers';
import { isLanguage } from '@mawingu/contracts/languages';
import type { Db } from '../../../db/client.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { reactivateAccount, suspendAccount } from '../../identity/index.ts';
import type { VmOperatorActions } from '../../machines/index.ts';
import type { MailService } from '../../platform/index.ts';
import { accountMail, type AccountChange } from './account-mails.ts';
import type { CustomerAdminService } from './service.ts';
import { refuseClosed } from './manage-actions.ts';

export type AccountActionDeps = {
  db: Db;
  /** identity's "send a password link" (the customer's own forgotten-password mail). */
  mailPasswordLink: (companyId: number, customerId: number) => Promise<'sent' | 'no-site' | 'capped'>;
  operatorActions: VmOperatorActions;
  mail: MailService;
  customers: Pick<CustomerAdminService, 'customerOf' | 'profileOf'>;
};

/**
 * The operator's suspension of a customer's account (issue 17, point 2), one transaction each:
 * identity's own write (the account marked, every session ended), the running VMs powered off by
 * the customer's shutdown job (machines'), the audit entry and the mail, all or nothing.
 */
export function createAccountActions({ db, operatorActions, mail, customers, mailPasswordLink }: AccountActionDeps) {
  async function tell(tx: Db, companyId: number, to: { email: string; firstName: string; language: string }, change: AccountChange) {
    const language = isLanguage(to.language) ? to.language : 'en';
    await mail.enqueue({ companyId, to: to.email, ...accountMail(to.firstName, change, language) }, { db: sqlOf(tx) });
  }

  async function suspend(companyId: number, customerId: number, actor: Operator, reason: string): Promise<CustomerStatus> {
    return db.transaction(async (tx) => {
      refuseClosed(await customers.customerOf(companyId, customerId, tx));
      const changed = await suspendAccount(tx, companyId, customerId, reason);
      if (!changed) {
        await customers.customerOf(companyId, customerId, tx); // 404 when not this company's
        throw AppError.conflict(texts.customerAlreadySuspended);
      }
      const { stopping, busy } = await operatorActions.powerOffCustomer(tx, companyId, customerId);
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'customer.suspend',
        targetType: 'customer',
        targetId: customerId,
        before: { suspended: false, email: changed.email },
        after: { suspended: true, email: changed.email, vmsPoweredOff: stopping.map((v) => v.id), vmsBusy: busy.map((v) => v.id) },
        reason,
      });
      await tell(tx, companyId, changed, { kind: 'suspended', reason });
      const profile = customers.profileOf(await customers.customerOf(companyId, customerId, tx));
      return { profile, stoppingVms: stopping.map((v) => v.name), busyVms: busy.map((v) => v.name) };
    });
  }

  async function reactivate(companyId: number, customerId: number, actor: Operator, reason: string | undefined): Promise<CustomerStatus> {
    return db.transaction(async (tx) => {
      const changed = await reactivateAccount(tx, companyId, customerId);
      if (!changed) {
        await customers.customerOf(companyId, customerId, tx);
        throw AppError.conflict(texts.customerNotSuspended);
      }
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'customer.reactivate',
        targetType: 'customer',
        targetId: customerId,
        before: { suspended: true, email: changed.email },
        after: { suspended: false, email: changed.email },
        ...(reason ? { reason } : {}),
      });
      await tell(tx, companyId, changed, { kind: 'reactivated' });
      const profile = customers.profileOf(await customers.customerOf(companyId, customerId, tx));
      return { profile, stoppingVms: [], busyVms: [] };
    });
  }

  /** The customer's own password-reset mail, sent for them (a support call); audited once sent. */
  async function sendPasswordLink(companyId: number, customerId: number, actor: Operator): Promise<{ sent: boolean }> {
    const customer = await customers.customerOf(companyId, customerId); // 404 when not this company's
    refuseClosed(customer);
    const outcome = await mailPasswordLink(companyId, customerId);
    if (outcome === 'no-site') throw AppError.conflict(texts.noSiteForLink);
    // The customer's own cap (3 links an hour) holds for operators too; say so rather than claim "sent".
    if (outcome === 'capped') throw new AppError('rate_limited', 429, texts.passwordLinkCapped);
    await recordAudit(db, {
      actor,
      companyId,
      action: 'customer.password-link',
      targetType: 'customer',
      targetId: customerId,
      after: { email: customer.email },
    });
    return { sent: true };
  }

  return { suspend, reactivate, sendPasswordLink };
}
