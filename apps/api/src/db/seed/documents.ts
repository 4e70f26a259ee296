import PDFDocument from 'pdfkit';

/** The terms of the spec (portal spec section 9), written out for the demo company's terms PDF. */
export const demoTermsClauses = [
  [
    'Service levels',
    'We target 99% uptime for every virtual machine. Support is available during business hours, 08h30 to 17h00 South African time. Scheduled maintenance longer than 120 minutes is announced in advance.',
  ],
  [
    'Fees',
    "The monthly fee is due on the 1st of each month and payable by the 7th. Fees increase at most once per 12 months, with 1 month's notice.",
  ],
  [
    'Ending the service',
    "Either party may end a subscription with 30 days' notice. Termination for convenience requires 60 days' notice. A breach must be remedied within 7 days of notice; prohibited content is removed within 2 business days.",
  ],
  [
    'Refunds',
    'No refund is given on a cancelled or returned virtual machine. A refund after a failed payment depends on your bank and usually takes 5 to 7 business days.',
  ],
  ['Liability', "Our liability is capped at three months' fees."],
  [
    'Confidentiality and non-solicitation',
    "Confidentiality survives for 5 years after the agreement ends. Neither party solicits the other's staff for 12 months.",
  ],
  ['Notices', 'A change of address must be notified 14 days in advance.'],
  [
    'Disputes',
    'Disputes are first negotiated for 10 business days, then mediated, then referred to arbitration within 15 business days. This agreement is governed by South African law.',
  ],
  ['Authorised users', 'Only authorised users holding a username and password supplied by the customer may use the services.'],
] as const;

/** Renders the demo company's terms and conditions as a multi-page A4 PDF. */
export function renderTermsPdf(companyName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${companyName} — Terms and Conditions` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(22).fillColor('#1a2b4a').text(`${companyName}`, { align: 'left' });
    doc.moveDown(0.3).fontSize(16).fillColor('#1c6dd0').text('Terms and Conditions of Service');
    doc.moveDown(1);
    demoTermsClauses.forEach(([heading, body], i) => {
      // Start the second half on a new page so the viewer has pages to step through.
      if (i === 5) doc.addPage();
      doc
        .fontSize(13)
        .fillColor('#1a2b4a')
        .text(`${i + 1}. ${heading}`);
      doc.moveDown(0.3).fontSize(11).fillColor('#343a40').text(body, { lineGap: 3 });
      doc.moveDown(1);
    });
    doc.end();
  });
}

export function registrationAgreementText(companyName: string): string {
  return [
    `${companyName} — Customer Registration Agreement`,
    '',
    `By registering an account with ${companyName} you confirm that:`,
    '1. The details you give are true and belong to you or to the business you represent.',
    '2. You will keep your password secret; login is by e-mail with a one-time code.',
    '3. Virtual machines you buy launch automatically and stay active until their expiry date.',
    '4. A renewed virtual machine is active as soon as payment is confirmed.',
    '5. No refund is given on a cancelled or returned virtual machine.',
    '6. You accept the Terms and Conditions and the Privacy Policy published on this site.',
  ].join('\n');
}
