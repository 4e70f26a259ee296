import { fill, messages } from '@mawingu/contracts/messages';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A date as the notices write it (UTC day). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The notice and mail subject of a fulfilled renewal. */
export const renewedText = (name: string, endAt: Date) => fill(messages.vmRenewed, { name, date: dayOf(endAt) });

/** The mail sent when a paid renewal moved a VM's end date: until when, and whether it was started again. */
export function vmRenewedMail(firstName: string, vm: { name: string; endAt: Date; restarted: boolean; orderId: number }): { subject: string; text: string; html: string } {
  const subject = renewedText(vm.name, vm.endAt);
  const lines = [
    `Hello ${firstName},`,
    `${subject} (order ${vm.orderId}).`,
    ...(vm.restarted ? ['It had expired and is running again.'] : []),
    'You will find it under Products on your account page.',
  ];
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    ...lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`),
    '</div>',
  ].join('');
  return { subject, text: lines.join('\n\n'), html };
}
