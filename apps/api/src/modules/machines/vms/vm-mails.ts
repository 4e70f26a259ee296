import { resolveParticles } from '@mawingu/contracts/korean-particles';
import type { Language } from '@mawingu/contracts/languages';
import { fill, messages } from '@mawingu/contracts/messages';
import { mailHtml, paragraphs, type MailContent } from '../../platform/index.ts';

const day = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : '');

type ReadyVm = {
  name: string;
  cpu: number;
  ramGb: number;
  diskGb: number;
  os: string;
  endAt: Date | null;
  address: string | null;
  loginUser: string | null;
};

/** The mail's words per language; `typeof en` makes the compiler ask for every one in Korean. */
const en = {
  subject: (name: string) => fill(messages.vmReady, { name }),
  hello: (firstName: string) => `Hello ${firstName},`,
  sizes: (vm: ReadyVm) => `${vm.os}, ${vm.cpu} cores, ${vm.ramGb} GB memory, ${vm.diskGb} GB disk; paid until ${day(vm.endAt)}.`,
  where: 'You will find it under Products on your account page.',
  login: (vm: ReadyVm) =>
    `Address: ${vm.address ?? 'shown under Products once known'}. User: ${vm.loginUser}. Your password is not in this mail: open the machine with View under Products to see it once (you can reset it there).`,
};

const ko: typeof en = {
  subject: (name) => resolveParticles(`가상 머신 ${name}이(가) 준비되었습니다`),
  hello: (firstName) => `${firstName} 님, 안녕하세요.`,
  sizes: (vm) => `${vm.os}, ${vm.cpu}코어, 메모리 ${vm.ramGb} GB, 디스크 ${vm.diskGb} GB이며 ${day(vm.endAt)}까지 결제되어 있습니다.`,
  where: '내 계정 페이지의 제품 탭에서 확인할 수 있습니다.',
  login: (vm) =>
    `주소: ${vm.address ?? '확인되면 제품 탭에 표시됩니다'}. 사용자: ${vm.loginUser}. 비밀번호는 이 메일에 없습니다. 제품 탭에서 보기를 눌러 한 번 확인할 수 있으며, 그곳에서 재설정할 수도 있습니다.`,
};

const TEXTS: Record<Language, typeof en> = { en, ko };

/**
 * The mail sent when a bought VM runs: what it is, until when, how to reach it (never its password),
 * and where to find it. Editable by the company ('vm-ready').
 */
export function vmReadyMail(firstName: string, vm: ReadyVm, language: Language): MailContent {
  const t = TEXTS[language];
  const subject = t.subject(vm.name);
  const lines = [t.hello(firstName), `${subject}.`, t.sizes(vm), ...(vm.loginUser ? [t.login(vm)] : []), t.where];
  const vars = {
    name: firstName,
    vm: vm.name,
    os: vm.os,
    cpu: String(vm.cpu),
    memory: String(vm.ramGb),
    disk: String(vm.diskGb),
    paidUntil: day(vm.endAt),
    access: vm.loginUser ? t.login(vm) : '',
  };
  return {
    subject,
    text: lines.join('\n\n'),
    html: mailHtml(language, paragraphs(lines)),
    language,
    template: { key: 'vm-ready', vars },
  };
}
