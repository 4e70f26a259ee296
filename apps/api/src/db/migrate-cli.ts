import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from './open-configured.ts';

/**
 * `npm run db:migrate`: applies the committed migrations, the release step before instances start.
 * The server also migrates on start; either way under the start lock (start-lock.ts), so this may
 * run while instances start.
 */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.close();
console.log(`migrations applied to ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'}`);
