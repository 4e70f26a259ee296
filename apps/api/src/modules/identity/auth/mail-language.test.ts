import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema.ts';
import { seedTicketIssueTypes } from '../../../db/seed/ticket-issue-types.ts';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { multipartBody } from '../../../../test/multipart.ts';
import { authHeaders, signIn } from '../../../../test/sign-in.ts';
import { createNotificationService } from '../notifications/service.ts';
import { createOperatorAlerts } from '../../support/tickets/operator-alerts.ts';
import { createTicketService } from '../../support/tickets/service.ts';
import { ACME, call, codeMailedTo, setUpSites, signupBody } from './auth.test-helper.ts';

const KOREAN = { 'accept-language': 'ko' };
const ENGLISH = { 'accept-language': 'en' };

/**
 * Mails in the customer's language: the site sends its language with every call; signup and login
 * keep it with the account, so the mails sent later, without a request, are written in it too.
 */
describe('the language of the mails', () => {
  let t: TestContext;
  let acmeId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ acmeId } = await setUpSites(t, 'mail-language'));
  });
  afterAll(() => t.close());

  const languageOf = async (email: string) =>
    (
      await t.database.db
        .select({ language: customers.language })
        .from(customers)
        .where(and(eq(customers.companyId, acmeId), eq(customers.email, email)))
    )[0]?.language;
  const lastMailTo = async (email: string) => (await queuedMails(t, email)).at(-1)!;

  it('writes the signup code in Korean for a signup made in Korean, and keeps the language', async () => {
    const res = await call(t, 'adduser', signupBody({ emailID: 'minji@example.co.za', firstName: 'Minji' }), KOREAN);
    expect(res.http).toBe(200);
    const mail = await lastMailTo('minji@example.co.za');
    expect(mail.subject).toBe('Acme Cloud 인증 코드');
    expect(mail.text).toContain('Acme Cloud 계정 만들기를 마치려면 아래 일회용 코드를 입력하세요.');
    expect(mail.html).toContain('lang="ko"');
    expect(await codeMailedTo(t, 'minji@example.co.za')).toMatch(/^\d{6}$/);
    expect(await languageOf('minji@example.co.za')).toBe('ko');
  });

  it('follows the language of each login, and English when the call names none of ours', async () => {
    await call(t, 'adduser', signupBody({ emailID: 'jisoo@example.co.za' }));
    expect(await languageOf('jisoo@example.co.za')).toBe('en');

    await call(t, 'login', { emailID: 'jisoo@example.co.za', password: 'Secret@123', websiteUrl: ACME }, KOREAN);
    expect((await lastMailTo('jisoo@example.co.za')).text).toContain('Acme Cloud에 로그인하려면 아래 일회용 코드를 입력하세요.');
    expect(await languageOf('jisoo@example.co.za')).toBe('ko');

    await call(t, 'login', { emailID: 'jisoo@example.co.za', password: 'Secret@123', websiteUrl: ACME }, { 'accept-language': 'fr-FR' });
    expect((await lastMailTo('jisoo@example.co.za')).subject).toBe('Your Acme Cloud verification code');
    expect(await languageOf('jisoo@example.co.za')).toBe('en');

    // A wrong password proves nothing: the account's language stays.
    await call(t, 'login', { emailID: 'jisoo@example.co.za', password: 'Wrong@123', websiteUrl: ACME }, KOREAN);
    expect(await languageOf('jisoo@example.co.za')).toBe('en');
  });

  it('follows a switch of language while logged in from the next session refresh, not from a call that names none', async () => {
    await call(t, 'adduser', signupBody({ emailID: 'sora@example.co.za' }), ENGLISH);
    const first = await call(t, 'login', { emailID: 'sora@example.co.za', password: 'Secret@123', websiteUrl: ACME }, ENGLISH);
    const OTP = await codeMailedTo(t, 'sora@example.co.za');
    const session = (await call(t, 'twoFactorAuth', { emailID: 'sora@example.co.za', ID: first.body.data.ID, OTP, websiteUrl: ACME })).body
      .data[0];

    const renewed = await call(t, 'refreshToken', { websiteUrl: ACME }, { refreshtoken: session.refreshToken, ...KOREAN });
    expect(renewed.http).toBe(200);
    expect(await languageOf('sora@example.co.za')).toBe('ko');
    await call(t, 'refreshToken', { websiteUrl: ACME }, { refreshtoken: renewed.body.data[0].refreshToken });
    expect(await languageOf('sora@example.co.za')).toBe('ko');
  });

  it('writes the password link and the user name in the language they were asked for', async () => {
    await call(t, 'adduser', signupBody({ emailID: 'hana@example.co.za' }), ENGLISH);
    await call(t, 'forgotPassword', { emailID: 'hana@example.co.za', websiteUrl: ACME }, KOREAN);
    const reset = await lastMailTo('hana@example.co.za');
    expect(reset.subject).toBe('Acme Cloud 새 비밀번호 설정');
    expect(reset.text).toMatch(/recoverpassword\?token=/);
    await call(t, 'forgotUserName', { emailID: 'hana@example.co.za', websiteUrl: ACME }, KOREAN);
    expect((await lastMailTo('hana@example.co.za')).subject).toBe('Acme Cloud 사용자 이름');
  });

  it('writes a later mail, sent without a request, in the language the customer last used', async () => {
    await seedTicketIssueTypes(t.database.db, acmeId);
    await call(t, 'adduser', signupBody({ emailID: 'yuna@example.co.za', firstName: 'Yuna' }), KOREAN);
    const [row] = await t.database.db.select({ id: customers.id }).from(customers).where(eq(customers.email, 'yuna@example.co.za'));
    const session = await signIn(t, acmeId, row!.id);
    const body = multipartBody([
      { name: 'issueType', data: 'Billing' },
      { name: 'description', data: '환불 부탁드립니다' },
    ]);
    const raised = await t.app.inject({
      method: 'POST',
      url: '/api/ticket/generateTicket',
      payload: body.payload,
      headers: { ...authHeaders(ACME, session), ...body.headers },
    });
    const ticketID = (raised.json() as { data: { ticketID: number } }).data.ticketID;

    const tickets = createTicketService(t.database.db, {
      files: t.modules.tenant.files,
      notifications: createNotificationService(t.database.db),
      mail: t.modules.platform.mail,
      alertOperators: createOperatorAlerts(t.modules.platform.mail),
    });
    await tickets.answer({ ticketID, status: 'Resolved', response: 'Refunded.' });
    const mail = await lastMailTo('yuna@example.co.za');
    expect(mail.subject).toBe(`티켓 #${ticketID}(Billing)에 새 답변이 있습니다: 해결됨`);
    expect(mail.text).toContain('Yuna 님, 안녕하세요.');
    expect(mail.text).toContain(`Acme Cloud이(가) 티켓 #${ticketID}(Billing)에 답변했습니다. 현재 상태: 해결됨.`);
    expect(mail.html).toContain('lang="ko"');
  });
});
