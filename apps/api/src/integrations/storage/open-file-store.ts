import type { StorageSettings } from './storage-settings.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

/**
 * The configured store. A bucket is checked before anything is served from it: a wrong name,
 * endpoint or key stops the boot with the store's reason, not the first upload.
 */
export async function openFileStore(storage: StorageSettings): Promise<FileStore> {
  if (storage.kind === 'local') return createLocalFileStore(storage.root);
  const store = createS3FileStore(storage);
  try {
    await store.check();
  } catch (err) {
    store.close();
    throw err;
  }
  return store;
}
