import { z } from 'zod';
import { specificationRow } from './catalog.ts';
import { envelope } from './envelope.ts';
import { messages } from './messages.ts';
import { sshKeyIdsField } from './vm-access.ts';
import { normalVmName, VM_NAME_MAX, VM_NAME_MIN, VM_NAME_PATTERN } from './vm-name.ts';

/**
 * Buying a new VM (purchasing spec sections 2–4): the configuration screen's product details and
 * the order it creates. Amounts travel as 2-decimal strings; the server recomputes every one.
 */

/** Gateway keys as the server knows them, and the names the spec shows (and compares: 'Paypal Payment'). */
export const GATEWAYS = ['payfast', 'ozow', 'pesapal', 'paypal'] as const;
export type GatewayKey = (typeof GATEWAYS)[number];
export const GATEWAY_NAMES: Record<GatewayKey, string> = {
  payfast: 'PayFast Payment',
  ozow: 'Ozow Payment',
  pesapal: 'Pesapal Payment',
  paypal: 'Paypal Payment',
};

/** The gateways' own names, as the console and its messages write them. */
export const GATEWAY_LABELS: Record<GatewayKey, string> = { payfast: 'PayFast', ozow: 'Ozow', pesapal: 'Pesapal', paypal: 'PayPal' };

/**
 * The currencies a region may be priced in to offer each gateway (protocols.md): PayFast and Ozow
 * take ZAR only; Pesapal the ISO codes it publishes for East Africa (KES, TZS, UGX, RWF, BIF);
 * PayPal takes neither ZAR nor KES, so this product charges it in USD — a USD region, or a ZAR one
 * through the ZAR→USD conversion.
 */
export const GATEWAY_CURRENCIES: Record<GatewayKey, readonly string[]> = {
  payfast: ['ZAR'],
  ozow: ['ZAR'],
  pesapal: ['KES', 'TZS', 'UGX', 'RWF', 'BIF'],
  paypal: ['USD', 'ZAR'],
};

/** Whether a region priced in `currency` may offer `gateway`. */
export const gatewayTakes = (gateway: GatewayKey, currency: string): boolean =>
  GATEWAY_CURRENCIES[gateway].includes(currency.trim().toUpperCase());

/** The key of a gateway from its spec name (any case, surrounding spaces ignored) or key. */
export function gatewayKeyOf(name: string): GatewayKey | undefined {
  const wanted = name.trim().toLowerCase();
  return GATEWAYS.find((key) => key === wanted || GATEWAY_NAMES[key].toLowerCase() === wanted);
}

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const flag = z.union([z.literal(0), z.literal(1)]);
const money = z.string().regex(/^\d+\.\d{2}$/);

/** POST /api/virtualMachine/getVMProductDetail: what /productdetails/{productID} loads on entry. */
export const getVMProductDetailRequest = z.object({
  productID: id(messages.productIdInvalid),
});
export type GetVMProductDetailRequest = z.infer<typeof getVMProductDetailRequest>;

/** The product as the configurator shows it (purchasing spec "VMProductDetail"); vm_Cost is the 30-day price of the default sizes. */
export const vmProductDetail = z.object({
  ID: z.number().int(),
  productName: z.string(),
  description: z.string(),
  vm_Cost: money,
  vm_RAM_Count: z.number().int(),
  vm_RAM_Unit: z.string(),
  vm_CPU_Count: z.number().int(),
  vm_Driver_Count: z.number().int(),
  vm_Driver_Unit: z.string(),
  vm_currency: z.string(),
  osType: z.string(),
  /** VAT of the first region the product is sold in; each region carries its own in `country`. */
  taxValue: z.string(),
  /** Hypervisor provider: scaleComputing, Open Nebula, Node Weaver (the last two hide the specification table). */
  serviceType: z.string(),
  serviceCategory: z.string(),
  imagePath: z.string().nullable(),
  isGoldCopy: flag,
});

