import { OTP_VALID_MINUTES } from '@mawingu/contracts/auth';
import type { OtpPurpose } from './otp-challenges.ts';

/**
 * The texts of the accounts mails. Codes and links appear only in the body: subjects are logged by
 * the outbox, bodies are not.
 */
export type MailText = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A link becomes clickable; anything else (a code, a user name) is set large and bold. */
const emphasise = (line: string) =>
  /^https?:\/\//.test(line)
    ? `<a href="${escapeHtml(line)}" style="color:#1c6dd0;word-break:break-all">${escapeHtml(line)}</a>`
    : `<strong style="font-size:18px;letter-spacing:1px">${escapeHtml(line)}</strong>`;

/** Plain text plus the same words as simple HTML; `strong` marks the one thing the reader needs. */
function compose(subject: string, lines: string[], strong: string, companyName: string): MailText {
  // In plain text the code or link stands on a line of its own, with space around it.
  const text = [...lines.flatMap((line) => (line === strong ? ['', line, ''] : [line])), '', `— ${companyName}`].join('\n').replace(/\n{3,}/g, '\n\n');
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    ...lines.map((line) =>
      line === ''
        ? ''
        : `<p style="margin:0 0 12px">${line === strong ? emphasise(line) : escapeHtml(line)}</p>`,
    ),
    `<p style="margin:16px 0 0;color:#52606d">— ${escapeHtml(companyName)}</p>`,
    '</div>',
  ].join('');
  return { subject, text, html };
}

export function otpMail(companyName: string, code: string, purpose: OtpPurpose): MailText {
  const why = purpose === 'signup' ? `to finish creating your ${companyName} account` : `to log in to ${companyName}`;
  return compose(
    `Your ${companyName} verification code`,
    [
      `Enter this one-time code ${why}:`,
      code,
      `It is valid for ${OTP_VALID_MINUTES} minutes and can be used once.`,
      '',
      'If you did not ask for it, you can ignore this mail; nobody can log in without the code.',
    ],
    code,
    companyName,
  );
}

export function passwordResetMail(companyName: string, link: string): MailText {
  return compose(
    `Set a new password for ${companyName}`,
    [
      `Someone (hopefully you) asked to set a new password for your ${companyName} account.`,
      'Open this link to choose one. It works once and for one hour:',
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    link,
    companyName,
  );
}

export function userNameMail(companyName: string, userName: string): MailText {
  return compose(
    `Your ${companyName} user name`,
    [`You asked for the user name of your ${companyName} account. You log in with:`, userName, '', 'If you did not ask for it, you can ignore this mail.'],
    userName,
    companyName,
  );
}
