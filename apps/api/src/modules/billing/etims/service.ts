import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { EtimsPort } from '../../../integrations/etims/etims.ts';
import { createOscu } from '../../../integrations/etims/oscu.ts';
import type { SecretBox } from '../../../integrations/secrets/secret-box.ts';
import { createEtimsAdmin } from './etims-admin.ts';
import { createEtimsSweep, submitEtimsJob, sweepEtimsJob, type EtimsRetry } from './etims-job.ts';
import { createEtimsSubmitter } from './submit-document.ts';

/** Kenya's eTIMS for the billing domain (ADR 0121): the submitter, the sweep, the console's side and the job kinds. */
export function createEtimsService(deps: {
  db: Db;
  secretBox: SecretBox;
  production: boolean;
  queue?: JobQueue;
  port?: EtimsPort;
  log?: FastifyBaseLogger;
}) {
  const port = deps.port ?? createOscu();
  const submitter = createEtimsSubmitter({ db: deps.db, port, secretBox: deps.secretBox });
  const sweep = createEtimsSweep(deps.db, submitter, deps.log);
  const admin = createEtimsAdmin({
    db: deps.db,
    port,
    secretBox: deps.secretBox,
    submitter,
    production: deps.production,
    queue: deps.queue,
  });
  return {
    submitter,
    sweep,
    admin,
    jobs: (retry?: EtimsRetry) => [submitEtimsJob(submitter, retry), sweepEtimsJob(() => sweep())],
  };
}

export type EtimsService = ReturnType<typeof createEtimsService>;
