import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartBody } from '../../../../test/multipart.ts';
import { startS3Server, type TestS3Server } from '../../../../test/s3-server.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { buildApp } from '../../../app.ts';
import type { Modules } from '../../create-modules.ts';
import { loadConfig } from '../../../config.ts';
import { companies, files } from '../../../db/schema.ts';
import { seedDemo } from '../../../db/seed/demo-company.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { seedTicketIssueTypes } from '../../../db/seed/ticket-issue-types.ts';
import { openFileStore } from '../../../integrations/storage/open-file-store.ts';
import { createInvoiceLogos } from '../../billing/invoices/invoice-logo.ts';

const ACME = 'https://acme-cluster.example';
const AUTH_SECRET = 'one-secret-shared-by-every-instance-0123456789';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type Cluster = { t: TestContext; other: FastifyInstance; otherModules: Modules; otherDir: string; close(): Promise<void> };

/**
 * Two instances of the server on one database, each with its own DATA_DIR (as on two machines),
 * configured from the same variables.
 */
async function twoInstances(env: Record<string, string>): Promise<Cluster> {
  const t = await createTestApp({ AUTH_SECRET, ...env });
  const otherDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawingu-other-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: otherDir, PORT: '3999', AUTH_SECRET, ...env });
  const fileStore = await openFileStore(config.storage);
  const { app: other, modules: otherModules } = await buildApp({
    config,
    database: t.database,
    queue: t.queue,
    fileStore,
    mailTransport: t.mailTransport,
  });
  return {
    t,
    other,
    otherModules,
    otherDir,
    async close() {
      await other.close();
      fileStore.close();
      await t.close();
      await fs.rm(otherDir, { recursive: true, force: true });
    },
  };
}

async function uploadPicture(app: FastifyInstance, session: SignedIn) {
  const body = multipartBody([{ name: 'image', data: PNG, filename: 'me.png', contentType: 'image/png' }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/profileSetting/updateProfileImage',
    payload: body.payload,
    headers: { ...authHeaders(ACME, session), ...body.headers },
  });
  expect(res.statusCode).toBe(200);
  const info = await app.inject({ method: 'GET', url: '/api/profileSetting/userProfileInfo', headers: authHeaders(ACME, session) });
  return info.json().data.userDetails.imagePath as string;
}

async function customers(t: TestContext) {
  const db = t.database.db;
  const acmeId = (await upsertCompany(db, completeCompany('acme-cluster', 'Acme Cloud'), [ACME])).id;
  await seedTicketIssueTypes(db, acmeId);
  const thandi = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'thandi@example.co.za' })).id);
  const sipho = await signIn(t, acmeId, (await createCustomer(db, acmeId, { email: 'sipho@example.co.za' })).id);
  return { acmeId, thandi, sipho };
}

