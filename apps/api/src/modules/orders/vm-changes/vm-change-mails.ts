import { resolveParticles } from '@mawingu/contracts/korean-particles';
import type { Language } from '@mawingu/contracts/languages';
import { fill, messages } from '@mawingu/contracts/messages';
import { mailHtml, paragraphs } from '../../platform/index.ts';

type UpdatedVm = { name: string; cpu: number; ramGb: number; diskGb: number };

/** The mail's words per language; `typeof en` makes the compiler ask for every one in Korean. */
const en = {
  subject: (name: string) => fill(messages.vmUpdated, { name }),
  hello: (firstName: string) => `Hello ${firstName},`,
  diskAdded: (gb: number) => `A disk of ${gb} GB has been added.`,
  sizes: (vm: UpdatedVm) => `It now has ${vm.cpu} cores, ${vm.ramGb} GB memory and a ${vm.diskGb} GB disk.`,
  where: 'You will find it under Products on your account page.',
};

const ko: typeof en = {
  subject: (name) => resolveParticles(`가상 머신 ${name}이(가) 업데이트되었습니다`),
  hello: (firstName) => `${firstName} 님, 안녕하세요.`,
  diskAdded: (gb) => `${gb} GB 디스크가 추가되었습니다.`,
  sizes: (vm) => `이제 ${vm.cpu}코어, 메모리 ${vm.ramGb} GB, 디스크 ${vm.diskGb} GB입니다.`,
  where: '내 계정 페이지의 제품 탭에서 확인할 수 있습니다.',
};

const TEXTS: Record<Language, typeof en> = { en, ko };

/** The mail sent when a paid update is done: the VM's sizes now, and any disk added. */
export function vmUpdatedMail(
  firstName: string,
  vm: UpdatedVm,
  addedDiskGb: number,
  language: Language,
): { subject: string; text: string; html: string } {
  const t = TEXTS[language];
  const subject = t.subject(vm.name);
  const lines = [t.hello(firstName), `${subject}.`, addedDiskGb > 0 ? t.diskAdded(addedDiskGb) : t.sizes(vm), t.where];
  return {
    subject,
    text: lines.join('\n\n'),
    html: mailHtml(language, paragraphs(lines)),
  };
}
