import { loadConfig } from '../../config.ts';
import { openConfiguredDatabase } from '../open-configured.ts';
import { openFileStore } from '../../integrations/storage/open-file-store.ts';
import { createFileService } from '../../modules/tenant/files/service.ts';
import { seedDemo } from './demo-company.ts';

/** `npm run db:seed`: loads the demo company (idempotent; safe to run again). */
const config = loadConfig();
const store = await openFileStore(config.storage);
const database = await openConfiguredDatabase(config);
const files = createFileService(database.db, store);
const company = await seedDemo(database.db, files, config.publicUrl, { demoCustomer: config.env !== 'production' });
await database.close();
store.close();
console.log(`demo company "${company.name}" seeded for ${config.publicUrl}`);
