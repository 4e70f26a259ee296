import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { copyLocalStore } from './copy-local-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { openFileStore } from './open-file-store.ts';

/**
 * `npm run files:copy-to-s3`: copies the local store (DATA_DIR/files) into S3_BUCKET, with the same
 * configuration as the server. Safe to run again (objects already there are skipped) and while
 * the server runs; run it once more after the last instance on local files stops.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  if (config.storage.kind !== 's3') {
    console.error('S3_BUCKET is not set: there is no bucket to copy the files into.');
    return 2;
  }
  const root = path.join(config.dataDir, 'files');
  if (!fs.existsSync(root)) {
    console.error(`There is no local file store at ${root} (check DATA_DIR).`);
    return 1;
  }
  const bucket = await openFileStore(config.storage);
  try {
    const { copied, alreadyThere } = await copyLocalStore(root, createLocalFileStore(root), bucket);
    console.log(`Files from ${root} to bucket ${config.storage.bucket}: ${copied} copied, ${alreadyThere} already there.`);
    return 0;
  } finally {
    bucket.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
