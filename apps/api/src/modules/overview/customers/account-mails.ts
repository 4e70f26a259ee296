import type { Language } from '@mawingu/contracts/languages';
import { mailHtml, paragraphs } from '../../platform/index.ts';

export type AccountChange = { kind: 'suspended'; reason: string } | { kind: 'reactivated' } | { kind: 'closed' };

/** The mail's words per language; `typeof en` makes the compiler ask for every one in Korean. */
const en = {
  hello: (firstName: string) => `Hello ${firstName},`,
  subject: { suspended: 'Your account has been suspended', reactivated: 'Your account is active again', closed: 'Your account is closed' },
  suspended: (reason: string) => `We have suspended your account. The reason: ${reason}`,
  suspendedWhat:
    'You cannot log in while it is suspended, and your running virtual machines have been powered off. To ask about it, reply to this mail or contact support.',
  reactivated:
    'Your account is active again: you can log in as before. Virtual machines powered off during the suspension can be started again under Products.',
  closed:
    'As you asked, we have closed your account. You can no longer log in, your virtual machines have been powered off and will not be renewed. Your invoices are kept as the law requires. If this is a mistake, reply to this mail or contact support.',
};

const ko: typeof en = {
  hello: (firstName) => `${firstName} 님, 안녕하세요.`,
  subject: { suspended: '계정이 정지되었습니다', reactivated: '계정이 다시 활성화되었습니다', closed: '계정이 해지되었습니다' },
  suspended: (reason) => `고객님의 계정을 정지했습니다. 사유: ${reason}`,
  suspendedWhat:
    '정지된 동안에는 로그인할 수 없으며, 실행 중이던 가상 머신의 전원이 꺼졌습니다. 문의는 이 메일에 회신하거나 지원팀에 연락해 주세요.',
  reactivated: '계정이 다시 활성화되어 이전처럼 로그인할 수 있습니다. 정지 중에 꺼진 가상 머신은 제품 탭에서 다시 시작할 수 있습니다.',
  closed:
    '요청하신 대로 계정을 해지했습니다. 더 이상 로그인할 수 없으며, 가상 머신의 전원이 꺼졌고 갱신되지 않습니다. 청구서는 법에 따라 보관됩니다. 착오라면 이 메일에 회신하거나 지원팀에 연락해 주세요.',
};

const TEXTS: Record<Language, typeof en> = { en, ko };

/** The mail a customer gets when an operator suspends or reactivates their account. */
export function accountMail(firstName: string, change: AccountChange, language: Language) {
  const t = TEXTS[language];
  const body = change.kind === 'suspended' ? [t.suspended(change.reason), t.suspendedWhat] : [t[change.kind]];
  const lines = [t.hello(firstName), ...body];
  return { subject: t.subject[change.kind], text: lines.join('\n\n'), html: mailHtml(language, paragraphs(lines)) };
}
