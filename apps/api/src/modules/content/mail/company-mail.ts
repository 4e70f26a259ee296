import type { CacheBus } from '../../../cache/cache-bus.ts';
import type { Db } from '../../../db/client.ts';
import type { MailTransport } from '../../../integrations/mail/mail.ts';
import type { SecretBox } from '../../../integrations/secrets/secret-box.ts';
import type { MailService } from '../../platform/index.ts';
import type { CompanyService } from '../../tenant/index.ts';
import { createCompanyMailStore } from './company-mail-store.ts';
import { brandedTransport, createCompanyTransports } from './company-transports.ts';
import { createMailSettingsAdmin } from './console/mail-settings-service.ts';
import { createMailTextsAdmin } from './console/mail-texts-service.ts';
import { companyMailRoutes } from './console/mail-routes.ts';
import { createMailDresser } from './dress-mail.ts';

type Deps = {
  db: Db;
  secretBox: SecretBox;
  company: CompanyService;
  mail: MailService;
  caches: CacheBus;
  /** The server's transport (SMTP_URL or the outbox): companies without a server of their own. */
  serverTransport: MailTransport;
  serverFrom: string;
  cacheTtlMs: number;
};

/**
 * Each company's mail (issue 17, point 1; ADR 0112, 0113): the transport the send-mail job
 * delivers through (dressed in the company's brand, through its own SMTP server when it has one)
 * and the console's door to its sender, server and texts. A change drops what every instance keeps
 * of the company's mail (cache bus topic 'mail').
 */
export function createCompanyMail(deps: Deps) {
  const store = createCompanyMailStore(deps.db, deps.cacheTtlMs);
  const transports = createCompanyTransports({
    store,
    secretBox: deps.secretBox,
    fallback: deps.serverTransport,
    serverFrom: deps.serverFrom,
  });
  deps.caches.subscribe('mail', (companyId) => {
    store.dropCached(companyId);
    transports.dropCached(companyId);
  });
  const changed = (companyId: number) => deps.caches.invalidate('mail', companyId);
  const dress = createMailDresser({ store, company: deps.company, serverFrom: deps.serverFrom });
  const settings = createMailSettingsAdmin({
    db: deps.db,
    secretBox: deps.secretBox,
    company: deps.company,
    serverFrom: deps.serverFrom,
    changed,
  });
  const texts = createMailTextsAdmin({ db: deps.db, store, company: deps.company, mail: deps.mail, serverFrom: deps.serverFrom, changed });
  return {
    /** What the send-mail job delivers through (main.ts; tests work it themselves). */
    delivery: brandedTransport(deps.serverTransport, dress, transports),
    dress,
    consoleRoutes: companyMailRoutes({ db: deps.db, settings, texts }),
  };
}

export type CompanyMail = ReturnType<typeof createCompanyMail>;
