import type { CacheBus } from '../../cache/cache-bus.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MailTransport } from '../../integrations/mail/mail.ts';
import { createMailService } from './mail/service.ts';
import { sendMailJob } from './mail/send-mail-job.ts';

/**
 * What every domain stands on: the mail service (its job is worked from main.ts before the app)
 * and the cache bus (a change drops the cached copies on every instance).
 */
export function createPlatformModule(deps: { queue: JobQueue; mailTransport: MailTransport; caches: CacheBus }) {
  const mail = createMailService(deps.queue, sendMailJob(deps.mailTransport));
  return { mail, caches: deps.caches };
}

export type PlatformModule = ReturnType<typeof createPlatformModule>;
