import { resolveParticles } from '@mawingu/contracts/korean-particles';
import type { Language } from '@mawingu/contracts/languages';
import { fill, messages } from '@mawingu/contracts/messages';
import { mailHtml, paragraphs } from '../../platform/index.ts';

/** A date as the notices write it (UTC day). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The notice and mail subject of a fulfilled renewal. */
export const renewedText = (name: string, endAt: Date) => fill(messages.vmRenewed, { name, date: dayOf(endAt) });

/** The mail's words per language; `typeof en` makes the compiler ask for every one in Korean. */
const en = {
  subject: renewedText,
  hello: (firstName: string) => `Hello ${firstName},`,
  renewed: (subject: string, orderId: number) => `${subject} (order ${orderId}).`,
  restarted: 'It had expired and is running again.',
  where: 'You will find it under Products on your account page.',
};

const ko: typeof en = {
  subject: (name, endAt) => resolveParticles(`가상 머신 ${name}이(가) ${dayOf(endAt)}까지 갱신되었습니다`),
  hello: (firstName) => `${firstName} 님, 안녕하세요.`,
  renewed: (subject, orderId) => `${subject}(주문 ${orderId}).`,
  restarted: '만료되었던 가상 머신이 다시 실행 중입니다.',
  where: '내 계정 페이지의 제품 탭에서 확인할 수 있습니다.',
};

const TEXTS: Record<Language, typeof en> = { en, ko };

/** The mail sent when a paid renewal moved a VM's end date: until when, and whether it was started again. */
export function vmRenewedMail(
  firstName: string,
  vm: { name: string; endAt: Date; restarted: boolean; orderId: number },
  language: Language,
): { subject: string; text: string; html: string } {
  const t = TEXTS[language];
  const subject = t.subject(vm.name, vm.endAt);
  const lines = [t.hello(firstName), t.renewed(subject, vm.orderId), ...(vm.restarted ? [t.restarted] : []), t.where];
  return { subject, text: lines.join('\n\n'), html: mailHtml(language, paragraphs(lines)) };
}
