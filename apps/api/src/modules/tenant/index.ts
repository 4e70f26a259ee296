// The tenant domain's public entry: what other domains may import from it (lint enforces it,
// docs/decisions/0092-domain-boundaries-in-lint.md). Everything else in the folder is its own.
export type { CompanyService, Tenant } from './company/service.ts';
export type { CountryService } from './countries/service.ts';
export { createFileService, fileUrl } from './files/service.ts';
export { companyFileOfKind } from './files/file-of-kind.ts';
export type { FileService } from './files/service.ts';
export type { TenantModule } from './module.ts';
export { siteAddressOf } from './company/site-address.ts';
export { companyNameOf, companyNamesOf } from './company/company-name.ts';
export { companyLetterheadOf } from './company/letterhead.ts';
export {
  brandColorOf,
  expiryGraceDaysOf,
  homeRegionsAmong,
  publicIpMaintenanceOf,
  setZarToUsdRate,
  storedZarToUsdRateOf,
} from './company/company-settings-reads.ts';
