import { fill, messages } from '@mawingu/contracts/messages';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const day = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : '');

/** The mail sent when a bought VM runs: what it is, until when, and where to find it. */
export function vmReadyMail(
  firstName: string,
  vm: { name: string; cpu: number; ramGb: number; diskGb: number; os: string; endAt: Date | null },
): { subject: string; text: string; html: string } {
  const subject = fill(messages.vmReady, { name: vm.name });
  const lines = [
    `Hello ${firstName},`,
    `${subject}.`,
    `${vm.os}, ${vm.cpu} cores, ${vm.ramGb} GB memory, ${vm.diskGb} GB disk; paid until ${day(vm.endAt)}.`,
    'You will find it under Products on your account page.',
  ];
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    ...lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`),
    '</div>',
  ].join('');
  return { subject, text: lines.join('\n\n'), html };
}
