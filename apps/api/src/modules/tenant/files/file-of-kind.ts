import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { files } from '../../../db/schema.ts';

/** A company's uploaded file of one kind (e.g. a news image), whether public; undefined for any other file. */
export async function companyFileOfKind(db: Db, companyId: number, fileId: string, kind: string) {
  const [file] = await db
    .select({ id: files.id, isPublic: files.isPublic })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.companyId, companyId), eq(files.kind, kind)))
    .limit(1);
  return file;
}
