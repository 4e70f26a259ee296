import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { files } from '../../../db/schema.ts';
import type { FileStore } from '../../../integrations/storage/file-store.ts';

export type NewFile = {
  companyId: number | null;
  kind: string;
  originalName: string;
  contentType: string;
  bytes: Buffer;
  isPublic: boolean;
};

/** URL under which the API serves a stored file. */
export const fileUrl = (id: string) => `/api/files/${id}`;

export function createFileService(db: Db, store: FileStore) {
  /** Stores the bytes first, then the row: a crash in between leaves an orphan blob, never a dangling row. */
  async function save(file: NewFile) {
    const id = randomUUID();
    const storageKey = `${file.companyId ?? 'global'}/${file.kind}/${id}`;
    await store.put(storageKey, file.bytes);
    const [row] = await db
      .insert(files)
      .values({
        id,
        companyId: file.companyId,
        kind: file.kind,
        contentType: file.contentType,
        sizeBytes: file.bytes.length,
        storageKey,
        originalName: file.originalName,
        isPublic: file.isPublic,
      })
      .returning();
    return row!;
  }

  /** A public file and its bytes, or null: private files are served by their owning module. */
  async function openPublic(id: string) {
    const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    if (!row || !row.isPublic) return null;
    const stream = await store.read(row.storageKey);
    return stream ? { row, stream } : null;
  }

  /**
   * A file of one company, public or not, with its bytes; null for another company's or a missing
   * file. The owning module decides who may see it (e.g. only the customer whose picture it is).
   */
  async function openOfCompany(id: string, companyId: number) {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.companyId, companyId)))
      .limit(1);
    if (!row) return null;
    const stream = await store.read(row.storageKey);
    return stream ? { row, stream } : null;
  }

  /** Names and sizes of a company's files, for modules that list their attachments. */
  async function describe(ids: readonly string[], companyId: number) {
    if (ids.length === 0) return [];
    return db
      .select({ id: files.id, originalName: files.originalName, contentType: files.contentType, sizeBytes: files.sizeBytes })
      .from(files)
      .where(and(inArray(files.id, [...ids]), eq(files.companyId, companyId)));
  }

  /** Deletes the row, then the bytes: a crash in between leaves an orphan blob, never a dangling row. */
  async function remove(id: string) {
    const [row] = await db.delete(files).where(eq(files.id, id)).returning();
    if (row) await store.remove(row.storageKey);
  }

  return { save, openPublic, openOfCompany, describe, remove };
}

export type FileService = ReturnType<typeof createFileService>;
