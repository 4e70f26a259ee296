import { eq, sql } from 'drizzle-orm';
import { companyMailMessages as m, type CompanyMailSettings, type companyMailSettingsUpdate } from '@mawingu/contracts/admin/company-mail';
import type { z } from 'zod';
import type { Db } from '../../../../db/client.ts';
import { companyMailSettings } from '../../../../db/schema.ts';
import { AppError } from '../../../../http/app-error.ts';
import type { SecretBox } from '../../../../integrations/secrets/secret-box.ts';
import { recordAudit } from '../../../../console/audit.ts';
import type { Operator } from '../../../../console/operator-guard.ts';
import type { CompanyService } from '../../../tenant/index.ts';
import type { CompanyMailRow } from '../company-mail-store.ts';
import { senderOf } from '../dress-mail.ts';

type Update = z.output<typeof companyMailSettingsUpdate>;

export type MailSettingsDeps = {
  db: Db;
  secretBox: SecretBox;
  company: CompanyService;
  serverFrom: string;
  /** After a change commits: every instance drops the settings and the company's open transport. */
  changed: (companyId: number) => Promise<void>;
};

/** The settings as the console and the audit log see them: never the password, only whether one is stored. */
function toView(row: CompanyMailRow | null, sender: ReturnType<typeof senderOf> | null): CompanyMailSettings {
  return {
    senderName: row?.senderName ?? '',
    senderAddress: row?.senderAddress ?? '',
    defaultSenderName: sender?.defaultName ?? '',
    defaultSenderAddress: sender?.defaultAddress ?? '',
    smtp: row?.smtpHost
      ? {
          host: row.smtpHost,
          port: row.smtpPort,
          security: row.smtpSecurity as 'tls' | 'starttls' | 'none',
          user: row.smtpUser,
          passwordSet: row.smtpPasswordSealed !== null,
        }
      : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * A company's sender and own SMTP server in the console (ADR 0112). The password is sealed with the
 * server's secret box; an empty password keeps the stored one; the reply and the audit log say only
 * whether one is stored.
 */
export function createMailSettingsAdmin(deps: MailSettingsDeps) {
  const { db } = deps;

  async function rowOf(q: Db, companyId: number) {
    const [row] = await q.select().from(companyMailSettings).where(eq(companyMailSettings.companyId, companyId)).limit(1);
    return row ?? null;
  }

  async function view(companyId: number): Promise<CompanyMailSettings> {
    const [row, tenant] = await Promise.all([rowOf(db, companyId), deps.company.tenantOfCompany(companyId)]);
    return toView(row, tenant ? senderOf(tenant, row, deps.serverFrom) : null);
  }

  async function update(operator: Operator, companyId: number, input: Update): Promise<CompanyMailSettings> {
    await db.transaction(async (tx) => {
      const before = await rowOf(tx, companyId);
      const smtp = input.smtp;
      const password = smtp?.password ?? '';
      // The same server and user keep the stored password; another server or user needs it again.
      const sameLogin = before !== null && smtp !== null && before.smtpHost === smtp.host && before.smtpUser === smtp.user;
      const sealed = !smtp || !smtp.user ? null : password ? deps.secretBox.seal(password) : sameLogin ? before.smtpPasswordSealed : null;
      if (smtp?.user && !sealed) throw AppError.badRequest(m.passwordRequired, { 'smtp.password': m.passwordRequired });
      const values = {
        senderName: input.senderName,
        senderAddress: input.senderAddress.toLowerCase(),
        smtpHost: smtp?.host.toLowerCase() ?? '',
        smtpPort: smtp?.port ?? 587,
        smtpSecurity: smtp?.security ?? 'starttls',
        smtpUser: smtp?.user ?? '',
        smtpPasswordSealed: sealed,
        updatedAt: sql`now()`,
      };
      await tx
        .insert(companyMailSettings)
        .values({ companyId, ...values })
        .onConflictDoUpdate({ target: companyMailSettings.companyId, set: values });
      const after = await rowOf(tx, companyId);
      await recordAudit(tx, {
        actor: operator,
        companyId,
        action: 'content.mail.settings',
        targetType: 'company_mail_settings',
        targetId: companyId,
        before: before ? { ...toView(before, null), updatedAt: undefined, passwordChanged: undefined } : null,
        after: { ...toView(after, null), updatedAt: undefined, passwordChanged: password !== '' },
      });
    });
    await deps.changed(companyId);
    return view(companyId);
  }

  return { view, update };
}

export type MailSettingsAdmin = ReturnType<typeof createMailSettingsAdmin>;
