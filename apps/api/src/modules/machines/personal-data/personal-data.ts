import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cloudAccounts, customerSshKeys, orderSshKeys, vms } from '../../../db/schema.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The customer's VMs (as sold and run; never a password), their SSH keys and cloud logins (user names only). */
export async function machinesPersonalData(db: Db, companyId: number, customerId: number) {
  const [machines, keys, logins] = await Promise.all([
    db
      .select()
      .from(vms)
      .where(and(eq(vms.companyId, companyId), eq(vms.customerId, customerId)))
      .orderBy(asc(vms.createdAt)),
    db
      .select()
      .from(customerSshKeys)
      .where(and(eq(customerSshKeys.companyId, companyId), eq(customerSshKeys.customerId, customerId))),
    db
      .select({ provider: cloudAccounts.provider, username: cloudAccounts.username, createdAt: cloudAccounts.createdAt })
      .from(cloudAccounts)
      .where(and(eq(cloudAccounts.companyId, companyId), eq(cloudAccounts.customerId, customerId))),
  ]);
  return {
    virtualMachines: machines.map((v) => ({
      id: v.id,
      name: v.name,
      alias: v.alias,
      os: v.os,
      state: v.state,
      cpu: v.cpu,
      ramGb: v.ramGb,
      diskGb: v.diskGb,
      address: v.address,
      loginUser: v.loginUser,
      startAt: iso(v.startAt),
      endAt: iso(v.endAt),
      deletedAt: iso(v.deletedAt),
      createdAt: iso(v.createdAt),
    })),
    sshKeys: keys.map((k) => ({ name: k.name, type: k.type, fingerprint: k.fingerprint, createdAt: iso(k.createdAt) })),
    cloudLogins: logins.map((l) => ({ provider: l.provider, username: l.username, createdAt: iso(l.createdAt) })),
  };
}

/** The customer's VMs that are not deleted: an erasure waits until they are terminated. */
export async function undeletedVmNamesOf(db: Pick<Db, 'select'>, companyId: number, customerId: number): Promise<string[]> {
  const rows = await db
    .select({ name: vms.name })
    .from(vms)
    .where(and(eq(vms.companyId, companyId), eq(vms.customerId, customerId), ne(vms.state, 'deleted')))
    .orderBy(asc(vms.name));
  return rows.map((r) => r.name);
}

/**
 * Inside the caller's transaction (every VM already deleted): SSH keys (the account's and those
 * copied onto orders), cloud logins and the VMs' alias, login user and sealed password are removed;
 * the VM rows stay as the record of what was sold.
 */
export async function eraseMachinesOf(tx: Db, companyId: number, customerId: number, orderIds: number[]): Promise<void> {
  await tx.delete(customerSshKeys).where(and(eq(customerSshKeys.companyId, companyId), eq(customerSshKeys.customerId, customerId)));
  await tx.delete(cloudAccounts).where(and(eq(cloudAccounts.companyId, companyId), eq(cloudAccounts.customerId, customerId)));
  for (const orderId of orderIds) await tx.delete(orderSshKeys).where(eq(orderSshKeys.orderId, orderId));
  await tx
    .update(vms)
    .set({ alias: null, loginUser: null, passwordSealed: null })
    .where(and(eq(vms.companyId, companyId), eq(vms.customerId, customerId)));
}
