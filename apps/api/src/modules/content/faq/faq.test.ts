import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqEntries } from '../../../db/schema.ts';
import { seedDemoContent } from '../../../db/seed/demo-content-seed.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';

const ACME = 'https://acme-faq.example';
const ZEBRA = 'https://zebra-faq.example';

describe('faq/getFaq', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp();
    const acme = await upsertCompany(t.database.db, completeCompany('acme-faq', 'Acme Cloud'), [ACME]);
    const zebra = await upsertCompany(t.database.db, completeCompany('zebra-faq', 'Zebra Hosting'), [ZEBRA]);
    await t.database.db.insert(faqEntries).values([
      { companyId: acme.id, tab: 'Contact', question: 'How do I reach you?', answer: 'Write to us.', sortOrder: 0 },
      { companyId: acme.id, tab: 'General', question: 'Second general', answer: 'B', sortOrder: 2 },
      { companyId: acme.id, tab: 'General', question: 'First general', answer: 'A', sortOrder: 1 },
      { companyId: acme.id, tab: 'Products', question: 'Refunds?', answer: 'No refund on cancelled VMs.', sortOrder: 0 },
      { companyId: acme.id, tab: 'Archive', question: 'Not on any tab', answer: '-', sortOrder: 0 },
      { companyId: zebra.id, tab: 'General', question: 'Zebra only', answer: 'Z', sortOrder: 0 },
    ]);
  });
  afterAll(() => t.close());

  it('lists the calling company’s questions in tab order, then in their own order', async () => {
    const res = await post(t.app, 'faq/getFaq', { websiteUrl: ACME });
    expect(res.http).toBe(200);
    expect(res.body.data.map((e: { tab: string; question: string }) => [e.tab, e.question])).toEqual([
      ['General', 'First general'],
      ['General', 'Second general'],
      ['Products', 'Refunds?'],
      ['Contact', 'How do I reach you?'],
    ]);
    expect(res.body.data[0]).toEqual({ ID: expect.any(Number), tab: 'General', question: 'First general', answer: 'A' });
    expect(JSON.stringify(res.body)).not.toContain('Zebra');
  });

  it('needs a site and answers an unknown one with "Company not registered yet"', async () => {
    expect((await post(t.app, 'faq/getFaq', {})).body.data.fieldErrors).toHaveProperty('websiteUrl');
    const unknown = await post(t.app, 'faq/getFaq', { websiteUrl: 'https://stranger.example' });
    expect(unknown.http).toBe(404);
    expect(unknown.body.message).toBe('Company not registered yet');
  });

  it('is seeded for the demo company with every tab and the spec’s FAQ statements', async () => {
    const demo = 'https://demo-faq.example';
    const company = await upsertCompany(t.database.db, completeCompany('demo-faq', 'Demo Cloud'), [demo]);
    await seedDemoContent(t.database.db, company.id);
    await seedDemoContent(t.database.db, company.id);
    const entries: { tab: string; answer: string }[] = (await post(t.app, 'faq/getFaq', { websiteUrl: demo })).body.data;
    expect(new Set(entries.map((e) => e.tab))).toEqual(new Set(['General', 'Products', 'Profile', 'Contact']));
    const answers = entries.map((e) => e.answer).join('\n');
    for (const statement of [
      'launches automatically',
      'stays active until its expiry date',
      'active again as soon as the payment',
      'No refund is given on a cancelled or returned virtual machine',
      '5 to 7 business days',
      'referral bonus is coming soon',
      'Login is by e-mail only',
    ]) {
      expect(answers).toContain(statement);
    }
    expect(entries.length).toBe(new Set(entries.map((e) => e.answer)).size);
  });
});
