import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall } from '../../../../test/operator-sign-in.ts';
import { auditLog } from '../../../db/schema.ts';
import { openCompaniesWorld, ACME, ZEBRA, type CompaniesWorld } from './companies.test-helper.ts';

describe("console companies: the brand's site texts (issue 17, point 1)", () => {
  let w: CompaniesWorld;
  const path = (companyId: number) => `/companies/${companyId}/site-texts`;

  beforeAll(async () => {
    w = await openCompaniesWorld();
  });
  afterAll(() => w.t.close());

  it("a brand writes its hero, About and help texts per language; the site's configuration has them at once; empty ones are dropped; audited", async () => {
    expect((await w.configuration(ACME)).body.data.siteTexts).toEqual({});
    const res = await adminCall(w.t, w.acmeAdmin, 'PUT', path(w.acmeId), {
      texts: {
        en: { homeHeadline: '  Savannah clouds for Nairobi  ', aboutVision: 'Every shop in Kenya online.', helpHours: '' },
        ko: { homeHeadline: '나이로비를 위한 사바나 클라우드' },
      },
    });
    expect(res.http).toBe(200);
    expect(res.body.message).toBe('Site texts saved. The site shows them at once.');
    const written = {
      en: { homeHeadline: 'Savannah clouds for Nairobi', aboutVision: 'Every shop in Kenya online.' },
      ko: { homeHeadline: '나이로비를 위한 사바나 클라우드' },
    };
    expect(res.body.data).toEqual(written);
    expect((await adminCall(w.t, w.acmeAdmin, 'GET', path(w.acmeId))).body.data).toEqual(written);
    expect((await w.configuration(ACME)).body.data.siteTexts).toEqual(written);
    // Another brand keeps the site's own wording.
    expect((await w.configuration(ZEBRA)).body.data.siteTexts).toEqual({});
    const [entry] = await w.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.site_texts.update'), eq(auditLog.companyId, w.acmeId)));
    expect(entry?.after).toEqual(written);

    // Emptied again: the defaults show.
    await adminCall(w.t, w.acmeAdmin, 'PUT', path(w.acmeId), { texts: { en: { homeHeadline: '' } } });
    expect((await w.configuration(ACME)).body.data.siteTexts).toEqual({});
  });

  it('refuses a text over 600 characters and an unknown key or language with 400, and changes nothing', async () => {
    await adminCall(w.t, w.acmeAdmin, 'PUT', path(w.acmeId), { texts: { en: { helpHours: 'We answer 08h00 to 18h00 EAT.' } } });
    const long = await adminCall(w.t, w.acmeAdmin, 'PUT', path(w.acmeId), { texts: { en: { aboutMission: 'x'.repeat(601) } } });
    expect(long.http).toBe(400);
    expect(Object.entries(long.body.data.fieldErrors)).toEqual([[expect.stringContaining('aboutMission'), 'At most 600 characters.']]);
    expect((await adminCall(w.t, w.acmeAdmin, 'PUT', path(w.acmeId), { texts: { en: { footerText: 'x' } } })).http).toBe(400);
    expect((await adminCall(w.t, w.acmeAdmin, 'PUT', path(w.acmeId), { texts: { fr: { homeHeadline: 'x' } } })).http).toBe(400);
    expect((await w.configuration(ACME)).body.data.siteTexts).toEqual({ en: { helpHours: 'We answer 08h00 to 18h00 EAT.' } });
  });

  it("support may not read or write them (403); another company's admin gets 404; the owner writes any company's", async () => {
    expect((await adminCall(w.t, w.acmeSupport, 'GET', path(w.acmeId))).http).toBe(403);
    expect((await adminCall(w.t, w.acmeSupport, 'PUT', path(w.acmeId), { texts: {} })).http).toBe(403);
    expect((await adminCall(w.t, w.zebraAdmin, 'PUT', path(w.acmeId), { texts: { en: { homeHeadline: 'Zebra was here' } } })).http).toBe(
      404,
    );
    expect((await adminCall(w.t, null, 'GET', path(w.acmeId))).http).toBe(401);
    expect((await adminCall(w.t, w.owner, 'PUT', path(w.zebraId), { texts: { en: { blog1Title: 'Zebra guides' } } })).http).toBe(200);
    expect((await w.configuration(ZEBRA)).body.data.siteTexts).toEqual({ en: { blog1Title: 'Zebra guides' } });
    expect((await w.configuration(ACME)).body.data.siteTexts.en.homeHeadline).toBeUndefined();
  });
});
