import type { Language } from '@mawingu/contracts/languages';
import { fill, messages } from '@mawingu/contracts/messages';
import { mailHtml, paragraphs } from '../../platform/index.ts';

type Paid = {
  orderId: number;
  productName: string;
  amount: string;
  currency: string;
  paymentMode: string;
  newVm: boolean;
};

/** The mail's words per language; `typeof en` makes the compiler ask for every one in Korean. */
const en = {
  subject: (paid: Paid) => fill(messages.orderPaid, { id: String(paid.orderId), amount: `${paid.currency} ${paid.amount}` }),
  hello: (firstName: string) => `Hello ${firstName},`,
  what: (paid: Paid) => `${paid.productName}, paid with ${paid.paymentMode}. Your invoice is under Purchase history on your account page.`,
  next: 'We are setting up your virtual machine now and will write again when it is ready.',
};

const ko: typeof en = {
  subject: (paid) => `주문 ${paid.orderId}의 결제가 완료되었습니다: ${paid.currency} ${paid.amount}`,
  hello: (firstName) => `${firstName} 님, 안녕하세요.`,
  what: (paid) =>
    `${paid.productName}, ${paid.paymentMode}(으)로 결제하셨습니다. 인보이스는 내 계정 페이지의 구매 내역에서 볼 수 있습니다.`,
  next: '지금 가상 머신을 준비하고 있으며, 준비되면 다시 메일로 알려 드립니다.',
};

const TEXTS: Record<Language, typeof en> = { en, ko };

/** The "payment received" mail: what was paid, for what, and what happens next. */
export function paymentReceivedMail(firstName: string, paid: Paid, language: Language): { subject: string; text: string; html: string } {
  const t = TEXTS[language];
  const subject = t.subject(paid);
  const lines = [t.hello(firstName), `${subject}.`, t.what(paid), ...(paid.newVm ? [t.next] : [])];
  return { subject, text: lines.join('\n\n'), html: mailHtml(language, paragraphs(lines)) };
}
