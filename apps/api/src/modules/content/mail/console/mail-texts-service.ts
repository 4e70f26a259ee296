import { and, eq, sql } from 'drizzle-orm';
import {
  companyMailMessages as m,
  type CompanyMailTexts,
  type MailDraftInput,
  type MailPreview,
  type MailTextInput,
} from '@mawingu/contracts/admin/company-mail';
import { LANGUAGES, type Language } from '@mawingu/contracts/languages';
import {
  CODE_MINUTES,
  DEFAULT_MAIL_TEXTS,
  MAIL_PLACEHOLDERS,
  MAIL_TEXT_KEYS,
  unknownPlaceholders,
  type MailTextKey,
} from '@mawingu/contracts/mail-texts';
import { fill } from '@mawingu/contracts/messages';
import type { Db } from '../../../../db/client.ts';
import { companyMailTexts } from '../../../../db/schema.ts';
import { AppError } from '../../../../http/app-error.ts';
import { recordAudit } from '../../../../console/audit.ts';
import type { Operator } from '../../../../console/operator-guard.ts';
import type { MailService } from '../../../platform/index.ts';
import type { CompanyService, Tenant } from '../../../tenant/index.ts';
import type { CompanyMailStore } from '../company-mail-store.ts';
import { brandOf, ownText, senderOf } from '../dress-mail.ts';
import { brandedHtml, brandedText } from '../mail-frame.ts';

export type MailTextsDeps = {
  db: Db;
  store: CompanyMailStore;
  company: CompanyService;
  mail: MailService;
  serverFrom: string;
  changed: (companyId: number) => Promise<void>;
};

