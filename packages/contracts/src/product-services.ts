import { z } from 'zod';
import { envelope } from './envelope.ts';
import { emailField, siteUrl } from './fields.ts';
import { messages } from './messages.ts';

/** What a business unit page shows (portal spec "Marketplace products and services page"). */
export const SERVICE_OPTIONS = ['RedirectionURL', 'CloudService', 'SendEmailForEnquiry'] as const;
export const serviceOption = z.enum(SERVICE_OPTIONS);
export type ServiceOption = z.infer<typeof serviceOption>;

/** The spec removes slashes from a business name before it becomes a path segment. */
export function businessSlug(businessName: string): string {
  return businessName.replaceAll('/', '').trim();
}

export const productServicesRequest = z.object({ websiteUrl: siteUrl });

/** A card of "Our Products & Services" and an entry of the Products And Services menus. */
export const productServiceCard = z.object({
  ID: z.number().int(),
  businessName: z.string(),
  description: z.string(),
  imagePath: z.string().nullable(),
  serviceOption,
});
export type ProductServiceCard = z.infer<typeof productServiceCard>;
/** An empty list comes with a message the home page shows (portal spec section 8). */
export const productServicesResponse = envelope(z.array(productServiceCard));

export const cloudServiceCard = z.object({
  ID: z.number().int(),
  cloudTitle: z.string(),
  description: z.string(),
  imagePath: z.string().nullable(),
  /** Proceed opens /marketplace/{serviceName}. */
  serviceName: z.string(),
});
export type CloudServiceCard = z.infer<typeof cloudServiceCard>;

const businessName = z.string({ error: 'productName required' }).trim().min(1, 'productName required').max(200);

export const productDetailsRequest = z.object({ productName: businessName, websiteUrl: siteUrl });
export const productDetails = z.object({
  sideMenu: z.array(z.object({ businessName: z.string() })),
  businessData: z.object({
    businessName: z.string(),
    description: z.string(),
    imagePath: z.string().nullable(),
    serviceOption,
    redirectUrl: z.string(),
    cloudService: z.array(cloudServiceCard),
  }),
});
export type ProductDetails = z.infer<typeof productDetails>;
export const productDetailsResponse = envelope(productDetails);

export const cloudProductsRequest = z.object({ serviceName: businessName, websiteUrl: siteUrl });
export const cloudProductsResponse = envelope(z.array(cloudServiceCard));

/** The enquiry form's fields with the spec's messages (portal spec section 5). */
export const enquiryFields = z.object({
  name: z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(200, 'Name is too long'),
  emailID: emailField(messages.emailRequiredSpaced, messages.emailInvalidLogin),
  productService: z
    .string({ error: messages.productServiceRequired })
    .trim()
    .min(1, messages.productServiceRequired)
    .max(200, 'Product Service is too long'),
  queryData: z
    .string({ error: messages.descriptionRequired })
    .trim()
    .min(1, messages.descriptionRequired)
    .max(5000, 'Description is too long'),
});
export type EnquiryFields = z.infer<typeof enquiryFields>;

export const sendQueryMailRequest = enquiryFields.extend({ websiteUrl: siteUrl });
export type SendQueryMailRequest = z.infer<typeof sendQueryMailRequest>;
export const sendQueryMailResponse = envelope(z.null());
