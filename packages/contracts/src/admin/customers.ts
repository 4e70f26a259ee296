import { z } from 'zod';
import { envelope } from '../envelope.ts';
import { vmStatus } from '../vms.ts';
import { MAX_ID } from '../ids.ts';
import { companyIdParams } from './companies.ts';

/**
 * Console: customers and VMs (issue 7, point 5). Search customers and read one (profile, VMs,
 * orders, invoices, tickets); list the company's VMs, block and unblock one, re-run a failed
 * provisioning; the jobs that failed and why. Texts are the API's own (English), shown as they come.
 */
export const customerAdminMessages = {
  exportTooLarge: 'More than 50,000 customers match: search for fewer to export them.',
  customerNotFound: 'Customer not found.',
  vmNotFound: 'Virtual machine not found.',
  invoiceNotFound: 'Invoice not found.',
  blocked: 'The virtual machine is blocked. The customer can no longer use it.',
  unblocked: 'The virtual machine is unblocked. The customer can use it again.',
  alreadyBlocked: 'The virtual machine is already blocked.',
  notBlocked: 'The virtual machine is not blocked.',
  retryQueued: 'Provisioning is queued again.',
  retryOnlyFailed: 'Only a virtual machine whose provisioning failed can be provisioned again.',
  retryNoOrder: 'This virtual machine was not bought with an order (it was restored from a clone): there is no provisioning to re-run.',
  reasonTooLong: 'The reason may have at most 500 characters.',
  queryTooLong: 'The search may have at most 200 characters.',
  pageInvalid: 'The page must be a whole number from 1.',
  pageSizeInvalid: 'The page size must be a whole number from 1 to 100.',
  stateInvalid: 'Choose one of the VM states.',
  blockedInvalid: 'Use true or false.',
  suspended: 'The virtual machine is suspended: it is being powered off and the customer sees why.',
  unsuspended: 'The virtual machine is no longer suspended. The customer can start and use it again.',
  alreadySuspended: 'The virtual machine is already suspended and powered off.',
  notSuspended: 'The virtual machine is not suspended.',
  suspendBusy: 'Another action is under way on this virtual machine. Suspend it again when it is done.',
  reasonRequired: 'Give the reason (the customer sees it).',
  terminating: 'The virtual machine is being deleted on the hypervisor.',
  alreadyTerminating: 'The virtual machine is already being deleted.',
  terminateBusy: 'Another action is under way on this virtual machine. Try again when it is done.',
  terminateRunning: 'Power the virtual machine off first (suspend it), then terminate it once it is stopped.',
  confirmMismatch: "Type the virtual machine's name exactly to confirm.",
  extended: 'The end date is extended. The customer is not charged.',
  extendWrongState: 'Only a running, stopped or expired virtual machine with an end date can be extended.',
  daysInvalid: 'The days must be a whole number from 1 to 366.',
  customerSuspended: 'The account is suspended: the customer cannot log in, and their running VMs are being powered off.',
  customerReactivated: 'The account is active again: the customer can log in.',
  customerAlreadySuspended: 'The account is already suspended.',
  customerNotSuspended: 'The account is not suspended.',
  passwordLinkSent: 'A link to set a new password is mailed to the customer (valid for one hour).',
  noSiteForLink: 'The company has no website address for the link. Add one to the company first.',
  passwordLinkCapped:
    'No link sent: this customer has had 3 password links in the last hour, the most allowed. The last one still works; try again later.',
} as const;

// ---- paging ----

const page = z.coerce
  .number({ error: customerAdminMessages.pageInvalid })
  .int(customerAdminMessages.pageInvalid)
  .min(1, customerAdminMessages.pageInvalid)
  .default(1);
const pageSize = z.coerce
  .number({ error: customerAdminMessages.pageSizeInvalid })
  .int(customerAdminMessages.pageSizeInvalid)
  .min(1, customerAdminMessages.pageSizeInvalid)
  .max(100, customerAdminMessages.pageSizeInvalid)
  .default(20);
const search = z.string().trim().max(200, customerAdminMessages.queryTooLong).optional();

/** One page of a list: `total` rows match, this is page `page` of `pageSize`. */
const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const customerParams = companyIdParams.extend({ customerId: z.coerce.number().int().positive().max(MAX_ID) });
export const vmParams = companyIdParams.extend({ vmId: z.coerce.number().int().positive().max(MAX_ID) });
export const invoiceParams = customerParams.extend({ invoiceId: z.coerce.number().int().positive().max(MAX_ID) });

// ---- customers ----

