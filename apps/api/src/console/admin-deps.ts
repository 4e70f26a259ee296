import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { SecretBox } from '../integrations/secrets/secret-box.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { OperatorTokens } from './operator-tokens.ts';

/**
 * What every console door may use: configuration, database, queue, sealed secrets and the
 * operators' tokens; each door adds the services of its own domain (`AdminDeps & { … }`).
 */
export type AdminDeps = {
  config: Config;
  database: Database;
  queue: JobQueue;
  secretBox: SecretBox;
  operatorTokens: OperatorTokens;
};
