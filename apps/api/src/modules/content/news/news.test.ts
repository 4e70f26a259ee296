import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';

const ACME = 'https://acme-news.example';
const ZEBRA = 'https://zebra-news.example';
const QUIET = 'https://quiet-news.example';

describe('news', () => {
  let t: TestContext;
  let zebraNewsId: number;
  let acmeIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const acme = await upsertCompany(t.database.db, completeCompany('acme-news', 'Acme Cloud'), [ACME]);
    const zebra = await upsertCompany(t.database.db, completeCompany('zebra-news', 'Zebra Hosting'), [ZEBRA]);
    await upsertCompany(t.database.db, completeCompany('quiet-news', 'Quiet Cloud'), [QUIET]);
    const rows = await t.database.db
      .insert(news)
      .values([
        { companyId: acme.id, title: 'Older', content: 'First post', imagePath: 'NA', publishedAt: new Date('2026-01-01T00:00:00Z') },
        {
          companyId: acme.id,
          title: 'Newer',
          content: '<p>Second post</p>',
          imagePath: '/api/files/x',
          links: ['https://acme.example/blog'],
          publishedAt: new Date('2026-02-01T00:00:00Z'),
        },
        { companyId: zebra.id, title: 'Zebra secret', content: 'Only for Zebra', publishedAt: new Date('2026-03-01T00:00:00Z') },
      ])
      .returning({ id: news.id });
    acmeIds = [rows[0]!.id, rows[1]!.id];
    zebraNewsId = rows[2]!.id;
  });
  afterAll(() => t.close());

  it('lists the calling company’s news, newest first, with the spec’s field names', async () => {
    const res = await post(t.app, 'news/getAllNews', { websiteUrl: ACME });
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual([
      {
        ID: acmeIds[1],
        newsTitle: 'Newer',
        newsContent: '<p>Second post</p>',
        imagePath: '/api/files/x',
        newsLinks: ['https://acme.example/blog'],
      },
      { ID: acmeIds[0], newsTitle: 'Older', newsContent: 'First post', imagePath: 'NA', newsLinks: [] },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('Zebra');
  });

  it('answers a company without news with an empty list', async () => {
    const res = await post(t.app, 'news/getAllNews', { websiteUrl: QUIET });
    expect(res.body).toEqual({ status: 200, message: 'Success', data: [] });
  });

  it('gives one item in detail, also when the ID arrives as a string', async () => {
    for (const ID of [acmeIds[1], String(acmeIds[1])]) {
      const res = await post(t.app, 'news/getNewsDetail', { ID, websiteUrl: ACME });
      expect(res.http).toBe(200);
      expect(res.body.data).toMatchObject({ ID: acmeIds[1], newsTitle: 'Newer', newsLinks: ['https://acme.example/blog'] });
    }
  });

  it('treats another company’s news ID as not there: 404 "News not available."', async () => {
    const res = await post(t.app, 'news/getNewsDetail', { ID: zebraNewsId, websiteUrl: ACME });
    expect(res.http).toBe(404);
    expect(res.body).toEqual({ status: 404, message: 'News not available.', data: null });
    expect((await post(t.app, 'news/getNewsDetail', { ID: 999_999, websiteUrl: ACME })).http).toBe(404);
  });

  it('refuses a missing or malformed ID with a field error', async () => {
    for (const ID of [undefined, 'abc', -1, 1.5]) {
      const res = await post(t.app, 'news/getNewsDetail', { ID, websiteUrl: ACME });
      expect(res.http).toBe(400);
      expect(res.body.data.fieldErrors.ID).toBe('News not available.');
    }
  });

  it('answers an unknown site with "Company not registered yet"', async () => {
    for (const call of ['news/getAllNews', 'news/getNewsDetail']) {
      const res = await post(t.app, call, { ID: acmeIds[0], websiteUrl: 'https://stranger.example' });
      expect(res.http).toBe(404);
      expect(res.body.message).toBe('Company not registered yet');
    }
  });
});
