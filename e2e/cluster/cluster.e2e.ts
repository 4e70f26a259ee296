import { eq } from 'drizzle-orm';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { companies, simulatorVms, vms } from '../../apps/api/src/db/schema.ts';
import { DEMO_SLUG } from '../../apps/api/src/db/seed/demo-company.ts';
import { startOtlpReceiver } from '../../apps/api/test/otlp-receiver.ts';
import { startS3Server, type TestS3Server } from '../../apps/api/test/s3-server.ts';
import { createEmptyPostgresDatabase } from '../../apps/api/test/test-db.ts';
import { startSmtpSink, type SmtpSink } from '../../tools/fakes/smtp-sink.ts';
import { browseRequests, failedRequests } from '../../tools/cluster/browse-load.ts';
import { startCluster, type Cluster, type Instance } from '../../tools/cluster/cluster.ts';
import { makeRelease } from '../../tools/cluster/release.ts';
import { launchBrowser, newPage } from '../browser.ts';
import { configurePurchase } from '../buy-vm.ts';
import { startGatewayFakes, type GatewayFakes } from '../gateway-fakes.ts';
import { PNG, RECEIPT_PDF, sessionHeaders, signUp, uploadPictureAndTicket } from './customer.ts';
import { consoleCall, createOwnerAndSignIn } from './operator.ts';

const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
const AUTH_SECRET = 'cluster-journey-auth-secret-5b0e2c9d71f84a36';
/** A machine still boots when its instance is killed; a killed instance's job is taken back after a lease. */
const BOOT_MS = 8_000;
const LEASE_SECONDS = 8;

/**
 * Mawingu as a hosting company runs it (issue 14): three instances of the release build (plain
 * node, no dev tools) started at once on an empty PostgreSQL database, files in an S3-compatible
 * bucket, HAProxy in front with the deployed configuration. A customer uses the site through the
 * balancer; each instance must serve what another stored, see what another changed, take over what
 * another was doing when it dies, and a rolling restart must cost no request.
 */
