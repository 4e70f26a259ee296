import { z } from 'zod';
import { envelope } from './envelope.ts';
import { chargedPayment } from './invoices.ts';
import { messages } from './messages.ts';
import { ALIAS_MAX_LENGTH } from './vm-name.ts';

/**
 * The account page's VM area (issue 6 points 2, 7, 8 and 10): the Backups, Archived and Renewals
 * lists and the actions on a VM, a clone or a snapshot. Field names are the purchasing spec's
 * (section 3 "VM identifiers", "Clone/snapshot entry", "Archived VM", "Public IP assignment").
 * Hypervisor and network work is queued as a job: a 200 means "accepted", the lists show the result
 * (`pendingAction` says what is under way).
 */

const flag = z.union([z.literal(0), z.literal(1)]);
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
/** A hypervisor id (virDomainUUID, cloneVMUUID, …) as the lists gave it. */
const uuid = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(200, `${field} is too long`);
/** The spec sends the provider with every call; the server trusts its own record, so it is only checked for shape. */
const provider = z.string({ error: 'provider is required' }).trim().max(100, 'provider is too long').optional();

/** What a job is doing to a VM or a backup; null when nothing is under way. */
export const pendingAction = z.string().nullable();
export const publicIpState = z.enum(['pending', 'active', 'failed']);
export type PublicIpState = z.infer<typeof publicIpState>;

// ---------------------------------------------------------------- lists (GET)

/** GET /api/virtualMachine/getUserBackups: the spec's "Clone/snapshot entry", newest first; deleted ones left out. */
export const userBackup = z.object({
  /** The backup's id (ours: the spec's entry has none, the SPA keys rows by it). */
  ID: z.number().int(),
  /** The VM it was taken of. */
  vmName: z.string(),
  cloneParentID: z.number().int(),
  isCloneOrSnapshot: z.enum(['Clone', 'Snapshot']),
  cloneCPU_Count: z.number().int(),
  cloneRAM_Count: z.number().int(),
  cloneDisk_Count: z.number().int(),
  /** Clones only: how many periods it is kept, and the period (daily | weekly | monthly). */
  cloneDuration: z.number().int().nullable(),
  cloneType: z.string().nullable(),
  /** The hypervisor's id of the copy (the spec's cloneVMUUID / SnapshotVMUUID), null while it is made. */
  cloneUUID: z.string().nullable(),
  serviceCategory: z.string(),
  /** 1 once a VM was restored from it. */
  isRestoredVM: flag,
  backupStatus: z.enum(['creating', 'ready', 'failed', 'restored']),
  pendingAction,
  createdDate: z.string(),
});
export type UserBackup = z.infer<typeof userBackup>;
export const getUserBackupsResponse = envelope(z.array(userBackup));

