import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './file-store.ts';
import { TEMP_SUFFIX } from './local-file-store.ts';

export type CopyCount = { copied: number; alreadyThere: number };

/** Every stored file under `root` as its storage key (`companyId/kind/fileId`), in a stable order. */
async function* keysUnder(root: string, prefix = ''): AsyncGenerator<string> {
  const entries = await fsp.readdir(path.join(root, prefix), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* keysUnder(root, key);
    // A write cut short by a crash leaves a temp file, which no row points at.
    else if (entry.isFile() && !entry.name.endsWith(TEMP_SUFFIX)) yield key;
  }
}

/**
 * Copies a local store (DATA_DIR/files) into another store under the same keys, so the `files`
 * rows stay valid. Idempotent: an object already there with the same size is left alone, so a
 * copy cut short is simply run again.
 */
export async function copyLocalStore(root: string, from: FileStore, to: FileStore): Promise<CopyCount> {
  const count: CopyCount = { copied: 0, alreadyThere: 0 };
  for await (const key of keysUnder(root)) {
    const size = await from.size(key);
    if (size === null) continue; // removed meanwhile
    if ((await to.size(key)) === size) {
      count.alreadyThere++;
      continue;
    }
    // One file at a time in memory: uploads are limited to 20 MB.
    await to.put(key, await fsp.readFile(path.join(root, key)));
    count.copied++;
  }
  return count;
}
