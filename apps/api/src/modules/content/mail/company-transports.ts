import type { FastifyBaseLogger } from 'fastify';
import type { Mail, MailTransport } from '../../../integrations/mail/mail.ts';
import { createSmtpTransport } from '../../../integrations/mail/smtp-transport.ts';
import type { SecretBox } from '../../../integrations/secrets/secret-box.ts';
import type { CompanyMailRow, CompanyMailStore } from './company-mail-store.ts';

/** nodemailer's options for a company's own server: implicit TLS, required STARTTLS, or plain. */
export function smtpOptions(row: CompanyMailRow, password: string | undefined) {
  return {
    host: row.smtpHost,
    port: row.smtpPort,
    secure: row.smtpSecurity === 'tls',
    requireTLS: row.smtpSecurity === 'starttls',
    ignoreTLS: row.smtpSecurity === 'none',
    auth: row.smtpUser ? { user: row.smtpUser, pass: password ?? '' } : undefined,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  };
}

/**
 * The transport of each company (ADR 0112): its own SMTP server when it set one, else the
 * server's. One nodemailer transport per company is kept open and made again when the settings
 * changed (their updatedAt differs), so a changed password is used at the next mail on every
 * instance once the cache bus dropped the settings.
 */
export function createCompanyTransports(deps: {
  store: CompanyMailStore;
  secretBox: SecretBox;
  fallback: MailTransport;
  serverFrom: string;
  log?: FastifyBaseLogger;
}) {
  const open = new Map<number, { stamp: number; transport: MailTransport }>();

  async function transportOf(companyId: number | null): Promise<MailTransport> {
    if (companyId === null) return deps.fallback;
    const row = await deps.store.settingsOf(companyId);
    if (!row?.smtpHost) {
      close(companyId);
      return deps.fallback;
    }
    const kept = open.get(companyId);
    if (kept && kept.stamp === row.updatedAt.getTime()) return kept.transport;
    close(companyId);
    let password: string | undefined;
    if (row.smtpPasswordSealed) {
      try {
        password = deps.secretBox.open(row.smtpPasswordSealed);
      } catch {
        // Sealed under another AUTH_SECRET: the owner must enter it again; the job retries meanwhile.
        throw new Error(`the SMTP password of company ${companyId} cannot be opened with this server's secret`);
      }
    }
    const transport = createSmtpTransport(smtpOptions(row, password), deps.serverFrom);
    open.set(companyId, { stamp: row.updatedAt.getTime(), transport });
    return transport;
  }

  function close(companyId: number) {
    open.get(companyId)?.transport.close();
    open.delete(companyId);
  }

  return {
    transportOf,
    /** The cache bus's drop: the next mail opens the transport from the settings as they are now. */
    dropCached(companyId?: number) {
      for (const id of companyId === undefined ? [...open.keys()] : [companyId]) close(id);
    },
    closeAll() {
      for (const id of [...open.keys()]) close(id);
    },
  };
}

export type CompanyTransports = ReturnType<typeof createCompanyTransports>;

/** The transport the send-mail job uses: each mail dressed in its company's brand, sent through its company's transport. */
export function brandedTransport(
  fallback: MailTransport,
  dress: (mail: Mail) => Promise<Mail>,
  transports: CompanyTransports,
): MailTransport {
  return {
    kind: fallback.kind,
    async deliver(mail: Mail) {
      const dressed = await dress(mail);
      await (await transports.transportOf(mail.companyId)).deliver(dressed);
    },
    close() {
      transports.closeAll();
      fallback.close();
    },
  };
}
