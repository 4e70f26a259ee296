import type { Db } from '../apps/api/src/db/client.ts';
import { completeCompany, upsertCompany } from '../apps/api/src/db/seed/factories.ts';

/** Origins of the catalogue journeys' own companies (Chromium maps *.mawingu.test to this machine). */
export const catalogueOrigins = (port: number) => ({
  /** A registered company with no products, business units or partner clouds: the empty states. */
  empty: `http://bare.mawingu.test:${port}`,
});

export async function loadCatalogueFixtures(db: Db, port: number) {
  await upsertCompany(db, completeCompany('bare-catalogue', 'Bare Hosting'), [catalogueOrigins(port).empty]);
}
