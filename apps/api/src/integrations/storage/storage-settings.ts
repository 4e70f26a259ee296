/**
 * Where files live, from the environment (read by config.ts). Unset S3_BUCKET: a directory of this
 * machine (DATA_DIR/files), right for one instance. S3_BUCKET: an S3-compatible bucket shared by
 * every instance. The AWS SDK reads AWS_ENDPOINT_URL_S3, AWS_REGION and the AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY pair itself; they are checked here so a mistake stops the boot.
 */
import path from 'node:path';
import type { S3StoreSettings } from './s3-file-store.ts';

export type StorageSettings = { kind: 'local'; root: string } | ({ kind: 's3' } & S3StoreSettings);

export type StorageEnv = {
  S3_BUCKET?: string;
  S3_FORCE_PATH_STYLE?: string;
  AWS_ENDPOINT_URL_S3?: string;
  AWS_REGION?: string;
  AWS_ACCESS_KEY_ID?: string;
  AWS_SECRET_ACCESS_KEY?: string;
};

// The naming rules of S3 buckets (AWS, MinIO, Ceph RGW and R2 share them).
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** One line per problem. */
export function storageProblems(e: StorageEnv): string[] {
  const problems: string[] = [];
  if (!e.S3_BUCKET) {
    const stray = (['AWS_ENDPOINT_URL_S3', 'S3_FORCE_PATH_STYLE'] as const).filter((name) => e[name]);
    if (stray.length > 0) {
      problems.push(`  S3_BUCKET: required when ${stray.join(' or ')} is set; without it files stay on this machine's disk`);
    }
    return problems;
  }
  if (!BUCKET_NAME.test(e.S3_BUCKET) || e.S3_BUCKET.includes('..')) {
    problems.push('  S3_BUCKET: must be a bucket name of 3 to 63 lower-case letters, digits, dots or hyphens');
  }
  if (!e.AWS_REGION) problems.push("  AWS_REGION: required with S3_BUCKET (the bucket's region; us-east-1 for most MinIO servers)");
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    const missing = e.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID';
    problems.push(`  ${missing}: set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (the SDK's other credential sources)`);
  }
  return problems;
}

export function storageSettings(e: StorageEnv, dataDir: string): StorageSettings {
  if (!e.S3_BUCKET) return { kind: 'local', root: path.join(dataDir, 'files') };
  return { kind: 's3', bucket: e.S3_BUCKET, forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' };
}