/** 400 naming each field that uses a placeholder this mail does not offer. */
function checkPlaceholders(key: MailTextKey, text: MailTextInput) {
  const errors: Record<string, string> = {};
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownPlaceholders(key, text[field]);
    if (unknown.length > 0) {
      errors[field] = fill(m.unknownPlaceholder, {
        placeholders: unknown.map((p) => `{${p}}`).join(', '),
        offered: MAIL_PLACEHOLDERS[key].map((p) => `{${p}}`).join(', '),
      });
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw AppError.badRequest(first, errors);
}

/**
 * Values a preview and a test mail fill in: the operator's name, the company's site, made-up order,
 * VM and ticket figures. Sentences that apply only sometimes ({conversion}, {access}…) are left
 * empty, as most mails have them.
 */
function sampleVars(tenant: Tenant, operator: Operator): Record<string, string> {
  return {
    name: operator.name.split(' ')[0] || operator.name,
    company: tenant.name,
    code: '482913',
    minutes: CODE_MINUTES,
    link: `${tenant.websiteUrl}/`,
    order: '1042',
    amount: 'ZAR 1150.00',
    purchase: 'web-1 (Ubuntu Server 24.04 LTS)',
    paymentMode: 'PayFast Payment',
    vm: 'web-1',
    os: 'Ubuntu Server 24.04 LTS',
    cpu: '2',
    memory: '4',
    disk: '80',
    paidUntil: '2026-12-31',
    date: '2026-12-31 09:00 UTC',
    graceDays: '7',
    ticket: '12',
    issueType: 'Billing',
    status: 'Resolved',
    response: 'Thank you for your patience: the invoice has been corrected.',
  };
}

/**
 * The texts of a company's mails in the console (ADR 0113): each mail per language, the company's
 * own text or today's default, saved only with placeholders the mail offers; a preview as the
 * customer would get it, and a test sent to the operator's own address through the company's transport.
 */
export function createMailTextsAdmin(deps: MailTextsDeps) {
  const { db } = deps;

  async function list(companyId: number): Promise<CompanyMailTexts> {
    const rows = await db.select().from(companyMailTexts).where(eq(companyMailTexts.companyId, companyId));
    return {
      mails: MAIL_TEXT_KEYS.map((key) => ({
        key,
        placeholders: [...MAIL_PLACEHOLDERS[key]],
        texts: LANGUAGES.map((language) => {
          const own = rows.find((r) => r.mailKey === key && r.language === language);
          const def = DEFAULT_MAIL_TEXTS[language][key];
          return { language, current: own ? { subject: own.subject, body: own.body } : def, default: def, edited: own !== undefined };
        }),
      })),
    };
  }

  async function save(operator: Operator, companyId: number, key: MailTextKey, language: Language, input: MailTextInput) {
    checkPlaceholders(key, input);
    await db.transaction(async (tx) => {
      const set = { subject: input.subject, body: input.body, updatedAt: sql`now()` };
      await tx
        .insert(companyMailTexts)
        .values({ companyId, mailKey: key, language, ...set })
        .onConflictDoUpdate({ target: [companyMailTexts.companyId, companyMailTexts.mailKey, companyMailTexts.language], set });
      await recordAudit(tx, {
        actor: operator,
        companyId,
        action: 'content.mail.text',
        targetType: 'company_mail_texts',
        targetId: `${key}/${language}`,
        after: { subject: input.subject, body: input.body },
      });
    });
    await deps.changed(companyId);
    return list(companyId);
  }

  async function reset(operator: Operator, companyId: number, key: MailTextKey, language: Language) {
    await db.transaction(async (tx) => {
      const removed = await tx
        .delete(companyMailTexts)
        .where(and(eq(companyMailTexts.companyId, companyId), eq(companyMailTexts.mailKey, key), eq(companyMailTexts.language, language)))
        .returning();
      if (removed.length > 0) {
        await recordAudit(tx, {
          actor: operator,
          companyId,
          action: 'content.mail.text.reset',
          targetType: 'company_mail_texts',
          targetId: `${key}/${language}`,
          before: { subject: removed[0]!.subject, body: removed[0]!.body },
        });
      }
    });
    await deps.changed(companyId);
    return list(companyId);
  }

  async function tenantOf(companyId: number): Promise<Tenant> {
    const tenant = await deps.company.tenantOfCompany(companyId);
    // A company without a site cannot be created in the console; this is a guard, not a flow.
    if (!tenant) throw new AppError('conflict', 409, 'The company has no website address yet.');
    return tenant;
  }

  /** The draft as the company would send it: sender, subject, branded HTML and text part. */
  async function preview(operator: Operator, companyId: number, draft: MailDraftInput): Promise<MailPreview> {
    checkPlaceholders(draft.key, draft);
    const tenant = await tenantOf(companyId);
    const brand = brandOf(tenant);
    const { subject, text, inner } = ownText(draft, sampleVars(tenant, operator), brand.colour);
    const row = await deps.store.settingsOf(companyId);
    return {
      subject,
      from: senderOf(tenant, row, deps.serverFrom).from,
      html: brandedHtml(brand, draft.language, subject, inner),
      text: brandedText(brand, draft.language, text),
    };
  }

  /** Queues the draft to the operator's own address; delivery dresses it and sends it as the company's mails go. */
  async function test(operator: Operator, companyId: number, draft: MailDraftInput): Promise<{ to: string }> {
    checkPlaceholders(draft.key, draft);
    if (!operator.email) throw AppError.badRequest(m.noOperatorEmail);
    const tenant = await tenantOf(companyId);
    const { subject, text, inner } = ownText(draft, sampleVars(tenant, operator), brandOf(tenant).colour);
    await deps.mail.enqueue({ companyId, to: operator.email, subject: `[Test] ${subject}`, text, html: inner, language: draft.language });
    await recordAudit(db, {
      actor: operator,
      companyId,
      action: 'content.mail.test',
      targetType: 'company_mail_texts',
      targetId: `${draft.key}/${draft.language}`,
      after: { to: operator.email },
    });
    return { to: operator.email };
  }

  return { list, save, reset, preview, test };
}

export type MailTextsAdmin = ReturnType<typeof createMailTextsAdmin>;
