import type { Language } from '@mawingu/contracts/languages';
import { fill, messages } from '@mawingu/contracts/messages';
import { rateLine } from '@mawingu/contracts/pricing/rate-text';
import { mailHtml, paragraphs, type MailContent } from '../../platform/index.ts';

type Paid = {
  orderId: number;
  productName: string;
  /** The VM's name (the names of the VMs a renewal or change acts on). */
  vmName: string;
  /** What the gateway charged. */
  amount: string;
  currency: string;
  /** Set when charged in another currency than the order's (PayPal's USD): the order's total and the rate used. */
  converted: { total: string; currency: string; rate: string | null } | null;
  paymentMode: string;
  newVm: boolean;
};

/** "VM web-1 (Ubuntu Server 24.04 LTS)", or the product alone for an order from before VMs had names. */
const forWhat = (paid: Paid) => (paid.vmName === paid.productName ? paid.productName : `${paid.vmName} (${paid.productName})`);
const rateOf = (paid: Paid) => (paid.converted?.rate ? ` (${rateLine(paid.converted.currency, paid.currency, paid.converted.rate)})` : '');

/** The mail's words per language; `typeof en` makes the compiler ask for every one in Korean. */
const en = {
  subject: (paid: Paid) => fill(messages.orderPaid, { id: String(paid.orderId), amount: `${paid.currency} ${paid.amount}` }),
  hello: (firstName: string) => `Hello ${firstName},`,
  what: (paid: Paid) => `${forWhat(paid)}, paid with ${paid.paymentMode}. Your invoice is under Purchase history on your account page.`,
  converted: (paid: Paid) =>
    paid.converted
      ? `${paid.paymentMode} charged ${paid.currency} ${paid.amount} for the order's total of ${paid.converted.currency} ${paid.converted.total}${rateOf(paid)}.`
      : '',
  next: 'We are setting up your virtual machine now and will write again when it is ready.',
};

const ko: typeof en = {
  subject: (paid) => `주문 ${paid.orderId}의 결제가 완료되었습니다: ${paid.currency} ${paid.amount}`,
  hello: (firstName) => `${firstName} 님, 안녕하세요.`,
  what: (paid) => `${forWhat(paid)}, ${paid.paymentMode}(으)로 결제하셨습니다. 인보이스는 내 계정 페이지의 구매 내역에서 볼 수 있습니다.`,
  converted: (paid) =>
    paid.converted
      ? `주문 총액 ${paid.converted.currency} ${paid.converted.total}에 대해 ${paid.paymentMode}에서 ${paid.currency} ${paid.amount}을(를) 청구했습니다${rateOf(paid)}.`
      : '',
  next: '지금 가상 머신을 준비하고 있으며, 준비되면 다시 메일로 알려 드립니다.',
};

const TEXTS: Record<Language, typeof en> = { en, ko };

/**
 * The "payment received" mail: what was paid, for what, and what happens next. Editable by the
 * company ('payment-received'): the values travel with it for its own text ({company} is added at delivery).
 */
export function paymentReceivedMail(firstName: string, paid: Paid, language: Language): MailContent {
  const t = TEXTS[language];
  const subject = t.subject(paid);
  const lines = [t.hello(firstName), `${subject}.`, t.what(paid), t.converted(paid), ...(paid.newVm ? [t.next] : [])].filter(Boolean);
  const vars = {
    name: firstName,
    order: String(paid.orderId),
    amount: `${paid.currency} ${paid.amount}`,
    purchase: forWhat(paid),
    paymentMode: paid.paymentMode,
    conversion: t.converted(paid),
    next: paid.newVm ? t.next : '',
  };
  return {
    subject,
    text: lines.join('\n\n'),
    html: mailHtml(language, paragraphs(lines)),
    language,
    template: { key: 'payment-received', vars },
  };
}
