import fs from 'node:fs';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One form of index.html as it goes out: its bytes and the validators a revalidating browser sends back. */
type Variant = { bytes: Buffer; etag: string; lastModified: string; encoding?: string };

/** The encodings the build writes beside index.html, in the order they are preferred. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

function variantOf(file: string, encoding?: string): Variant | undefined {
  if (!fs.existsSync(file)) return undefined;
  const bytes = fs.readFileSync(file);
  const { mtime, size } = fs.statSync(file);
  // The same weak validator @fastify/send gave the file (size and mtime in hex).
  return { bytes, etag: `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`, lastModified: mtime.toUTCString(), encoding };
}

/**
 * The SPA's index.html (the page shell of every route outside /api), held in memory with the
 * build's .br and .gz beside it: a page load costs a header write, not a file open, stat and
 * stream. The build never changes while the server runs. Helmet's headers (CSP) are set by the
 * onRequest hooks as for any reply; no-cache makes browsers revalidate (304 on a matching ETag),
 * so a new release is seen at the next load. Undefined when the SPA is not built.
 */
export function spaShell(webDist: string) {
  const plain = variantOf(path.join(webDist, 'index.html'));
  if (!plain) return undefined;
  const compressed = new Map<string, Variant>();
  for (const [encoding, ext] of ENCODINGS) {
    const v = variantOf(path.join(webDist, `index.html${ext}`), encoding);
    if (v) compressed.set(encoding, v);
  }
  const offered = [...compressed.keys()];

  return {
    send(req: FastifyRequest, res: FastifyReply) {
      const accepted = req.headers['accept-encoding'];
      const encoding = accepted && offered.length ? negotiate(accepted.toLowerCase().replace(/\*/g, 'gzip'), offered) : undefined;
      const v = (encoding && compressed.get(encoding)) || plain;
      res
        .header('cache-control', 'no-cache')
        .header('last-modified', v.lastModified)
        .header('etag', v.etag)
        .header('content-type', 'text/html; charset=utf-8')
        .header('vary', 'accept-encoding');
      if (req.headers['if-none-match'] === v.etag) return res.code(304).send();
      if (v.encoding) res.header('content-encoding', v.encoding);
      return res.code(200).send(v.bytes);
    },
  };
}
