import { describe, expect, it } from 'vitest';
import { otpMail, passwordResetMail, userNameMail } from '../../identity/auth/account-mails.ts';
import { expiryReminderMail, vmExpiredMail } from '../../machines/expiry/expiry-mails.ts';
import { paymentReceivedMail } from '../../billing/payments/payment-mail.ts';
import { vmRenewedMail } from '../../orders/renewals/renewal-mails.ts';
import { ticketAnsweredMail } from '../../support/tickets/ticket-mails.ts';
import { vmUpdatedMail } from '../../orders/vm-changes/vm-change-mails.ts';
import { vmReadyMail } from '../../machines/vms/vm-mails.ts';

const endAt = new Date('2026-12-01T09:30:00Z');
const vm = { name: '웹서버', cpu: 2, ramGb: 4, diskGb: 50, os: 'Ubuntu 24.04', endAt, address: '10.20.1.2', loginUser: 'admin' };

/** Every mail a customer gets, as a Korean customer gets it. */
const korean = {
  otp: otpMail('Acme Cloud', '123456', 'login', 'ko'),
  reset: passwordResetMail('Acme Cloud', 'https://acme.example/recoverpassword?token=x', 'ko'),
  userName: userNameMail('Acme Cloud', 'minji@example.co.za', 'ko'),
  ready: vmReadyMail('민지', vm, 'ko'),
  renewed: vmRenewedMail('민지', { name: '웹서버', endAt, restarted: true, orderId: 12 }, 'ko'),
  reminder: expiryReminderMail('민지', { name: '웹서버', endAt, graceDays: 14 }, 'ko'),
  expired: vmExpiredMail('민지', { name: '웹서버', renewBy: endAt }, 'ko'),
  updated: vmUpdatedMail('민지', vm, 0, 'ko'),
  paid: paymentReceivedMail(
    '민지',
    {
      orderId: 12,
      productName: 'Ubuntu Server',
      vmName: 'ubuntu-server-2',
      amount: '35.18',
      currency: 'USD',
      converted: { total: '558.37', currency: 'ZAR', rate: '0.063' },
      paymentMode: 'Paypal Payment',
      newVm: true,
    },
    'ko',
  ),
  answered: ticketAnsweredMail(
    {
      subject: 'Your ticket #7 (Billing) has a new response: Closed',
      firstName: '민지',
      companyName: '구름클라우드',
      ticketId: 7,
      issueType: 'Billing',
      status: 'Closed',
      response: 'Done.',
      attachmentNames: [],
      siteUrl: '',
    },
    'ko',
  ),
};

// English sentences left in a Korean mail: a run of four or more Latin words.
const englishSentence = /\b[A-Za-z]+(?: [A-Za-z]+){3,}\b/;

describe('the mails in Korean', () => {
  it.each(Object.entries(korean))('writes the %s mail in Korean, subject, text and HTML', (_name, mail) => {
    expect(mail.subject).toMatch(/[\uac00-\ud7a3]/);
    expect(mail.subject).not.toMatch(englishSentence);
    expect(mail.text).not.toMatch(englishSentence);
    expect(mail.html).toContain('<div lang="ko"');
    expect(mail.html).toContain('word-break:keep-all');
  });

  it('chooses the particle for a Korean name and keeps the values', () => {
    expect(korean.ready.subject).toBe('가상 머신 웹서버가 준비되었습니다');
    expect(korean.renewed.subject).toBe('가상 머신 웹서버가 2026-12-01까지 갱신되었습니다');
    expect(korean.paid.subject).toBe('주문 12의 결제가 완료되었습니다: USD 35.18');
    expect(korean.paid.text).toContain('ubuntu-server-2 (Ubuntu Server)');
    expect(korean.paid.text).toContain('주문 총액 ZAR 558.37에 대해 Paypal Payment에서 USD 35.18을(를) 청구했습니다 (1 ZAR = 0.063 USD).');
    expect(korean.answered.text).toContain('구름클라우드가 티켓 #7(Billing)에 답변했습니다. 현재 상태: 종료.');
    expect(korean.reminder.text).toContain('14일 후에 보관 처리됩니다');
  });
});
