import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { openConfiguredDatabase } from '../open-configured.ts';
import { createLocalFileStore } from '../../integrations/storage/local-file-store.ts';
import { createFileService } from '../../modules/files/service.ts';
import { seedDemo } from './demo-company.ts';

/** `npm run db:seed`: loads the demo company (idempotent; safe to run again). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
const files = createFileService(database.db, createLocalFileStore(path.join(config.dataDir, 'files')));
const company = await seedDemo(database.db, files, config.publicUrl, { demoCustomer: config.env !== 'production' });
await database.close();
console.log(`demo company "${company.name}" seeded for ${config.publicUrl}`);