/** A region the product can be bought in, with its VAT, currency and the gateways offered there. */
export const purchaseRegion = z.object({
  countryID: z.number().int(),
  countryName: z.string(),
  taxValue: z.string(),
  /**
   * Beyond the spec: 1 where the region's seller charges VAT on the discounted price, so the live
   * bill shows the tax the server charges (docs/decisions/0126); 0 (the spec's list price) otherwise.
   */
  vatOnDiscountedPrice: z.union([z.literal(0), z.literal(1)]).optional(),
  currency: z.string(),
  /** Spec names of the gateways offered in this region, in the dialog's order. */
  paymentGateway: z.array(z.string()),
});
export type PurchaseRegion = z.infer<typeof purchaseRegion>;

export const vmProductDetails = z.object({
  productid: z.number().int(),
  VMProductDetail: vmProductDetail,
  /** The sliders, with costs (the caller is a customer). */
  vmSpec: z.array(specificationRow),
  /** Memory from–to (inclusive) selects the processor count. */
  ramCpuDependecy: z.array(
    z.object({
      ramStartLimit: z.number().int(),
      ramEndLimit: z.number().int(),
      cpuCount: z.number().int(),
    }),
  ),
  country: z.array(purchaseRegion),
  timePeriod: z.array(z.object({ TimePeriod: z.number().int(), label: z.string() })),
  /** Every gateway offered in any of the product's regions (the chosen region's list is in `country`). */
  paymentGateway: z.array(z.string()),
  byPassflag: flag,
  /** Category discounts in percent, e.g. "5.00". */
  discount: z.object({
    ramDiscount: z.string(),
    diskDiscount: z.string(),
    cpuDiscount: z.string(),
  }),
  microsoftLicense: flag,
  /** Logo family: windows, edge, ubuntu, centos, red hat, kubernetes or other. */
  producttype: z.string(),
  /** 1 ZAR in USD for the PayPal-type gateway (totalsInUsd(bill, zarToUsdRate) gives the dialog's figures). */
  zarToUsdRate: z.string(),
});
export type VmProductDetails = z.infer<typeof vmProductDetails>;

/** The configurator's payload: the product details and the new VM's default name. */
export const newVmProductDetails = vmProductDetails.extend({
  /** Free among the customer's VMs ("ubuntu-server-2"); the configurator lets them change it. */
  suggestedVmName: z.string(),
});
export type NewVmProductDetails = z.infer<typeof newVmProductDetails>;
export const getVMProductDetailResponse = envelope(newVmProductDetails);

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
    {
      error: `${field} must be an amount such as 1234.50`,
    },
  );

const SPEC_TYPES = ['memory', 'processor', 'disk'] as const;

/** One of the order's three specification entries: the chosen size and the line price the bill showed. */
export const orderSpecification = z.object({
  type: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(SPEC_TYPES, { error: messages.specificationEntries })),
  value: z.coerce
    .number({ error: 'Size must be a whole number' })
    .int('Size must be a whole number')
    .min(0, 'Size must be a whole number')
    .max(1_000_000, 'Size must be a whole number'),
  unit: z.string().trim().max(20, messages.fieldTooLong).optional(),
  /** The line's amount on the bill (count × unit cost × days / 30), optional; compared when sent. */
  price: sentAmount('Price').optional(),
});
export type OrderSpecification = z.infer<typeof orderSpecification>;

/** Spec: 0 / '' / the placeholder mean "not chosen". */
const chosen = (required: string, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined || value === 'Region' || value === 'Time (In Days)' ? 0 : value),
    z.coerce.number({ error: required }).int(required).min(0, required).max(max, required),
  );

/** A new VM's name (vm-name.ts): trimmed, spaces collapsed, then the rule, each refusal with the one message. */
export const vmNameField = z
  .string({ error: messages.vmNameInvalid })
  .transform(normalVmName)
  .pipe(
    z
      .string()
      .min(VM_NAME_MIN, messages.vmNameInvalid)
      .max(VM_NAME_MAX, messages.vmNameInvalid)
      .regex(VM_NAME_PATTERN, messages.vmNameInvalid),
  );

