import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../../../../tools/fakes/smtp-sink.ts';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { until } from '../../../../test/until.ts';
import { auditLog, companyMailSettings, countries, newsletterSubscribers } from '../../../db/schema.ts';
import { demoCountries } from '../../../db/seed/demo-catalogue.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { vmReadyMail } from '../../machines/vms/vm-mails.ts';
import { sendMailJob } from '../../platform/index.ts';
import { call, newAddress, signupBody } from '../../identity/auth/auth.test-helper.ts';

const ACME = 'https://acme-mail.example';
const SAVANNAH = 'https://savannah-mail.example';
const SMTP_PASSWORD = 'Sav-smtp-Pa55word!';

describe("each company's mail: sender, own SMTP server, branded template, edited texts", () => {
  let t: TestContext;
  let server: SmtpSink;
  let savannahSmtp: SmtpSink;
  let acmeId: number;
  let savannahId: number;
  let owner: SignedInOperator;
  let acmeAdmin: SignedInOperator;
  const replies: string[] = [];

  /** A console call whose raw reply is kept, to prove the password is in none of them. */
  async function console_(who: SignedInOperator, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) {
    const res = await adminCall(t, who, method, url, body);
    replies.push(JSON.stringify(res.body));
    return res;
  }

  /** The From header without the quotes nodemailer leaves out when the name needs none. */
  const fromOf = (mail: ReceivedMail) => mail.fromHeader.replaceAll('"', '');

  const arrived = (sink: SmtpSink, to: string, subject?: RegExp) =>
    until(() => sink.mails().findLast((m) => m.to.includes(to) && (!subject || subject.test(m.subject))));

  const signUp = (site: string, email: string, headers: Record<string, string> = {}) =>
    call(t, 'adduser', signupBody({ emailID: email, firstName: 'Amani', websiteUrl: site }), headers, newAddress());

  beforeAll(async () => {
    server = await startSmtpSink();
    savannahSmtp = await startSmtpSink({ users: { savannah: SMTP_PASSWORD } });
    // Behind a TLS proxy (loopback) as in production: the one-click POST names its site by Host and X-Forwarded-Proto.
    t = await createTestApp({ SMTP_URL: server.smtpUrl, MAIL_FROM: 'Mawingu <no-reply@mawingu.example>', TRUST_PROXY: 'loopback' });
    await t.queue.work([sendMailJob(t.modules.content.mailDelivery, { retryLimit: 2, retryDelay: 1 })], { pollingIntervalSeconds: 0.5 });
    const db = t.database.db;
    await db.insert(countries).values(demoCountries).onConflictDoNothing();
    acmeId = (await upsertCompany(db, completeCompany('acme-mail', 'Acme Cloud'), [ACME])).id;
    savannahId = (
      await upsertCompany(
        db,
        {
          ...completeCompany('savannah-mail', 'Savannah Host'),
          brandColor: '#0b7285',
          logoPath: '/api/files/5b0c1c8e-4f1e-4c43-9a55-3d2f0e1c9a01',
          email: 'care@savannah.example',
          contactNo: '+254 20 555 0100',
          officeAddress: '14 Riverside Drive',
          city: 'Nairobi',
          country: 'Kenya',
        },
        [SAVANNAH],
      )
    ).id;
    owner = await signInOperator(t, 'owner');
    acmeAdmin = await signInOperator(t, 'admin', acmeId);
  });
  afterAll(async () => {
    await t.close();
    await server.stop();
    await savannahSmtp.stop();
  });

  it('sends a company without settings under its own name and site, in its brand, with a text part', async () => {
    await signUp(ACME, 'kofi@example.co.za');
    const mail = await arrived(server, 'kofi@example.co.za');
    expect(fromOf(mail)).toBe('Acme Cloud <no-reply@acme-mail.example>');
    expect(mail.from).toBe('no-reply@acme-mail.example');
    expect(mail.headers['reply-to']).toContain('hello@acme-mail.example');
    expect(mail.html).toContain('Hello Amani,');
    expect(mail.html).toContain('1 Example Street, Midrand, South Africa');
    expect(mail.text).toMatch(
      /Hello Amani,[\s\S]*^\d{6}$[\s\S]*--\nAcme Cloud\n1 Example Street, Midrand, South Africa\nE-mail: hello@acme-mail\.example/m,
    );
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
  });

  it('shows the default sender and saves the own sender and SMTP server, never answering the password', async () => {
    const before = await console_(owner, 'GET', `/companies/${savannahId}/mail`);
    expect(before.body.data).toMatchObject({
      senderName: '',
      senderAddress: '',
      defaultSenderName: 'Savannah Host',
      defaultSenderAddress: 'no-reply@savannah-mail.example',
      smtp: null,
    });

    const noPassword = await console_(owner, 'PUT', `/companies/${savannahId}/mail`, {
      senderName: 'Savannah Host Care',
      senderAddress: 'care@savannah.example',
      smtp: { host: '127.0.0.1', port: Number(new URL(savannahSmtp.smtpUrl).port), security: 'none', user: 'savannah', password: '' },
    });
    expect(noPassword.http).toBe(400);
    expect(noPassword.body.data.fieldErrors).toEqual({
      'smtp.password': 'Enter the SMTP password (a user without password is not accepted).',
    });
    const [none] = await t.database.db.select().from(companyMailSettings).where(eq(companyMailSettings.companyId, savannahId));
    expect(none).toBeUndefined();

    const saved = await console_(owner, 'PUT', `/companies/${savannahId}/mail`, {
      senderName: 'Savannah Host Care',
      senderAddress: 'care@savannah.example',
      smtp: {
        host: '127.0.0.1',
        port: Number(new URL(savannahSmtp.smtpUrl).port),
        security: 'none',
        user: 'savannah',
        password: SMTP_PASSWORD,
      },
    });
    expect(saved.http).toBe(200);
    expect(saved.body.data.smtp).toEqual({
      host: '127.0.0.1',
      port: Number(new URL(savannahSmtp.smtpUrl).port),
      security: 'none',
      user: 'savannah',
      passwordSet: true,
    });

    const [row] = await t.database.db.select().from(companyMailSettings).where(eq(companyMailSettings.companyId, savannahId));
    expect(row!.smtpPasswordSealed).toMatch(/^v1\./);
    expect(row!.smtpPasswordSealed).not.toContain(SMTP_PASSWORD);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'content.mail.settings'));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(SMTP_PASSWORD);
    expect(audits[0]!.after).toMatchObject({ passwordChanged: true, senderAddress: 'care@savannah.example' });
  });

  it("keeps one company's settings from another's admin", async () => {
    const other = await adminCall(t, acmeAdmin, 'GET', `/companies/${savannahId}/mail`);
    expect([403, 404]).toContain(other.http);
    expect(JSON.stringify(other.body)).not.toContain('savannah');
  });

  it("sends a second company's mail from its sender through its own SMTP server, with logo, colour, footer and a text part", async () => {
    const sentBefore = server.mails().length;
    await signUp(SAVANNAH, 'amani@example.co.ke');
    const mail = await arrived(savannahSmtp, 'amani@example.co.ke');
    expect(mail.authUser).toBe('savannah');
    expect(fromOf(mail)).toBe('Savannah Host Care <care@savannah.example>');
    expect(mail.from).toBe('care@savannah.example');
    expect(mail.subject).toBe('Your Savannah Host verification code');
    expect(mail.html).toContain('<img src="https://savannah-mail.example/api/files/5b0c1c8e-4f1e-4c43-9a55-3d2f0e1c9a01"');
    expect(mail.html).toContain('border-top:6px solid #0b7285');
    expect(mail.html).toContain('14 Riverside Drive, Nairobi, Kenya');
    expect(mail.html).toContain('mailto:care@savannah.example');
    expect(mail.html).toContain('+254 20 555 0100');
    expect(mail.text).toContain('Hello Amani,');
    expect(mail.text).toContain(
      '--\nSavannah Host\n14 Riverside Drive, Nairobi, Kenya\nE-mail: care@savannah.example\nPhone: +254 20 555 0100',
    );
    // Nothing of Savannah's went through the server's transport.
    expect(
      server
        .mails()
        .slice(sentBefore)
        .some((m) => m.to.includes('amani@example.co.ke')),
    ).toBe(false);
  });

  it('writes the frame in the customer’s language', async () => {
    await signUp(SAVANNAH, 'minji@example.co.kr', { 'accept-language': 'ko' });
    const mail = await arrived(savannahSmtp, 'minji@example.co.kr');
    expect(mail.subject).toBe('Savannah Host 인증 코드');
    expect(mail.html).toContain('<html lang="ko"');
    expect(mail.text).toContain('Amani 님, 안녕하세요.');
    expect(mail.text).toContain('이메일: care@savannah.example');
  });

  it('refuses a text with a placeholder the mail does not offer, naming the field', async () => {
    const bad = await console_(owner, 'PUT', `/companies/${savannahId}/mail/texts/signup-code/en`, {
      subject: 'Welcome {name}',
      body: 'Your code: {cdoe}',
    });
    expect(bad.http).toBe(400);
    expect(bad.body.data.fieldErrors).toEqual({
      body: 'Unknown placeholder {cdoe}. This mail offers: {name}, {company}, {code}, {minutes}.',
    });
    const texts = await console_(owner, 'GET', `/companies/${savannahId}/mail/texts`);
    const signup = texts.body.data.mails.find((mail: { key: string }) => mail.key === 'signup-code');
    expect(signup.texts[0]).toMatchObject({ language: 'en', edited: false });
    expect(signup.texts[0].current.subject).toBe('Your {company} verification code');
  });

  it('previews an edited text as the company sends it, and sends the edited text to customers', async () => {
    const text = { subject: 'Karibu to {company}, {name}', body: 'Jambo {name}!\n\nYour Savannah code:\n{code}\n\nAsante sana.' };
    const preview = await console_(owner, 'POST', `/companies/${savannahId}/mail/preview`, { key: 'signup-code', language: 'en', ...text });
    expect(preview.http).toBe(200);
    expect(preview.body.data.subject).toBe('Karibu to Savannah Host, Test');
    expect(preview.body.data.from).toBe('"Savannah Host Care" <care@savannah.example>');
    expect(preview.body.data.html).toContain('482913');
    expect(preview.body.data.html).toContain('#0b7285');
    expect(preview.body.data.text).toContain('Jambo Test!');

    const saved = await console_(owner, 'PUT', `/companies/${savannahId}/mail/texts/signup-code/en`, text);
    expect(saved.http).toBe(200);
    await signUp(SAVANNAH, 'baraka@example.co.ke');
    const mail = await arrived(savannahSmtp, 'baraka@example.co.ke');
    expect(mail.subject).toBe('Karibu to Savannah Host, Amani');
    expect(mail.text).toMatch(/^Jambo Amani!\n\nYour Savannah code:\n\d{6}\n\nAsante sana\./);
    expect(mail.html).toMatch(/<strong[^>]*>\d{6}<\/strong>/);
    // Another company's mail keeps the default; a reset brings the default back.
    await signUp(ACME, 'lindiwe@example.co.za');
    expect((await arrived(server, 'lindiwe@example.co.za')).subject).toBe('Your Acme Cloud verification code');
    const reset = await console_(owner, 'DELETE', `/companies/${savannahId}/mail/texts/signup-code/en`);
    expect(reset.body.data.mails[0].texts[0].edited).toBe(false);
  });

  it("sends a test to the operator's own address through the company's server", async () => {
    const res = await console_(owner, 'POST', `/companies/${savannahId}/mail/test`, {
      key: 'login-code',
      language: 'en',
      subject: 'Your {company} code',
      body: 'Hello {name},\n{code}',
    });
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual({ to: owner.email });
    const mail = await arrived(savannahSmtp, owner.email);
    expect(mail.subject).toBe('[Test] Your Savannah Host code');
    expect(mail.authUser).toBe('savannah');
    expect(mail.html).toContain('482913');
  });

  it('sends the owner’s own “VM ready” text with the machine’s values, the brand’s name and no empty paragraph', async () => {
    const text = {
      subject: '{vm} is up at {company}',
      body: 'Habari {name},\n\n{vm} runs {os} with {cpu} cores until {paidUntil}.\n\n{access}\n\nAsante, {company}.',
    };
    const saved = await console_(owner, 'PUT', `/companies/${savannahId}/mail/texts/vm-ready/en`, text);
    expect(saved.http, saved.body.message).toBe(200);
    const vm = { name: 'web-7', cpu: 2, ramGb: 4, diskGb: 80, os: 'Ubuntu 24.04', endAt: new Date('2026-12-31T09:00:00Z') };
    const ready = vmReadyMail('Amani', { ...vm, address: null, loginUser: null }, 'en');
    await t.modules.platform.mail.enqueue({ companyId: savannahId, to: 'amani@example.co.ke', ...ready });
    const mail = await arrived(savannahSmtp, 'amani@example.co.ke', /web-7/);
    expect(mail.subject).toBe('web-7 is up at Savannah Host');
    // No login user: {access} is empty and leaves no empty paragraph.
    expect(mail.text).toMatch(/^Habari Amani,\n\nweb-7 runs Ubuntu 24\.04 with 2 cores until 2026-12-31\.\n\nAsante, Savannah Host\./);
    // Another company still sends the default words.
    await t.modules.platform.mail.enqueue({ companyId: acmeId, to: 'zola@example.co.za', ...ready });
    expect((await arrived(server, 'zola@example.co.za', /web-7/)).subject).toBe('Your virtual machine web-7 is ready');
  });

  it('carries List-Unsubscribe with one-click on newsletters, and the one-click POST unsubscribes', async () => {
    const sub = await call(t, 'newsLetter/subscribeUser', { emailID: 'reader@example.co.ke', websiteUrl: SAVANNAH });
    expect(sub.http).toBe(200);
    const welcome = await arrived(savannahSmtp, 'reader@example.co.ke');
    expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https:\/\/savannah-mail\.example\/api\/newsLetter\/oneClick\?token=[^>]+)>$/.exec(
      welcome.headers['list-unsubscribe']!,
    )?.[1];
    expect(url).toBeDefined();

    const sent = await console_(owner, 'POST', `/companies/${savannahId}/content/newsletter/send`, {
      subject: 'Savannah news',
      body: 'New region in Mombasa.',
    });
    expect(sent.http).toBe(200);
    const news: ReceivedMail = await arrived(savannahSmtp, 'reader@example.co.ke', /Savannah news/);
    expect(news.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/savannah-mail\.example\/api\/newsLetter\/oneClick\?token=n\d+-[0-9a-f]{64}>$/,
    );
    expect(news.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(fromOf(news)).toBe('Savannah Host Care <care@savannah.example>');

    // The mail program's POST: form body, no cookies, no Origin; the site by its host.
    const oneClick = new URL(news.headers['list-unsubscribe']!.slice(1, -1));
    const res = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { host: 'savannah-mail.example', 'x-forwarded-proto': 'https', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'reader@example.co.ke'));
    expect(row!.unsubscribedAt).not.toBeNull();
  });

  it('goes back to the server’s transport and the default sender when the company removes its own', async () => {
    const saved = await console_(owner, 'PUT', `/companies/${savannahId}/mail`, { senderName: '', senderAddress: '', smtp: null });
    expect(saved.body.data).toMatchObject({ smtp: null, senderName: '' });
    await signUp(SAVANNAH, 'neema@example.co.ke');
    const mail = await arrived(server, 'neema@example.co.ke');
    expect(fromOf(mail)).toBe('Savannah Host <no-reply@savannah-mail.example>');
    expect(savannahSmtp.mails().some((m) => m.to.includes('neema@example.co.ke'))).toBe(false);
  });

  it('never answers the SMTP password', () => {
    expect(replies.length).toBeGreaterThan(8);
    for (const body of replies) expect(body).not.toContain(SMTP_PASSWORD);
  });
});
