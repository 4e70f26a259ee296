import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

type Tool = { path: string; pkg: string };

/** What the browser journeys need from Debian: Chromium to drive, pdftotext to read invoices. */
export const BROWSER_TOOLS: Tool[] = [
  { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', pkg: 'chromium' },
  { path: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
];

/** What the cluster journey adds: the load balancer in front of the instances. */
export const CLUSTER_TOOLS: Tool[] = [...BROWSER_TOOLS, { path: '/usr/sbin/haproxy', pkg: 'haproxy' }];

/** Installs the missing Debian packages when we are root; otherwise says what to do. */
export function ensureDebianTools(
  tools: Tool[] = BROWSER_TOOLS,
  purpose = 'the browser journeys',
): { ok: true } | { ok: false; reason: string } {
  const missing = tools.filter((tool) => !fs.existsSync(tool.path));
  if (missing.length === 0) return { ok: true };
  const packages = missing.map((tool) => tool.pkg);
  if (process.getuid?.() !== 0) {
    return {
      ok: false,
      reason: `${missing.map((t) => t.path).join(' and ')} missing: install with \`sudo apt-get install -y ${packages.join(' ')}\`.`,
    };
  }
  console.log(`Installing Debian ${packages.join(', ')} for ${purpose}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const res = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  const stillMissing = tools.filter((tool) => !fs.existsSync(tool.path));
  return res.status === 0 && stillMissing.length === 0
    ? { ok: true }
    : { ok: false, reason: `apt-get could not install ${packages.join(' ')}` };
}
