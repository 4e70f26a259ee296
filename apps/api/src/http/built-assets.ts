import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { readBuiltFile, sendBuiltFile, type BuiltFile } from './built-file.ts';
import type { MayRepeat } from './read-lane.ts';

/** Compressed siblings and the shell (spa-shell.ts) are not routes of their own. */
const NOT_A_ROUTE = /(\.br|\.gz)$|^index\.html$/;

/**
 * Every file of the SPA's build besides index.html (hashed scripts and styles under assets/,
 * favicon, robots.txt) at its own GET route, read into memory on its first request with its .br
 * and .gz and sent from memory after (built-file.ts: on the embedded database a file read waits
 * behind queries, turn after turn). The build is a fixed, known set of files: only those get a
 * route, so memory is bounded by the build's size and an unknown path still falls through to the
 * shell.
 */
export function builtAssets(webDist: string, mayRepeat: MayRepeat) {
  return async (app: FastifyInstance) => {
    const files = fs
      .readdirSync(webDist, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && !NOT_A_ROUTE.test(path.relative(webDist, path.join(f.parentPath, f.name))))
      .map((f) => path.join(f.parentPath, f.name));
    for (const file of files) {
      const url = `/${path.relative(webDist, file).split(path.sep).join('/')}`;
      // Hashed asset names change with their content: browsers may keep them for a year.
      const cacheControl = url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0';
      let held: Promise<BuiltFile | undefined> | undefined;
      app.get(url, async (req, res) => {
        const found = await (held ??= readBuiltFile(file));
        if (!found) return res.callNotFound();
        return sendBuiltFile(req, res, found, cacheControl, mayRepeat);
      });
    }
  };
}
