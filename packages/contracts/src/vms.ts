import { z } from 'zod';
import { envelope } from './envelope.ts';
import { VM_STATES } from './vm-state.ts';

/** Where a VM is in its life (DOMAIN.md's state machine). */
export const vmStatus = z.enum(VM_STATES);
export type VmStatus = z.infer<typeof vmStatus>;

/**
 * One VM of the account page's Products tab, with the purchasing spec's "Active VM" field names.
 * Flags are 0/1 as the spec has them. Dates are ISO 8601 instants (null while provisioning);
 * `vmStatus` is ours: the spec's list has no state, but a VM that is still being made or failed must
 * not look usable.
 */
export const activeVm = z.object({
  ID: z.number().int(),
  vmName: z.string(),
  aliasName: z.string().nullable(),
  operatingSystem: z.string(),
  cpu_Count: z.number().int(),
  ram_Count: z.number().int(),
  disk_Count: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The assigned public IP (only once active), or null. */
  ciscoMerakiIP: z.string().nullable(),
  isBlocked: z.union([z.literal(0), z.literal(1)]),
  /** Why the admin suspended it, in the operator's words; null when not blocked or no reason was given. Ours. */
  blockedReason: z.string().nullable(),
  /** 1 while the VM has a clone or snapshot being made or ready ("Clone Available": one copy at a time). */
  isClone: z.union([z.literal(0), z.literal(1)]),
  isGoldCopy: z.union([z.literal(0), z.literal(1)]),
  /** 1 while a paid renewal's period has not started yet (it cannot be renewed again then). */
  isRenewed: z.union([z.literal(0), z.literal(1)]),
  /** The hypervisor's id of the machine (the spec's virDomainUUID), null until it exists. */
  createdUUID: z.string().nullable(),
  /** The hypervisor provider that holds it (the spec's `provider` of VM calls). */
  serviceCategory: z.string(),
  vmStatus,
  /** What a queued hypervisor job is doing ('starting', 'stopping', 'deleting', …); null when nothing is. Ours. */
  pendingAction: z.string().nullable(),
  /** The public IP request's state (null: none asked); ciscoMerakiIP is set only when 'active'. Ours. */
  publicIpState: z.enum(['pending', 'active', 'failed']).nullable(),
  /** Why the public IP request failed, in words for the customer (a port in use, the network); null otherwise. Ours. */
  publicIpError: z.string().nullable(),
  /** Where to reach it: the public IP once active, else the machine's own address; null until it runs. Ours (ADR 0100). */
  address: z.string().nullable(),
  /** The machine's login user (its password is on the VM's view, shown once). Ours. */
  loginUser: z.string().nullable(),
});
export type ActiveVm = z.infer<typeof activeVm>;

/** GET /api/virtualMachine/getUserVMs: the customer's VMs of this company, newest first. */
export const getUserVMsResponse = envelope(z.array(activeVm));
