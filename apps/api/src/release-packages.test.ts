import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

type LockedPackage = {
  version?: string;
  dev?: boolean;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

const root = path.resolve(import.meta.dirname, '../../..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };

/** The first release of each Node line the engines field admits, and the LTS lines after it. */
const SUPPORTED_NODE = ['20.19.0', '22.12.0', '24.0.0'];

/**
 * Packages whose engines field asks for Node 22 although they run on 20.19: ESM-only packages
 * loaded by CommonJS ones through require(esm), which Node 20.19 and 22.12 enable by default (why
 * the engines field starts there). The cluster journey runs the release on the CI's Node 20.
 * Replacing them means giving up fixes: @fastify/static 10.1.4+ (path-spelling checks) needs
 * content-disposition 3, fastify's light-my-request 6.8 needs cookie 2.
 */
const RUN_ON_20_THROUGH_REQUIRE_ESM = new Set(['content-disposition@3.0.0', 'cookie@2.0.2']);

/** Where Node finds `name` from the package at `from`: the nearest node_modules up the tree. */
function resolveLocked(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '') {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
  }
}

/** What `npm ci --omit=dev --workspace=apps/api` installs (scripts/make-release.sh): the API's packages and theirs. */
function releasePackages(): Map<string, LockedPackage> {
  const found = new Map<string, LockedPackage>();
  const queue = ['apps/api', 'packages/contracts'];
  while (queue.length > 0) {
    const at = queue.pop()!;
    const pkg = lock.packages[at]!;
    const wanted = { ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies };
    for (const name of Object.keys(wanted)) {
      const where = resolveLocked(at, name);
      if (!where || found.has(where)) continue;
      found.set(where, lock.packages[where]!);
      queue.push(where);
    }
  }
  return found;
}

describe('the release runs on every Node the engines field admits', () => {
  it('the engines field admits Node 20.19, 22.12 and 24', () => {
    for (const version of SUPPORTED_NODE) expect(semver.satisfies(version, manifest.engines.node), version).toBe(true);
    expect(semver.satisfies('22.11.0', manifest.engines.node)).toBe(false);
  });

  it('no package of the release asks for a newer Node than that', () => {
    const packages = releasePackages();
    expect(packages.size).toBeGreaterThan(100);
    // Dev tools are not in the release.
    expect([...packages.keys()].filter((where) => /node_modules\/(tsx|esbuild|typescript|vitest)$/.test(where))).toEqual([]);
    const tooNew = [...packages]
      .filter(([, pkg]) => pkg.engines?.node && SUPPORTED_NODE.some((version) => !semver.satisfies(version, pkg.engines!.node!)))
      .map(([where, pkg]) => `${where.split('node_modules/').at(-1)}@${pkg.version} (node ${pkg.engines!.node})`)
      .filter((entry) => !RUN_ON_20_THROUGH_REQUIRE_ESM.has(entry.split(' ')[0]!));
    expect(tooNew).toEqual([]);
  });
});
