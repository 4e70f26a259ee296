import { resolveParticles } from '@mawingu/contracts/korean-particles';
import type { Language } from '@mawingu/contracts/languages';
import { mailHtml, paragraphs } from '../../platform/index.ts';

/** What an operator did to a customer's VM, as the customer's mail tells it. */
export type VmServiceChange =
  | { kind: 'suspended'; reason: string }
  | { kind: 'unsuspended' }
  | { kind: 'terminated' }
  | { kind: 'extended'; days: number; endAt: Date; reason: string };

const day = (at: Date) => at.toISOString().slice(0, 10);

/** The mail's words per language; `typeof en` makes the compiler ask for every one in Korean. */
const en = {
  hello: (firstName: string) => `Hello ${firstName},`,
  subject: {
    suspended: (name: string) => `Your virtual machine ${name} has been suspended`,
    unsuspended: (name: string) => `Your virtual machine ${name} is no longer suspended`,
    terminated: (name: string) => `Your virtual machine ${name} is being deleted`,
    extended: (name: string) => `The end date of your virtual machine ${name} was extended`,
  },
  suspended: (name: string, reason: string) => `We have powered off and suspended ${name}. The reason: ${reason}`,
  suspendedHow: 'It cannot be used until it is unsuspended. To ask about it, raise a ticket and name the machine.',
  unsuspended: (name: string) => `${name} is no longer suspended. You can start it again under Products on your account page.`,
  terminated: (name: string) => `The admin is deleting ${name} and everything on it. It will disappear from Products.`,
  extended: (name: string, days: number, endAt: Date) =>
    `We have moved the end date of ${name} ${days} days later, to ${day(endAt)}, free of charge.`,
  because: (reason: string) => `The reason: ${reason}`,
};

const ko: typeof en = {
  hello: (firstName) => `${firstName} 님, 안녕하세요.`,
  subject: {
    suspended: (name) => resolveParticles(`가상 머신 ${name}이(가) 정지되었습니다`),
    unsuspended: (name) => `가상 머신 ${name}의 정지가 해제되었습니다`,
    terminated: (name) => resolveParticles(`가상 머신 ${name}이(가) 삭제되고 있습니다`),
    extended: (name) => `가상 머신 ${name}의 종료일이 연장되었습니다`,
  },
  suspended: (name, reason) => resolveParticles(`${name}의 전원을 끄고 정지했습니다. 사유: ${reason}`),
  suspendedHow: '정지가 해제될 때까지 사용할 수 없습니다. 문의는 티켓을 등록하고 머신 이름을 적어 주세요.',
  unsuspended: (name) => `${name}의 정지가 해제되었습니다. 내 계정 페이지의 제품 탭에서 다시 시작할 수 있습니다.`,
  terminated: (name) => resolveParticles(`관리자가 ${name}와(과) 그 안의 모든 데이터를 삭제하고 있습니다. 제품 탭에서 사라집니다.`),
  extended: (name, days, endAt) => `${name}의 종료일을 ${days}일 늦춰 ${day(endAt)}(으)로 변경했습니다. 요금은 부과되지 않습니다.`,
  because: (reason) => `사유: ${reason}`,
};

const TEXTS: Record<Language, typeof en> = { en, ko };

/** The mail a customer gets when an operator suspends, unsuspends, terminates or extends one of their VMs. */
export function vmServiceMail(
  firstName: string,
  vmName: string,
  change: VmServiceChange,
  language: Language,
): { subject: string; text: string; html: string } {
  const t = TEXTS[language];
  const subject = t.subject[change.kind](vmName);
  const body =
    change.kind === 'suspended'
      ? [t.suspended(vmName, change.reason), t.suspendedHow]
      : change.kind === 'unsuspended'
        ? [t.unsuspended(vmName)]
        : change.kind === 'terminated'
          ? [t.terminated(vmName)]
          : [t.extended(vmName, change.days, change.endAt), t.because(change.reason)];
  const lines = [t.hello(firstName), ...body];
  return { subject, text: lines.join('\n\n'), html: mailHtml(language, paragraphs(lines)) };
}
