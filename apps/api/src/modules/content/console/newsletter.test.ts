import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMessages as m } from '@mawingu/contracts/admin/content';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { auditLog, companyOrigins, newsletterSubscribers, outboxMails } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { sendMailJob } from '../../platform/mail/send-mail-job.ts';
import { csvDocument, csvField } from '../../../http/csv.ts';
import { htmlToText } from './mail-body.ts';

const ACME = 'https://acme-console-letter.example';
const ACME_WWW = 'https://www.acme-console-letter.example';
const ZEBRA = 'https://zebra-console-letter.example';

let t: TestContext;
let acmeId: number;
let zebraId: number;
let lonelyId: number;
let admin: SignedInOperator;
let zebraAdmin: SignedInOperator;
let support: SignedInOperator;
let client = 0;
const from = () => `198.51.100.${++client}`;

const A = () => `/companies/${acmeId}/content/newsletter`;
const linkIn = (text: string) => /https?:\/\/\S+\/newsletter\?token=([\w-]+)/.exec(text);

async function subscribe(site: string, email: string) {
  const res = await post(t.app, 'newsLetter/subscribeUser', { emailID: email, websiteUrl: site }, {}, from());
  expect(res.http).toBe(200);
}

async function unsubscribeWith(site: string, token: string) {
  return post(t.app, 'newsLetter/unSubscribeUser', { queryStringValue: token, websiteUrl: site }, {}, from());
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acmeId = (await upsertCompany(db, completeCompany('acme-console-letter', 'Acme Cloud'), [ACME, ACME_WWW])).id;
  zebraId = (await upsertCompany(db, completeCompany('zebra-console-letter', 'Zebra Hosting'), [ZEBRA])).id;
  lonelyId = (await upsertCompany(db, completeCompany('lonely-console-letter', 'Lonely Hosting'), [])).id;
  admin = await signInOperator(t, 'admin', acmeId);
  zebraAdmin = await signInOperator(t, 'admin', zebraId);
  support = await signInOperator(t, 'support', acmeId);

  await subscribe(ACME, 'wanjiru@letter.example');
  await subscribe(ACME, 'sipho@letter.example');
  await subscribe(ACME, 'gone@letter.example');
  await subscribe(ZEBRA, 'zebra-only@letter.example');
  // One unsubscribed through the welcome mail's link.
  const welcome = (await queuedMails(t, 'gone@letter.example'))[0]!;
  expect((await unsubscribeWith(ACME, linkIn(welcome.text)![1]!)).http).toBe(200);
  // Addresses a spreadsheet would read as formulas, written straight into the table (the site's form refuses them).
  await db.insert(newsletterSubscribers).values([
    { companyId: acmeId, email: '=HYPERLINK("http://evil.example","x")@letter.example' },
    { companyId: acmeId, email: '+cmd@letter.example' },
    { companyId: acmeId, email: 'a"quote,comma@letter.example' },
  ]);
});
afterAll(() => t.close());

