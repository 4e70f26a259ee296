import { createUnitEditing } from './business-units.ts';
import { createCatalogueChange, type CatalogueDeps } from './catalogue-change.ts';
import { createDomainEditing } from './domains.ts';
import { createProductEditing } from './products.ts';
import { createTermsEditing } from './purchase-terms.ts';
import { createRegionEditing } from './regions.ts';

export type { CatalogueDeps } from './catalogue-change.ts';

/**
 * The console's catalogue: every write is one transaction with its audit entry, then the caches of
 * the customer site are dropped so the marketplace, configurator and orders read the change at once.
 * Orders never read the catalogue after they are made (their lines are frozen), so no change here
 * alters an existing order. One file per part: products, regions, purchase terms, business units
 * and partner clouds, domains.
 */
export function createCatalogueAdmin(deps: CatalogueDeps) {
  const editing = { ...deps, ...createCatalogueChange(deps) };
  return {
    ...createProductEditing(editing),
    ...createRegionEditing(editing),
    ...createTermsEditing(editing),
    ...createUnitEditing(editing),
    ...createDomainEditing(editing),
  };
}

export type CatalogueAdmin = ReturnType<typeof createCatalogueAdmin>;
