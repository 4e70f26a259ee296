import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');

/** The bare Fastify hello-world (bench/hello-server.ts) in its own process: the ceiling every figure is a share of. */
export async function startHello(port: number): Promise<ChildProcess> {
  const ready = async (p: number) => (await fetch(`http://127.0.0.1:${p}/hello`)).ok;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/hello-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await ready(port).catch(() => false)) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the hello-world server did not start');
}

export function load(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

export const stopped = (child: ChildProcess) =>
  new Promise((r) => {
    child.once('exit', r);
    child.kill('SIGTERM');
  });

/** The machine is shared: every report says how busy it was. */
export const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`;