/** POST /api/virtualMachine/CreateOrder: the new-VM order payload of the spec. */
export const createOrderRequest = z.object({
  productID: id(messages.productIdInvalid),
  productName: z.string().max(200, messages.fieldTooLong).optional(),
  /** Ours (issue 16): the new VM's name, unique among the customer's VMs; the server's suggestion when left out. */
  vmName: vmNameField.optional(),
  specification: z
    .array(orderSpecification)
    .length(3, messages.specificationEntries)
    .refine((entries) => new Set(entries.map((e) => e.type)).size === 3, messages.specificationEntries),
  region: chosen(messages.regionRequired, 2_147_483_647).refine((v) => v > 0, messages.regionRequired),
  timePeriod: chosen(messages.timePeriodRequired, 3650).refine((v) => v > 0, messages.timePeriodRequired),
  /** Price before tax and discount. */
  cost: sentAmount('Cost'),
  taxAmount: sentAmount('Tax amount'),
  totalAmount: sentAmount('Total amount'),
  discountAmount: sentAmount('Discount amount').optional(),
  currency: z.string().trim().toUpperCase().max(3, messages.fieldTooLong).optional(),
  /** The chosen gateway's spec name (a list is accepted: one entry = chosen). */
  paymentGateway: z
    .union([z.string().max(40, messages.fieldTooLong), z.array(z.string().max(40, messages.fieldTooLong)).max(4)])
    .optional(),
  /** Informational: the server decides licence and bypass from the catalogue and the company. */
  microsoftLicense: z.unknown().optional(),
  byPassflag: z.unknown().optional(),
  discountArr: z.unknown().optional(),
  /** Ours (ADR 0100): the profile's SSH keys the machine is made with. */
  sshKeyIDs: sshKeyIdsField,
});
export type CreateOrderRequest = z.input<typeof createOrderRequest>;
export type CreateOrder = z.output<typeof createOrderRequest>;

const usdTotals = z.object({
  currency: z.literal('USD'),
  price: money,
  tax: money,
  discount: money,
  arrears: money,
  total: money,
});

/** The order as created (and as read again): the server's bill and what payment comes next. */
export const orderDetail = z.object({
  orderID: z.number().int(),
  /** Unguessable; what gateways carry back. */
  transactionReference: z.string(),
  bankReference: z.string(),
  kind: z.number().int(),
  status: z.string(),
  isGoldCopy: flag,
  productID: z.number().int().nullable(),
  /** The VM's name: the new VM's own (kind 1), else the names of the VMs the order acts on. */
  vmName: z.string(),
  /** The aliases of those VMs, null when none has one. */
  aliasName: z.string().nullable(),
  /** The product the order is for. */
  productName: z.string(),
  regionID: z.number().int().nullable(),
  regionName: z.string(),
  timePeriod: z.number().int(),
  currencyCode: z.string(),
  /** Tax percent, e.g. "15.00". */
  tax: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      unit: z.string(),
      count: z.number().int(),
      amount: money,
    }),
  ),
  cost: money,
  discount: money,
  taxAmount: money,
  arrears: money,
  /** Total payable. */
  amount: money,
  /** The same figures in USD when the PayPal-type gateway is offered for a ZAR order (else null). */
  totalsInUsd: usdTotals.nullable(),
  /** Spec names of the gateways offered for this order's region; empty when bypassed. */
  paymentGateway: z.array(z.string()),
  /** The gateway chosen on the configurator, null when not chosen yet (or bypassed). */
  paymentMode: z.string().nullable(),
  byPassFlag: flag,
  microsoftLicense: flag,
  createdAt: z.string(),
});
export type OrderDetail = z.infer<typeof orderDetail>;
export const createOrderResponse = envelope(orderDetail);

/** POST /api/virtualMachine/getOrderDetail: one of the customer's own orders (another's is a 404). */
export const getOrderDetailRequest = z.object({
  orderID: id(messages.orderNotFound),
});
export const getOrderDetailResponse = envelope(orderDetail);

/** POST /api/virtualMachine/checkVmName (ours): whether a new VM may take this name (400 naming vmName when not). */
export const checkVmNameRequest = z.object({ vmName: vmNameField });
export type CheckVmNameRequest = z.input<typeof checkVmNameRequest>;
/** The name as it will be stored (trimmed, spaces collapsed). */
export const checkVmNameReply = z.object({ vmName: z.string() });
export const checkVmNameResponse = envelope(checkVmNameReply);
