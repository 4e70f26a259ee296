import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMessages as m } from '@mawingu/contracts/admin/content';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { adminCall, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { authHeaders, signIn } from '../../../../test/sign-in.ts';
import { post, type TestContext } from '../../../../test/test-app.ts';
import { files, news, notifications } from '../../../db/schema.ts';

import { ACME, PNG, ZEBRA, openContentWorld } from './content.test-helper.ts';

let t: TestContext;
let acmeId: number;
let zebraId: number;
let admin: SignedInOperator;
let support: SignedInOperator;
let owner: SignedInOperator;
let zebraAdmin: SignedInOperator;
let amani: { id: number; email: string };

let lastAudit: Awaited<ReturnType<typeof openContentWorld>>['lastAudit'];
let upload: Awaited<ReturnType<typeof openContentWorld>>['upload'];

const A = () => `/companies/${acmeId}/content`;
const Z = () => `/companies/${zebraId}/content`;

beforeAll(async () => {
  ({ t, acmeId, zebraId, admin, support, owner, zebraAdmin, amani, lastAudit, upload } = await openContentWorld());
});
afterAll(() => t.close());

describe('console content: who may call', () => {
  const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown][] = [
    ['GET', '/news'],
    ['POST', '/news', { title: 'x', content: 'y' }],
    ['PUT', '/news/1', { title: 'x', content: 'y' }],
    ['DELETE', '/news/1'],
    ['GET', '/faq'],
    ['POST', '/faq', { tab: 'General', question: 'q', answer: 'a' }],
    ['PUT', '/faq/order', { tab: 'General', ids: [1] }],
    ['PUT', '/faq/1', { tab: 'General', question: 'q', answer: 'a' }],
    ['DELETE', '/faq/1'],
    ['GET', '/recipients?q=a'],
    ['POST', '/notifications', { audience: 'all', text: 'Hello' }],
    ['GET', '/newsletter/subscribers'],
    ['GET', '/newsletter/subscribers.csv'],
    ['POST', '/newsletter/send', { subject: 's', body: 'b' }],
  ];

  it('refuses every call without a console session (401), with a customer token (401), and for support (403)', async () => {
    const customer = await signIn(t, acmeId, amani.id);
    for (const [method, path, body] of calls) {
      const anonymous = await adminCall(t, null, method, `${A()}${path}`, body);
      expect(anonymous.http, `${method} ${path}`).toBe(401);
      const asCustomer = await adminCall(t, { headers: authHeaders(ACME, customer) }, method, `${A()}${path}`, body);
      expect(asCustomer.http, `${method} ${path}`).toBe(401);
      const asSupport = await adminCall(t, support, method, `${A()}${path}`, body);
      expect(asSupport.http, `${method} ${path}`).toBe(403);
      expect(asSupport.body.message).toBe(adminMessages.forbidden);
    }
    const image = await upload(support, `${A()}/news/image`, PNG);
    expect(image.http).toBe(403);
  });

  it('answers 404 "Company not found." to another company\'s admin, and changes nothing there', async () => {
    for (const [method, path, body] of calls) {
      const res = await adminCall(t, zebraAdmin, method, `${A()}${path}`, body);
      expect(res.http, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe(adminMessages.companyNotFound);
    }
    const [n] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.companyId, acmeId));
    expect(n!.n).toBe(0);
  });

  it('lets the owner work on any company', async () => {
    const res = await adminCall(t, owner, 'GET', `${Z()}/news`);
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual([]);
    expect((await adminCall(t, owner, 'GET', '/companies/999999/content/news')).http).toBe(404);
  });
});

