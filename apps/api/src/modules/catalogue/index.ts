// The catalogue domain's public entry: what other domains may import from it (lint enforces it,
// docs/decisions/0092-domain-boundaries-in-lint.md). Everything else in the folder is its own.
export type { CatalogService } from './catalog/service.ts';
export type { CatalogueModule } from './module.ts';
export { companyRegions } from './company-regions.ts';
export { isGoldCopyProduct, productBuildsOf, type ProductBuild } from './product-builds.ts';
export { purchaseOptionsOf } from './purchase-options.ts';
export { eraseSavedOf, savedPersonalData } from './saved/personal-data.ts';
