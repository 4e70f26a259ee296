import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { openFileStore } from './open-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

async function readAll(stream: Readable): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

let s3: TestS3Server;
let localRoot: string;
beforeAll(async () => {
  s3 = await startS3Server();
  // As an operator sets them: the SDK reads endpoint, region and keys from the environment itself.
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
  localRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'mawingu-store-'));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await s3?.close();
  await fs.rm(localRoot, { recursive: true, force: true });
});

const stores: [string, () => Promise<FileStore>][] = [
  ['the local directory', async () => createLocalFileStore(localRoot)],
  ['an S3-compatible bucket', () => openFileStore({ kind: 's3', bucket: s3.bucket, forcePathStyle: true })],
];

describe.each(stores)('file store contract: %s', (_name, open) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store.close());

  it('gives back the bytes it was given, and their size', async () => {
    const bytes = Buffer.from('%PDF-1.4 terms of service');
    await store.put('7/document-terms/a1', bytes);
    expect((await readAll((await store.read('7/document-terms/a1'))!)).bytes.equals(bytes)).toBe(true);
    expect(await store.size('7/document-terms/a1')).toBe(bytes.length);
  });

  it('streams a large file in pieces rather than whole', async () => {
    const video = Buffer.alloc(6 * 1024 * 1024);
    for (let i = 0; i < video.length; i += 4) video.writeUInt32LE(i, i);
    await store.put('7/video/big', video);
    const stream = await store.read('7/video/big');
    expect(stream).toBeInstanceOf(Readable);
    const { bytes, chunks } = await readAll(stream!);
    expect(bytes.equals(video)).toBe(true);
    expect(chunks).toBeGreaterThan(1);
    expect(await store.size('7/video/big')).toBe(video.length);
  });

  it('replaces a file put again under the same key', async () => {
    await store.put('7/logo/same', Buffer.from('first logo, longer'));
    await store.put('7/logo/same', Buffer.from('second'));
    expect((await readAll((await store.read('7/logo/same'))!)).bytes.toString()).toBe('second');
    expect(await store.size('7/logo/same')).toBe(6);
  });

  it('answers null for a key with nothing stored, so the API answers its usual 404', async () => {
    expect(await store.read('7/logo/never-stored')).toBeNull();
    expect(await store.size('7/logo/never-stored')).toBeNull();
  });

  it('deletes a file, and deleting a missing one is no error', async () => {
    await store.put('7/profile-image/gone', Buffer.from('x'));
    await store.remove('7/profile-image/gone');
    expect(await store.read('7/profile-image/gone')).toBeNull();
    expect(await store.size('7/profile-image/gone')).toBeNull();
    await expect(store.remove('7/profile-image/gone')).resolves.toBeUndefined();
  });

  it('refuses a key that climbs out of the store', async () => {
    await expect(store.put('../outside', Buffer.from('x'))).rejects.toThrow('invalid storage key: ../outside');
    await expect(store.read('7/../../outside')).rejects.toThrow('invalid storage key');
  });
});

describe('S3 store at boot', () => {
  it('stops with the reason when the bucket does not exist', async () => {
    await expect(openFileStore({ kind: 's3', bucket: 'no-such-bucket', forcePathStyle: true })).rejects.toThrow(
      'S3_BUCKET no-such-bucket cannot be used: no such bucket (HTTP 404)',
    );
  });

  it('stops with the reason when the access key is unknown to the server', async () => {
    process.env.AWS_ACCESS_KEY_ID = 'NOT-A-KEY';
    try {
      await expect(openFileStore({ kind: 's3', bucket: s3.bucket, forcePathStyle: true })).rejects.toThrow(
        'S3_BUCKET mawingu-files cannot be used: access denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY) (HTTP 403)',
      );
    } finally {
      process.env.AWS_ACCESS_KEY_ID = s3.env.AWS_ACCESS_KEY_ID;
    }
  });

  it('reaches the server named by AWS_ENDPOINT_URL_S3, not AWS', async () => {
    const store = createS3FileStore({ bucket: s3.bucket, forcePathStyle: true });
    await store.put('global/news-image/n1', Buffer.from('news'));
    store.close();
    // The object is in the test server's bucket: read it with a plain HTTP GET to the same endpoint.
    const res = await fetch(`${s3.endpoint}/${s3.bucket}/global/news-image/n1`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('news');
  });
});
