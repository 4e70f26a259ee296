import type { Db } from '../apps/api/src/db/client.ts';
import { news } from '../apps/api/src/db/schema.ts';
import { completeCompany, upsertCompany } from '../apps/api/src/db/seed/factories.ts';

/** Origins of the public-site journeys' own companies (Chromium maps *.mawingu.test to this machine). */
export const contentOrigins = (port: number) => ({
  /** A company with nothing published: no news, no FAQ, no offices; its city is "NA". */
  quiet: `http://quiet.mawingu.test:${port}`,
  /** A company whose news carries script: none of it may run. */
  hostile: `http://hostile.mawingu.test:${port}`,
});

export const HOSTILE_NEWS_TITLE = 'Maintenance window announced';

/** Script in every form a news editor could paste: each sets window.__pwned if it ever runs. */
export const HOSTILE_NEWS_CONTENT = [
  '<p>Our Johannesburg hosts are patched on Saturday night between 01h00 and 03h00 South African time.</p>',
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '<p onclick="window.__pwned=1">Virtual machines keep running; the control panel may be slow for a few minutes while we restart it.</p>',
  '<a href="javascript:window.__pwned=1">status page</a>',
  '<svg><animate onbegin="window.__pwned=1" attributeName="x" dur="1s"/></svg>',
  '<iframe src="javascript:window.parent.__pwned=1"></iframe>',
].join('');

export async function loadContentFixtures(db: Db, port: number) {
  const origins = contentOrigins(port);
  await upsertCompany(db, { ...completeCompany('content-quiet', 'Quiet Cloud'), city: 'NA', bannerMessage: '' }, [origins.quiet]);
  const hostile = await upsertCompany(db, completeCompany('content-hostile', 'Hostile News Cloud'), [origins.hostile]);
  await db.insert(news).values({
    companyId: hostile.id,
    title: HOSTILE_NEWS_TITLE,
    content: HOSTILE_NEWS_CONTENT,
    imagePath: 'NA',
    links: ['javascript:window.__pwned=1', 'https://status.mawingu.example/'],
  });
}