describe.skipIf(!process.env.DATABASE_URL)('a cluster of three release instances behind HAProxy (needs DATABASE_URL: PostgreSQL)', () => {
  let release: ReturnType<typeof makeRelease>;
  let drop: (() => Promise<void>) | undefined;
  let database: Database;
  let s3: TestS3Server;
  let mailbox: SmtpSink;
  let gateways: GatewayFakes;
  let cluster: Cluster;
  let env: Record<string, string>;
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const direct = (instance: Instance, path: string) => `http://127.0.0.1:${instance.port}${path}`;

  beforeAll(async () => {
    release = makeRelease();
    const empty = await createEmptyPostgresDatabase(process.env.DATABASE_URL!);
    drop = empty.drop;
    [s3, mailbox, gateways, otlp] = await Promise.all([startS3Server(), startSmtpSink(), startGatewayFakes(), startOtlpReceiver()]);
    env = {
      NODE_ENV: 'production',
      AUTH_SECRET,
      SMTP_URL: mailbox.smtpUrl,
      DATABASE_URL: empty.url,
      ...s3.env,
      ...gateways.env,
      SEED_DEMO: 'auto',
      SIMULATOR_BOOT_MS: String(BOOT_MS),
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      // As deployed (the default): the balancer marks a stopping instance down within 2 s of 5.
      SHUTDOWN_DRAIN_SECONDS: '5',
      // Traces, to see them start before the release's bundles load what they instrument.
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    };
    cluster = await startCluster({ release: release.dir, count: 3, env });
    database = await openDatabase({ databaseUrl: empty.url });
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await cluster?.stop();
    await database?.close();
    await Promise.all([s3?.close(), mailbox?.stop(), gateways?.stop(), otlp?.close()]);
    await drop?.();
    release?.remove();
  }, 60_000);

  it('all three started at once on the empty database: each is ready, the demo company was seeded once', async () => {
    for (const instance of cluster.instances) expect((await fetch(direct(instance, '/api/ready'))).status, instance.name).toBe(200);
    expect(await database.db.select({ slug: companies.slug }).from(companies)).toEqual([{ slug: DEMO_SLUG }]);
    expect(await cluster.haproxy.states()).toEqual({ app1: 'UP', app2: 'UP', app3: 'UP' });
  });

  it('signs up through the balancer and uploads a picture and a ticket attachment; every instance serves them, and the seeded logo', async () => {
    await signUp(page, cluster.site, mailbox, 'wanjiru.kamau@example.co.ke');
    await uploadPictureAndTicket(page, cluster.site);
    const headers = await sessionHeaders(page, cluster.site);
    const [first] = cluster.instances;
    const profile = (await (await fetch(direct(first!, '/api/profileSetting/userProfileInfo'), { headers })).json()) as {
      data: { userDetails: { imagePath: string } };
    };
    const tickets = (await (await fetch(direct(first!, '/api/ticket/getallUserTicket'), { headers })).json()) as {
      data: Array<{ attachment: Array<{ url: string }> }>;
    };
    const configuration = (await (
      await fetch(direct(first!, '/api/getCompanyConfiguration'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customerUrl: cluster.site }),
      })
    ).json()) as { data: { imagePath: string } };
    const files = [
      { what: 'profile picture', path: profile.data.userDetails.imagePath, bytes: PNG },
      { what: 'ticket attachment', path: tickets.data[0]!.attachment[0]!.url, bytes: RECEIPT_PDF },
      { what: 'seeded logo', path: configuration.data.imagePath, bytes: undefined },
    ];
    for (const file of files) {
      expect(file.path, file.what).toMatch(/^\/api\//);
      for (const instance of cluster.instances) {
        const res = await fetch(direct(instance, file.path), { headers });
        expect(res.status, `${file.what} from ${instance.name}`).toBe(200);
        const body = Buffer.from(await res.arrayBuffer());
        if (file.bytes) expect(body.equals(file.bytes), `${file.what} from ${instance.name}`).toBe(true);
        else expect(body.length, `${file.what} from ${instance.name}`).toBeGreaterThan(0);
      }
    }
  }, 120_000);

  it('traces from the release: the ticket request through the balancer is one trace with its route and its PostgreSQL queries', async () => {
    const SERVER = 2;
    let trace: string | undefined;
    await expect
      .poll(
        () => (trace = otlp.spans.find((s) => s.kind === SERVER && s.attributes['http.route'] === '/api/ticket/generateTicket')?.traceId),
        { timeout: 10_000 },
      )
      .toBeDefined();
    const inTrace = otlp.spans.filter((s) => s.traceId === trace);
    expect(inTrace.filter((s) => s.attributes['db.system.name'] === 'postgresql').length).toBeGreaterThan(0);
  });

  it('a brand change made through one instance shows on the others within 2 s', async () => {
    const [one, ...others] = cluster.instances;
    const token = await createOwnerAndSignIn(release.dir, env, direct(one!, ''));
    const demo = ((await consoleCall(direct(one!, ''), 'GET', '/companies', token)).data as Array<{ id: number; slug: string }>).find(
      (c) => c.slug === DEMO_SLUG,
    )!;
    const banner = async (instance: Instance) => {
      const res = await fetch(direct(instance, '/api/getCompanyConfiguration'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customerUrl: cluster.site }),
      });
      return ((await res.json()) as { data: { bannerMessage: string } }).data.bannerMessage;
    };
    // Each instance has the configuration in its cache before the change.
    for (const instance of others) await banner(instance);

    const message = `Maintenance on Sunday ${Date.now()}`;
    await consoleCall(direct(one!, ''), 'PUT', `/companies/${demo.id}/settings`, token, { brand: { bannerMessage: message } });
    const changedAt = Date.now();
    expect(await banner(one!)).toBe(message);
    for (const instance of others) {
      await expect.poll(() => banner(instance), { timeout: 2_000 - (Date.now() - changedAt), interval: 100 }).toBe(message);
    }
    expect(Date.now() - changedAt).toBeLessThan(2_000);
  }, 60_000);

  it('buys a VM; the instance provisioning it is killed (kill -9) and another finishes it within 2 minutes, once', async () => {
    await configurePurchase(page, cluster.haproxy.port, cluster.site, {
      product: 'Ubuntu Server 24.04 LTS',
      region: 'South Africa',
      gateway: 'PayFast Payment',
    });
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.origin === gateways.urls.payfast);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/PurchaseSuccessful/i, { timeout: 30_000 });
    const orderId = Number(
      (await page
        .getByText(/^Your order id is: \d+$/)
        .first()
        .textContent())!.match(/\d+/)![0],
    );

    // The instance whose worker holds the provisioning job, once the machine is being made.
    const key = `order-${orderId}`;
    let holder: Instance | undefined;
    await expect
      .poll(
        async () => {
          const { rows } = await database.executeSql(
            `SELECT output FROM pgboss.job WHERE name = 'provision-vm' AND singleton_key = $1 AND state = 'active'`,
            [key],
          );
          const machine = await database.db.select({ id: simulatorVms.id }).from(simulatorVms).where(eq(simulatorVms.idempotencyKey, key));
          const pid = Number(
            String(rows[0]?.output?.worker ?? '')
              .split(':')
              .at(-1),
          );
          holder = machine.length > 0 ? cluster.instances.find((i) => i.product.pid === pid) : undefined;
          return holder?.name;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBeDefined();
    const killedAt = Date.now();
    expect((await holder!.product.kill('SIGKILL')).signal).toBe('SIGKILL');

    await expect
      .poll(async () => (await database.db.select({ state: vms.state }).from(vms).where(eq(vms.orderId, orderId)))[0]?.state, {
        timeout: 120_000,
        interval: 250,
      })
      .toBe('running');
    expect(Date.now() - killedAt).toBeLessThan(120_000);
    const rows = await database.db.select().from(vms).where(eq(vms.orderId, orderId));
    const machines = await database.db.select().from(simulatorVms).where(eq(simulatorVms.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    expect(machines).toHaveLength(1);
    expect(rows[0]!.externalId).toBe(machines[0]!.id);
    // The customer sees it running, through the balancer.
    await page.goto(`${cluster.site}/customerprofile/2`);
    await visible(page.getByText('Running'), 30_000);

    await cluster.start(holder!.name);
  }, 240_000);

  it('a rolling restart of all three (SIGTERM, start again, one after another) under steady browsing loses no request', async () => {
    let load: autocannon.Instance | undefined;
    const result = new Promise<autocannon.Result>((resolve, reject) => {
      load = autocannon({ url: cluster.site, connections: 8, duration: 180, requests: browseRequests(cluster.site) }, (err, res) =>
        err ? reject(err) : resolve(res),
      );
    });
    // Let the load settle before the first stop.
    await new Promise((r) => setTimeout(r, 2_000));
    for (const { name, product } of [...cluster.instances]) {
      const exit = await product.kill('SIGTERM');
      expect(exit.code, `${name} stopped cleanly:\n${product.output()}`).toBe(0);
      await cluster.start(name);
    }
    await new Promise((r) => setTimeout(r, 2_000));
    load!.stop();
    const { requests, errors, non2xx, timeouts } = await result;
    expect({ failed: failedRequests(await result), errors, non2xx, timeouts }).toEqual({ failed: 0, errors: 0, non2xx: 0, timeouts: 0 });
    expect(requests.total).toBeGreaterThan(500);
  }, 240_000);
});
