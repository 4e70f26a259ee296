import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeEtims } from '../tools/fakes/etims.ts';
import { startFakeRdap } from '../tools/fakes/rdap.ts';
import { startSmtpSink } from '../tools/fakes/smtp-sink.ts';
import { freePort, startProduct } from '../tools/start-product.ts';
import { ETIMS_DEVICE, ETIMS_SELLER_PIN } from './fixtures/etims.ts';
import { loadFixtures } from './fixtures/load-fixtures.ts';
import { startGatewayFakes } from './gateway-fakes.ts';

const root = path.resolve(import.meta.dirname, '..');
/** One key for the fixtures (sealed TOTP secrets) and the product, as several instances share one. */
const AUTH_SECRET = 'e2e-journeys-auth-secret-8f3a61c2d9e04b7f';

/**
 * Starts the built product (SPA + API on one port) on a free port, with the journeys' fixtures, as it
 * runs in production: NODE_ENV=production, a fixed AUTH_SECRET, real SMTP, and the four payment
 * gateways configured with merchant credentials — each gateway's fake on its own port, another
 * origin than the site, so the browser really leaves the site at checkout (issue 13).
 */
export default async function setup(project: TestProject) {
  // WEB_DIST (a private build elsewhere) is served instead of apps/web/dist when set.
  const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` before the journeys`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mawingu-e2e-'));
  // KRA's eTIMS control unit: its fake on its own port, the eTIMS journey's device registered there.
  const etims = await startFakeEtims(0, { controlOverHttp: true });
  etims.control.registerDevice(ETIMS_SELLER_PIN, ETIMS_DEVICE.branchId, ETIMS_DEVICE.serial);
  // PGlite has one owner: the fixtures are written before the server opens the directory.
  await loadFixtures(dataDir, port, AUTH_SECRET, etims.url);
  // Mail goes over real SMTP to a sink the journeys read like an inbox.
  const mailbox = await startSmtpSink();
  const gateways = await startGatewayFakes();
  // Production checks domains at the .com registry (RDAP): its fake knows mawingu.com as taken.
  const rdap = await startFakeRdap();
  const product = await startProduct({
    port,
    dataDir,
    env: { NODE_ENV: 'production', AUTH_SECRET, SMTP_URL: mailbox.smtpUrl, RDAP_URL: rdap.url, ...gateways.env },
  });

  project.provide('port', port);
  project.provide('mailsUrl', mailbox.mailsUrl);
  project.provide('gateways', gateways.urls);
  project.provide('etimsUrl', etims.url);
  return async () => {
    await product.stop();
    await gateways.stop();
    await rdap.close();
    await etims.close();
    await mailbox.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
    mailsUrl: string;
    /** Each payment gateway's fake (its own origin). */
    gateways: { payfast: string; ozow: string; pesapal: string; paypal: string };
    /** The eTIMS fake's OSCU address (…/etims-api/); its /control/ switches the outage. */
    etimsUrl: string;
  }
}
