import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The only credentials s3rver accepts: it refuses another access key (it does not verify V4 signatures). */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } as const;

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** The variables an operator sets for this server: the SDK reads the AWS_* ones itself. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * A real S3-compatible server on its own loopback port (s3rver: the S3 REST protocol over HTTP,
 * objects on disk) with one empty bucket, addressed path-style as a MinIO server is.
 */
export async function startS3Server(bucket = 'mawingu-files'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'mawingu-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_FORCE_PATH_STYLE: 'true', AWS_ENDPOINT_URL_S3: endpoint, AWS_REGION: 'us-east-1', ...S3RVER_CREDENTIALS },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
