import { asc, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { CompanyAddress, CompanyConfiguration, MenuItem } from '@mawingu/contracts/company';
import { messages } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { companies, companyAddresses, companyOrigins, menuItems } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { counted } from '../../../observability/counted-cache.ts';
import { brandPaletteOf } from './brand-palette.ts';

type CompanyRow = typeof companies.$inferSelect;

/** What the rest of the API knows of a tenant once its origin is resolved. */
export type Tenant = {
  id: number;
  name: string;
  websiteUrl: string;
  maintenanceMode: boolean;
  configuration: CompanyConfiguration;
};

function toConfiguration(row: CompanyRow, websiteUrl: string): CompanyConfiguration {
  return {
    companyName: row.name,
    imagePath: row.logoPath,
    websiteUrl,
    wwwUrl: row.wwwUrl,
    facebook: row.facebook,
    instagram: row.instagram,
    twitter: row.twitter,
    linkedIn: row.linkedIn,
    youtube: row.youtube,
    contactNo: row.contactNo,
    country: row.country,
    emailID: row.email,
    officeAddress: row.officeAddress,
    city: row.city,
    registrationAgreement: row.registrationAgreementPath,
    termCondition: row.termsPath,
    privacyPolicy: row.privacyPath,
    companyVideoPath: row.videoPath,
    regionID: row.homeRegionId,
    maintenanceModeRedirect: row.maintenanceRedirect,
    maintenanceModeMsg: row.maintenanceMessage,
    brandColor: row.brandColor,
    brandPalette: brandPaletteOf(row.brandColor),
    bannerMessage: row.bannerMessage,
    siteTexts: row.siteTexts,
  };
}

/**
 * Resolves companies from site origins. Configuration is read on every page load, so it is cached
 * per origin; a change drops it on every instance (the cache bus, topic 'company'), the TTL is a safety net.
 */
export function createCompanyService(db: Db, cacheTtlMs: number) {
  const tenants = new LRUCache<string, { tenant: Tenant | null }>({ max: 1000, ttl: Math.max(cacheTtlMs, 1) });
  const menus = new LRUCache<number, MenuItem[]>({ max: 1000, ttl: Math.max(cacheTtlMs, 1) });
  const offices = new LRUCache<number, CompanyAddress[]>({ max: 1000, ttl: Math.max(cacheTtlMs, 1) });
  const cacheOn = cacheTtlMs > 0;

  async function loadTenant(origin: string): Promise<Tenant | null> {
    const [row] = await db
      .select({ company: companies })
      .from(companyOrigins)
      .innerJoin(companies, eq(companies.id, companyOrigins.companyId))
      .where(eq(companyOrigins.origin, origin))
      .limit(1);
    if (!row) return null;
    return {
      id: row.company.id,
      name: row.company.name,
      websiteUrl: origin,
      maintenanceMode: row.company.maintenanceMode,
      configuration: toConfiguration(row.company, origin),
    };
  }

  /**
   * The company as a tenant for a call made without a site (the console's password link): its
   * first registered origin is where its links point. Null when the company has no origin.
   */
  async function tenantOfCompany(companyId: number): Promise<Tenant | null> {
    const [first] = await db
      .select({ origin: companyOrigins.origin })
      .from(companyOrigins)
      .where(eq(companyOrigins.companyId, companyId))
      .orderBy(asc(companyOrigins.id))
      .limit(1);
    return first ? loadTenant(first.origin) : null;
  }

  /** The company serving `origin`, or null when no company has that origin. */
  async function findByOrigin(origin: string | null): Promise<Tenant | null> {
    if (!origin) return null;
    const hit = cacheOn ? counted('company-sites', tenants.get(origin)) : undefined;
    if (hit) return hit.tenant;
    const tenant = await loadTenant(origin);
    if (cacheOn) tenants.set(origin, { tenant });
    return tenant;
  }

  /** Like findByOrigin, but an unknown site is the spec's "Company not registered yet" (404). */
  async function requireByOrigin(origin: string | null): Promise<Tenant> {
    const tenant = await findByOrigin(origin);
    if (!tenant) throw AppError.notFound(messages.companyNotRegistered);
    return tenant;
  }

  async function benefitsMenu(companyId: number): Promise<MenuItem[]> {
    const hit = cacheOn ? counted('company-menus', menus.get(companyId)) : undefined;
    if (hit) return hit;
    const rows = await db
      .select({ menuName: menuItems.menuName, redirectURL: menuItems.redirectUrl })
      .from(menuItems)
      .where(eq(menuItems.companyId, companyId))
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
    if (cacheOn) menus.set(companyId, rows);
    return rows;
  }

  /** The company's offices in their configured order (home shows the first three). */
  async function addresses(companyId: number): Promise<CompanyAddress[]> {
    const hit = cacheOn ? counted('company-offices', offices.get(companyId)) : undefined;
    if (hit) return hit;
    const rows = await db
      .select({ address: companyAddresses.address, city: companyAddresses.city, country: companyAddresses.country })
      .from(companyAddresses)
      .where(eq(companyAddresses.companyId, companyId))
      .orderBy(asc(companyAddresses.sortOrder), asc(companyAddresses.id));
    if (cacheOn) offices.set(companyId, rows);
    return rows;
  }

  /**
   * Forgets what this instance keeps of a company (or of all): a change goes through the cache bus,
   * which calls this on every instance. Tenants are keyed by origin, and a changed or new origin
   * may have been cached as unknown, so they all go.
   */
  function dropCached(companyId?: number) {
    tenants.clear();
    if (companyId === undefined) {
      menus.clear();
      offices.clear();
    } else {
      menus.delete(companyId);
      offices.delete(companyId);
    }
  }

  return { findByOrigin, requireByOrigin, tenantOfCompany, benefitsMenu, addresses, dropCached };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
