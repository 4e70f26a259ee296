import { escapeHtml, mailHtml } from '../../platform/index.ts';

type Invitation = { name: string; invitedBy: string; link: string; hours: number };

/** The mail that invites an operator to the console: who asked, the link, how long it works. */
export function invitationMail({ name, invitedBy, link, hours }: Invitation): { subject: string; text: string; html: string } {
  const lines = [
    `Hello ${name},`,
    `${invitedBy} invited you to the operator console. Choose your password here (the link works once, for ${hours} hours):`,
    link,
    'At your first login you set up an authenticator app for two-factor sign-in.',
    'If you did not expect this invitation, ignore this mail.',
  ];
  return {
    subject: 'Your invitation to the operator console',
    text: lines.join('\n\n'),
    html: mailHtml('en', [
      `<p>${escapeHtml(lines[0]!)}</p>`,
      `<p>${escapeHtml(lines[1]!)}</p>`,
      `<p><a href="${escapeHtml(link)}">Choose your password</a></p>`,
      `<p>${escapeHtml(lines[3]!)}</p>`,
      `<p>${escapeHtml(lines[4]!)}</p>`,
    ]),
  };
}
