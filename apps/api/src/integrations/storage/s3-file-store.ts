import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FileStore } from './file-store.ts';

export type S3StoreSettings = {
  bucket: string;
  /** Addresses the bucket as `endpoint/bucket/key` (MinIO, Ceph RGW) instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
};

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** The same rule as the local store: keys are ours, but one never climbs or starts outside the bucket's tree. */
function checked(key: string): string {
  if (key === '' || key.startsWith('/') || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
}

/**
 * Files in an S3-compatible bucket, so every instance reads what any instance wrote. Endpoint,
 * region and credentials come from the SDK's own variables (AWS_ENDPOINT_URL_S3, AWS_REGION,
 * AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, or any other source of its default chain). Reads are
 * streamed from the object store's response, never held whole in memory.
 */
export function createS3FileStore(
  settings: S3StoreSettings,
  client = new S3Client({ forcePathStyle: settings.forcePathStyle }),
): FileStore & {
  /** Fails with the store's reason when the bucket cannot be reached with these settings. */
  check(): Promise<void>;
} {
  const Bucket = settings.bucket;
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: bytes, ContentLength: bytes.length }));
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        // In Node the body is the HTTP response itself: a Readable.
        return (object.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    close() {
      client.destroy();
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const code = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
        const reason = missing(err)
          ? 'no such bucket'
          : code === 403
            ? 'access denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)'
            : err instanceof Error
              ? err.message || err.name
              : String(err);
        const status = code ? ` (HTTP ${code})` : '';
        throw new Error(`S3_BUCKET ${Bucket} cannot be used: ${reason}${status}`, { cause: err });
      }
    },
  };
}
