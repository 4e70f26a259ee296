import type { AdminVm } from '@mawingu/contracts/admin/customers';
import { customerAdminMessages as texts } from '@mawingu/contracts/admin/customers';
import { fill, messages } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { createCustomerAccounts, type NotificationService } from '../../identity/index.ts';
import type { OperatorRefusal, VmOperatorActions } from '../../machines/index.ts';
import type { MailService } from '../../platform/index.ts';
import { vmServiceMail, type VmServiceChange } from './vm-service-mails.ts';

export type VmServiceDeps = {
  db: Db;
  operatorActions: VmOperatorActions;
  notifications: NotificationService;
  mail: MailService;
  /** The VM as the console shows it, read in the same transaction. */
  vmOf: (companyId: number, vmId: number, executor: Db) => Promise<AdminVm>;
};

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The operator's control of a customer's VM (issue 17, point 3): suspend, unsuspend, terminate,
 * extend. Each is one transaction: machines' own write (and the customer's own vm-action job when
 * the hypervisor must act), the audit entry, the bell notice and the mail, all or nothing.
 */
export function createVmServiceActions({ db, operatorActions, notifications, mail, vmOf }: VmServiceDeps) {
  /** The bell and the mail in the customer's language, inside `tx`. */
  async function tell(tx: Db, companyId: number, customerId: number, vmName: string, change: VmServiceChange) {
    const notice =
      change.kind === 'suspended'
        ? fill(messages.vmSuspendedNotice, { name: vmName, reason: change.reason })
        : change.kind === 'unsuspended'
          ? fill(messages.vmUnsuspendedNotice, { name: vmName })
          : change.kind === 'terminated'
            ? fill(messages.vmTerminatedNotice, { name: vmName })
            : fill(messages.vmExtendedNotice, { name: vmName, days: String(change.days), date: day(change.endAt), reason: change.reason });
    await notifications.notify(companyId, customerId, notice, tx, { to: 'products' });
    // Read in the transaction (PGlite has one connection: a read beside it would wait for it).
    const account = await createCustomerAccounts(tx).byId(companyId, customerId);
    if (!account) return;
    const written = vmServiceMail(account.firstName, vmName, change, account.language);
    await mail.enqueue({ companyId, to: account.email, ...written }, { db: sqlOf(tx) });
  }

  function refuse(why: OperatorRefusal, conflicts: Partial<Record<OperatorRefusal, string>>): never {
    if (why === 'not-found') throw AppError.notFound(texts.vmNotFound);
    throw AppError.conflict(conflicts[why] ?? texts.terminateBusy);
  }

  async function suspend(companyId: number, vmId: number, actor: Operator, reason: string): Promise<AdminVm> {
    return db.transaction(async (tx) => {
      const done = await operatorActions.suspend(tx, companyId, vmId, reason);
      if (!done.ok) refuse(done.why, { busy: texts.suspendBusy, already: texts.alreadySuspended });
      const { vm } = done;
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'vm.suspend',
        targetType: 'vm',
        targetId: vm.id,
        before: { blocked: false, state: vm.state, name: vm.name, customerId: vm.customerId },
        after: { blocked: true, powerOff: done.queued === 'shutdown', name: vm.name, customerId: vm.customerId },
        reason,
      });
      await tell(tx, companyId, vm.customerId, vm.name, { kind: 'suspended', reason });
      return vmOf(companyId, vm.id, tx);
    });
  }

  async function unsuspend(companyId: number, vmId: number, actor: Operator, reason: string | undefined): Promise<AdminVm> {
    return db.transaction(async (tx) => {
      const done = await operatorActions.unsuspend(tx, companyId, vmId);
      if (!done.ok) refuse(done.why, { already: texts.notSuspended });
      const { vm } = done;
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'vm.unsuspend',
        targetType: 'vm',
        targetId: vm.id,
        before: { blocked: true, name: vm.name, customerId: vm.customerId },
        after: { blocked: false, name: vm.name, customerId: vm.customerId },
        ...(reason ? { reason } : {}),
      });
      await tell(tx, companyId, vm.customerId, vm.name, { kind: 'unsuspended' });
      return vmOf(companyId, vm.id, tx);
    });
  }

  /** Deletes the machine after the VM's name was typed again (`confirm`); another name is a 400 on that field. */
  async function terminate(companyId: number, vmId: number, actor: Operator, confirm: string, reason?: string): Promise<AdminVm> {
    return db.transaction(async (tx) => {
      const shown = await vmOf(companyId, vmId, tx); // 404 before anything is compared
      if (confirm !== shown.name) throw AppError.badRequest(texts.confirmMismatch, { confirm: texts.confirmMismatch });
      const done = await operatorActions.terminate(tx, companyId, vmId);
      if (!done.ok)
        refuse(done.why, { busy: texts.terminateBusy, already: texts.alreadyTerminating, 'wrong-state': texts.terminateRunning });
      const { vm } = done;
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'vm.terminate',
        targetType: 'vm',
        targetId: vm.id,
        before: { state: vm.state, name: vm.name, externalId: vm.externalId, customerId: vm.customerId },
        after: { pendingAction: 'deleting', name: vm.name, customerId: vm.customerId },
        ...(reason ? { reason } : {}),
      });
      await tell(tx, companyId, vm.customerId, vm.name, { kind: 'terminated' });
      return vmOf(companyId, vm.id, tx);
    });
  }

  async function extend(companyId: number, vmId: number, actor: Operator, days: number, reason: string): Promise<AdminVm> {
    return db.transaction(async (tx) => {
      const before = await vmOf(companyId, vmId, tx);
      const done = await operatorActions.extend(tx, companyId, vmId, days);
      if (!done.ok) refuse(done.why, { 'wrong-state': texts.extendWrongState });
      const { vm } = done;
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'vm.extend',
        targetType: 'vm',
        targetId: vm.id,
        before: { endAt: before.endAt, state: before.state, name: vm.name, customerId: vm.customerId },
        after: { endAt: vm.endAt!.toISOString(), state: vm.state, days, charged: '0.00', name: vm.name, customerId: vm.customerId },
        reason,
      });
      await tell(tx, companyId, vm.customerId, vm.name, { kind: 'extended', days, endAt: vm.endAt!, reason });
      return vmOf(companyId, vm.id, tx);
    });
  }

  return { suspend, unsuspend, terminate, extend };
}

export type VmServiceActions = ReturnType<typeof createVmServiceActions>;
