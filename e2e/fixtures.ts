import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { openConfiguredDatabase } from '../apps/api/src/db/open-configured.ts';
import { completeCompany, upsertCompany } from '../apps/api/src/db/seed/factories.ts';
import { seedDemo } from '../apps/api/src/db/seed/demo-company.ts';
import { createLocalFileStore } from '../apps/api/src/integrations/storage/local-file-store.ts';
import { createFileService } from '../apps/api/src/modules/tenant/files/service.ts';
import { loadCatalogueFixtures } from './fixtures-catalogue.ts';
import { loadCheckoutFixtures } from './fixtures-checkout.ts';
import { loadConsoleFixtures } from './fixtures-console.ts';
import { loadConsolePaymentsFixtures } from './fixtures-console-payments.ts';
import { loadConsoleTicketsFixtures } from './fixtures-console-tickets.ts';
import { loadConsoleCustomersFixtures } from './fixtures-console-customers.ts';
import { loadContentFixtures } from './fixtures-content.ts';
import { loadLifecycleFixtures } from './fixtures-lifecycle.ts';
import { loadPurchaseFixtures } from './fixtures-purchase.ts';

/** Site origins of the journeys' companies; Chromium maps *.mawingu.test to this machine. */
export const siteOrigins = (port: number) => ({
  demo: `http://localhost:${port}`,
  incomplete: `http://incomplete.mawingu.test:${port}`,
  maintenance: `http://maintenance.mawingu.test:${port}`,
  unknown: `http://stranger.mawingu.test:${port}`,
  statusPage: `http://status.mawingu.test:${port}/status`,
});

export const MAINTENANCE_MESSAGE = 'We are upgrading our platform. Back at 14:00 SAST.';

/** Loads the demo company plus one incomplete and one in maintenance, before the server starts. */
export async function loadFixtures(dataDir: string, port: number, authSecret?: string) {
  // The product's AUTH_SECRET: the operators' TOTP secrets are sealed with it.
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'silent',
    ...(authSecret ? { AUTH_SECRET: authSecret } : {}),
  });
  const database = await openConfiguredDatabase(config);
  try {
    const files = createFileService(database.db, createLocalFileStore(path.join(dataDir, 'files')));
    await seedDemo(database.db, files, config.publicUrl);
    const origins = siteOrigins(port);
    await upsertCompany(database.db, { ...completeCompany('incomplete', 'Half Done Hosting'), contactNo: '' }, [origins.incomplete]);
    await upsertCompany(
      database.db,
      {
        ...completeCompany('maintenance', 'Busy Cloud'),
        maintenanceMode: true,
        maintenanceMessage: MAINTENANCE_MESSAGE,
        maintenanceRedirect: origins.statusPage,
      },
      [origins.maintenance],
    );
    await loadCatalogueFixtures(database.db, port);
    await loadContentFixtures(database.db, port);
    await loadPurchaseFixtures(database.db, port);
    await loadCheckoutFixtures(database.db, port);
    await loadLifecycleFixtures(database.db, port);
    await loadConsoleFixtures(database.db, config);
    await loadConsolePaymentsFixtures(database.db);
    await loadConsoleTicketsFixtures(database.db);
    await loadConsoleCustomersFixtures(database);
  } finally {
    await database.close();
  }
}
