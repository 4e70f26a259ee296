import type { FaqTab } from '@mawingu/contracts/faq';

/**
 * The demo company's FAQ. The product's own statements (portal spec section 1) are here in plain
 * words: automatic launch, active until expiry, renewal on payment, refunds, referral bonus, login.
 */
export const demoFaq: { tab: FaqTab; question: string; answer: string }[] = [
  {
    tab: 'General',
    question: 'What can I buy here?',
    answer:
      'Virtual machines, Kubernetes containers, SSL certificates, Microsoft licences, extra RAM, disk and processors, and domains. Everything is billed in your own currency.',
  },
  {
    tab: 'General',
    question: 'Where are your data centres?',
    answer: 'Our virtual machines run in South Africa and Kenya. You choose the region when you configure a machine.',
  },
  {
    tab: 'General',
    question: 'Do you have a referral bonus?',
    answer: 'A referral bonus is coming soon. Subscribe to our newsletter to hear when it starts.',
  },
  {
    tab: 'Products',
    question: 'When does my virtual machine start?',
    answer:
      'A purchased virtual machine launches automatically as soon as your payment is confirmed, and it stays active until its expiry date.',
  },
  {
    tab: 'Products',
    question: 'What happens when I renew a virtual machine?',
    answer: 'A renewed virtual machine is active again as soon as the payment for the renewal is confirmed.',
  },
  {
    tab: 'Products',
    question: 'Can I get a refund if I cancel or return a virtual machine?',
    answer: 'No. No refund is given on a cancelled or returned virtual machine.',
  },
  {
    tab: 'Products',
    question: 'My payment failed but money left my account. When do I get it back?',
    answer:
      'A refund after a failed payment depends on your bank and usually takes 5 to 7 business days. If it takes longer, write to us from the Help page with the date and amount.',
  },
  {
    tab: 'Profile',
    question: 'How do I log in?',
    answer:
      'Login is by e-mail only: enter your e-mail address and password, then the one-time code we send to that address. There is no social or mobile login.',
  },
  {
    tab: 'Profile',
    question: 'Can I change the e-mail address of my account?',
    answer:
      'No. Your e-mail address is your login and cannot be edited. You can change your name, mobile number, company and billing address on your account page.',
  },
  {
    tab: 'Profile',
    question: 'I forgot my password or user name. What now?',
    answer: 'Use Forgot Password or Forgot User Name on the login page. We e-mail you a link to set a new password, or your user name.',
  },
  {
    tab: 'Contact',
    question: 'How do I reach support?',
    answer:
      'Logged-in customers can raise a ticket from their account page. Anyone can use the Write to us form on the Help page, or call or e-mail us during business hours, 08h30 to 17h00 South African time.',
  },
  {
    tab: 'Contact',
    question: 'How do I stop the newsletter?',
    answer: 'Every newsletter e-mail has an unsubscribe link. Open it and confirm with "Yes, Unsubscribe".',
  },
];
