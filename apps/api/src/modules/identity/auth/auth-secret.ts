import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../../config.ts';

/**
 * The key that signs access tokens: AUTH_SECRET when set, else a random key created once in
 * DATA_DIR/auth-secret (owner-only), so tokens survive a restart of the embedded default.
 */
export function resolveAuthSecret(config: Config): Uint8Array {
  if (config.authSecret) return new TextEncoder().encode(config.authSecret);
  const file = path.join(config.dataDir, 'auth-secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