/** Search by name, e-mail, the customer's company name or phone number (any part; digits of a phone match however it is spaced). */
export const customerSearchQuery = z.object({ q: search, page, pageSize });
export type CustomerSearchQuery = z.input<typeof customerSearchQuery>;
/** The CSV export takes the search, not the page. */
export const customersExportQuery = z.object({ q: search });

export const customerListItem = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string(),
  /** Dialling code and number as the customer gave them, e.g. "+27 821234567". */
  phone: z.string(),
  region: z.string(),
  emailVerified: z.boolean(),
  /** VMs that are not deleted. */
  vmCount: z.number().int(),
  createdAt: z.string(),
});
export type CustomerListItem = z.infer<typeof customerListItem>;

export const customerListResponse = envelope(paged(customerListItem));
export type CustomerList = z.infer<typeof customerListResponse>['data'];

/** The customer's profile as the console shows it: never the password hash, codes or sessions. */
export const customerProfile = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  countryCode: z.string(),
  contactNo: z.string(),
  region: z.string(),
  companyName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postCode: z.string(),
  vatNumber: z.string(),
  /** The KRA PIN ('' for none), for invoices of a Kenyan seller (ADR 0121). */
  kraPin: z.string(),
  emailVerifiedAt: z.string().nullable(),
  /** When an operator suspended the account (no login, no session), and why; null when active. */
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  /** When an operator closed the account at the customer's request (no login, VMs stopped), and why; null while open. */
  closedAt: z.string().nullable(),
  closedReason: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerProfile = z.infer<typeof customerProfile>;

/** A VM as the console lists it (its customer's name and e-mail with it). */
export const adminVm = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  state: vmStatus,
  blocked: z.boolean(),
  customerId: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  os: z.string(),
  provider: z.string(),
  /** The hypervisor's id of the machine; null until the hypervisor accepted it. */
  externalId: z.string().nullable(),
  cpu: z.number().int(),
  ramGb: z.number().int(),
  diskGb: z.number().int(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  /** The last hypervisor error recorded on the VM (why provisioning or an action failed). */
  lastError: z.string().nullable(),
  pendingAction: z.string().nullable(),
  /** Why it is suspended, as the customer sees it; null when it is not (or was blocked without one). */
  blockedReason: z.string().nullable(),
  /** The new-VM order that bought it; null for a VM restored from a clone. */
  orderId: z.number().int().nullable(),
  /** True when "Retry provisioning" applies: failed, and bought with an order. */
  canRetry: z.boolean(),
  updatedAt: z.string(),
});
export type AdminVm = z.infer<typeof adminVm>;

