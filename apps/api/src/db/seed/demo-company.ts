import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { companies, companyAddresses, countries, menuItems, news, productSpecs, products, regions } from '../schema.ts';
import { fileUrl, type FileService } from '../../modules/files/service.ts';
import { upsertCompany } from './factories.ts';
import { demoAddresses, demoCountries, demoMenuItems, demoNews, demoProducts, demoRegions } from './demo-catalogue.ts';
import { registrationAgreementText, renderTermsPdf } from './documents.ts';

const assets = path.resolve(import.meta.dirname, 'assets');
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

async function countOf(db: Db, table: typeof products | typeof companyAddresses | typeof menuItems | typeof news, companyId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.companyId, companyId));
  return row?.n ?? 0;
}

/**
 * Loads the demo company. Idempotent: the company row and its origins are upserted; lists are
 * written only when the company has none yet, so ids other data points at never change.
 */
export async function seedDemo(db: Db, files: FileService, publicUrl: string) {
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
      country: 'South Africa',
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
    await db.update(companies).set(await storeDemoFiles(files, company.id)).where(eq(companies.id, company.id));
  }

  for (const region of demoRegions) {
    await db.insert(regions).values({ ...region, companyId: company.id }).onConflictDoNothing();
  }
  const [home] = await db
    .select()
    .from(regions)
    .where(and(eq(regions.companyId, company.id), eq(regions.name, 'South Africa')))
    .limit(1);
  if (home && company.homeRegionId !== home.id) {
    await db.update(companies).set({ homeRegionId: home.id }).where(eq(companies.id, company.id));
  }

  if ((await countOf(db, companyAddresses, company.id)) === 0) {
    await db.insert(companyAddresses).values(demoAddresses.map((a, i) => ({ ...a, companyId: company.id, sortOrder: i })));
  }
  if ((await countOf(db, menuItems, company.id)) === 0) {
    await db.insert(menuItems).values(demoMenuItems.map((m, i) => ({ ...m, companyId: company.id, sortOrder: i })));
  }
  if ((await countOf(db, news, company.id)) === 0) {
    const now = Date.now();
    await db.insert(news).values(
      demoNews.map((n, i) => ({ ...n, companyId: company.id, imagePath: null, publishedAt: new Date(now - i * 86_400_000) })),
    );
  }
  if ((await countOf(db, products, company.id)) === 0) {
    for (const { specs, ...product } of demoProducts) {
      const [row] = await db.insert(products).values({ ...product, companyId: company.id }).returning();
      await db.insert(productSpecs).values(
        specs.map(([name, unit, defaultCount, minValue, maxValue, step, costPerUnit], sequence) => ({
          productId: row!.id,
          name,
          unit,
          defaultCount,
          minValue,
          maxValue,
          step,
          costPerUnit,
          sequence,
        })),
      );
    }
  }
  return company;
}

async function storeDemoFiles(files: FileService, companyId: number) {
  const save = async (kind: string, originalName: string, contentType: string, bytes: Buffer) =>
    fileUrl((await files.save({ companyId, kind, originalName, contentType, bytes, isPublic: true })).id);
  return {
    logoPath: await save('logo', 'mawingu-logo.svg', 'image/svg+xml', await fs.readFile(path.join(assets, 'demo-logo.svg'))),
    videoPath: await save('video', 'mawingu-intro.webm', 'video/webm', await fs.readFile(path.join(assets, 'demo-video.webm'))),
    termsPath: await save('terms', 'terms-and-conditions.pdf', 'application/pdf', await renderTermsPdf('Mawingu Cloud')),
    registrationAgreementPath: await save(
      'registration-agreement',
      'registration-agreement.txt',
      'text/plain; charset=utf-8',
      Buffer.from(registrationAgreementText('Mawingu Cloud'), 'utf8'),
    ),
  };
}
