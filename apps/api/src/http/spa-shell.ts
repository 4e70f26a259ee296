import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readBuiltFile, sendBuiltFile } from './built-file.ts';
import type { MayRepeat } from './read-lane.ts';

/**
 * The SPA's index.html (the page shell of every route outside /api), held in memory with the
 * build's .br and .gz beside it. The build never changes while the server runs. Helmet's headers
 * (CSP) are set by the onRequest hooks as for any reply; no-cache makes browsers revalidate (304
 * on a matching ETag), so a new release is seen at the next load. Undefined when the SPA is not built.
 */
export async function spaShell(webDist: string, mayRepeat: MayRepeat) {
  const shell = await readBuiltFile(path.join(webDist, 'index.html'));
  if (!shell) return undefined;
  return { send: (req: FastifyRequest, res: FastifyReply) => sendBuiltFile(req, res, shell, 'no-cache', mayRepeat) };
}
