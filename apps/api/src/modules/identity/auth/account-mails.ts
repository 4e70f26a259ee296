import { OTP_VALID_MINUTES } from '@mawingu/contracts/auth';
import type { Language } from '@mawingu/contracts/languages';
import { escapeHtml, mailHtml } from '../../platform/index.ts';
import type { OtpPurpose } from './otp-challenges.ts';

/**
 * The texts of the accounts mails, in the language the site was used in. Codes and links appear
 * only in the body: subjects are logged by the outbox, bodies are not.
 */
export type MailText = { subject: string; text: string; html: string };

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
  otpSubject: (company: string) => `Your ${company} verification code`,
  otpWhy: (company: string, purpose: OtpPurpose) =>
    `Enter this one-time code ${purpose === 'signup' ? `to finish creating your ${company} account` : `to log in to ${company}`}:`,
  otpValid: `It is valid for ${OTP_VALID_MINUTES} minutes and can be used once.`,
  otpIgnore: 'If you did not ask for it, you can ignore this mail; nobody can log in without the code.',
  resetSubject: (company: string) => `Set a new password for ${company}`,
  resetWho: (company: string) => `Someone (hopefully you) asked to set a new password for your ${company} account.`,
  resetOpen: 'Open this link to choose one. It works once and for one hour:',
  resetIgnore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  userNameSubject: (company: string) => `Your ${company} user name`,
  userNameWhat: (company: string) => `You asked for the user name of your ${company} account. You log in with:`,
  userNameIgnore: 'If you did not ask for it, you can ignore this mail.',
};

const ko: typeof en = {
  otpSubject: (company: string) => `${company} 인증 코드`,
  otpWhy: (company: string, purpose: OtpPurpose) =>
    purpose === 'signup'
      ? `${company} 계정 만들기를 마치려면 아래 일회용 코드를 입력하세요.`
      : `${company}에 로그인하려면 아래 일회용 코드를 입력하세요.`,
  otpValid: `이 코드는 ${OTP_VALID_MINUTES}분 동안 한 번만 사용할 수 있습니다.`,
  otpIgnore: '요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 코드 없이는 아무도 로그인할 수 없습니다.',
  resetSubject: (company: string) => `${company} 새 비밀번호 설정`,
  resetWho: (company: string) => `${company} 계정의 새 비밀번호 설정 요청이 있었습니다.`,
  resetOpen: '아래 링크를 열어 새 비밀번호를 정하세요. 링크는 한 시간 동안 한 번만 사용할 수 있습니다.',
  resetIgnore: '요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.',
  userNameSubject: (company: string) => `${company} 사용자 이름`,
  userNameWhat: (company: string) => `요청하신 ${company} 계정의 사용자 이름입니다. 아래 이름으로 로그인하세요.`,
  userNameIgnore: '요청하지 않으셨다면 이 메일을 무시하셔도 됩니다.',
};

const TEXTS: Record<Language, typeof en> = { en, ko };

export function otpMail(companyName: string, code: string, purpose: OtpPurpose, language: Language): MailText {
  const t = TEXTS[language];
  return compose(
    language,
    t.otpSubject(companyName),
    [t.otpWhy(companyName, purpose), code, t.otpValid, '', t.otpIgnore],
    code,
    companyName,
  );
}

export function passwordResetMail(companyName: string, link: string, language: Language): MailText {
  const t = TEXTS[language];
  return compose(language, t.resetSubject(companyName), [t.resetWho(companyName), t.resetOpen, link, '', t.resetIgnore], link, companyName);
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
