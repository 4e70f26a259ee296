import { z } from 'zod';
import { envelope } from './envelope.ts';
import { siteUrl } from './fields.ts';

export const getProductsRequest = z.object({
  serviceName: z.string().trim().max(200).default('all'),
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

export const marketplaceProducts = z.object({
  VMProducts: z.array(vmProductCard),
  GoldVMData: z.array(vmProductCard),
  serviceName: z.string(),
});
export type MarketplaceProducts = z.infer<typeof marketplaceProducts>;

export const getProductsResponse = envelope(marketplaceProducts);
