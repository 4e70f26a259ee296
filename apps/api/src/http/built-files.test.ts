import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const SHELL = '<!doctype html><title>Shell</title><script type="module" src="/assets/index-Ab12.js"></script>';
const SCRIPT = 'export const greeting = "jambo";\n'.repeat(100);

/** A build as vite writes it: index.html and each asset with its .br and .gz beside it. */
async function writeBuild(dir: string) {
  await fs.mkdir(path.join(dir, 'assets'));
  for (const [name, text] of [
    ['index.html', SHELL],
    ['assets/index-Ab12.js', SCRIPT],
  ] as const) {
    await fs.writeFile(path.join(dir, name), text);
    await fs.writeFile(path.join(dir, `${name}.br`), brotliCompressSync(text));
    await fs.writeFile(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  await fs.writeFile(path.join(dir, 'assets/small-Cd34.css'), 'body{margin:0}');
  await fs.writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

/** The SPA's files as browsers get them (app.ts: spa-shell.ts and built-assets.ts). */
describe('the built SPA, served from memory', () => {
  let t: TestContext;
  let webDist: string;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'mawingu-build-'));
    await writeBuild(webDist);
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends a hashed script in brotli when the browser takes it, cached for a year, with the site headers', async () => {
    const res = await get('/assets/index-Ab12.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload).toEqual(brotliCompressSync(SCRIPT));
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends gzip to a browser without brotli, and the plain file to one that takes neither', async () => {
    const gz = await get('/assets/index-Ab12.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload).toEqual(gzipSync(SCRIPT));
    const plain = await get('/assets/index-Ab12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers 304 when the browser already holds that encoding', async () => {
    const first = await get('/assets/index-Ab12.js', { 'accept-encoding': 'br' });
    const again = await get('/assets/index-Ab12.js', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another encoding is another representation: its validator differs.
    const gz = await get('/assets/index-Ab12.js', { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
    expect(gz.statusCode).toBe(200);
  });

  it('sends a file the build left uncompressed as it is, and a root file without the year-long cache', async () => {
    const css = await get('/assets/small-Cd34.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe('body{margin:0}');
    const icon = await get('/favicon.svg');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('public, max-age=0');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/assets/index-Ab12.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('');
  });

  it('sends the shell, never cached without revalidation, for every route of the SPA and an unknown file', async () => {
    for (const url of ['/home', '/customerprofile/2', '/assets/gone-Zz99.js', '/index.html.br']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.rawPayload, url).toEqual(brotliCompressSync(SHELL));
    }
    const shell = await get('/home');
    expect((await get('/home', { 'if-none-match': String(shell.headers.etag) })).statusCode).toBe(304);
  });

  it('never serves a file outside the build', async () => {
    const res = await get('/assets/../../etc/passwd');
    expect(res.body).not.toContain('root:');
  });
});