describe('console newsletter: subscribers', () => {
  it('lists subscribers newest first, paged, with search and status, and counts the active ones', async () => {
    const all = await adminCall(t, admin, 'GET', `${A()}/subscribers?pageSize=2`);
    expect(all.http).toBe(200);
    expect(all.body.data).toMatchObject({ total: 6, page: 1, pageSize: 2, activeCount: 5 });
    expect(all.body.data.items).toHaveLength(2);
    const second = await adminCall(t, admin, 'GET', `${A()}/subscribers?pageSize=2&page=3`);
    expect(second.body.data.items).toHaveLength(2);

    const gone = await adminCall(t, admin, 'GET', `${A()}/subscribers?status=unsubscribed`);
    expect(gone.body.data.items.map((s: { email: string }) => s.email)).toEqual(['gone@letter.example']);
    expect(gone.body.data.items[0].unsubscribedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const search = await adminCall(t, admin, 'GET', `${A()}/subscribers?q=SIPHO`);
    expect(search.body.data.items.map((s: { email: string }) => s.email)).toEqual(['sipho@letter.example']);
    // LIKE wildcards are taken literally.
    expect((await adminCall(t, admin, 'GET', `${A()}/subscribers?q=_`)).body.data.total).toBe(0);
    // Never another company's subscribers.
    expect((await adminCall(t, admin, 'GET', `${A()}/subscribers?q=zebra`)).body.data.total).toBe(0);
  });

  it('refuses bad paging with 400 naming the field, support with 403, another admin with 404', async () => {
    const cases: [string, string, string][] = [
      ['page=0', 'page', m.pageInvalid],
      ['pageSize=500', 'pageSize', m.pageSizeInvalid],
      ['status=bounced', 'status', m.statusInvalid],
    ];
    for (const [query, field, message] of cases) {
      const res = await adminCall(t, admin, 'GET', `${A()}/subscribers?${query}`);
      expect(res.http, query).toBe(400);
      expect(res.body.data.fieldErrors).toEqual({ [field]: message });
    }
    expect((await adminCall(t, support, 'GET', `${A()}/subscribers`)).http).toBe(403);
    expect((await adminCall(t, zebraAdmin, 'GET', `${A()}/subscribers`)).http).toBe(404);
    expect((await adminCall(t, zebraAdmin, 'GET', `${A()}/subscribers.csv`)).http).toBe(404);
  });

  it('exports a CSV file with a name, escaped fields and formula protection; audited', async () => {
    const res = await adminCall(t, admin, 'GET', `${A()}/subscribers.csv`);
    expect(res.http).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="newsletter-subscribers-acme-console-letter-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const text = res.raw.body;
    expect(text.startsWith('\uFEFF"email","status","subscribed_at","unsubscribed_at"\r\n')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines.some((l) => l.startsWith('"\'=HYPERLINK(""http://evil.example"",""x"")@letter.example","active","'))).toBe(true);
    expect(lines.some((l) => l.startsWith('"\'+cmd@letter.example","active","'))).toBe(true);
    expect(lines.some((l) => l.startsWith('"a""quote,comma@letter.example","active","'))).toBe(true);
    expect(lines.some((l) => /^"gone@letter\.example","unsubscribed","[^"]+","\d{4}-[^"]+"$/.test(l))).toBe(true);
    expect(text).not.toContain('zebra-only');

    const filtered = await adminCall(t, admin, 'GET', `${A()}/subscribers.csv?status=active&q=wanjiru`);
    expect(filtered.raw.body.slice(1).trimEnd().split('\r\n')).toHaveLength(2);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'content.newsletter.export'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ operatorId: admin.operatorId, companyId: acmeId, after: { rows: 1, q: 'wanjiru', status: 'active' } });
  });

  it('escapes every kind of field', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a,b\r\nc')).toBe('"a,b\r\nc"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvField(null)).toBe('""');
    expect(csvDocument(['a'], [['=1']])).toBe('\uFEFF"a"\r\n"\'=1"\r\n');
  });
});

