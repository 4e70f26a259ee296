import { resolveParticles } from '@mawingu/contracts/korean-particles';
import type { Language } from '@mawingu/contracts/languages';
import { fill, messages } from '@mawingu/contracts/messages';
import { mailHtml, paragraphs, type MailContent } from '../../platform/index.ts';

const DAY_MS = 86_400_000;

/** An end date as customers read it: day and time in UTC (end dates carry the time of purchase). */
export const whenOf = (at: Date) => `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)} UTC`;

/** The bell's and the mail subject's text of a reminder. */
export const reminderText = (name: string, endAt: Date) => fill(messages.vmExpiresSoon, { name, date: whenOf(endAt) });

/** The last moment a renewal keeps an expired VM from being archived. */
export const renewByOf = (expiredAt: Date, graceDays: number) => new Date(expiredAt.getTime() + graceDays * DAY_MS);

export const expiredText = (name: string, renewBy: Date) => fill(messages.vmExpired, { name, date: whenOf(renewBy) });

export const archivedText = (name: string) => fill(messages.vmArchived, { name });

/** The mails' words per language; `typeof en` makes the compiler ask for every one in Korean. */
const en = {
  hello: (firstName: string) => `Hello ${firstName},`,
  reminderSubject: reminderText,
  reminderRenew: 'Renew it from Products on your account page before then to keep it running.',
  reminderOtherwise: (graceDays: number) => `If it is not renewed it is stopped at that time, and archived ${graceDays} days later.`,
  expiredSubject: expiredText,
  expiredRenew: 'Renew it from Products on your account page: it starts again as soon as the renewal is paid.',
  expiredOtherwise: 'If it is not renewed by then, it is archived.',
};

const ko: typeof en = {
  hello: (firstName) => `${firstName} 님, 안녕하세요.`,
  reminderSubject: (name, endAt) => resolveParticles(`가상 머신 ${name}이(가) ${whenOf(endAt)}에 만료됩니다`),
  reminderRenew: '계속 사용하시려면 그 전에 내 계정 페이지의 제품 탭에서 갱신해 주세요.',
  reminderOtherwise: (graceDays) => `갱신하지 않으면 그 시각에 중지되고, ${graceDays}일 후에 보관 처리됩니다.`,
  expiredSubject: (name, renewBy) =>
    resolveParticles(`가상 머신 ${name}이(가) 만료되어 중지되었습니다. 유지하려면 ${whenOf(renewBy)}까지 갱신해 주세요`),
  expiredRenew: '내 계정 페이지의 제품 탭에서 갱신하면 결제가 확인되는 즉시 다시 시작됩니다.',
  expiredOtherwise: '그때까지 갱신하지 않으면 보관 처리됩니다.',
};

const TEXTS: Record<Language, typeof en> = { en, ko };

function render(language: Language, subject: string, lines: string[], template: MailContent['template']): MailContent {
  return { subject, text: lines.join('\n\n'), html: mailHtml(language, paragraphs(lines)), language, template };
}

/** 7, 3 and 1 days before the end date: when it ends, how to keep it, and what happens if not. Editable ('expiry-reminder'). */
export function expiryReminderMail(
  firstName: string,
  vm: { name: string; endAt: Date; graceDays: number },
  language: Language,
): MailContent {
  const t = TEXTS[language];
  const subject = t.reminderSubject(vm.name, vm.endAt);
  const vars = { name: firstName, vm: vm.name, date: whenOf(vm.endAt), graceDays: String(vm.graceDays) };
  return render(language, subject, [t.hello(firstName), `${subject}.`, t.reminderRenew, t.reminderOtherwise(vm.graceDays)], {
    key: 'expiry-reminder',
    vars,
  });
}

/** At expiry: the machine is stopped, and until when a renewal brings it back. Editable ('vm-expired'). */
export function vmExpiredMail(firstName: string, vm: { name: string; renewBy: Date }, language: Language): MailContent {
  const t = TEXTS[language];
  const subject = t.expiredSubject(vm.name, vm.renewBy);
  const vars = { name: firstName, vm: vm.name, date: whenOf(vm.renewBy) };
  return render(language, subject, [t.hello(firstName), `${subject}.`, t.expiredRenew, t.expiredOtherwise], { key: 'vm-expired', vars });
}
