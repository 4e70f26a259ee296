import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../client.ts';
import { companies } from '../schema.ts';
import type { FileService } from '../../modules/tenant/files/service.ts';
import { seedDemo } from './demo-company.ts';

/** On start: seed the demo company into an empty database (SEED_DEMO=auto), always, or never. */
export async function seedOnStart(db: Db, files: FileService, config: Config): Promise<boolean> {
  if (config.seedDemo === 'never') return false;
  if (config.seedDemo === 'auto') {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
    if ((row?.n ?? 0) > 0) return false;
  }
  await seedDemo(db, files, config.publicUrl, { demoCustomer: config.env !== 'production' });
  return true;
}
