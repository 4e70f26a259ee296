import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Installs Debian's Chromium when it is missing and we are root; otherwise says what to do. */
export function ensureChromium(): { ok: true } | { ok: false; reason: string } {
  if (fs.existsSync(CHROMIUM)) return { ok: true };
  if (process.getuid?.() !== 0) {
    return { ok: false, reason: `Chromium is missing at ${CHROMIUM}: install it with \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH).` };
  }
  console.log('Installing Debian chromium for the browser journeys…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const res = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  return res.status === 0 && fs.existsSync(CHROMIUM) ? { ok: true } : { ok: false, reason: 'apt-get could not install chromium' };
}
