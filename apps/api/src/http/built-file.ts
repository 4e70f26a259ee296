import fs from 'node:fs';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import mime from 'mime';
import type { LaneReply, MayRepeat } from './read-lane.ts';

/** One form of a built file as it goes out: its bytes and the validators a revalidating browser sends back. */
type Variant = { bytes: Buffer; etag: string; lastModified: string; encoding?: string; reply: LaneReply };

/** A file of the SPA's build held in memory, with the .br and .gz the build writes beside it. */
export type BuiltFile = { plain: Variant; compressed: Map<string, Variant>; contentType: string };

/** The encodings the build writes beside a file, in the order they are preferred. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

async function variantOf(file: string, encoding?: string): Promise<Variant | undefined> {
  const [bytes, stat] = await Promise.all([fs.promises.readFile(file), fs.promises.stat(file)]).catch(() => []);
  if (!bytes || !stat) return undefined;
  // The same weak validator @fastify/send gave the file (size and mtime in hex), so browsers' cached copies stay valid.
  return {
    bytes,
    etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
    lastModified: stat.mtime.toUTCString(),
    encoding,
    reply: { status: 200, body: bytes },
  };
}

/** Reads `file` and its compressed siblings; undefined when the file is not there. */
export async function readBuiltFile(file: string): Promise<BuiltFile | undefined> {
  const plain = await variantOf(file);
  if (!plain) return undefined;
  const compressed = new Map<string, Variant>();
  for (const [encoding, ext] of ENCODINGS) {
    const v = await variantOf(`${file}${ext}`, encoding);
    if (v) compressed.set(encoding, v);
  }
  const type = mime.getType(file) ?? 'application/octet-stream';
  // Text types carry their charset, as @fastify/send sent them (scripts are text/javascript, RFC 9239).
  const contentType = /^(text\/|application\/(javascript|json))/.test(type) ? `${type}; charset=utf-8` : type;
  return { plain, compressed, contentType };
}

/**
 * Sends `file` in the best encoding the browser accepts: a header write and one buffer, no file
 * open, stat or stream — which would each wait for a turn of an event loop busy with the embedded
 * database's queries. 304 when the browser's copy matches.
 */
export function sendBuiltFile(req: FastifyRequest, res: FastifyReply, file: BuiltFile, cacheControl: string, mayRepeat: MayRepeat) {
  const accepted = req.headers['accept-encoding'];
  const offered = [...file.compressed.keys()];
  const encoding = accepted && offered.length ? negotiate(accepted.toLowerCase().replace(/\*/g, 'gzip'), offered) : undefined;
  const v = (encoding && file.compressed.get(encoding)) || file.plain;
  res
    .header('cache-control', cacheControl)
    .header('last-modified', v.lastModified)
    .header('etag', v.etag)
    .header('content-type', file.contentType)
    .header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === v.etag) return res.code(304).send();
  if (v.encoding) res.header('content-encoding', v.encoding);
  // The build never changes while the server runs: the read lane may repeat this (ADR 0133).
  mayRepeat(req, () => v.reply);
  return res.code(200).send(v.bytes);
}
