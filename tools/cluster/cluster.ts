import { freePort, startProduct, type RunningProduct } from '../start-product.ts';
import { startHaproxy, type RunningHaproxy } from './haproxy.ts';

export type Instance = { name: string; port: number; product: RunningProduct };

export type Cluster = {
  /** The site's origin: HAProxy's port, under the name the demo company is seeded for. */
  site: string;
  haproxy: RunningHaproxy;
  instances: Instance[];
  /** Starts instance `name` again on its port (after a kill or a stop) and waits until HAProxy has it UP. */
  start(name: string): Promise<Instance>;
  stop(): Promise<void>;
};

/**
 * `count` instances of a release directory (plain node), started at once, behind HAProxy with the
 * deployed configuration (deploy/haproxy.cfg). `env` is every instance's configuration: the
 * database, the bucket, mail; PUBLIC_URL and TRUST_PROXY are set here for the balancer in front.
 */
export async function startCluster(options: { release: string; count: number; env: Record<string, string> }): Promise<Cluster> {
  const lbPort = await freePort();
  const site = `http://localhost:${lbPort}`;
  const names = Array.from({ length: options.count }, (_, i) => `app${i + 1}`);
  const ports = new Map<string, number>();
  for (const name of names) ports.set(name, await freePort());
  const env = { ...options.env, PUBLIC_URL: site, TRUST_PROXY: 'loopback' };
  const launch = (name: string) => startProduct({ release: options.release, port: ports.get(name)!, env });

  const instances: Instance[] = [];
  const started = await Promise.allSettled(
    names.map(async (name) => instances.push({ name, port: ports.get(name)!, product: await launch(name) })),
  );
  const failed = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
  if (failed.length > 0) {
    await Promise.all(instances.map((i) => i.product.stop()));
    throw new Error(`instances did not start:\n${failed.join('\n')}`);
  }
  instances.sort((a, b) => a.name.localeCompare(b.name));
  const haproxy = await startHaproxy(
    lbPort,
    names.map((name) => ({ name, port: ports.get(name)! })),
  );
  await haproxy.waitFor('UP', names);

  return {
    site,
    haproxy,
    instances,
    async start(name) {
      // The one it replaces has exited (killed or stopped): this removes its data directory.
      await instances.find((i) => i.name === name)?.product.stop();
      const instance = { name, port: ports.get(name)!, product: await launch(name) };
      instances.splice(
        instances.findIndex((i) => i.name === name),
        1,
        instance,
      );
      await haproxy.waitFor('UP', [name]);
      return instance;
    },
    async stop() {
      await haproxy.stop();
      await Promise.all(instances.map((i) => i.product.stop()));
    },
  };
}
