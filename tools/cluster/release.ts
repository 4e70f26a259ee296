import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A release directory from this checkout's build (`npm run build` first), made by
 * scripts/make-release.sh as the Dockerfile and the systemd recipe make theirs: the compiled API,
 * the SPA and `npm ci --omit=dev --workspace=apps/api` (from npm's cache when it has the packages).
 */
export function makeRelease(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mawingu-release-'));
  const made = spawnSync('sh', ['scripts/make-release.sh', dir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, npm_config_prefer_offline: 'true', npm_config_loglevel: 'error' },
  });
  if (made.status !== 0) throw new Error(`scripts/make-release.sh failed:\n${made.stdout}${made.stderr}`);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