describe('console content: news', () => {
  it('publishes a news item with an uploaded image and links; the public call shows it at once', async () => {
    const image = await upload(admin, `${A()}/news/image`, PNG, 'evil.html', 'text/html');
    expect(image.http).toBe(200);
    const imagePath: string = image.body.data.imagePath;
    expect(imagePath).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    // Served as what its bytes are, whatever the upload claimed.
    const served = await t.app.inject({ method: 'GET', url: imagePath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await lastAudit('content.news.image_upload'))?.companyId).toBe(acmeId);

    const created = await adminCall(t, admin, 'POST', `${A()}/news`, {
      title: '  Johannesburg region opens ',
      content: '<p>New <b>region</b>.</p>',
      imagePath,
      links: ['https://status.acme.example/jhb', 'http://blog.acme.example/post'],
      publishedAt: '2026-01-02T08:00:00.000Z',
    });
    expect(created.http).toBe(200);
    expect(created.body.message).toBe(m.newsCreated);
    expect(created.body.data).toMatchObject({
      title: 'Johannesburg region opens',
      imagePath,
      links: ['https://status.acme.example/jhb', 'http://blog.acme.example/post'],
      publishedAt: '2026-01-02T08:00:00.000Z',
      draft: false,
    });

    const site = await post(t.app, 'news/getAllNews', { websiteUrl: ACME });
    expect(site.body.data[0]).toEqual({
      ID: created.body.data.id,
      newsTitle: 'Johannesburg region opens',
      newsContent: '<p>New <b>region</b>.</p>',
      imagePath,
      newsLinks: ['https://status.acme.example/jhb', 'http://blog.acme.example/post'],
    });
    // Not on another company's site.
    expect((await post(t.app, 'news/getAllNews', { websiteUrl: ZEBRA })).body.data).toEqual([]);

    const audit = await lastAudit('content.news.create');
    expect(audit).toMatchObject({
      operatorId: admin.operatorId,
      companyId: acmeId,
      targetType: 'news',
      targetId: String(created.body.data.id),
    });
    expect((audit!.after as { title: string }).title).toBe('Johannesburg region opens');
  });

  it('keeps a draft off the site whatever its date, and a scheduled item until its date, list and detail alike', async () => {
    const titles = async () =>
      ((await post(t.app, 'news/getAllNews', { websiteUrl: ACME })).body.data as { newsTitle: string }[]).map((n) => n.newsTitle);
    const detail = async (ID: number) => (await post(t.app, 'news/getNewsDetail', { ID, websiteUrl: ACME })).http;
    const draft = await adminCall(t, admin, 'POST', `${A()}/news`, { title: 'Draft: Durban', content: 'Soon', draft: true });
    expect(draft.body.message).toBe(m.newsDraftSaved);
    expect(draft.body.data.draft).toBe(true);
    // Ahead by two seconds: the site's kept reply (read just now) must end when the item's date comes.
    const soon = new Date(Date.now() + 2_000).toISOString();
    const scheduled = await adminCall(t, admin, 'POST', `${A()}/news`, { title: 'Scheduled: Kisumu', content: 'Open', publishedAt: soon });
    expect(scheduled.body.message).toBe(m.newsScheduled);
    expect(await titles()).not.toContain('Draft: Durban');
    expect(await titles()).not.toContain('Scheduled: Kisumu');
    expect(await detail(draft.body.data.id)).toBe(404);
    expect(await detail(scheduled.body.data.id)).toBe(404);
    // The console lists both, with their state.
    const console = (await adminCall(t, admin, 'GET', `${A()}/news`)).body.data as { title: string; draft: boolean }[];
    expect(console.find((n) => n.title === 'Draft: Durban')?.draft).toBe(true);
    expect(console.map((n) => n.title)).toContain('Scheduled: Kisumu');

    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon) - Date.now() + 50));
    expect(await titles()).toContain('Scheduled: Kisumu');
    expect(await detail(scheduled.body.data.id)).toBe(200);
    expect(await titles()).not.toContain('Draft: Durban');

    // Published from the draft: on the site at once.
    const published = await adminCall(t, admin, 'PUT', `${A()}/news/${draft.body.data.id}`, {
      title: 'Durban region opens',
      content: 'Open',
      draft: false,
    });
    expect(published.body.message).toBe(m.newsUpdated);
    expect(await titles()).toContain('Durban region opens');
    for (const id of [draft.body.data.id, scheduled.body.data.id]) await adminCall(t, admin, 'DELETE', `${A()}/news/${id}`);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ content: 'x' }, 'title', m.titleRequired],
      [{ title: '   ', content: 'x' }, 'title', m.titleRequired],
      [{ title: 'x'.repeat(201), content: 'x' }, 'title', m.titleTooLong],
      [{ title: 'x', content: '' }, 'content', m.contentRequired],
      [{ title: 'x', content: 'y', links: ['javascript:alert(1)'] }, 'links.0', m.linkInvalid],
      [{ title: 'x', content: 'y', links: ['https://ok.example', 'ftp://files.example/a'] }, 'links.1', m.linkInvalid],
      [{ title: 'x', content: 'y', links: ['www.example.com'] }, 'links.0', m.linkInvalid],
      [{ title: 'x', content: 'y', links: Array.from({ length: 11 }, (_, i) => `https://e.example/${i}`) }, 'links', m.tooManyLinks],
      [{ title: 'x', content: 'y', publishedAt: 'yesterday' }, 'publishedAt', m.dateInvalid],
      [{ title: 'x', content: 'y', imagePath: 'https://elsewhere.example/cat.png' }, 'imagePath', m.imageInvalid],
      [{ title: 'x', content: 'y', imagePath: '/api/files/00000000-0000-4000-8000-000000000000' }, 'imagePath', m.imageInvalid],
    ];
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(news);
    for (const [body, field, message] of cases) {
      const res = await adminCall(t, admin, 'POST', `${A()}/news`, body);
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fieldErrors, JSON.stringify(body)).toMatchObject({ [field]: message });
    }
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(news)).toEqual(before);
  });

  it("refuses another company's uploaded image and a file that is not an image", async () => {
    const zebraImage = await upload(zebraAdmin, `${Z()}/news/image`, PNG);
    expect(zebraImage.http).toBe(200);
    const res = await adminCall(t, admin, 'POST', `${A()}/news`, { title: 'x', content: 'y', imagePath: zebraImage.body.data.imagePath });
    expect(res.http).toBe(400);
    expect(res.body.data.fieldErrors).toEqual({ imagePath: m.imageInvalid });

    const script = await upload(admin, `${A()}/news/image`, Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png', 'image/png');
    expect(script.http).toBe(400);
    expect(script.body.data.fieldErrors).toEqual({ image: m.imageType });
    const missing = await adminCall(t, admin, 'POST', `${A()}/news/image`, {});
    expect(missing.http).toBe(400);
    expect(missing.body.data.fieldErrors).toEqual({ image: m.imageRequired });
  });

  it('saves and deletes; the replaced image file is removed; the site follows at once', async () => {
    const first = (await upload(admin, `${A()}/news/image`, PNG)).body.data.imagePath as string;
    const created = await adminCall(t, admin, 'POST', `${A()}/news`, { title: 'Draft', content: 'Plain text', imagePath: first });
    const id = created.body.data.id as number;
    const saved = await adminCall(t, admin, 'PUT', `${A()}/news/${id}`, {
      title: 'Windows images',
      content: 'Windows Server 2025.',
      imagePath: null,
      links: [],
    });
    expect(saved.http).toBe(200);
    expect(saved.body.data).toMatchObject({ id, title: 'Windows images', imagePath: null });
    const detail = await post(t.app, 'news/getNewsDetail', { ID: id, websiteUrl: ACME });
    expect(detail.body.data).toMatchObject({ newsTitle: 'Windows images', imagePath: null });
    // No item uses the first image any more: its file is gone.
    expect(
      await t.database.db
        .select()
        .from(files)
        .where(eq(files.id, first.split('/').at(-1)!)),
    ).toEqual([]);
    const audit = await lastAudit('content.news.update');
    expect(audit).toMatchObject({ targetId: String(id) });
    expect((audit!.before as { title: string }).title).toBe('Draft');

    // Another company's item is not found; the wrong id form is a 400.
    expect((await adminCall(t, zebraAdmin, 'PUT', `${Z()}/news/${id}`, { title: 'x', content: 'y' })).http).toBe(404);
    expect((await adminCall(t, zebraAdmin, 'DELETE', `${Z()}/news/${id}`)).http).toBe(404);
    expect((await adminCall(t, admin, 'DELETE', `${A()}/news/abc`)).http).toBe(400);

    const removed = await adminCall(t, admin, 'DELETE', `${A()}/news/${id}`);
    expect(removed.http).toBe(200);
    expect((await post(t.app, 'news/getNewsDetail', { ID: id, websiteUrl: ACME })).http).toBe(404);
    expect((await lastAudit('content.news.delete'))?.targetId).toBe(String(id));
    expect((await adminCall(t, admin, 'DELETE', `${A()}/news/${id}`)).http).toBe(404);
  });

  it('keeps HTML content as written for the site, which renders it only through its sanitiser', async () => {
    // The API stores the operator's HTML; apps/web NewsContent sanitises it (DOMPurify, no script,
    // no handlers) before it reaches the page: see the console-content journey and news-content tests.
    const hostile = '<p>Hi</p><script>window.pwned=1</script><img src=x onerror="window.pwned=2">';
    const created = await adminCall(t, admin, 'POST', `${A()}/news`, { title: 'Hostile', content: hostile });
    expect(created.http).toBe(200);
    const detail = await post(t.app, 'news/getNewsDetail', { ID: created.body.data.id, websiteUrl: ACME });
    expect(detail.body.data.newsContent).toBe(hostile);
    // The API's own replies are JSON, never HTML a browser would run.
    const page = await t.app.inject({ method: 'POST', url: '/api/news/getAllNews', payload: { websiteUrl: ACME } });
    expect(page.headers['content-type']).toMatch(/^application\/json/);
  });
});
