import type { Language } from '@mawingu/contracts/languages';
import { mailHtml, paragraphs } from '../../platform/index.ts';

type Credited = {
  serialNumber: string;
  invoiceSerialNumber: string;
  /** "ZAR 575.00" */
  total: string;
  reason: string;
  /** "ZAR 575.00 through PayPal (USD 36.23)", "ZAR 575.00 by bank transfer", or null. */
  refund: string | null;
};

const en = {
  subject: (c: Credited) => `Credit note ${c.serialNumber} for invoice ${c.invoiceSerialNumber}`,
  hello: (firstName: string) => `Hello ${firstName},`,
  what: (c: Credited) =>
    `We have issued credit note ${c.serialNumber} for ${c.total} against invoice ${c.invoiceSerialNumber}. Reason: ${c.reason}`,
  refund: (c: Credited) => (c.refund ? `We are refunding ${c.refund}.` : ''),
  where: 'The credit note is attached, and under Purchase history on your account page beside the invoice.',
};

const ko: typeof en = {
  subject: (c) => `인보이스 ${c.invoiceSerialNumber}에 대한 대변 메모 ${c.serialNumber}`,
  hello: (firstName) => `${firstName} 님, 안녕하세요.`,
  what: (c) => `인보이스 ${c.invoiceSerialNumber}에 대해 ${c.total}의 대변 메모 ${c.serialNumber}을(를) 발행했습니다. 사유: ${c.reason}`,
  refund: (c) => (c.refund ? `${c.refund}을(를) 환불해 드립니다.` : ''),
  where: '대변 메모는 첨부되어 있으며, 내 계정 페이지의 구매 내역에서 인보이스 옆에 있습니다.',
};

const TEXTS: Record<Language, typeof en> = { en, ko };

/** The credit note's mail: what was credited and why, the refund, and where the document is. */
export function creditNoteMail(firstName: string, credited: Credited, language: Language) {
  const t = TEXTS[language];
  const lines = [t.hello(firstName), t.what(credited), t.refund(credited), t.where].filter(Boolean);
  return { subject: t.subject(credited), text: lines.join('\n\n'), html: mailHtml(language, paragraphs(lines)) };
}
