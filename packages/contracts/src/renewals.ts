import { z } from 'zod';
import { specificationRow } from './catalog.ts';
import { envelope } from './envelope.ts';
import { messages } from './messages.ts';
import { purchaseRegion } from './purchase.ts';

/**
 * Renewing VMs (purchasing spec sections 2–4, issue 6 points 3 and 4): the renew page's VM
 * configuration (kind 3), the multi-renew page's table (kind 5) and the orders they create. Amounts
 * travel as 2-decimal strings; the server recomputes every one from the catalogue's current costs.
 */

const MAX_ID = 2_147_483_647;
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
const flag = z.union([z.literal(0), z.literal(1)]);
const money = z.string().regex(/^\d+\.\d{2}$/);
const whole = (message: string) => z.coerce.number({ error: message }).int(message).min(0, message).max(36_500, message);

/** An amount as the client shows it: a decimal string or number. Compared to the cent, never stored. */
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

/** The chosen gateway's spec name (a list is accepted: one entry = chosen), as CreateOrder takes it. */
const paymentGateway = z
  .union([z.string().max(40, messages.fieldTooLong), z.array(z.string().max(40, messages.fieldTooLong)).max(4)])
  .optional();

/** Spec: 0 / '' / the placeholder mean "not chosen". */
const timePeriod = z.preprocess(
  (value) => (value === '' || value === null || value === undefined || value === 'Time (In Days)' ? 0 : value),
  z.coerce
    .number({ error: messages.timePeriodRequired })
    .int(messages.timePeriodRequired)
    .min(1, messages.timePeriodRequired)
    .max(3650, messages.timePeriodRequired),
);

/** A line of a VM as the catalogue prices it now: its own size at the product's current unit cost (30 days). */
export const renewLine = z.object({
  name: z.string(),
  unit: z.string(),
  costPerUnit: z.string(),
  count: z.number().int(),
});
export type RenewLine = z.infer<typeof renewLine>;

/** POST /api/virtualMachine/getVMDetailForRenew: the VM the renew page (/renewvm/{purchaseId}) renews. */
export const getVMDetailForRenewRequest = z.object({ productID: id(messages.vmNotFound) });
export type GetVMDetailForRenewRequest = z.infer<typeof getVMDetailForRenewRequest>;

/** The spec's VMProductDetail for a renewal: the VM's own sizes, with its product's name, OS and image. */
export const renewVmProductDetail = z.object({
  /** The VM (the spec's purchaseId / clientVMID). */
  ID: z.number().int(),
  productID: z.number().int(),
  productName: z.string(),
  vmName: z.string(),
  /** The alias the customer gave the VM, null when none. */
  aliasName: z.string().nullable(),
  /** 30-day price of the VM's sizes at the product's current costs. */
  vm_Cost: money,
  vm_RAM_Count: z.number().int(),
  vm_RAM_Unit: z.string(),
  vm_CPU_Count: z.number().int(),
  vm_Driver_Count: z.number().int(),
  vm_Driver_Unit: z.string(),
  vm_currency: z.string(),
  osType: z.string(),
  taxValue: z.string(),
  serviceType: z.string(),
  serviceCategory: z.string(),
  imagePath: z.string().nullable(),
  isGoldCopy: flag,
  regionName: z.string(),
  regionID: z.number().int(),
  countryID: z.number().int(),
  /** Days the VM was bought for (the time period the renew page preselects when offered). */
  vm_validity: z.number().int(),
  /** The VM's current end date (ISO), null when it never ran. */
  endDate: z.string().nullable(),
  /** Whole days past the end date (0 when not expired): the arrears days. */
  daysExtended: z.number().int(),
});

export const renewVmDetails = z.object({
  productid: z.number().int(),
  VMProductDetail: renewVmProductDetail,
  /** The sliders (shown disabled) at the VM's sizes, priced at the product's current costs. */
  vmSpec: z.array(specificationRow),
  ramCpuDependecy: z.array(z.object({ ramStartLimit: z.number().int(), ramEndLimit: z.number().int(), cpuCount: z.number().int() })),
  /** The VM's region only: a VM is renewed where it runs. */
  country: z.array(purchaseRegion),
  timePeriod: z.array(z.object({ TimePeriod: z.number().int(), label: z.string() })),
  paymentGateway: z.array(z.string()),
  byPassflag: flag,
  daysExtended: z.number().int(),
  microsoftLicense: flag,
  producttype: z.string(),
  zarToUsdRate: z.string(),
});
export type RenewVmDetails = z.infer<typeof renewVmDetails>;
export const getVMDetailForRenewResponse = envelope(renewVmDetails);

/** POST /api/virtualMachine/renewVM: the spec's renew payload (clone's without clone settings, plus daysExtended). */
export const renewVMRequest = z.object({
  clientVMID: id(messages.vmNotFound),
  productName: z.string().max(200, messages.fieldTooLong).optional(),
  ramCount: whole('Memory must be a whole number'),
  ramUnit: z.string().trim().max(20, messages.fieldTooLong).optional(),
  processorCount: whole('Processor must be a whole number'),
  processorUnit: z.string().trim().max(20, messages.fieldTooLong).optional(),
  diskCount: whole('Disk must be a whole number'),
  diskUnit: z.string().trim().max(20, messages.fieldTooLong).optional(),
  /** The VM's region (compared when sent; a VM is renewed where it runs). */
  region: z.coerce.number().int().positive().max(MAX_ID).optional(),
  countryID: z.coerce.number().int().positive().max(MAX_ID).optional(),
  timePeriod,
  /** Price before tax. */
  cost: sentAmount('Cost'),
  taxAmount: sentAmount('Tax amount'),
  /** Total payable: price + tax + arrears. */
  totalAmount: sentAmount('Total amount'),
  /** The arrears on the bill (the order response's penaltyCostRenew), compared when sent. */
  penaltyCostRenew: sentAmount('Arrears').optional(),
  currency: z.string().trim().toUpperCase().max(3, messages.fieldTooLong).optional(),
  paymentGateway,
  /** The arrears days the page showed; the server's own count decides (422 when they differ). */
  daysExtended: whole('Days extended must be a whole number'),
  byPassflag: z.unknown().optional(),
  microsoftLicense: z.unknown().optional(),
});
export type RenewVMRequest = z.input<typeof renewVMRequest>;
export type RenewVM = z.output<typeof renewVMRequest>;

