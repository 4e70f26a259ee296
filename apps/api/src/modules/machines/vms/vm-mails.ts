import { resolveParticles } from '@mawingu/contracts/korean-particles';
import type { Language } from '@mawingu/contracts/languages';
import { fill, messages } from '@mawingu/contracts/messages';
import { mailHtml, paragraphs } from '../../platform/index.ts';

const day = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : '');

type ReadyVm = { name: string; cpu: number; ramGb: number; diskGb: number; os: string; endAt: Date | null };

/** The mail's words per language; `typeof en` makes the compiler ask for every one in Korean. */
const en = {
  subject: (name: string) => fill(messages.vmReady, { name }),
  hello: (firstName: string) => `Hello ${firstName},`,
  sizes: (vm: ReadyVm) => `${vm.os}, ${vm.cpu} cores, ${vm.ramGb} GB memory, ${vm.diskGb} GB disk; paid until ${day(vm.endAt)}.`,
  where: 'You will find it under Products on your account page.',
};

const ko: typeof en = {
  subject: (name) => resolveParticles(`가상 머신 ${name}이(가) 준비되었습니다`),
  hello: (firstName) => `${firstName} 님, 안녕하세요.`,
  sizes: (vm) => `${vm.os}, ${vm.cpu}코어, 메모리 ${vm.ramGb} GB, 디스크 ${vm.diskGb} GB이며 ${day(vm.endAt)}까지 결제되어 있습니다.`,
  where: '내 계정 페이지의 제품 탭에서 확인할 수 있습니다.',
};

const TEXTS: Record<Language, typeof en> = { en, ko };

/** The mail sent when a bought VM runs: what it is, until when, and where to find it. */
export function vmReadyMail(firstName: string, vm: ReadyVm, language: Language): { subject: string; text: string; html: string } {
  const t = TEXTS[language];
  const subject = t.subject(vm.name);
  const lines = [t.hello(firstName), `${subject}.`, t.sizes(vm), t.where];
  return { subject, text: lines.join('\n\n'), html: mailHtml(language, paragraphs(lines)) };
}
