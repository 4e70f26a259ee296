import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@mawingu/contracts/languages';
import { DEFAULT_MAIL_TEXTS, fillMailText, MAIL_PLACEHOLDERS, type MailTextKey } from '@mawingu/contracts/mail-texts';
import { paymentReceivedMail } from '../../billing/payments/payment-mail.ts';
import { expiryReminderMail, vmExpiredMail } from '../../machines/expiry/expiry-mails.ts';
import { vmReadyMail } from '../../machines/vms/vm-mails.ts';
import type { MailContent } from '../../platform/index.ts';
import { ticketAnsweredMail } from '../../support/tickets/ticket-mails.ts';

const endAt = new Date('2026-12-31T09:00:00Z');
const vm = { name: 'web-1', cpu: 2, ramGb: 4, diskGb: 80, os: 'Ubuntu 24.04', endAt, address: '196.0.0.7', loginUser: 'ubuntu' };
const paid = {
  orderId: 1042,
  productName: 'Ubuntu 24.04',
  vmName: 'web-1',
  amount: '73.50',
  currency: 'USD',
  converted: { total: '1150.00', currency: 'ZAR', rate: '0.0639' },
  paymentMode: 'Paypal Payment',
  newVm: true,
};
const answered = {
  subject: 'Your ticket #12 (Billing) has a new response: Resolved',
  firstName: 'Amani',
  companyName: 'Savannah Host',
  ticketId: 12,
  issueType: 'Billing',
  status: 'Resolved',
  response: 'The invoice is corrected.',
  attachmentNames: ['invoice.pdf'],
  siteUrl: 'https://savannah.example',
};

/** Every editable mail a domain writes, in each language, with the values that make every optional sentence appear and vanish. */
const written: [string, (language: 'en' | 'ko') => MailContent][] = [
  ['payment-received, converted, new VM', (l) => paymentReceivedMail('Amani', paid, l)],
  ['payment-received, plain renewal', (l) => paymentReceivedMail('Amani', { ...paid, converted: null, newVm: false, currency: 'ZAR' }, l)],
  ['vm-ready with login', (l) => vmReadyMail('Amani', vm, l)],
  ['vm-ready without login', (l) => vmReadyMail('Amani', { ...vm, loginUser: null }, l)],
  ['ticket-answered', (l) => ticketAnsweredMail(answered, l)],
  ['ticket-answered, no files', (l) => ticketAnsweredMail({ ...answered, attachmentNames: [] }, l)],
  ['expiry-reminder', (l) => expiryReminderMail('Amani', { name: 'web-1', endAt, graceDays: 7 }, l)],
  ['vm-expired', (l) => vmExpiredMail('Amani', { name: 'web-1', renewBy: endAt }, l)],
];

/**
 * The console shows each editable mail's default text (packages/contracts/src/mail-texts-*.ts): it
 * must say what the domain sends until the owner edits it, word for word, in every language.
 */
describe('the default texts of the editable mails are the mails sent', () => {
  for (const language of LANGUAGES) {
    it.each(written)(`%s (${language})`, (_why, write) => {
      const mail = write(language);
      const key = mail.template!.key as MailTextKey;
      const vars = { company: 'Savannah Host', ...mail.template!.vars };
      expect(Object.keys(mail.template!.vars).sort()).toEqual(MAIL_PLACEHOLDERS[key].filter((p) => p !== 'company').sort());
      const def = DEFAULT_MAIL_TEXTS[language][key];
      expect(fillMailText(def.subject, vars)).toBe(mail.subject);
      expect(fillMailText(def.body, vars)).toBe(mail.text);
    });
  }
});