export const customerOrder = z.object({
  id: z.number().int(),
  /** 1 new VM, 2 clone/snapshot, 3 renew, 4 update, 5 multi-renew. */
  kind: z.number().int(),
  status: z.string(),
  reference: z.string(),
  productName: z.string(),
  currency: z.string(),
  /** Money as the order froze it, to the cent ("1150.00"). */
  total: z.string(),
  gateway: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrder>;

export const customerInvoice = z.object({
  id: z.number().int(),
  number: z.number().int(),
  orderId: z.number().int(),
  proforma: z.boolean(),
  paymentMode: z.string(),
  currency: z.string(),
  total: z.string(),
  issuedAt: z.string(),
  /** The PDF under /api/admin (send the console session's token): the invoice as the customer has it. */
  pdfPath: z.string(),
});
export type CustomerInvoice = z.infer<typeof customerInvoice>;

export const customerTicket = z.object({
  id: z.number().int(),
  issueType: z.string(),
  status: z.string(),
  /** The first 200 characters of the description. */
  summary: z.string(),
  responses: z.number().int(),
  createdAt: z.string(),
});
export type CustomerTicket = z.infer<typeof customerTicket>;

/** Each list is the newest 100; `totals` says how many there are in all. */
export const customerDetail = z.object({
  profile: customerProfile,
  vms: z.array(adminVm),
  orders: z.array(customerOrder),
  invoices: z.array(customerInvoice),
  tickets: z.array(customerTicket),
  totals: z.object({ vms: z.number().int(), orders: z.number().int(), invoices: z.number().int(), tickets: z.number().int() }),
});
export type CustomerDetail = z.infer<typeof customerDetail>;
export const customerDetailResponse = envelope(customerDetail);

// ---- the account ----

/** Suspend an account: the reason is mailed to the customer and audited. */
export const customerSuspendRequest = z.object({
  reason: z
    .string({ error: customerAdminMessages.reasonRequired })
    .trim()
    .min(1, customerAdminMessages.reasonRequired)
    .max(500, customerAdminMessages.reasonTooLong),
});
export type CustomerSuspendRequest = z.input<typeof customerSuspendRequest>;
/** Reactivate: the reason (optional) goes to the audit log only. */
export const customerReactivateRequest = z
  .object({ reason: z.string().trim().max(500, customerAdminMessages.reasonTooLong).optional() })
  .nullish();
/** The account after the change, and the VMs a suspension is powering off (by name) or could not (busy with another action). */
export const customerStatusResponse = envelope(
  z.object({ profile: customerProfile, stoppingVms: z.array(z.string()), busyVms: z.array(z.string()) }),
);
export type CustomerStatus = z.infer<typeof customerStatusResponse>['data'];

/** The answer of "send a password link": nothing beyond the message. */
export const passwordLinkResponse = envelope(z.object({ sent: z.boolean() }));

// ---- VMs ----

const booleanText = z.enum(['true', 'false'], { error: customerAdminMessages.blockedInvalid }).transform((value) => value === 'true');

/** The company's VMs; without `state`, every one but the deleted. `q`: VM name, alias, hypervisor id, customer name or e-mail. */
export const vmListQuery = z.object({
  state: z.enum(vmStatus.options, { error: customerAdminMessages.stateInvalid }).optional(),
  blocked: booleanText.optional(),
  q: search,
  page,
  pageSize,
});
export type VmListQuery = z.input<typeof vmListQuery>;
export const vmListResponse = envelope(paged(adminVm));
export type VmList = z.infer<typeof vmListResponse>['data'];

/** Block or unblock: the reason goes to the audit log. The body may be left out. */
export const vmBlockRequest = z.object({ reason: z.string().trim().max(500, customerAdminMessages.reasonTooLong).optional() }).nullish();
export type VmBlockRequest = z.input<typeof vmBlockRequest>;
export const vmResponse = envelope(adminVm);

const reasonRequired = z
  .string({ error: customerAdminMessages.reasonRequired })
  .trim()
  .min(1, customerAdminMessages.reasonRequired)
  .max(500, customerAdminMessages.reasonTooLong);

/** Suspend: power off and block; the reason is shown to the customer, mailed and audited. */
export const vmSuspendRequest = z.object({ reason: reasonRequired });
export type VmSuspendRequest = z.input<typeof vmSuspendRequest>;
/** Unsuspend: the reason (optional) goes to the audit log only. */
export const vmUnsuspendRequest = vmBlockRequest;
/** Terminate: the VM's name typed again, as the confirmation; the reason goes to the audit log. */
export const vmTerminateRequest = z.object({
  confirm: z.string({ error: customerAdminMessages.confirmMismatch }).trim(),
  reason: z.string().trim().max(500, customerAdminMessages.reasonTooLong).optional(),
});
export type VmTerminateRequest = z.input<typeof vmTerminateRequest>;
/** A goodwill extension of the end date: days (no charge) and the reason the customer is told. */
export const vmExtendRequest = z.object({
  days: z.coerce
    .number({ error: customerAdminMessages.daysInvalid })
    .int(customerAdminMessages.daysInvalid)
    .min(1, customerAdminMessages.daysInvalid)
    .max(366, customerAdminMessages.daysInvalid),
  reason: reasonRequired,
});
export type VmExtendRequest = z.input<typeof vmExtendRequest>;

// ---- failed jobs ----

export const failedJob = z.object({
  /** The queue's job id (uuid). */
  id: z.string(),
  /** The job kind: provision-vm, fulfil-order, vm-action, vm-backup-action, assign-public-ip, expiry-machine, send-mail. */
  kind: z.string(),
  /** The ids the job's data names (whatever applies). */
  orderId: z.number().int().nullable(),
  vmId: z.number().int().nullable(),
  backupId: z.number().int().nullable(),
  /** What the job was doing, when the data says (a VM action, or a mail's subject). */
  detail: z.string().nullable(),
  /** Why it failed: the last attempt's error message. */
  error: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
  /** The VM "Retry provisioning" re-runs, when that is safe now (the VM of this job is still failed). */
  retryVmId: z.number().int().nullable(),
});
export type FailedJob = z.infer<typeof failedJob>;

export const failedJobsQuery = z.object({ page, pageSize });
export type FailedJobsQuery = z.input<typeof failedJobsQuery>;

/** Failed jobs (newest first, paged) and the VMs that are failed or carry an error (newest change first, at most 100). */
export const failedJobsResponse = envelope(
  z.object({
    jobs: paged(failedJob),
    vms: z.array(adminVm),
  }),
);
export type FailedJobs = z.infer<typeof failedJobsResponse>['data'];
