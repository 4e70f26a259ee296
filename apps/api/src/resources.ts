import path from 'node:path';

/**
 * Files the server reads at run time, found from this module's folder: apps/api/src when it runs
 * from source (tsx, tests), apps/api/dist in the release, where the build (scripts/build-api.ts)
 * writes every bundle at the top and copies these folders to the same relative places.
 */
const codeRoot = import.meta.dirname;

/** drizzle-kit's SQL migrations and their journal. */
export const migrationsFolder = path.join(codeRoot, 'db', 'migrations');
/** The demo company's logo and video (the seed stores them in the file store). */
export const seedAssetsFolder = path.join(codeRoot, 'db', 'seed', 'assets');
/** The built SPA (`npm run build`), served unless WEB_DIST names another. */
export const defaultWebDist = path.resolve(codeRoot, '..', '..', 'web', 'dist');