describe('files shared by instances through an S3-compatible bucket', () => {
  let s3: TestS3Server;
  let cluster: Cluster;
  let acmeId: number;
  let thandi: SignedIn;
  let sipho: SignedIn;

  beforeAll(async () => {
    s3 = await startS3Server();
    // The SDK reads endpoint, region and keys itself; put back after this file (files share a worker).
    for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
    cluster = await twoInstances(s3.env);
    ({ acmeId, thandi, sipho } = await customers(cluster.t));
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await cluster?.close();
    await s3?.close();
  });

  it('serves a profile picture uploaded through one instance from the other, to its owner only', async () => {
    const url = await uploadPicture(cluster.t.app, thandi);
    const served = await cluster.other.inject({ method: 'GET', url, headers: authHeaders(ACME, thandi) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(PNG.length));
    expect(served.rawPayload.equals(PNG)).toBe(true);

    expect((await cluster.other.inject({ method: 'GET', url, headers: authHeaders(ACME, sipho) })).statusCode).toBe(404);
    expect((await cluster.other.inject({ method: 'GET', url, headers: { origin: ACME } })).statusCode).toBe(401);
  });

  it('serves a ticket attachment uploaded through one instance from the other, byte for byte', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 7)]);
    const form = multipartBody([
      { name: 'issueType', data: 'Billing' },
      { name: 'description', data: 'Charged twice in March.' },
      { name: 'attachments', data: pdf, filename: 'invoice march.pdf', contentType: 'application/pdf' },
    ]);
    const raised = await cluster.t.app.inject({
      method: 'POST',
      url: '/api/ticket/generateTicket',
      payload: form.payload,
      headers: { ...authHeaders(ACME, thandi), ...form.headers },
    });
    expect(raised.statusCode).toBe(200);

    const list = (
      await cluster.other.inject({ method: 'GET', url: '/api/ticket/getallUserTicket', headers: authHeaders(ACME, thandi) })
    ).json();
    const url = list.data[0].attachment[0].url as string;
    const download = await cluster.other.inject({ method: 'GET', url, headers: authHeaders(ACME, thandi) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(pdf.length));
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await cluster.other.inject({ method: 'GET', url, headers: authHeaders(ACME, sipho) })).statusCode).toBe(404);
  });

  it('serves a public file (a logo, a video) saved by one instance from the other, and 404 once its object is gone', async () => {
    const video = Buffer.alloc(2 * 1024 * 1024, 3);
    const saved = await cluster.t.modules.tenant.files.save({
      companyId: acmeId,
      kind: 'video',
      originalName: 'intro.webm',
      contentType: 'video/webm',
      bytes: video,
      isPublic: true,
    });
    const res = await cluster.other.inject({ method: 'GET', url: `/api/files/${saved.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['content-length']).toBe(String(video.length));
    expect(res.rawPayload.equals(video)).toBe(true);

    const [row] = await cluster.t.database.db.select().from(files).where(eq(files.id, saved.id));
    const client = new S3Client({ forcePathStyle: true });
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: row!.storageKey }));
    client.destroy();
    const gone = await cluster.other.inject({ method: 'GET', url: `/api/files/${saved.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ status: 404 });
  });

  it('serves the seeded logo, video, terms PDF and agreement from the other instance, and draws the logo on its invoices', async () => {
    const seeded = await seedDemo(cluster.t.database.db, cluster.t.modules.tenant.files, 'https://demo-cluster.example', {
      demoCustomer: false,
    });
    const [demo] = await cluster.t.database.db.select().from(companies).where(eq(companies.id, seeded.id));
    if (!demo?.logoPath) throw new Error('the demo has no logo');
    for (const [url, type] of [
      [demo.logoPath, 'image/svg+xml'],
      [demo.videoPath, 'video/webm'],
      [demo.termsPath, 'application/pdf'],
      [demo.registrationAgreementPath, 'text/plain; charset=utf-8'],
    ] as const) {
      const res = await cluster.other.inject({ method: 'GET', url: url! });
      expect(res.statusCode, url!).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.rawPayload.length).toBe(Number(res.headers['content-length']));
    }
    const logoOnInvoice = createInvoiceLogos(cluster.otherModules.tenant.files, 0);
    expect(await logoOnInvoice(demo.id, demo.logoPath)).toMatchObject({ kind: 'svg' });
  });

  it('keeps nothing on either instance’s disk', async () => {
    for (const dir of [cluster.t.config.dataDir, cluster.otherDir]) {
      await expect(fs.access(path.join(dir, 'files'))).rejects.toThrow();
    }
  });
});

describe('files on each instance’s own disk (the embedded default)', () => {
  it('are not seen by another instance: the reason a cluster needs S3_BUCKET', async () => {
    const cluster = await twoInstances({});
    try {
      const { thandi } = await customers(cluster.t);
      const url = await uploadPicture(cluster.t.app, thandi);
      expect((await cluster.t.app.inject({ method: 'GET', url, headers: authHeaders(ACME, thandi) })).statusCode).toBe(200);
      expect((await cluster.other.inject({ method: 'GET', url, headers: authHeaders(ACME, thandi) })).statusCode).toBe(404);
    } finally {
      await cluster.close();
    }
  });
});
