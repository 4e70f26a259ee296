import { fill, messages } from '@mawingu/contracts/messages';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The "payment received" mail: what was paid, for what, and what happens next. */
export function paymentReceivedMail(
  firstName: string,
  paid: {
    orderId: number;
    productName: string;
    amount: string;
    currency: string;
    paymentMode: string;
    newVm: boolean;
  },
): { subject: string; text: string; html: string } {
  const subject = fill(messages.orderPaid, {
    id: String(paid.orderId),
    amount: `${paid.currency} ${paid.amount}`,
  });
  const lines = [
    `Hello ${firstName},`,
    `${subject}.`,
    `${paid.productName}, paid with ${paid.paymentMode}. Your invoice is under Purchase history on your account page.`,
    ...(paid.newVm ? ['We are setting up your virtual machine now and will write again when it is ready.'] : []),
  ];
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    ...lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`),
    '</div>',
  ].join('');
  return { subject, text: lines.join('\n\n'), html };
}
