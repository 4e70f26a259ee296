import { fillMailText, isMailTextKey } from '@mawingu/contracts/mail-texts';
import { isLanguage, type Language } from '@mawingu/contracts/languages';
import type { Mail } from '../../../integrations/mail/mail.ts';
import type { CompanyService, Tenant } from '../../tenant/index.ts';
import { textSlot, type CompanyMailRow, type CompanyMailStore } from './company-mail-store.ts';
import { bodyHtml, brandedHtml, brandedText, innerOf, textAsHtml, type MailBrand } from './mail-frame.ts';
import { defaultSenderAddress, formatSender } from './sender.ts';

/** The language a mail was written in: its own field, else the `lang` its HTML frame declares (platform's mailHtml), else English. */
export function languageOf(mail: Pick<Mail, 'language' | 'html'>): Language {
  if (isLanguage(mail.language)) return mail.language;
  const declared = mail.html ? /<[a-z]+[^>]*\blang="([a-z]{2})"/i.exec(mail.html)?.[1] : undefined;
  return isLanguage(declared) ? declared : 'en';
}

/** The brand a company's mails show, from its settings (logo, colour, contact details). */
export function brandOf(tenant: Tenant): MailBrand {
  const c = tenant.configuration;
  const logo = c.imagePath?.trim() ?? '';
  return {
    name: tenant.name,
    logoUrl: !logo ? null : /^https?:\/\//.test(logo) ? logo : `${tenant.websiteUrl}${logo.startsWith('/') ? '' : '/'}${logo}`,
    colour: c.brandColor,
    websiteUrl: tenant.websiteUrl,
    address: [c.officeAddress, c.city, c.country]
      .map((p) => p.trim())
      .filter(Boolean)
      .join(', '),
    email: c.emailID,
    phone: c.contactNo,
  };
}

/** The sender a company's mails carry: its own when set, else its name and the address derived from its site. */
export function senderOf(tenant: Tenant, row: CompanyMailRow | null, serverFrom: string) {
  const defaultName = tenant.name;
  const defaultAddress = defaultSenderAddress(tenant.websiteUrl, serverFrom);
  const name = row?.senderName || defaultName;
  const address = row?.senderAddress || defaultAddress;
  return { name, address, defaultName, defaultAddress, from: formatSender(name, address) };
}

/** An edited text in place of the mail's default: subject and body filled, the body's HTML. */
export function ownText(own: { subject: string; body: string }, vars: Record<string, string>, colour: string) {
  const body = fillMailText(own.body, vars);
  return { subject: fillMailText(own.subject, vars), text: body, inner: bodyHtml(body, colour, vars.code ? [vars.code] : []) };
}

/**
 * Dresses a mail of a company at delivery (ADR 0112, 0113): its sender, its own text when the
 * owner edited this mail, the branded HTML frame and text footer, Reply-To its contact address,
 * and a newsletter's List-Unsubscribe with RFC 8058 one-click. A mail of no company (or of a
 * company without a site) goes as it was written.
 */
export function createMailDresser(deps: { store: CompanyMailStore; company: CompanyService; serverFrom: string }) {
  return async function dress(mail: Mail): Promise<Mail> {
    if (mail.companyId === null) return mail;
    const tenant = await deps.company.tenantOfCompany(mail.companyId);
    if (!tenant) return mail;
    const [row, own] = await Promise.all([deps.store.settingsOf(mail.companyId), deps.store.textsOf(mail.companyId)]);
    const language = languageOf(mail);
    const brand = brandOf(tenant);

    let subject = mail.subject;
    let text = mail.text;
    let inner = mail.html ? innerOf(mail.html) : textAsHtml(mail.text, brand.colour);
    const edited = mail.template && isMailTextKey(mail.template.key) ? own.get(textSlot(mail.template.key, language)) : undefined;
    // {company} is the brand's name whatever domain wrote the mail.
    if (edited && mail.template)
      ({ subject, text, inner } = ownText(edited, { company: tenant.name, ...mail.template.vars }, brand.colour));

    const headers: Record<string, string> = { ...mail.headers };
    if (mail.listUnsubscribe) {
      headers['List-Unsubscribe'] = `<${mail.listUnsubscribe}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    return {
      ...mail,
      subject,
      text: brandedText(brand, language, text),
      html: brandedHtml(brand, language, subject, inner),
      from: senderOf(tenant, row, deps.serverFrom).from,
      replyTo: mail.replyTo ?? (brand.email || undefined),
      headers,
    };
  };
}

export type MailDresser = ReturnType<typeof createMailDresser>;
