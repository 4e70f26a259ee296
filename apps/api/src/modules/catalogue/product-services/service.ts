import { LRUCache } from 'lru-cache';
import { messages } from '@mawingu/contracts/messages';
import {
  businessSlug,
  type CloudServiceCard,
  type EnquiryFields,
  type ProductDetails,
  type ProductServiceCard,
} from '@mawingu/contracts/product-services';
import type { Db } from '../../../db/client.ts';
import { dropEnquiry, keepEnquiry } from '../../content/index.ts';
import { AppError } from '../../../http/app-error.ts';
import { countedFetch } from '../../../observability/counted-cache.ts';
import type { Tenant } from '../../tenant/index.ts';
import type { MailService } from '../../platform/index.ts';
import { loadProductServices, type BusinessUnit } from './load-product-services.ts';

/** Mail header text: one line, no control characters. */
const oneLine = (text: string) =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();

/**
 * "Products and services" (business units): the home cards, the menus, the unit pages and their
 * enquiry form. Units are read on every page load, so they are cached per company like the catalogue.
 */
export function createProductServicesService(db: Db, mail: MailService, cacheTtlMs: number) {
  const cacheOn = cacheTtlMs > 0;
  const cache = new LRUCache<number, BusinessUnit[]>({
    max: 1000,
    ttl: Math.max(cacheTtlMs, 1),
    fetchMethod: (companyId) => loadProductServices(db, companyId),
  });

  async function unitsOf(companyId: number): Promise<BusinessUnit[]> {
    return cacheOn ? (await countedFetch('product-services', cache, companyId))! : loadProductServices(db, companyId);
  }

  async function findUnit(companyId: number, name: string): Promise<{ unit: BusinessUnit; units: BusinessUnit[] }> {
    const units = await unitsOf(companyId);
    const slug = businessSlug(name).toLowerCase();
    const unit = units.find((u) => u.slug === slug);
    if (!unit) throw AppError.notFound(messages.dataNotFound);
    return { unit, units };
  }

  async function cards(companyId: number): Promise<ProductServiceCard[]> {
    return (await unitsOf(companyId)).map(({ ID, businessName, description, imagePath, serviceOption }) => ({
      ID,
      businessName,
      description,
      imagePath,
      serviceOption,
    }));
  }

  async function details(companyId: number, productName: string): Promise<ProductDetails> {
    const { unit, units } = await findUnit(companyId, productName);
    const { businessName, description, imagePath, serviceOption, redirectUrl, cloudService } = unit;
    return {
      sideMenu: units.map((u) => ({ businessName: u.businessName })),
      businessData: { businessName, description, imagePath, serviceOption, redirectUrl, cloudService },
    };
  }

  async function cloudProducts(companyId: number, serviceName: string): Promise<CloudServiceCard[]> {
    return (await findUnit(companyId, serviceName)).unit.cloudService;
  }

  /**
   * Keeps the enquiry and e-mails it to the company (reply goes to the enquirer). If the mail
   * cannot be queued the enquiry is removed again, so the visitor never gets a success for a
   * request nobody will see.
   */
  async function sendEnquiry(tenant: Tenant, fields: EnquiryFields): Promise<void> {
    const enquiryId = await keepEnquiry(db, {
      companyId: tenant.id,
      name: fields.name,
      email: fields.emailID,
      productService: fields.productService,
      queryData: fields.queryData,
    });
    const companyEmail = tenant.configuration.emailID.trim();
    if (!companyEmail) return;
    try {
      await mail.enqueue({
        companyId: tenant.id,
        to: companyEmail,
        replyTo: fields.emailID,
        subject: oneLine(`Enquiry about ${fields.productService} from ${fields.name}`),
        text: [
          `${fields.name} <${fields.emailID}> sent an enquiry through ${tenant.websiteUrl}.`,
          '',
          `Product service: ${fields.productService}`,
          '',
          fields.queryData,
        ].join('\n'),
      });
    } catch (err) {
      await dropEnquiry(db, enquiryId);
      throw err;
    }
  }

  /** Forgets this instance's copy of a company's units (or all): called by the cache bus on every instance. */
  function dropCached(companyId?: number) {
    if (companyId === undefined) cache.clear();
    else cache.delete(companyId);
  }

  return { cards, details, cloudProducts, sendEnquiry, dropCached };
}

export type ProductServicesService = ReturnType<typeof createProductServicesService>;
