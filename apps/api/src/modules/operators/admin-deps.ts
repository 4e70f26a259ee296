import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../integrations/secrets/secret-box.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { OperatorTokens } from './operator-tokens.ts';

/** What every console area's routes may use: the app's services plus the console's own parts. */
export type AdminDeps = {
  config: Config;
  database: Database;
  queue: JobQueue;
  secretBox: SecretBox;
  operatorTokens: OperatorTokens;
  services: FastifyInstance['services'];
  payments: FastifyInstance['payments'];
};
