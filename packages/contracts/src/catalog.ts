import { z } from 'zod';
import { envelope } from './envelope.ts';
import { siteUrl } from './fields.ts';
import { messages } from './messages.ts';

/** Marketplace section of the URL: "all" or a product's service name, e.g. "virtualmachine". */
const serviceName = z.string().trim().max(200).default('all');

export const getProductsRequest = z.object({
  serviceName,
  websiteUrl: siteUrl,
});
export type GetProductsRequest = z.infer<typeof getProductsRequest>;

/** A VM card of the marketplace (portal spec section 3). `vm_Cost` is null for visitors. */
export const vmProductCard = z.object({
  productID: z.number().int(),
  productName: z.string(),
  osType: z.string(),
  imagePath: z.string().nullable(),
  vm_RAM_Count: z.number().int(),
  vm_RAM_Unit: z.string(),
  vm_Driver_Count: z.number().int(),
  vm_Driver_Unit: z.string(),
  vm_CPU_Count: z.number().int(),
  vm_Cost: z.string().nullable(),
  vm_Currency: z.string(),
});
export type VmProductCard = z.infer<typeof vmProductCard>;

/** A partner cloud provider (portal spec "Cloud entry"): the marketplace's Clouds and /partnerCloudServices. */
export const cloudEntry = z.object({
  ID: z.number().int(),
  cloudTitle: z.string(),
  description: z.string(),
  imagePath: z.string().nullable(),
  websiteUrl: z.string(),
});
export type CloudEntry = z.infer<typeof cloudEntry>;

/** Largest value and slider step of one specification across a section's products. */
const specRange = z.object({ max: z.number().int(), step: z.number().int(), unit: z.string() });
export type SpecRange = z.infer<typeof specRange>;

/** Choices of the Quick Search filter (portal spec: filterData). */
export const filterData = z.object({
  operatingSystem: z.array(z.string()),
  country: z.array(z.object({ regionID: z.number().int(), regionName: z.string(), currency: z.string() })),
  ipType: z.array(z.string()),
  specs: z.object({ processor: specRange, memory: specRange, disk: specRange }),
  products: z.array(z.object({ productID: z.number().int(), productName: z.string(), osType: z.string() })),
});
export type FilterData = z.infer<typeof filterData>;

export const marketplaceProducts = z.object({
  VMProducts: z.array(vmProductCard),
  GoldVMData: z.array(vmProductCard),
  cloudData: z.array(cloudEntry),
  filterData,
  serviceName: z.string(),
});
export type MarketplaceProducts = z.infer<typeof marketplaceProducts>;

export const getProductsResponse = envelope(marketplaceProducts);

/** 0 means "not selected" for every filter field (portal spec section 3). */
const choice = z.union([z.literal(0), z.string().trim().min(1).max(100)]);
const atLeast = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0)
    .max(1_000_000);

export const filterRequest = z.object({
  operatingSystem: choice.default(0),
  virtualMachine: atLeast('virtualMachine').default(0),
  processor: atLeast('processor').default(0),
  memory: atLeast('memory').default(0),
  disk: atLeast('disk').default(0),
  region: atLeast('region').default(0),
  IPType: choice.default(0),
  websiteUrl: siteUrl,
  serviceName,
});
export type FilterRequest = z.infer<typeof filterRequest>;
export type ProductFilter = Omit<FilterRequest, 'websiteUrl' | 'serviceName'>;

/** The spec's shape: a list whose first element holds the matching products. */
export const filteredProducts = z.array(z.object({ VMProducts: z.array(vmProductCard), GoldVMData: z.array(vmProductCard) }));
export type FilteredProducts = z.infer<typeof filteredProducts>;
export const getFilteredProductsResponse = envelope(filteredProducts);

export const getSpecificationRequest = z.object({
  productID: z.coerce
    .number({ error: messages.productIdInvalid })
    .int(messages.productIdInvalid)
    .positive(messages.productIdInvalid)
    .max(2_147_483_647, messages.productIdInvalid),
  websiteUrl: siteUrl.optional(),
});
export type GetSpecificationRequest = z.infer<typeof getSpecificationRequest>;

/** One slider of a product (purchasing spec "Specification row"); costs are null for visitors. */
export const specificationRow = z.object({
  specificationName: z.string(),
  specificationUnit: z.string(),
  specificationCount: z.number().int(),
  minValue: z.number().int(),
  maxValue: z.number().int(),
  size: z.number().int(),
  costPerUnit: z.string().nullable(),
  totalCost: z.string().nullable(),
  sequence: z.number().int(),
  tax: z.string(),
});
export type SpecificationRow = z.infer<typeof specificationRow>;
export const getSpecificationResponse = envelope(z.array(specificationRow));

export const externalCloudRequest = z.object({ websiteUrl: siteUrl });
export const externalCloudResponse = envelope(z.array(cloudEntry));
