import { and, eq, isNull, sql } from 'drizzle-orm';
import { messages } from '@mawingu/contracts/messages';
import type { CloudLogin } from '@mawingu/contracts/vm-access';
import type { VmView } from '@mawingu/contracts/vm-actions';
import { isVmStateIn, REACHABLE_VM_STATES } from '@mawingu/contracts/vm-state';
import type { Db } from '../../../db/client.ts';
import { cloudAccounts, vms } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { HypervisorError, type Hypervisors } from '../../../integrations/hypervisors/hypervisor.ts';
import type { SecretBox } from '../../../integrations/secrets/secret-box.ts';
import { findCustomerVm, type CustomerVm } from '../vms/customer-vm.ts';
import { cryptPassword, generatePassword } from './machine-login.ts';
import { keysOfOrder } from './ssh-keys.ts';

type Customer = { companyId: number; customerId: number };
export type VmAccessView = Omit<VmView, 'provider' | 'apiUrl' | 'systemUrl' | 'consoleUrl'>;

const unsupported = (message: string) => new AppError('unsupported', 409, message);
const busyCloud = (err: unknown) => {
  if (err instanceof HypervisorError) return new AppError('cloud_unavailable', err.retryable ? 503 : 409, messages.consoleUnavailable);
  return err;
};

/** The cloud user's name: one per customer of one company, the same on every retry. */
export const cloudUsernameOf = (companyId: number, customerId: number) => `customer-${companyId}-${customerId}`;

/**
 * A VM's access as its owner sees it (ADR 0100): the machine's login, its password shown once and
 * resettable, and the customer's login to the cloud's self-service portal. Every call starts from
 * the customer's own VM (findCustomerVm): anyone else's is a 404.
 */
export function createVmAccessService(deps: { db: Db; hypervisors: Hypervisors; secrets: SecretBox }) {
  const { db, hypervisors, secrets } = deps;

  async function cloudAccountOf(companyId: number, customerId: number, provider: string) {
    const [account] = await db
      .select()
      .from(cloudAccounts)
      .where(and(eq(cloudAccounts.companyId, companyId), eq(cloudAccounts.customerId, customerId), eq(cloudAccounts.provider, provider)));
    return account;
  }

  /** What the VM's view adds to the console address. The password leaves the database once: the first view takes it. */
  async function viewOf(vm: CustomerVm): Promise<VmAccessView> {
    const hypervisor = hypervisors.for(vm.provider);
    const [shown] = vm.passwordSealed
      ? await db
          .update(vms)
          .set({ passwordShownAt: sql`now()` })
          .where(and(eq(vms.id, vm.id), isNull(vms.passwordShownAt)))
          .returning({ sealed: vms.passwordSealed })
      : [];
    const keys = vm.orderId === null ? [] : await keysOfOrder(db, vm.orderId);
    const account = hypervisor.cloudUsers && (await cloudAccountOf(vm.companyId, vm.customerId, hypervisor.provider));
    return {
      user: account ? account.username : null,
      password: account ? secrets.open(account.passwordSealed) : null,
      cloudServiceUrl: account && hypervisor.cloudUsers ? hypervisor.cloudUsers.portalUrl() : null,
      address: vm.address,
      loginUser: vm.loginUser,
      loginPassword: shown?.sealed ? secrets.open(shown.sealed) : null,
      passwordShown: vm.passwordSealed !== null && !shown,
      passwordResettable: Boolean(hypervisor.setAccess) && vm.loginUser !== null,
      sshKeys: keys.map(({ name, fingerprint }) => ({ name, fingerprint })),
      cloudLoginAvailable: Boolean(hypervisor.cloudUsers),
    };
  }

  /** A usable machine of the customer's: not blocked, built, idle (the same rules as the console). */
  async function usableVm(who: Customer, vmId: number): Promise<CustomerVm & { externalId: string }> {
    const vm = await findCustomerVm(db, who.companyId, who.customerId, vmId);
    if (vm.blocked) throw new AppError('vm_blocked', 403, messages.vmBlocked);
    if (vm.externalId === null || !isVmStateIn(vm.state, REACHABLE_VM_STATES)) throw new AppError('vm_not_ready', 409, messages.vmNotReady);
    return vm as CustomerVm & { externalId: string };
  }

  /** A new password at the hypervisor, then sealed on the row and returned once (it counts as shown). */
  async function resetPassword(who: Customer, vmId: number): Promise<{ loginUser: string; loginPassword: string }> {
    const vm = await usableVm(who, vmId);
    const hypervisor = hypervisors.for(vm.provider);
    if (vm.pendingAction) throw new AppError('vm_busy', 409, messages.vmBusy);
    if (!hypervisor.setAccess || !vm.loginUser) throw unsupported(messages.vmPasswordResetUnsupported);
    const password = generatePassword();
    const keys = vm.orderId === null ? [] : await keysOfOrder(db, vm.orderId);
    try {
      await hypervisor.setAccess(vm.externalId, {
        user: vm.loginUser,
        cryptedPassword: cryptPassword(password),
        sshPublicKeys: keys.map((k) => k.publicKey),
      });
    } catch (err) {
      throw busyCloud(err);
    }
    await db
      .update(vms)
      .set({ passwordSealed: secrets.seal(password), passwordShownAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(vms.id, vm.id));
    return { loginUser: vm.loginUser, loginPassword: password };
  }

  /**
   * The spec's registerUserOpenNebula: the customer becomes a user of the VM's cloud and gets the VM
   * in the portal. The row (with its sealed password) is written first, so two clicks at once agree on
   * one password; the cloud call is idempotent by name and always sets that password.
   */
  async function registerCloudUser(who: Customer, vmId: number): Promise<CloudLogin> {
    const vm = await usableVm(who, vmId);
    const hypervisor = hypervisors.for(vm.provider);
    const cloud = hypervisor.cloudUsers;
    if (!cloud) throw unsupported(messages.cloudLoginUnsupported);
    await db
      .insert(cloudAccounts)
      .values({
        companyId: who.companyId,
        customerId: who.customerId,
        provider: hypervisor.provider,
        username: cloudUsernameOf(who.companyId, who.customerId),
        passwordSealed: secrets.seal(generatePassword()),
        externalUserId: '',
      })
      .onConflictDoNothing();
    const account = (await cloudAccountOf(who.companyId, who.customerId, hypervisor.provider))!;
    const password = secrets.open(account.passwordSealed);
    try {
      const { userId } = await cloud.register({ username: account.username, password });
      if (userId !== account.externalUserId)
        await db.update(cloudAccounts).set({ externalUserId: userId }).where(eq(cloudAccounts.id, account.id));
      await cloud.grantMachine(vm.externalId, userId);
    } catch (err) {
      throw busyCloud(err);
    }
    return { user: account.username, password, cloudServiceUrl: cloud.portalUrl() };
  }

  return { viewOf, resetPassword, registerCloudUser };
}

export type VmAccessService = ReturnType<typeof createVmAccessService>;