/** GET /api/virtualMachine/getArchivedVMs: the spec's "Archived VM", most recently archived first. */
export const archivedVm = z.object({
  ID: z.number().int(),
  vmName: z.string(),
  operatingSystem: z.string(),
  cpu_Count: z.number().int(),
  ram_Count: z.number().int(),
  disk_Count: z.number().int(),
  createdUUID: z.string().nullable(),
  serviceCategory: z.string(),
  isBlocked: flag,
  pendingAction,
  archivedDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type ArchivedVm = z.infer<typeof archivedVm>;
export const getArchivedVMsResponse = envelope(z.array(archivedVm));

/** GET /api/virtualMachine/getRenewals: the Renewals tab, paid renewals (kinds 3 and 5) newest first, one row per VM renewed. */
export const renewalRow = z.object({
  orderID: z.number().int(),
  vmID: z.number().int(),
  vmName: z.string(),
  /** The alias the customer gave the VM, null when none. */
  aliasName: z.string().nullable(),
  daysAdded: z.number().int(),
  /** When the renewal was paid (ISO). */
  renewedOn: z.string(),
  /** The VM's current end date (ISO), null if it has none. */
  newEndDate: z.string().nullable(),
  currencyCode: z.string(),
  /** This VM's share of the order, a decimal string with 2 places. */
  amount: z.string(),
  /** Paid in another currency (PayPal's USD for rands): this VM's share of the charge and the rate; else null. */
  charged: chargedPayment.nullable(),
});
export type RenewalRow = z.infer<typeof renewalRow>;
export const getRenewalsResponse = envelope(z.array(renewalRow));

/** GET /api/allowIP/getMaintenanceFlag: the company's Meraki maintenance flag. */
export const maintenanceFlag = z.object({ runMerakiScript: flag });
export const getMaintenanceFlagResponse = envelope(maintenanceFlag);

// ---------------------------------------------------------------- actions (POST)

/** A job accepted for a VM or a backup: `ID` is what it acts on, `pendingAction` what it now shows. */
export const queuedAction = z.object({ ID: z.number().int(), pendingAction });
export type QueuedAction = z.infer<typeof queuedAction>;
export const queuedActionResponse = envelope(queuedAction);

/** POST /api/vmAction/startVirtualMachine (stopped only), shutdownVirtualMachine (running only), deleteVirtualMachine (stopped, expired or failed; 400 vmMustBeShutOff while running). */
export const vmPowerRequest = z.object({ provider, virDomainUUID: uuid('virDomainUUID') });
export type VmPowerRequest = z.infer<typeof vmPowerRequest>;
export const startVirtualMachineRequest = vmPowerRequest;
export const shutdownVirtualMachineRequest = vmPowerRequest;
export const deleteVirtualMachineRequest = vmPowerRequest;

/** POST /api/vmAction/deleteCloneVirtualMachine. */
export const deleteCloneVirtualMachineRequest = z.object({ provider, cloneVMUUID: uuid('cloneVMUUID') });
export type DeleteCloneVirtualMachineRequest = z.infer<typeof deleteCloneVirtualMachineRequest>;
/** POST /api/vmAction/deleteSnapshot (the spec's capital S). */
export const deleteSnapshotRequest = z.object({ provider, SnapshotVMUUID: uuid('SnapshotVMUUID') });
export type DeleteSnapshotRequest = z.infer<typeof deleteSnapshotRequest>;

/** POST /api/vmAction/viewVM: `ID` is the VM's id, checked against virDomainUUID. */
export const viewVmRequest = z.object({ provider, virDomainUUID: uuid('virDomainUUID'), ID: id(messages.vmNotFound) });
export type ViewVmRequest = z.infer<typeof viewVmRequest>;
/** POST /api/vmAction/viewCloneVM: virDomainUUID is a VM restored from a clone, or the clone's own cloneUUID (then its restored VM). */
export const viewCloneVmRequest = z.object({ provider, virDomainUUID: uuid('virDomainUUID') });
export type ViewCloneVmRequest = z.infer<typeof viewCloneVmRequest>;

/**
 * The spec's "VM view response", to the VM's owner only (ADR 0100, replacing 0064's nulls): `user`,
 * `password` and `cloudServiceUrl` are the customer's own login to the cloud's self-service portal
 * once registered (registerUserOpenNebula), else null; the hypervisor's own addresses and
 * credentials stay null. consoleUrl is a short-lived console address. Ours besides: the machine's
 * address and login, its password only the first time it is viewed (`passwordShown` after that:
 * reset it to see a new one), the SSH keys it was given.
 */
export const vmView = z.object({
  user: z.string().nullable(),
  password: z.string().nullable(),
  provider: z.string(),
  apiUrl: z.null(),
  systemUrl: z.null(),
  consoleUrl: z.string().nullable(),
  cloudServiceUrl: z.string().nullable(),
  address: z.string().nullable(),
  loginUser: z.string().nullable(),
  loginPassword: z.string().nullable(),
  passwordShown: z.boolean(),
  /** Whether a password reset is possible on this machine's platform. */
  passwordResettable: z.boolean(),
  sshKeys: z.array(z.object({ name: z.string(), fingerprint: z.string() })),
  /** Whether the machine's cloud has a self-service portal to register for (OpenNebula, NodeWeaver). */
  cloudLoginAvailable: z.boolean(),
});
export type VmView = z.infer<typeof vmView>;
export const viewVmResponse = envelope(vmView);

/** POST /api/virtualMachine/restoreCloneVM → queuedAction with the backup's ID ('restoring'). */
export const restoreCloneVmRequest = z.object({ provider, cloneVmUUID: uuid('cloneVmUUID') });
export type RestoreCloneVmRequest = z.infer<typeof restoreCloneVmRequest>;
/** POST /api/virtualMachine/restoreArchiveVM → queuedAction with the VM's ID ('restoring'). */
export const restoreArchiveVmRequest = z.object({ provider, virtualMachineUUID: uuid('virtualMachineUUID') });
export type RestoreArchiveVmRequest = z.infer<typeof restoreArchiveVmRequest>;

/** No control characters (line breaks, NUL…): these names are shown on one line. */
const isPlainText = (v: string) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** POST /api/virtualMachine/addAliasName: trimmed, at most 50 characters; empty clears it. */
export const addAliasNameRequest = z.object({
  aliasName: z
    .string({ error: messages.aliasNameInvalid })
    .trim()
    .max(ALIAS_MAX_LENGTH, messages.aliasNameTooLong)
    .refine(isPlainText, messages.aliasNameInvalid),
  productID: id(messages.vmNotFound),
});
export type AddAliasNameRequest = z.infer<typeof addAliasNameRequest>;
export const aliasNameResult = z.object({ ID: z.number().int(), aliasName: z.string().nullable() });
export const addAliasNameResponse = envelope(aliasNameResult);

// ---------------------------------------------------------------- public IP

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** One port (1–65535) or a range "a-b" with a ≤ b. */
export function isPortOrRange(entry: string): boolean {
  const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(entry);
  if (!m) return false;
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  return a >= 1 && b <= 65535 && a <= b;
}

/** The port list as the spec's form sends it: "80,443" or ["80","443"]; trimmed, empty entries dropped. */
export function portList(value: unknown): string[] {
  const parts = Array.isArray(value)
    ? value.flatMap((v) => String(v).split(','))
    : typeof value === 'string' || typeof value === 'number'
      ? String(value).split(',')
      : [];
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

const ports = (required: string | null) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: messages.portsInvalid })
    .nullable()
    .optional()
    .transform(portList)
    .refine((list) => required === null || list.length > 0, required ?? '')
    .refine((list) => list.every(isPortOrRange), messages.portsInvalid)
    .refine((list) => list.length <= 50, messages.portsTooMany);

/** POST /api/allowIP/assignPublicIP (spec "Public IP assignment"); validation texts are the spec's. */
export const assignPublicIpRequest = z.object({
  lanIP: z.string({ error: messages.lanIpRequired }).trim().min(1, messages.lanIpRequired).regex(IPV4, messages.lanIpInvalid),
  hostName: z
    .string({ error: messages.hostNameRequired })
    .trim()
    .min(1, messages.hostNameRequired)
    .max(100, messages.hostNameTooLong)
    .refine(isPlainText, messages.hostNameInvalid),
  tcpPort: ports(messages.tcpPortsRequired),
  udpPort: ports(null),
  productID: id(messages.vmNotFound),
});
export type AssignPublicIpRequest = z.input<typeof assignPublicIpRequest>;
export type AssignPublicIp = z.output<typeof assignPublicIpRequest>;
export const assignedPublicIp = z.object({ ID: z.number().int(), publicIpState, ciscoMerakiIP: z.string().nullable() });
export const assignPublicIpResponse = envelope(assignedPublicIp);
