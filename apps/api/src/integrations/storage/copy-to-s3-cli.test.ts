import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

/** `npm run files:copy-to-s3` as an operator runs it: its own process, configured by the environment alone. */
async function copyToS3(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const { S3_BUCKET: _b, AWS_ENDPOINT_URL_S3: _e, S3_FORCE_PATH_STYLE: _p, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'files:copy-to-s3'], {
      cwd: repoRoot,
      env: { ...inherited, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run files:copy-to-s3', () => {
  let s3: TestS3Server;
  let dataDir: string;
  const logo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
  const video = Buffer.alloc(1024 * 1024, 5);
  const terms = Buffer.from('%PDF-1.4 terms');

  beforeAll(async () => {
    s3 = await startS3Server();
    // The SDK reads endpoint, region and keys itself; put back after this file (files share a worker).
    for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawingu-copy-'));
    const local = createLocalFileStore(path.join(dataDir, 'files'));
    await local.put('global/logo/4f1c', logo);
    await local.put('3/video/9a2b', video);
    await local.put('3/document-terms/77aa', terms);
    // A write cut short by a crash: not a stored file.
    await fs.writeFile(path.join(dataDir, 'files', '3', 'video', '9a2b.4242.tmp'), 'half a video');
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await s3?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('copies every stored file into the bucket under the same key, and counts them', async () => {
    const res = await copyToS3({ ...s3.env, DATA_DIR: dataDir });
    expect(res.stderr).not.toMatch(/error/i);
    expect(res).toMatchObject({
      code: 0,
      stdout: `Files from ${path.join(dataDir, 'files')} to bucket mawingu-files: 3 copied, 0 already there.\n`,
    });

    const bucket = createS3FileStore({ bucket: s3.bucket, forcePathStyle: true });
    try {
      expect(await bucket.size('global/logo/4f1c')).toBe(logo.length);
      expect(await bucket.size('3/video/9a2b')).toBe(video.length);
      expect(await bucket.size('3/document-terms/77aa')).toBe(terms.length);
      expect(await bucket.size('3/video/9a2b.4242.tmp')).toBeNull();
    } finally {
      bucket.close();
    }
  });

  it('skips what is already there with the same size when run again, and copies a changed file', async () => {
    expect((await copyToS3({ ...s3.env, DATA_DIR: dataDir })).stdout).toContain(': 0 copied, 3 already there.');

    await createLocalFileStore(path.join(dataDir, 'files')).put('3/document-terms/77aa', Buffer.from('%PDF-1.4 terms, second edition'));
    const res = await copyToS3({ ...s3.env, DATA_DIR: dataDir });
    expect(res.stdout).toContain(': 1 copied, 2 already there.');
  });

  it('refuses to run without a bucket or without a local store', async () => {
    const noBucket = await copyToS3({ DATA_DIR: dataDir });
    expect(noBucket).toMatchObject({ code: 2, stdout: '' });
    expect(noBucket.stderr).toContain('S3_BUCKET is not set: there is no bucket to copy the files into.');

    const noStore = await copyToS3({ ...s3.env, DATA_DIR: path.join(dataDir, 'nowhere') });
    expect(noStore.code).toBe(1);
    expect(noStore.stderr).toContain(`There is no local file store at ${path.join(dataDir, 'nowhere', 'files')} (check DATA_DIR).`);
  });
});
