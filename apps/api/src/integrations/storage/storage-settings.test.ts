import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { configProblems } from '../../../test/config-problems.ts';

const MINIO = {
  S3_BUCKET: 'mawingu-files',
  S3_FORCE_PATH_STYLE: 'true',
  AWS_ENDPOINT_URL_S3: 'http://minio:9000',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'mawingu',
  AWS_SECRET_ACCESS_KEY: 'x'.repeat(40),
};

const problemsOf = configProblems;

describe('file storage configuration', () => {
  it('keeps files under DATA_DIR/files when S3_BUCKET is not set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/mawingu' }).storage).toEqual({ kind: 'local', root: path.join('/srv/mawingu', 'files') });
  });

  it('uses the bucket when S3_BUCKET is set, path-style only when asked', () => {
    expect(loadConfig(MINIO).storage).toEqual({ kind: 's3', bucket: 'mawingu-files', forcePathStyle: true });
    expect(loadConfig({ S3_BUCKET: 'files.example', AWS_REGION: 'af-south-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'files.example',
      forcePathStyle: false,
    });
  });

  it('names each mistake on its own line', () => {
    expect(problemsOf({ S3_BUCKET: 'Mawingu_Files', S3_FORCE_PATH_STYLE: 'yes', AWS_ENDPOINT_URL_S3: 'minio:9000' })).toEqual([
      '  S3_FORCE_PATH_STYLE: S3_FORCE_PATH_STYLE must be true or false',
      '  AWS_ENDPOINT_URL_S3: AWS_ENDPOINT_URL_S3 must start with http:// or https://',
    ]);
    expect(problemsOf({ S3_BUCKET: 'Mawingu_Files', AWS_ACCESS_KEY_ID: 'mawingu' })).toEqual([
      '  S3_BUCKET: must be a bucket name of 3 to 63 lower-case letters, digits, dots or hyphens',
      "  AWS_REGION: required with S3_BUCKET (the bucket's region; us-east-1 for most MinIO servers)",
      "  AWS_SECRET_ACCESS_KEY: set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (the SDK's other credential sources)",
    ]);
  });

  it('refuses an object store configured without a bucket, rather than quietly keeping files on this disk', () => {
    expect(problemsOf({ AWS_ENDPOINT_URL_S3: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' })).toEqual([
      "  S3_BUCKET: required when AWS_ENDPOINT_URL_S3 or S3_FORCE_PATH_STYLE is set; without it files stay on this machine's disk",
    ]);
  });

  it('never puts the secret key in its messages', () => {
    const lines = problemsOf({ ...MINIO, AWS_REGION: '', AWS_ACCESS_KEY_ID: '' });
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).not.toContain('x'.repeat(40));
  });
});
