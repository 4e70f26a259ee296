import { z } from 'zod';
import { MAX_ID } from '../ids.ts';
import { catalogueMessages, costPerUnit, currencyCode, imagePath, optionalText, requiredText, wholeNumber } from './catalogue-fields.ts';

const m = catalogueMessages;

// ---- products ----

/**
 * Providers a product can name (the catalogue's serviceType, read by the hypervisor selection).
 * Stored as the names the site already reads ("Open Nebula" and "Node Weaver" hide the
 * specification table on the configurator).
 */
export const PROVIDERS = ['simulator', 'hc3', 'openNebula', 'nodeWeaver'] as const;
export const provider = z.enum(PROVIDERS, { error: m.providerInvalid });
export type Provider = z.infer<typeof provider>;
export const SERVICE_TYPE_OF: Record<Provider, string> = {
  simulator: 'simulator',
  hc3: 'scaleComputing',
  openNebula: 'Open Nebula',
  nodeWeaver: 'Node Weaver',
};

export const IP_TYPES = ['Public IP', 'Private IP'] as const;
export const SPEC_NAMES = ['Processor', 'Memory', 'Disk'] as const;
export type SpecName = (typeof SPEC_NAMES)[number];
/** OS families the site has logos for; any other OS type shows the generic one. */
export const OS_TYPES = ['ubuntu', 'windows', 'centos', 'red hat', 'kubernetes', 'edge'] as const;

export const specInput = z.object({
  name: z.enum(SPEC_NAMES, { error: m.specNameInvalid }),
  unit: requiredText(16),
  defaultCount: wholeNumber(0, 1_000_000, m.notNegative),
  minValue: wholeNumber(0, 1_000_000, m.notNegative),
  maxValue: wholeNumber(0, 1_000_000, m.notNegative),
  step: wholeNumber(1, 1_000_000, m.stepPositive),
  costPerUnit,
  sequence: wholeNumber(0, 1000),
});
export type SpecInput = z.input<typeof specInput>;

export const ramCpuRangeInput = z.object({
  ramFrom: wholeNumber(0, 1_000_000, m.notNegative),
  ramTo: wholeNumber(0, 1_000_000, m.notNegative),
  cpuCount: wholeNumber(1, 100_000, m.wholeNumber),
});
export type RamCpuRangeInput = z.input<typeof ramCpuRangeInput>;

type SpecRow = z.output<typeof specInput>;
type RangeRow = z.output<typeof ramCpuRangeInput>;
type Issue = { path: (string | number)[]; message: string };

/** The rules across a product's rows; the paths name the field (specs.1.defaultCount, ramCpuRanges.0.ramTo). */
export function productRowIssues(specs: readonly SpecRow[], ranges: readonly RangeRow[]): Issue[] {
  const issues: Issue[] = [];
  const names = specs.map((s) => s.name);
  if (specs.length !== SPEC_NAMES.length || SPEC_NAMES.some((n) => !names.includes(n)))
    issues.push({ path: ['specs'], message: m.specsRequired });
  specs.forEach((s, i) => {
    if (s.minValue > s.maxValue) issues.push({ path: ['specs', i, 'maxValue'], message: m.minAboveMax });
    else if (s.defaultCount < s.minValue || s.defaultCount > s.maxValue)
      issues.push({ path: ['specs', i, 'defaultCount'], message: m.defaultOutOfRange });
    else if ((s.defaultCount - s.minValue) % s.step !== 0) issues.push({ path: ['specs', i, 'defaultCount'], message: m.defaultOffStep });
  });
  const cpu = specs.find((s) => s.name === 'Processor');
  ranges.forEach((r, i) => {
    if (r.ramFrom > r.ramTo) {
      issues.push({ path: ['ramCpuRanges', i, 'ramTo'], message: m.rangeOrder });
      return;
    }
    const overlaps = ranges.some((o, j) => j !== i && o.ramFrom <= o.ramTo && o.ramFrom <= r.ramTo && r.ramFrom <= o.ramTo);
    if (overlaps) issues.push({ path: ['ramCpuRanges', i, 'ramFrom'], message: m.rangeOverlap });
    // The configurator sets the processor from the range: it must be a count the slider allows.
    if (cpu && (r.cpuCount < cpu.minValue || r.cpuCount > cpu.maxValue || (r.cpuCount - cpu.minValue) % Math.max(cpu.step, 1) !== 0)) {
      issues.push({ path: ['ramCpuRanges', i, 'cpuCount'], message: m.cpuOffSlider });
    }
  });
  return issues;
}

const productFields = z.object({
  name: requiredText(120),
  /** Marketplace section the product is listed under (/marketplace/{serviceName}). */
  serviceName: requiredText(60),
  provider,
  /** HC3: template VM name or uuid; OpenNebula: template id. Empty: the OS type names it. */
  template: optionalText(200).default(''),
  osType: requiredText(60),
  imagePath,
  description: optionalText(2000).default(''),
  currency: currencyCode,
  ipType: z.enum(IP_TYPES, { error: m.ipTypeInvalid }),
  /** Listed under "Explore Custom Virtual Machines" (the spec's GoldVMData); orders carry the Gold badge. */
  isGoldCopy: z.boolean(),
  /** Windows with a licence PDF to upload before Pay. */
  microsoftLicense: z.boolean(),
  active: z.boolean(),
  sortOrder: wholeNumber(0, 100_000).default(0),
  /** Regions the product is sold in; none = every region of the company. */
  regionIds: z.array(z.number().int().positive().max(MAX_ID)).max(200).default([]),
  specs: z.array(specInput).max(3, m.specsRequired),
  ramCpuRanges: z.array(ramCpuRangeInput).max(100).default([]),
});

export const productInput = productFields.superRefine((value, ctx) => {
  for (const issue of productRowIssues(value.specs, value.ramCpuRanges)) ctx.addIssue({ code: 'custom', ...issue });
});
export type ProductInput = z.input<typeof productInput>;
export type ProductValues = z.output<typeof productInput>;

export const productStatusInput = z.object({ active: z.boolean() });

export const specRow = z.object({
  name: z.string(),
  unit: z.string(),
  defaultCount: z.number().int(),
  minValue: z.number().int(),
  maxValue: z.number().int(),
  step: z.number().int(),
  costPerUnit: z.string(),
  sequence: z.number().int(),
});

export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceName: z.string(),
  provider,
  /** The stored serviceType as the site reads it. */
  serviceType: z.string(),
  template: z.string(),
  osType: z.string(),
  imagePath: z.string().nullable(),
  description: z.string(),
  currency: z.string(),
  ipType: z.string(),
  isGoldCopy: z.boolean(),
  microsoftLicense: z.boolean(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  regionIds: z.array(z.number().int()),
  specs: z.array(specRow),
  ramCpuRanges: z.array(z.object({ ramFrom: z.number().int(), ramTo: z.number().int(), cpuCount: z.number().int() })),
  /** 30 days at the default sizes before tax, as the marketplace card shows it. */
  listPrice: z.string(),
  /** Orders and VMs of this product: a product with any is disabled, never deleted. */
  orderCount: z.number().int(),
  vmCount: z.number().int(),
});
export type Product = z.infer<typeof product>;

export const productSummary = product.omit({ specs: true, ramCpuRanges: true, description: true, template: true });
export type ProductSummary = z.infer<typeof productSummary>;
