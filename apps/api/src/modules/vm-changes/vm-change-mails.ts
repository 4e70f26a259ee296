import { fill, messages } from "@mawingu/contracts/messages";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[
        ch
      ]!,
  );

/** The mail sent when a paid update is done: the VM's sizes now, and any disk added. */
export function vmUpdatedMail(
  firstName: string,
  vm: { name: string; cpu: number; ramGb: number; diskGb: number },
  addedDiskGb: number,
): { subject: string; text: string; html: string } {
  const subject = fill(messages.vmUpdated, { name: vm.name });
  const lines = [
    `Hello ${firstName},`,
    `${subject}.`,
    addedDiskGb > 0
      ? `A disk of ${addedDiskGb} GB has been added.`
      : `It now has ${vm.cpu} cores, ${vm.ramGb} GB memory and a ${vm.diskGb} GB disk.`,
    "You will find it under Products on your account page.",
  ];
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    ...lines.map(
      (line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`,
    ),
    "</div>",
  ].join("");
  return { subject, text: lines.join("\n\n"), html };
}
