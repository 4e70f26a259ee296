import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { companies, companyAddresses, countries, menuItems, regions } from '../schema.ts';
import { fileUrl, type FileService } from '../../modules/tenant/files/service.ts';
import { upsertCompany } from './factories.ts';
import { seedDemoLegalEntities } from './demo-legal-entities.ts';
import { countOf } from './count-of.ts';
import { demoAddresses, demoCountries, demoMenuItems, demoRegions } from './demo-catalogue.ts';
import { seedDemoCatalogue } from './demo-catalogue-seed.ts';
import { seedDemoContent } from './demo-content-seed.ts';
import { seedDemoPurchaseTerms } from './demo-purchase-seed.ts';
import { seedDemoCustomer } from './demo-customer.ts';
import { seedTicketIssueTypes } from './ticket-issue-types.ts';
import { registrationAgreementText, renderTermsPdf } from './documents.ts';
import { seedAssetsFolder } from '../../resources.ts';

export const DEMO_SLUG = 'mawingu-demo';
export const DEMO_NAME = 'Mawingu Cloud';

/** Both spellings of the local origin, so http://localhost:PORT and http://127.0.0.1:PORT work. */
export function localOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const twins = new Set([url.origin]);
  if (url.hostname === 'localhost') twins.add(url.origin.replace('//localhost', '//127.0.0.1'));
  if (url.hostname === '127.0.0.1') twins.add(url.origin.replace('//127.0.0.1', '//localhost'));
  return [...twins];
}

/**
 * Loads the demo company. Idempotent: the company row and its origins are upserted; lists are
 * written only when the company has none yet, so ids other data points at never change.
 * `demoCustomer: false` (production) leaves out the customer whose password the README publishes.
 */
export async function seedDemo(db: Db, files: FileService, publicUrl: string, options: { demoCustomer?: boolean } = {}) {
  await db.insert(countries).values(demoCountries).onConflictDoNothing();

  const company = await upsertCompany(
    db,
    {
      slug: DEMO_SLUG,
      name: DEMO_NAME,
      contactNo: '+27 10 500 1234',
      email: 'support@mawingu.example',
      officeAddress: 'Waterfall City, 1 Magwa Crescent',
      city: 'Midrand',
      postalCode: '1685',
      country: 'South Africa',
      vatNumber: '4123456789',
      facebook: 'https://www.facebook.com/mawingucloud',
      instagram: 'https://www.instagram.com/mawingucloud',
      twitter: 'https://x.com/mawingucloud',
      linkedIn: 'https://www.linkedin.com/company/mawingucloud',
      youtube: '',
      wwwUrl: 'https://www.mawingu.example',
      brandColor: '#1c6dd0',
      bannerMessage: 'Virtual machines in South Africa and Kenya, billed in your own currency.',
    },
    localOrigins(publicUrl),
  );
  if (!company.logoPath) {
    await db
      .update(companies)
      .set(await storeDemoFiles(files, company.id))
      .where(eq(companies.id, company.id));
  }

  for (const region of demoRegions) {
    await db
      .insert(regions)
      .values({ ...region, companyId: company.id })
      .onConflictDoNothing();
  }
  const [home] = await db
    .select()
    .from(regions)
    .where(and(eq(regions.companyId, company.id), eq(regions.name, 'South Africa')))
    .limit(1);
  if (home && company.homeRegionId !== home.id) {
    await db.update(companies).set({ homeRegionId: home.id }).where(eq(companies.id, company.id));
  }

  await seedDemoLegalEntities(db, company.id);

  if ((await countOf(db, companyAddresses, company.id)) === 0) {
    await db.insert(companyAddresses).values(demoAddresses.map((a, i) => ({ ...a, companyId: company.id, sortOrder: i })));
  }
  if ((await countOf(db, menuItems, company.id)) === 0) {
    await db.insert(menuItems).values(demoMenuItems.map((m, i) => ({ ...m, companyId: company.id, sortOrder: i })));
  }
  await seedDemoContent(db, company.id);
  await seedDemoCatalogue(db, company.id);
  await seedDemoPurchaseTerms(db, company.id);
  await seedTicketIssueTypes(db, company.id);
  if (options.demoCustomer ?? true) await seedDemoCustomer(db, company.id);
  return company;
}

async function storeDemoFiles(files: FileService, companyId: number) {
  const save = async (kind: string, originalName: string, contentType: string, bytes: Buffer) =>
    fileUrl((await files.save({ companyId, kind, originalName, contentType, bytes, isPublic: true })).id);
  return {
    logoPath: await save('logo', 'mawingu-logo.svg', 'image/svg+xml', await fs.readFile(path.join(seedAssetsFolder, 'demo-logo.svg'))),
    videoPath: await save('video', 'mawingu-intro.webm', 'video/webm', await fs.readFile(path.join(seedAssetsFolder, 'demo-video.webm'))),
    termsPath: await save('terms', 'terms-and-conditions.pdf', 'application/pdf', await renderTermsPdf('Mawingu Cloud')),
    registrationAgreementPath: await save(
      'registration-agreement',
      'registration-agreement.txt',
      'text/plain; charset=utf-8',
      Buffer.from(registrationAgreementText('Mawingu Cloud'), 'utf8'),
    ),
  };
}
