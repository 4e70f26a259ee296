import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { contentMessages as m, type AdminNewsItem, type newsInput } from '@mawingu/contracts/admin/content';
import type { Db } from '../../../db/client.ts';
import { news } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { companyFileOfKind, fileUrl, type FileService } from '../../tenant/index.ts';
import { extensionOf, sniffImageType } from '../../../http/sniff-image.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';

type NewsFields = z.output<typeof newsInput>;
type NewsRow = typeof news.$inferSelect;

export const NEWS_IMAGE_KIND = 'news-image';

const toItem = (row: NewsRow): AdminNewsItem => ({
  id: row.id,
  title: row.title,
  content: row.content,
  imagePath: row.imagePath,
  links: row.links,
  publishedAt: row.publishedAt.toISOString(),
  draft: row.draft,
});

/** What saving an item did, as the console says it: kept as a draft, scheduled, or on the site now. */
export function savedNewsMessage(item: AdminNewsItem, published: string, now = new Date()): string {
  if (item.draft) return m.newsDraftSaved;
  return Date.parse(item.publishedAt) > now.getTime() ? m.newsScheduled : published;
}

/** The file id of an uploaded image's path (`/api/files/<uuid>`), or null for any other path. */
function uploadedFileId(path: string | null): string | null {
  const match = path ? /^\/api\/files\/([0-9a-f-]{36})$/i.exec(path) : null;
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * News of one company, as the console edits it: drafts and scheduled items too. The public calls
 * (content/news) show what is published by now; a change drops the company's kept replies. Content is stored as written
 * (text or HTML): the site sanitises HTML where it renders it (apps/web lib/sanitize-html.ts).
 */
export function createAdminNewsService(db: Db, fileService: FileService) {
  async function list(companyId: number): Promise<AdminNewsItem[]> {
    const rows = await db.select().from(news).where(eq(news.companyId, companyId)).orderBy(desc(news.publishedAt), desc(news.id));
    return rows.map(toItem);
  }

  async function find(tx: Db, companyId: number, id: number): Promise<NewsRow> {
    const [row] = await tx
      .select()
      .from(news)
      .where(and(eq(news.companyId, companyId), eq(news.id, id)))
      .limit(1);
    if (!row) throw AppError.notFound(m.newsNotFound);
    return row;
  }

  /**
   * An image path the item may carry: none, the one it already has, or an image uploaded for this
   * company's news. Anything else (another company's file, an outside address) is refused.
   */
  async function checkImage(tx: Db, companyId: number, path: string | null, current: string | null): Promise<string | null> {
    if (path === null || path === '') return null;
    if (path === current) return path;
    const fileId = uploadedFileId(path);
    const file = fileId ? await companyFileOfKind(tx, companyId, fileId, NEWS_IMAGE_KIND) : undefined;
    if (!file?.isPublic) throw AppError.badRequest(m.imageInvalid, { imagePath: m.imageInvalid });
    return fileUrl(file.id);
  }

  /** Removes an uploaded image no news item uses any more (after the change committed). */
  async function dropImageIfUnused(companyId: number, path: string | null) {
    const fileId = uploadedFileId(path);
    if (!fileId) return;
    const [stillUsed] = await db
      .select({ id: news.id })
      .from(news)
      .where(and(eq(news.companyId, companyId), eq(news.imagePath, path!)))
      .limit(1);
    if (stillUsed) return;
    const file = await companyFileOfKind(db, companyId, fileId, NEWS_IMAGE_KIND);
    if (file) await fileService.remove(file.id);
  }

  async function create(actor: Operator, companyId: number, input: NewsFields): Promise<AdminNewsItem> {
    return db.transaction(async (tx) => {
      const imagePath = await checkImage(tx, companyId, input.imagePath, null);
      const [row] = await tx
        .insert(news)
        .values({
          companyId,
          title: input.title,
          content: input.content,
          imagePath,
          links: input.links,
          draft: input.draft,
          ...(input.publishedAt ? { publishedAt: new Date(input.publishedAt) } : {}),
        })
        .returning();
      const item = toItem(row!);
      await recordAudit(tx, { actor, companyId, action: 'content.news.create', targetType: 'news', targetId: item.id, after: item });
      return item;
    });
  }

  async function update(actor: Operator, companyId: number, id: number, input: NewsFields): Promise<AdminNewsItem> {
    const { before, item } = await db.transaction(async (tx) => {
      const current = await find(tx, companyId, id);
      const imagePath = await checkImage(tx, companyId, input.imagePath, current.imagePath);
      const [row] = await tx
        .update(news)
        .set({
          title: input.title,
          content: input.content,
          imagePath,
          links: input.links,
          draft: input.draft,
          ...(input.publishedAt ? { publishedAt: new Date(input.publishedAt) } : {}),
        })
        .where(and(eq(news.companyId, companyId), eq(news.id, id)))
        .returning();
      const changed = { before: toItem(current), item: toItem(row!) };
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'content.news.update',
        targetType: 'news',
        targetId: id,
        before: changed.before,
        after: changed.item,
      });
      return changed;
    });
    if (before.imagePath !== item.imagePath) await dropImageIfUnused(companyId, before.imagePath);
    return item;
  }

  async function remove(actor: Operator, companyId: number, id: number): Promise<void> {
    const before = await db.transaction(async (tx) => {
      const current = toItem(await find(tx, companyId, id));
      await tx.delete(news).where(and(eq(news.companyId, companyId), eq(news.id, id)));
      await recordAudit(tx, { actor, companyId, action: 'content.news.delete', targetType: 'news', targetId: id, before: current });
      return current;
    });
    await dropImageIfUnused(companyId, before.imagePath);
  }

  /** Stores an uploaded picture as a public file of the company; its type is read from the bytes. */
  async function saveImage(actor: Operator, companyId: number, bytes: Buffer, field: string): Promise<string> {
    const type = sniffImageType(bytes);
    if (!type) throw AppError.badRequest(m.imageType, { [field]: m.imageType });
    const file = await fileService.save({
      companyId,
      kind: NEWS_IMAGE_KIND,
      originalName: `news-image.${extensionOf[type]}`,
      contentType: type,
      bytes,
      isPublic: true,
    });
    await recordAudit(db, {
      actor,
      companyId,
      action: 'content.news.image_upload',
      targetType: 'file',
      targetId: file.id,
      after: { contentType: type, sizeBytes: file.sizeBytes },
    });
    return fileUrl(file.id);
  }

  return { list, create, update, remove, saveImage };
}

export type AdminNewsService = ReturnType<typeof createAdminNewsService>;
