import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROFILE_IMAGE_MAX_BYTES } from '@mawingu/contracts/profile';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { multipartBody, type FormPart } from '../../../../test/multipart.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { files } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';

const ACME = 'https://acme-picture.example';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);

const image = (data: Buffer, filename = 'me.png', contentType = 'image/png'): FormPart => ({ name: 'image', data, filename, contentType });

describe('profile picture', () => {
  let t: TestContext;
  let acmeId: number;
  let thandi: SignedIn;
  let sipho: SignedIn;

  const upload = async (session: SignedIn, parts: FormPart[]) => {
    const body = multipartBody(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profileSetting/updateProfileImage',
      payload: body.payload,
      headers: { ...authHeaders(ACME, session), ...body.headers },
    });
    return { http: res.statusCode, body: res.json() };
  };
  const get = (session: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(ACME, session) });
  const imagePath = async (session: SignedIn): Promise<string | null> =>
    (await get(session, '/api/profileSetting/userProfileInfo')).json().data.userDetails.imagePath;
  const storedPictures = () => t.database.db.select().from(files).where(eq(files.kind, 'profile-image'));
  /** Bytes on disk under the file store, so "nothing stored" covers blobs as well as rows. */
  const blobsOnDisk = async () => {
    const dir = path.join(t.config.dataDir, 'files', String(acmeId), 'profile-image');
    return (await fs.readdir(dir).catch(() => [])).length;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-picture', 'Acme Cloud'), [ACME])).id;
    thandi = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'thandi@example.co.za' })).id);
    sipho = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'sipho@example.co.za' })).id);
  });
  afterAll(() => t.close());

  it('stores a PNG, shows its address in the profile and serves it to its owner with the sniffed type', async () => {
    const res = await upload(thandi, [image(PNG)]);
    expect(res).toEqual({ http: 200, body: { status: 200, message: 'Image uploaded successfully', data: null } });

    const url = await imagePath(thandi);
    expect(url).toMatch(/^\/api\/profileSetting\/profileImage\/[0-9a-f-]{36}$/);
    const served = await get(thandi, url!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('replaces the previous picture and deletes its row and bytes', async () => {
    await upload(thandi, [image(PNG)]);
    const before = await imagePath(thandi);
    // Named .png and declared PNG, but the bytes are a JPEG: the bytes decide.
    expect((await upload(thandi, [image(JPEG, 'photo.png', 'image/png')])).http).toBe(200);

    const after = await imagePath(thandi);
    expect(after).not.toBe(before);
    expect((await get(thandi, before!)).statusCode).toBe(404);
    const served = await get(thandi, after!);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const pictures = await storedPictures();
    expect(pictures.map((p) => p.id)).toEqual([after!.split('/').pop()]);
    expect(await blobsOnDisk()).toBe(1);
  });

  it.each([
    ['WebP', WEBP, 'image/webp'],
    ['GIF', GIF, 'image/gif'],
  ])('accepts a %s image', async (_name, bytes, type) => {
    expect((await upload(thandi, [image(bytes, 'picture.bin', 'application/octet-stream')])).http).toBe(200);
    expect((await get(thandi, (await imagePath(thandi))!)).headers['content-type']).toBe(type);
  });

  it.each([
    ['a text file renamed .png', image(Buffer.from('just some text, not a picture'), 'me.png', 'image/png')],
    [
      'an SVG (it can carry script)',
      image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'me.svg', 'image/svg+xml'),
    ],
    ['an HTML page declared as JPEG', image(Buffer.from('<html><script>alert(1)</script></html>'), 'me.jpg', 'image/jpeg')],
  ])('refuses %s, naming the field, and stores nothing', async (_case, part) => {
    const current = await imagePath(thandi);
    const rows = (await storedPictures()).length;
    const res = await upload(thandi, [part]);
    expect(res.http).toBe(400);
    expect(res.body.message).toBe('Only JPEG, PNG, WebP or GIF images can be uploaded');
    expect(res.body.data.fieldErrors).toEqual({ image: 'Only JPEG, PNG, WebP or GIF images can be uploaded' });
    expect((await storedPictures()).length).toBe(rows);
    expect(await blobsOnDisk()).toBe(rows);
    expect(await imagePath(thandi)).toBe(current);
  });

  it('refuses an image over 2 MB with 413 naming the field, and stores nothing', async () => {
    const current = await imagePath(thandi);
    const rows = (await storedPictures()).length;
    const big = Buffer.concat([PNG, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES)]);
    const res = await upload(thandi, [image(big)]);
    expect(res.http).toBe(413);
    expect(res.body).toEqual({
      status: 413,
      message: 'The image must be 2 MB or smaller',
      data: { fieldErrors: { image: 'The image must be 2 MB or smaller' } },
    });
    expect((await storedPictures()).length).toBe(rows);
    expect(await blobsOnDisk()).toBe(rows);
    expect(await imagePath(thandi)).toBe(current);
  });

  it('asks for an image when the form has none, or the body is not a form', async () => {
    const noFile = await upload(thandi, [{ name: 'note', data: 'hello' }]);
    expect(noFile.http).toBe(400);
    expect(noFile.body.data.fieldErrors).toEqual({ image: 'Choose an image to upload' });
    const empty = await upload(thandi, [image(Buffer.alloc(0))]);
    expect(empty.body.data.fieldErrors).toEqual({ image: 'Choose an image to upload' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/profileSetting/updateProfileImage',
      payload: { image: PNG.toString('base64') },
      headers: authHeaders(ACME, thandi),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().data.fieldErrors).toEqual({ image: 'Choose an image to upload' });
  });

  it('serves a picture to its owner only: another customer of the company gets 404', async () => {
    await upload(thandi, [image(PNG)]);
    const url = (await imagePath(thandi))!;
    const res = await get(sipho, url);
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.includes(PNG)).toBe(false);
    // Sipho's own upload does not touch Thandi's picture.
    await upload(sipho, [image(GIF, 'g.gif', 'image/gif')]);
    expect(await imagePath(thandi)).toBe(url);
    expect((await get(thandi, url)).statusCode).toBe(200);
  });

  it('removes the picture: the profile shows none, the bytes are gone, and removing again is fine', async () => {
    await upload(thandi, [image(PNG)]);
    const url = (await imagePath(thandi))!;
    const res = await get(thandi, '/api/profileSetting/removeProfileImage');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'Image removed successfully', data: null });
    expect(await imagePath(thandi)).toBeNull();
    expect((await get(thandi, url)).statusCode).toBe(404);
    expect((await storedPictures()).some((p) => url.endsWith(p.id))).toBe(false);
    expect((await get(thandi, '/api/profileSetting/removeProfileImage')).statusCode).toBe(200);
  });
});
