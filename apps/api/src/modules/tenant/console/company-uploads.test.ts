import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_DOCUMENT } from '@mawingu/contracts/admin/companies';
import { isCompanyConfigurationComplete } from '@mawingu/contracts/company-rules';
import type { TestContext } from '../../../../test/test-app.ts';
import type { SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { files } from '../../../db/schema.ts';
import { ACME, openCompaniesWorld, type CompaniesWorld } from './companies.test-helper.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d0a1b50000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('console companies: uploads', () => {
  let t: TestContext;
  let acmeId: number;
  let acmeAdmin: SignedInOperator;
  let configuration: CompaniesWorld['configuration'];
  let put: CompaniesWorld['put'];
  let upload: CompaniesWorld['upload'];
  let lastAudit: CompaniesWorld['lastAudit'];

  beforeAll(async () => {
    ({ t, acmeId, acmeAdmin, configuration, put, upload, lastAudit } = await openCompaniesWorld());
  });
  afterAll(() => t.close());

  describe('settings', () => {
    it('stores the logo by its content; other files are refused naming the field', async () => {
      await configuration(ACME);
      const res = await upload(acmeAdmin, `/companies/${acmeId}/settings/logo`, 'logo', PNG, 'brand mark.png', 'image/png');
      expect(res.http).toBe(200);
      const logoUrl: string = res.body.data.brand.logoUrl;
      expect(logoUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      expect((await configuration(ACME)).body.data.imagePath).toBe(logoUrl);
      const served = await t.app.inject({ method: 'GET', url: logoUrl });
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);

      const svg = await upload(
        acmeAdmin,
        `/companies/${acmeId}/settings/logo`,
        'logo',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.png',
        'image/png',
      );
      expect(svg.http).toBe(400);
      expect(svg.body.data.fieldErrors).toEqual({ logo: 'The logo must be a PNG, JPEG, WebP or GIF image.' });
      const big = await upload(
        acmeAdmin,
        `/companies/${acmeId}/settings/logo`,
        'logo',
        Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
        'big.png',
        'image/png',
      );
      expect(big.http).toBe(413);
      expect(big.body.data.fieldErrors).toEqual({ logo: 'The logo must be at most 2 MB.' });
      expect((await configuration(ACME)).body.data.imagePath).toBe(logoUrl);

      const entry = await lastAudit(acmeId, 'companies.upload');
      expect(entry!.after).toMatchObject({ logo: logoUrl, contentType: 'image/png', sizeBytes: PNG.length, fileName: 'brand mark.png' });
      expect(JSON.stringify(entry)).not.toContain(PNG.toString('base64'));

      expect((await put(acmeAdmin, acmeId, { brand: { removeLogo: true } })).body.data.brand.logoUrl).toBeNull();
      expect((await configuration(ACME)).body.data.imagePath).toBeNull();
    });

    it('takes a video upload (MP4/WebM by content) or an https address', async () => {
      const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
      const res = await upload(acmeAdmin, `/companies/${acmeId}/settings/video`, 'video', mp4, 'intro.mp4', 'video/mp4');
      expect(res.http).toBe(200);
      expect(res.body.data.brand).toMatchObject({ videoUploaded: true });
      expect((await configuration(ACME)).body.data.companyVideoPath).toBe(res.body.data.brand.videoUrl);
      const notVideo = await upload(acmeAdmin, `/companies/${acmeId}/settings/video`, 'video', PNG, 'intro.mp4', 'video/mp4');
      expect(notVideo.body.data.fieldErrors).toEqual({ video: 'The video must be an MP4 or WebM file.' });

      const url = await put(acmeAdmin, acmeId, { brand: { videoUrl: 'https://cdn.acme.example/intro.webm' } });
      expect(url.body.data.brand).toMatchObject({ videoUrl: 'https://cdn.acme.example/intro.webm', videoUploaded: false });
      expect((await put(acmeAdmin, acmeId, { brand: { videoUrl: '' } })).body.data.brand.videoUrl).toBeNull();
    });

    it('takes the terms and privacy as PDFs checked by content, the agreement as text, and goes back to the built-in text', async () => {
      await configuration(ACME);
      const terms = await upload(
        acmeAdmin,
        `/companies/${acmeId}/settings/documents/terms`,
        'file',
        PDF,
        'Our terms.pdf',
        'application/pdf',
      );
      expect(terms.http).toBe(200);
      expect(terms.body.data.documents.terms).toMatchObject({ source: 'file', fileName: 'Our terms.pdf' });
      const termsUrl = terms.body.data.documents.terms.url;
      expect((await configuration(ACME)).body.data.termCondition).toBe(termsUrl);
      expect((await t.app.inject({ method: 'GET', url: termsUrl })).headers['content-type']).toBe('application/pdf');

      const fake = await upload(
        acmeAdmin,
        `/companies/${acmeId}/settings/documents/privacy`,
        'file',
        Buffer.from('hello, I am not a PDF'),
        'privacy.pdf',
        'application/pdf',
      );
      expect(fake.http).toBe(400);
      expect(fake.body.data.fieldErrors).toEqual({ file: 'The file must be a PDF document.' });
      const unknown = await upload(acmeAdmin, `/companies/${acmeId}/settings/documents/cookies`, 'file', PDF, 'c.pdf', 'application/pdf');
      expect(unknown.http).toBe(400);
      expect(unknown.body.data.fieldErrors).toEqual({ document: 'Unknown document.' });

      const privacy = await upload(
        acmeAdmin,
        `/companies/${acmeId}/settings/documents/privacy`,
        'file',
        PDF,
        'privacy.pdf',
        'application/pdf',
      );
      expect((await configuration(ACME)).body.data.privacyPolicy).toBe(privacy.body.data.documents.privacy.url);

      const text = await put(acmeAdmin, acmeId, {
        documents: { registrationAgreementText: 'Acme Skies agreement\n1. Be nice.', terms: BUILT_IN_DOCUMENT, privacy: BUILT_IN_DOCUMENT },
      });
      expect(text.http).toBe(200);
      expect(text.body.data.documents).toMatchObject({
        registrationAgreement: { source: 'text', text: 'Acme Skies agreement\n1. Be nice.' },
        terms: { source: 'builtin', url: null },
        privacy: { source: 'builtin', url: null },
      });
      const site = (await configuration(ACME)).body.data;
      expect(site).toMatchObject({ termCondition: BUILT_IN_DOCUMENT, privacyPolicy: null });
      expect(isCompanyConfigurationComplete(site)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: site.registrationAgreement })).body).toBe('Acme Skies agreement\n1. Be nice.');

      const entry = await lastAudit(acmeId, 'companies.update');
      expect(entry!.before).toMatchObject({ documents: { terms: { source: 'file', url: termsUrl } } });
      expect(entry!.after).toMatchObject({
        documents: { terms: { source: 'builtin' }, registrationAgreement: { source: 'text', url: site.registrationAgreement } },
      });
      // The audit keeps addresses, not the documents' contents.
      expect(JSON.stringify(entry)).not.toContain('Be nice');

      // The agreement can be a PDF too; the replaced text file is kept (the audit's "before" still opens).
      const pdfAgreement = await upload(
        acmeAdmin,
        `/companies/${acmeId}/settings/documents/registrationAgreement`,
        'file',
        PDF,
        'agreement.pdf',
        'application/pdf',
      );
      expect(pdfAgreement.body.data.documents.registrationAgreement).toMatchObject({
        source: 'file',
        fileName: 'agreement.pdf',
        text: null,
      });
      const [kept] = await t.database.db
        .select()
        .from(files)
        .where(eq(files.id, site.registrationAgreement.split('/').at(-1)));
      expect(kept).toBeDefined();
    });
  });
});
