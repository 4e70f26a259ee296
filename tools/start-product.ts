import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * NODE_ENV=production with what production requires (apps/api/src/config.ts refuses to start
 * without it), for runs that send no mail: nothing listens at this SMTP_URL.
 */
export function productionEnv(): Record<string, string> {
  return { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:25', AUTH_SECRET: randomBytes(32).toString('base64url') };
}

export type RunningProduct = {
  port: number;
  origin: string;
  dataDir: string;
  /** The server process (crash and shutdown tests signal it). */
  pid: number;
  /** Sends `signal` and resolves when the process has exited. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the process printed so far. */
  output(): string;
  stop(): Promise<void>;
};

/**
 * Starts the product as `npm start` would run it (built SPA + API on one port, embedded defaults)
 * in a child process with its own data directory, and waits until it answers. From the sources
 * (tsx), or with `release` from a release directory (scripts/make-release.sh) with plain node.
 * Used by the browser journeys and the benchmarks.
 */
export async function startProduct(
  options: { port?: number; dataDir?: string; env?: Record<string, string>; release?: string } = {},
): Promise<RunningProduct> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mawingu-product-'));
  let log = '';
  const [args, cwd] = options.release ? [['apps/api/dist/main.js'], options.release] : [['--import', 'tsx', 'apps/api/src/main.ts'], root];
  // A release runs with plain node: no loader this process may have been given.
  const inherited = options.release ? { ...process.env, NODE_OPTIONS: '' } : process.env;
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    // No drain on SIGTERM unless a test asks for one: no load balancer watches these instances.
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));

  // Generous: on a busy 2-core machine (CI beside the PostgreSQL pass) migrating and seeding can take a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the product did not start within 180 s:\n${log}`);
    }
    // Ready: migrated, seeded, listening, and its database answers (an unread body would keep the
    // response in flight, and the server's graceful stop would wait for it).
    const up = await fetch(`http://127.0.0.1:${port}/api/ready`)
      .then(async (r) => (await r.arrayBuffer(), r.ok))
      .catch(() => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    port,
    origin: `http://localhost:${port}`,
    dataDir,
    pid: child.pid!,
    kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
