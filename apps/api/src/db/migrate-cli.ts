import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from './open-configured.ts';

/** `npm run db:migrate`: applies the committed migrations (the server also does this on start). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.close();
console.log(`migrations applied to ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'}`);
