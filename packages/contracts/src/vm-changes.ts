import { z } from 'zod';
import { envelope } from './envelope.ts';
import { messages } from './messages.ts';
import { CLONE_PERIOD_HOURS, type ClonePeriod } from './pricing/clone.ts';
import { vmProductDetail, vmProductDetails } from './purchase.ts';

/**
 * Changing a bought VM (purchasing spec sections 2, 3 and 7): update (kind 4) and clone or snapshot
 * (kind 2). The detail calls give the VM's own configuration with the product's current sliders;
 * the order calls are priced again on the server (update: only the changed lines, prorated over the
 * VM's remaining days; clone: hourly rate × hours of the period × duration; snapshot: disk × drive cost).
 */

/**
 * Clone durations offered (the spec's cloneDuration list, "duration (days)"): how many backup periods
 * the clone is kept. The catalogue has no list of its own, so one fixed list serves every company.
 */
export const CLONE_DURATIONS = [1, 2, 3, 4, 5, 6, 7, 14, 30] as const;
/** The clone types (backup periods) in the select's order. */
export const CLONE_TYPES = Object.keys(CLONE_PERIOD_HOURS) as ClonePeriod[];

/** What the update page's radio switches: RamAndCpu (the default) or Disk. */
export const UPDATE_TYPES = ['RamAndCpu', 'Disk'] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];

const vmId = z.coerce
  .number({ error: messages.vmNotFound })
  .int(messages.vmNotFound)
  .positive(messages.vmNotFound)
  .max(2_147_483_647, messages.vmNotFound);
const flag = z.union([z.literal(0), z.literal(1)]);

/** POST getVMDetailForUpdateVM / getVMDetailForCloneVm / getVMDetailForSnapshotVm: {productID} is the VM's id. */
export const vmChangeDetailRequest = z.object({ productID: vmId });
export type VmChangeDetailRequest = z.infer<typeof vmChangeDetailRequest>;

/** A disk added by an earlier update order (slot 1 or 2). */
export const addedDisk = z.object({
  slot: z.number().int(),
  sizeGb: z.number().int(),
  state: z.string(),
});

/** The product's VMProductDetail with the VM's own sizes and region (spec "VMProductDetail"). */
export const vmChangeProductDetail = vmProductDetail.extend({
  /** The VM's id (the spec's ID / clientVMID / purchaseId). */
  ID: z.number().int(),
  /** The VM's own name, and the alias the customer gave it (null when none). */
  vmName: z.string(),
  aliasName: z.string().nullable(),
  ram_Count: z.number().int(),
  ram_Unit: z.string(),
  cpu_Count: z.number().int(),
  disk_Count: z.number().int(),
  disk_Unit: z.string(),
  currency: z.string(),
  /** The days the VM was bought for. */
  validity: z.number().int(),
  regionID: z.number().int().nullable(),
  regionName: z.string(),
  countryID: z.number().int().nullable(),
  /** The product's Disk cost per unit (a snapshot's price per GB). */
  drive_Cost_PerUnit: z.string(),
  /** The product the VM was bought from. */
  parentVMId: z.number().int(),
  daysExtended: z.number().int(),
  endDate: z.string().nullable(),
});

export const vmChangeDetails = vmProductDetails.extend({
  VMProductDetail: vmChangeProductDetail,
  /** Whole days left until the VM's end date: what an update's difference is charged for. */
  remainingDays: z.number().int(),
  /** Clone durations offered (see CLONE_DURATIONS). */
  cloneDuration: z.array(z.number().int()),
  cloneType: z.array(z.string()),
  addedDisks: z.array(addedDisk),
  /** 1 when the VM was restored from a clone (it cannot be cloned or snapshotted again). */
  isClone: flag,
});
export type VmChangeDetails = z.infer<typeof vmChangeDetails>;
export const vmChangeDetailResponse = envelope(vmChangeDetails);

/** An amount as the client shows it; compared to the cent, never stored. */
const sentAmount = (field: string) =>
  z.union(
    [
      z.number().finite().nonnegative(),
      z
        .string()
        .trim()
        .regex(/^\d{1,12}(\.\d+)?$/),
    ],
    { error: `${field} must be an amount such as 1234.50` },
  );
const size = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be a whole number`)
    .max(1_000_000, `${field} must be a whole number`);
const text = z.string().trim().max(200, messages.fieldTooLong);
const gateway = z.union([z.string().max(40, messages.fieldTooLong), z.array(z.string().max(40, messages.fieldTooLong)).max(4)]);

/** The payload fields update, clone and snapshot share (spec "Order create payloads"). */
const changeBase = {
  clientVMID: vmId,
  productName: text.optional(),
  ramCount: size('RAM'),
  ramUnit: text.optional(),
  processorCount: size('Processor'),
  processorUnit: text.optional(),
  diskCount: size('Disk'),
  diskUnit: text.optional(),
  /** Informational: the VM's region decides tax and currency. */
  region: z.unknown().optional(),
  cost: sentAmount('Cost'),
  taxAmount: sentAmount('Tax amount'),
  totalAmount: sentAmount('Total amount'),
  currency: z.string().trim().toUpperCase().max(3, messages.fieldTooLong).optional(),
  timePeriod: z.unknown().optional(),
  countryID: z.unknown().optional(),
  paymentGateway: gateway.optional(),
  byPassflag: z.unknown().optional(),
};

/** POST /api/virtualMachine/updateVM: the update payload. */
export const updateVmRequest = z.object({
  ...changeBase,
  updateType: z.enum(UPDATE_TYPES, { error: 'updateType must be RamAndCpu or Disk' }).default('RamAndCpu'),
  daysExtended: z.unknown().optional(),
  microsoftLicense: z.unknown().optional(),
});
export type UpdateVmRequest = z.input<typeof updateVmRequest>;
export type UpdateVm = z.output<typeof updateVmRequest>;

/** Spec: '' / 0 / the placeholder mean "not chosen". */
const notChosen = (value: unknown) => value === undefined || value === null || value === '' || value === 'Time (In Days)';

/** POST createOrderForcloneVM / createOrderForSnapshotVM: the clone/snapshot payload. */
export const backupOrderRequest = z.object({
  ...changeBase,
  /** Clones: how many backup periods are kept; 0 / '' = not chosen. */
  cloneDuration: z.preprocess(
    (v) => (notChosen(v) ? 0 : v),
    z.coerce
      .number({ error: messages.selectDurationDays })
      .int(messages.selectDurationDays)
      .min(0, messages.selectDurationDays)
      .max(3650, messages.selectDurationDays),
  ),
  /** Clones: the backup period, daily | weekly | monthly (any case). */
  cloneDurationType: z.preprocess((v) => (notChosen(v) ? '' : v), z.string().trim().max(40, messages.selectCloneType)).optional(),
  /** The same choice as some pages send it; read when cloneDurationType is absent. */
  cloneOptionType: z.string().trim().max(40, messages.selectCloneType).optional(),
  isCloneOrSnapshot: text.optional(),
});
export type BackupOrderRequest = z.input<typeof backupOrderRequest>;
export type BackupOrder = z.output<typeof backupOrderRequest>;