/** POST /api/virtualMachine/getVMDataForMultipleRenew: the VMs of the /renewMultipleVM/{value} route value. */
export const getVMDataForMultipleRenewRequest = z.object({
  renewVMData: z
    .array(id(messages.renewVmsRequired), { error: messages.renewVmsRequired })
    .min(1, messages.renewVmsRequired)
    .max(50, messages.renewVmsRequired)
    .transform((ids) => [...new Set(ids)]),
});
export type GetVMDataForMultipleRenewRequest = z.input<typeof getVMDataForMultipleRenewRequest>;

/** The spec's multi-renew row (vmName, osType, cpu_Count, ram_Count, disk_Count, daysExtended, vm_Cost, taxValue) and what prices it. */
export const multiRenewRow = z.object({
  ID: z.number().int(),
  vmName: z.string(),
  /** The alias the customer gave the VM, null when none. */
  aliasName: z.string().nullable(),
  osType: z.string(),
  producttype: z.string(),
  productID: z.number().int(),
  productName: z.string(),
  cpu_Count: z.number().int(),
  ram_Count: z.number().int(),
  ram_Unit: z.string(),
  disk_Count: z.number().int(),
  disk_Unit: z.string(),
  daysExtended: z.number().int(),
  /** 30-day price of the VM's sizes at its product's current costs. */
  vm_Cost: money,
  taxValue: z.string(),
  endDate: z.string().nullable(),
  /** The VM's lines at current unit costs: the page prices any time period with priceMultiRenewal. */
  renewLines: z.array(renewLine),
});
export type MultiRenewRow = z.infer<typeof multiRenewRow>;

export const multiRenewDetails = z.object({
  VMProductDetail: z.array(multiRenewRow),
  taxData: z.object({ currency: z.string(), taxValue: z.string() }),
  currency: z.string(),
  taxValue: z.string(),
  regionID: z.number().int(),
  /** The region of the first VM: its gateways are offered for the order. */
  country: z.array(purchaseRegion),
  timePeriod: z.array(z.object({ TimePeriod: z.number().int(), label: z.string() })),
  paymentGateway: z.array(z.string()),
  byPassflag: flag,
  zarToUsdRate: z.string(),
});
export type MultiRenewDetails = z.infer<typeof multiRenewDetails>;
export const getVMDataForMultipleRenewResponse = envelope(multiRenewDetails);

/** One VM of a multi-renew payload as the page billed it; each figure compared when sent. */
export const multiRenewEntry = z.object({
  ID: id(messages.renewVmsRequired),
  daysExtended: whole('Days extended must be a whole number').optional(),
  price: sentAmount('Price').optional(),
  tax: sentAmount('Tax amount').optional(),
  arrears: sentAmount('Arrears').optional(),
  total: sentAmount('Amount').optional(),
});

/** POST /api/virtualMachine/renewSelectedVM: the spec's multi-renew payload plus the time period. */
export const renewSelectedVMRequest = z.object({
  /** The VMs renewed (ids). */
  clientVMID: z
    .array(id(messages.renewVmsRequired), { error: messages.renewVmsRequired })
    .min(1, messages.renewVmsRequired)
    .max(50, messages.renewVmsRequired)
    .refine((ids) => new Set(ids).size === ids.length, messages.renewVmsRequired),
  MultiRenewData: z.array(multiRenewEntry).max(50).optional(),
  timePeriod,
  /** Price of all VMs before tax (FinalPrice and cost are the same figure; either or both). */
  FinalPrice: sentAmount('Total price').optional(),
  cost: sentAmount('Cost').optional(),
  taxAmount: sentAmount('Tax amount'),
  /** Total payable: price + tax + arrears, summed over the VMs. */
  totalAmountwithTax: sentAmount('Total payable amount'),
  /** The arrears summed, compared when sent. */
  penaltyCostRenew: sentAmount('Arrears').optional(),
  /** Tax percent, e.g. "15.00". */
  calulatedtaxvalue: sentAmount('Tax percent').optional(),
  /** The arrears days summed over the VMs (the bill's "Arrears for N Days"). */
  daysExtended: whole('Days extended must be a whole number').optional(),
  currency: z.string().trim().toUpperCase().max(3, messages.fieldTooLong).optional(),
  countryID: z.coerce.number().int().positive().max(MAX_ID).optional(),
  paymentGateway,
  serviceType: z.unknown().optional(),
  imagePath: z.unknown().optional(),
  byPassflag: z.unknown().optional(),
});
export type RenewSelectedVMRequest = z.input<typeof renewSelectedVMRequest>;
export type RenewSelectedVM = z.output<typeof renewSelectedVMRequest>;

/** Whole days a VM has run past its end date at `now` (0 when it has not ended): what arrears are charged for. */
export function daysPastEnd(endAt: Date | string | null, now: Date): number {
  if (endAt === null) return 0;
  const past = now.getTime() - new Date(endAt).getTime();
  return past > 0 ? Math.floor(past / 86_400_000) : 0;
}
