import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** The configuration compose.yaml mounts: the cluster journey and bench run it, with their own ports. */
export const DEPLOYED_CONFIG = path.join(root, 'deploy/haproxy.cfg');

export type Backend = { name: string; port: number };

/**
 * deploy/haproxy.cfg for instances on this machine: its one `bind` line and its `server` lines
 * replaced (loopback ports instead of the compose services), a stats socket added to read the
 * servers' states; every timeout, retry and health-check setting as deployed.
 */
export function localConfig(port: number, backends: Backend[], statsSocket: string): string {
  const lines = fs.readFileSync(DEPLOYED_CONFIG, 'utf8').split('\n');
  const binds = lines.filter((line) => /^\s+bind\s/.test(line));
  const servers = lines.filter((line) => /^\s+server\s/.test(line));
  if (binds.length !== 1 || servers.length === 0) throw new Error(`${DEPLOYED_CONFIG}: expected one bind line and server lines`);
  const out: string[] = [];
  for (const line of lines) {
    if (line === binds[0]) out.push(`    bind 127.0.0.1:${port}`);
    else if (line === servers[0]) out.push(...backends.map((b) => `    server ${b.name} 127.0.0.1:${b.port}`));
    else if (!servers.includes(line)) out.push(line);
    if (line === 'global') out.push(`    stats socket ${statsSocket} mode 600 level admin`);
  }
  return out.join('\n');
}

export type RunningHaproxy = {
  port: number;
  /** Each server's state as HAProxy sees it: UP, DOWN, MAINT, or "UP 1/2" while rising. */
  states(): Promise<Record<string, string>>;
  /** Resolves when every named server is in `state` (UP or DOWN). */
  waitFor(state: 'UP' | 'DOWN', names: string[], timeoutMs?: number): Promise<void>;
  output(): string;
  /** Each "Server mawingu/appN is UP/DOWN, reason: …" line so far. */
  stateChanges(): string[];
  stop(): Promise<void>;
};

function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const client = net.createConnection(socket, () => client.end(`${command}\n`));
    client.on('data', (d) => (answer += d.toString()));
    client.on('end', () => resolve(answer));
    client.on('error', reject);
  });
}

/** Debian's haproxy (`haproxy -db`, in the foreground) on `port` in front of `backends`. */
export async function startHaproxy(port: number, backends: Backend[]): Promise<RunningHaproxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mawingu-haproxy-'));
  const socket = path.join(dir, 'stats.sock');
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, localConfig(port, backends, socket));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c refused the configuration:\n${check.stderr}${check.stdout}`);
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Its request log goes to stdout: only the last part is kept, for a failure's message, and
  // every change of a server's state (up, down, with the check's reason).
  let log = '';
  const changes: string[] = [];
  const keep = (d: Buffer) => {
    const text = d.toString();
    log = (log + text).slice(-20_000);
    changes.push(...text.split('\n').filter((line) => /Server mawingu\/\S+ is (UP|DOWN)/.test(line)));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const states = async () => {
    const csv = await ask(socket, 'show stat');
    const header = csv.split('\n')[0]!.replace(/^# /, '').split(',');
    const [pxname, svname, status] = ['pxname', 'svname', 'status'].map((name) => header.indexOf(name));
    return Object.fromEntries(
      csv
        .split('\n')
        .slice(1)
        .map((row) => row.split(','))
        .filter((cells) => cells[pxname!] === 'mawingu' && !['BACKEND', 'FRONTEND'].includes(cells[svname!]!))
        .map((cells) => [cells[svname!]!, cells[status!]!]),
    );
  };
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(socket)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`haproxy did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    states,
    async waitFor(state, names, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const now = await states();
        if (names.every((name) => now[name] === state)) return;
        if (Date.now() > until) throw new Error(`haproxy: waited for ${names.join(', ')} to be ${state}; states: ${JSON.stringify(now)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    output: () => log,
    stateChanges: () => [...changes],
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
