import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, signInOperator, type SignedInOperator } from '../../test/operator-sign-in.ts';
import { createTestApp, post, type TestContext } from '../../test/test-app.ts';
import { completeCompany, upsertCompany } from '../db/seed/factories.ts';
import type { CacheBus, CacheDrop, CacheTopic } from './cache-bus.ts';
import { createReplyCache } from './reply-cache.ts';
import { z } from 'zod';

const ACME = 'https://acme-reply-cache.example';
const ZEBRA = 'https://zebra-reply-cache.example';

describe('the site reads a console change on its next call (replies cached per company)', () => {
  let t: TestContext;
  let acmeId: number;
  let admin: SignedInOperator;

  beforeAll(async () => {
    t = await createTestApp();
    acmeId = (await upsertCompany(t.database.db, completeCompany('acme-reply-cache', 'Acme Cloud'), [ACME])).id;
    await upsertCompany(t.database.db, completeCompany('zebra-reply-cache', 'Zebra Hosting'), [ZEBRA]);
    admin = await signInOperator(t, 'admin', acmeId);
  });
  afterAll(() => t.close());

  const titles = async (site: string) =>
    (await post(t.app, 'news/getAllNews', { websiteUrl: site })).body.data.map((n: { newsTitle: string }) => n.newsTitle);

  it('news list and detail: published, edited and removed news show at once', async () => {
    expect(await titles(ACME)).toEqual([]);
    expect(await titles(ZEBRA)).toEqual([]);
    const created = await adminCall(t, admin, 'POST', `/companies/${acmeId}/content/news`, { title: 'Nairobi opens', content: 'Soon.' });
    expect(created.http).toBe(200);
    const id = created.body.data.id as number;
    expect(await titles(ACME)).toEqual(['Nairobi opens']);
    expect(await titles(ZEBRA)).toEqual([]);

    const detail = () => post(t.app, 'news/getNewsDetail', { websiteUrl: ACME, ID: id });
    expect((await detail()).body.data.newsContent).toBe('Soon.');
    await adminCall(t, admin, 'PUT', `/companies/${acmeId}/content/news/${id}`, { title: 'Nairobi open', content: 'Now.' });
    expect((await detail()).body.data).toMatchObject({ newsTitle: 'Nairobi open', newsContent: 'Now.' });
    expect(await titles(ACME)).toEqual(['Nairobi open']);

    await adminCall(t, admin, 'DELETE', `/companies/${acmeId}/content/news/${id}`);
    const gone = await detail();
    expect(gone.http).toBe(404);
    expect(gone.body.message).toBe('News not available.');
    expect(await titles(ACME)).toEqual([]);
  });

  it('FAQ: a new question shows at once', async () => {
    const questions = async () =>
      (await post(t.app, 'faq/getFaq', { websiteUrl: ACME })).body.data.map((e: { question: string }) => e.question);
    expect(await questions()).toEqual([]);
    const added = await adminCall(t, admin, 'POST', `/companies/${acmeId}/content/faq`, {
      tab: 'General',
      question: 'Who?',
      answer: 'Us.',
    });
    expect(added.http).toBe(200);
    expect(await questions()).toEqual(['Who?']);
  });

  it('the same reply is sent byte for byte while nothing changed', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/getCompanyConfiguration', payload: { customerUrl: ACME } });
    const second = await t.app.inject({ method: 'POST', url: '/api/getCompanyConfiguration', payload: { customerUrl: ACME } });
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

describe('reply cache', () => {
  function fakeBus() {
    const subscribers: [CacheTopic, CacheDrop][] = [];
    const bus = {
      reach: 'local',
      subscribe: (topic: CacheTopic, drop: CacheDrop) => subscribers.push([topic, drop]),
      invalidate: async (topic: CacheTopic, companyId?: number) =>
        subscribers.filter(([t]) => t === topic).forEach(([, d]) => d(companyId)),
      close: async () => {},
    } as CacheBus;
    return bus;
  }
  const schema = z.object({ status: z.number(), message: z.string(), data: z.number() });
  const res = () => {
    const sent: { status?: number; body?: string } = {};
    const reply = {
      request: { raw: {}, routeOptions: { url: '/api/read' } },
      code: (s: number) => ((sent.status = s), reply),
      header: () => reply,
      send: (b: Buffer) => ((sent.body = b.toString()), reply),
    };
    return { reply: reply as never, sent };
  };

  it('drops one company on a change of its data, everything on a change of no company, and keeps no failure', async () => {
    const bus = fakeBus();
    const cache = createReplyCache(bus, 60_000);
    let n = 0;
    const read = async (companyId: number) => {
      const r = res();
      await cache.send(r.reply, companyId, 'k', schema, async () => ({ data: ++n }));
      return JSON.parse(r.sent.body!).data as number;
    };
    expect([await read(1), await read(1), await read(2)]).toEqual([1, 1, 2]);
    await bus.invalidate('content', 1);
    expect([await read(1), await read(2)]).toEqual([3, 2]);
    await bus.invalidate('company');
    expect([await read(1), await read(2)]).toEqual([4, 5]);

    const failing = res();
    await expect(cache.send(failing.reply, 1, 'x', schema, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const after = res();
    await cache.send(after.reply, 1, 'x', schema, async () => ({ data: 7, status: 300, message: 'maintenance' }));
    expect(after.sent).toEqual({ status: 300, body: '{"status":300,"message":"maintenance","data":7}' });
  });
});