describe('console newsletter: send', () => {
  it('refuses bad input with 400 naming the field, and a company without subscribers or site with 409', async () => {
    const cases: [unknown, string, string][] = [
      [{ body: 'x' }, 'subject', m.subjectRequired],
      [{ subject: 'x'.repeat(201), body: 'x' }, 'subject', m.subjectTooLong],
      [{ subject: 'x', body: '  ' }, 'body', m.bodyRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await adminCall(t, admin, 'POST', `${A()}/send`, body);
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fieldErrors).toEqual({ [field]: message });
    }
    const owner = await signInOperator(t, 'owner');
    const lonely = await adminCall(t, owner, 'POST', `/companies/${lonelyId}/content/newsletter/send`, { subject: 's', body: 'b' });
    expect(lonely).toMatchObject({ http: 409, body: { message: m.noWebsite } });
    await t.database.db.insert(companyOrigins).values({ companyId: lonelyId, origin: 'https://lonely-console-letter.example' });
    const empty = await adminCall(t, owner, 'POST', `/companies/${lonelyId}/content/newsletter/send`, { subject: 's', body: 'b' });
    expect(empty).toMatchObject({ http: 409, body: { message: m.noActiveSubscribers } });
    expect((await adminCall(t, support, 'POST', `${A()}/send`, { subject: 's', body: 'b' })).http).toBe(403);
  });

  it('queues one mail per active subscriber with a working unsubscribe link of its own; audited', async () => {
    const before = (await queuedMails(t)).length;
    const res = await adminCall(t, admin, 'POST', `${A()}/send`, {
      subject: 'March news',
      body: '<h3>New region</h3><p>Johannesburg is open &amp; ready.</p><ul><li>Faster</li><li>Closer</li></ul>',
    });
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ message: m.newsletterQueued, data: { queued: 5 } });

    const mails = (await queuedMails(t)).slice(before);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [
        '+cmd@letter.example',
        '=HYPERLINK("http://evil.example","x")@letter.example',
        'a"quote,comma@letter.example',
        'sipho@letter.example',
        'wanjiru@letter.example',
      ].sort(),
    );
    for (const mail of mails) {
      expect(mail).toMatchObject({ companyId: acmeId, subject: 'March news' });
      expect(mail.text).toContain('New region\n\nJohannesburg is open & ready.');
      expect(mail.text).toContain('- Faster\n- Closer');
      expect(mail.html).toContain('<h3>New region</h3>');
    }
    // Each link is the subscriber's own, on the company's first site, in the welcome mail's form.
    const tokens = mails.map((mail) => linkIn(mail.text)![1]!);
    expect(new Set(tokens).size).toBe(5);
    const sipho = mails.find((mail) => mail.to === 'sipho@letter.example')!;
    expect(linkIn(sipho.text)![0]).toBe(`${ACME}/newsletter?token=${linkIn(sipho.text)![1]}`);
    expect(sipho.html).toContain(`href="${ACME}/newsletter?token=${linkIn(sipho.text)![1]}"`);

    // The link works once, on any site of the company, and ends only that subscription.
    const siphoToken = linkIn(sipho.text)![1]!;
    expect((await unsubscribeWith(ZEBRA, siphoToken)).http).toBe(404);
    const done = await unsubscribeWith(ACME_WWW, siphoToken);
    expect(done.body).toEqual({ status: 200, message: 'You have been Unsubscribed successfully', data: null });
    expect((await unsubscribeWith(ACME, siphoToken)).http).toBe(404);
    const page = await adminCall(t, admin, 'GET', `${A()}/subscribers?status=unsubscribed`);
    expect(page.body.data.items.map((s: { email: string }) => s.email).sort()).toEqual(['gone@letter.example', 'sipho@letter.example']);

    // A forged or altered link does nothing.
    const wanjiruToken = linkIn(mails.find((mail) => mail.to === 'wanjiru@letter.example')!.text)![1]!;
    const forged = wanjiruToken.slice(0, -1) + (wanjiruToken.endsWith('0') ? '1' : '0');
    expect((await unsubscribeWith(ACME, forged)).http).toBe(404);
    // The welcome mail's link still works after a newsletter.
    const welcome = (await queuedMails(t, 'wanjiru@letter.example'))[0]!;
    expect((await unsubscribeWith(ACME, linkIn(welcome.text)![1]!)).http).toBe(200);
    expect((await unsubscribeWith(ACME, wanjiruToken)).http).toBe(404);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'content.newsletter.send'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      operatorId: admin.operatorId,
      companyId: acmeId,
      after: { subject: 'March news', queued: 5, site: ACME },
    });
  });

  it('an old newsletter link does not end a later subscription of the same address; the mail job delivers', async () => {
    const before = (await queuedMails(t)).length;
    await adminCall(t, admin, 'POST', `${A()}/send`, { subject: 'April', body: 'Plain text news.' });
    const mail = (await queuedMails(t)).slice(before).find((x) => x.to === '+cmd@letter.example')!;
    expect(mail.html).toBeUndefined();
    expect(mail.text.startsWith('Plain text news.\n\n--\nYou receive this mail because you subscribed to the Acme Cloud newsletter.')).toBe(
      true,
    );
    const token = linkIn(mail.text)![1]!;
    expect((await unsubscribeWith(ACME, token)).http).toBe(200);
    // Subscribed again (a new subscription): the old link is dead.
    await t.database.db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: null, subscribedAt: sql`now()` })
      .where(eq(newsletterSubscribers.email, '+cmd@letter.example'));
    expect((await unsubscribeWith(ACME, token)).http).toBe(404);

    // The mail job delivers the queued newsletter (here to the outbox; over SMTP in the journeys).
    await t.queue.work([sendMailJob(t.mailTransport, { retryLimit: 1, retryDelay: 1 })], { pollingIntervalSeconds: 0.5 });
    const deadline = Date.now() + 30_000;
    let delivered: (typeof outboxMails.$inferSelect)[] = [];
    while (!delivered.some((row) => row.subject === 'March news') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      delivered = await t.database.db.select().from(outboxMails).where(eq(outboxMails.to, 'wanjiru@letter.example'));
    }
    expect(delivered.map((row) => row.subject)).toContain('March news');
  });

  it('sends in batches to thousands of subscribers in one go', async () => {
    await t.database.db.execute(sql`
      INSERT INTO ${newsletterSubscribers} (company_id, email) SELECT ${zebraId}, 'reader' || g || '@zebra-letter.example' FROM generate_series(1, 1203) AS g`);
    const before = (await queuedMails(t)).length;
    const res = await adminCall(t, zebraAdmin, 'POST', `/companies/${zebraId}/content/newsletter/send`, {
      subject: 'Zebra news',
      body: 'Hello readers',
    });
    expect(res.body.data).toEqual({ queued: 1204 });
    const mails = (await queuedMails(t)).slice(before);
    expect(mails).toHaveLength(1204);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(1204);
    expect(mails.every((mail) => mail.companyId === zebraId && mail.text.includes(`${ZEBRA}/newsletter?token=n`))).toBe(true);
  });

  it('turns HTML into readable text for the plain part', () => {
    expect(
      htmlToText('<p>Hi&nbsp;there</p><script>alert(1)</script><style>p{}</style><p>Bye <a href="https://x.example">now</a></p>'),
    ).toBe('Hi there\n\nBye now');
    expect(htmlToText('a < b and <b>c</b>')).toBe('a < b and c');
    expect(htmlToText('<unclosed')).toBe('<unclosed');
    expect(htmlToText('x<!-- note -->y<br>z')).toBe('xy\nz');
  });
});
