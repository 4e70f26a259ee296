import type { Language } from '@mawingu/contracts/languages';
import { CODE_MINUTES, DEFAULT_MAIL_TEXTS, fillMailText, UNNAMED_RECIPIENT, type MailTextKey } from '@mawingu/contracts/mail-texts';
import { escapeHtml, mailHtml } from '../../platform/index.ts';
import type { OtpPurpose } from './otp-challenges.ts';

/**
 * The texts of the accounts mails, in the language the site was used in. Codes and links appear
 * only in the body: subjects are logged by the outbox, bodies are not.
 */
export type MailText = {
  subject: string;
  text: string;
  html: string;
  language?: Language;
  /** An editable mail: the company's own text replaces this one at delivery (content's company mail). */
  template?: { key: MailTextKey; vars: Record<string, string> };
};

/** A link becomes clickable; anything else (a code, a user name) is set large and bold. */
const emphasise = (line: string) =>
  /^https?:\/\//.test(line)
    ? `<a href="${escapeHtml(line)}" style="color:#1c6dd0;word-break:break-all">${escapeHtml(line)}</a>`
    : `<strong style="font-size:18px;letter-spacing:1px">${escapeHtml(line)}</strong>`;

/** Plain text plus the same words as simple HTML; `strong` marks the one thing the reader needs. */
function compose(language: Language, subject: string, lines: string[], strong: string, companyName: string): MailText {
  // In plain text the code or link stands on a line of its own, with space around it.
  const text = [...lines.flatMap((line) => (line === strong ? ['', line, ''] : [line])), '', `— ${companyName}`]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  const html = mailHtml(language, [
    ...lines.map((line) => (line === '' ? '' : `<p style="margin:0 0 12px">${line === strong ? emphasise(line) : escapeHtml(line)}</p>`)),
    `<p style="margin:16px 0 0;color:#52606d">— ${escapeHtml(companyName)}</p>`,
  ]);
  return { subject, text, html };
}

/** Each mail's words per language; `typeof en` makes the compiler ask for every text in Korean. */
const en = {
  userNameSubject: (company: string) => `Your ${company} user name`,
  userNameWhat: (company: string) => `You asked for the user name of your ${company} account. You log in with:`,
  userNameIgnore: 'If you did not ask for it, you can ignore this mail.',
};

const ko: typeof en = {
  userNameSubject: (company: string) => `${company} 사용자 이름`,
  userNameWhat: (company: string) => `요청하신 ${company} 계정의 사용자 이름입니다. 아래 이름으로 로그인하세요.`,
  userNameIgnore: '요청하지 않으셨다면 이 메일을 무시하셔도 됩니다.',
};

const TEXTS: Record<Language, typeof en> = { en, ko };

/**
 * One of the editable mails (packages/contracts/src/mail-texts.ts) in today's default text; the key
 * and values travel with it, so delivery can put the company's own text in its place.
 */
function editable(key: MailTextKey, language: Language, vars: Record<string, string>, strong: string, company: string): MailText {
  const text = DEFAULT_MAIL_TEXTS[language][key];
  const lines = fillMailText(text.body, vars).split('\n');
  return { ...compose(language, fillMailText(text.subject, vars), lines, strong, company), language, template: { key, vars } };
}

/** `name`: the customer's first name, when known (a login code is sent before the account is read). */
export function otpMail(companyName: string, code: string, purpose: OtpPurpose, language: Language, name?: string): MailText {
  const vars = { name: name?.trim() || UNNAMED_RECIPIENT[language], company: companyName, code, minutes: CODE_MINUTES };
  return editable(purpose === 'signup' ? 'signup-code' : 'login-code', language, vars, code, companyName);
}

export function passwordResetMail(companyName: string, link: string, language: Language, name?: string): MailText {
  const vars = { name: name?.trim() || UNNAMED_RECIPIENT[language], company: companyName, link };
  return editable('password-reset', language, vars, link, companyName);
}

export function userNameMail(companyName: string, userName: string, language: Language): MailText {
  const t = TEXTS[language];
  return compose(
    language,
    t.userNameSubject(companyName),
    [t.userNameWhat(companyName), userName, '', t.userNameIgnore],
    userName,
    companyName,
  );
}
