import { fill, messages } from '@mawingu/contracts/messages';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const DAY_MS = 86_400_000;

/** An end date as customers read it: day and time in UTC (end dates carry the time of purchase). */
export const whenOf = (at: Date) => `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)} UTC`;

/** The bell's and the mail subject's text of a reminder. */
export const reminderText = (name: string, endAt: Date) => fill(messages.vmExpiresSoon, { name, date: whenOf(endAt) });

/** The last moment a renewal keeps an expired VM from being archived. */
export const renewByOf = (expiredAt: Date, graceDays: number) => new Date(expiredAt.getTime() + graceDays * DAY_MS);

export const expiredText = (name: string, renewBy: Date) => fill(messages.vmExpired, { name, date: whenOf(renewBy) });

export const archivedText = (name: string) => fill(messages.vmArchived, { name });

type MailContent = { subject: string; text: string; html: string };

function render(subject: string, lines: string[]): MailContent {
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    ...lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`),
    '</div>',
  ].join('');
  return { subject, text: lines.join('\n\n'), html };
}

/** 7, 3 and 1 days before the end date: when it ends, how to keep it, and what happens if not. */
export function expiryReminderMail(firstName: string, vm: { name: string; endAt: Date; graceDays: number }): MailContent {
  const subject = reminderText(vm.name, vm.endAt);
  return render(subject, [
    `Hello ${firstName},`,
    `${subject}.`,
    'Renew it from Products on your account page before then to keep it running.',
    `If it is not renewed it is stopped at that time, and archived ${vm.graceDays} days later.`,
  ]);
}

/** At expiry: the machine is stopped, and until when a renewal brings it back. */
export function vmExpiredMail(firstName: string, vm: { name: string; renewBy: Date }): MailContent {
  const subject = expiredText(vm.name, vm.renewBy);
  return render(subject, [
    `Hello ${firstName},`,
    `${subject}.`,
    'Renew it from Products on your account page: it starts again as soon as the renewal is paid.',
    'If it is not renewed by then, it is archived.',
  ]);
}
