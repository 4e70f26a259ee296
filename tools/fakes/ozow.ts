/**
 * A protocol-faithful fake of Ozow (reference: /work/shared/reference/protocols.md §2).
 *
 *   POST or GET {base}/                 the merchant's payment request; HashCheck checked like Ozow
 *   GET  {base}/pay/{id}                a plain page with Pay / Fail / Cancel buttons (Ozow's IsTest page)
 *   POST {base}/pay/{id}/{outcome}      result (Complete | Error | Cancelled) posted to NotifyUrl, then
 *                                       the browser goes to Success/Error/CancelUrl with the same fields
 *                                       in the query string
 *   GET  {base}/GetTransaction?siteCode&transactionId                (header ApiKey)
 *   GET  {base}/GetTransactionByReference?siteCode&transactionReference (an array)
 *   POST {base}/_fake/behaviour         {"tamper": "..."} for the next result (tests)
 *   {base}/token, {base}/secure/refunds/…  the Refund API (ozow-refunds.ts)
 *
 * Tampering: forged-hash, changed-amount (the bank really paid R1 less), other-site, duplicate
 * (notify twice), status-mismatch (GetTransaction disagrees with the notification).
 *
 * Mounted by the product under /dev/sandbox/ozow when no Ozow credentials are set (not in
 * production). Standalone: `node --import tsx tools/fakes/ozow.ts [port]`.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { fakeOzowRefunds, type OzowRefundControl } from './ozow-refunds.ts';
import { acceptForms, bodyPairs, escapeHtml, gatewayPagePolicy, get, page, postForm, withQuery, type Pairs } from './gateway-fake-kit.ts';

export type OzowSite = { siteCode: string; privateKey: string; apiKey: string; name?: string };
export type OzowTamper = 'none' | 'forged-hash' | 'changed-amount' | 'other-site' | 'duplicate' | 'status-mismatch';
export type OzowOutcome = 'pay' | 'fail' | 'cancel';
export type SentNotification = { url: string; fields: Pairs; status: number; error?: string };

/** Test credentials printed in Ozow's docs. */
export const OZOW_TEST_SITE: OzowSite = {
  siteCode: 'TSTSTE0001',
  privateKey: '215114531AFF7134A94C88CEEA48E',
  apiKey: 'EB5758F2C3B4DF3FF4F2669D5FF5B',
  name: 'Test Site',
};

const REQUEST_ORDER = [
  'SiteCode',
  'CountryCode',
  'CurrencyCode',
  'Amount',
  'TransactionReference',
  'BankReference',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'Customer',
  'CancelUrl',
  'ErrorUrl',
  'SuccessUrl',
  'NotifyUrl',
  'IsTest',
];
const RESPONSE_ORDER = [
  'SiteCode',
  'TransactionId',
  'TransactionReference',
  'Amount',
  'Status',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'CurrencyCode',
  'IsTest',
  'StatusMessage',
];
const STATUS: Record<OzowOutcome, { status: string; message: string; url: string }> = {
  pay: { status: 'Complete', message: 'Payment successful', url: 'SuccessUrl' },
  fail: { status: 'Error', message: 'The bank declined the payment', url: 'ErrorUrl' },
  cancel: { status: 'Cancelled', message: 'Cancelled by the customer', url: 'CancelUrl' },
};

const sha512 = (s: string) => createHash('sha512').update(s, 'utf8').digest('hex');
const hashOf = (fields: Pairs, order: string[], key: string) =>
  sha512((order.map((k) => get(fields, k) ?? '').join('') + key).toLowerCase());

type Transaction = {
  id: string;
  request: Pairs;
  site: OzowSite;
  transactionId: string;
  finished?: OzowOutcome;
  /** What the "bank" recorded: GetTransaction answers from it. */
  record?: { amount: string; status: string; statusMessage: string };
};

function requestError(fields: Pairs, sites: OzowSite[]): { error: string } | { site: OzowSite } {
  const site = sites.find((s) => s.siteCode === get(fields, 'SiteCode'));
  if (!site) return { error: 'Invalid site code.' };
  if (get(fields, 'CountryCode') !== 'ZA') return { error: 'CountryCode must be ZA.' };
  if (get(fields, 'CurrencyCode') !== 'ZAR') return { error: 'CurrencyCode must be ZAR.' };
  if (!/^\d+\.\d{2}$/.test(get(fields, 'Amount') ?? '') || Number(get(fields, 'Amount')) <= 0) return { error: 'Invalid Amount.' };
  const ref = get(fields, 'TransactionReference') ?? '';
  if (!ref || ref.length > 50) return { error: 'TransactionReference is required (at most 50 characters).' };
  if (!/^[A-Za-z0-9 -]{1,20}$/.test(get(fields, 'BankReference') ?? ''))
    return { error: 'BankReference: 1 to 20 letters, digits, spaces or dashes.' };
  for (const url of ['CancelUrl', 'ErrorUrl', 'SuccessUrl', 'NotifyUrl']) {
    const v = get(fields, url);
    if (v && (!/^https?:\/\//.test(v) || v.length > 150)) return { error: `${url} must be an absolute URL of at most 150 characters.` };
  }
  if (!['true', 'false', undefined].includes(get(fields, 'IsTest')?.toLowerCase())) return { error: 'IsTest must be true or false.' };
  if ((get(fields, 'HashCheck') ?? '').toLowerCase() !== hashOf(fields, REQUEST_ORDER, site.privateKey))
    return { error: 'Hash check failed.' };
  return { site };
}

export type FakeOzow = {
  plugin: FastifyPluginAsync;
  setTamper(tamper: OzowTamper, times?: number): void;
  notifications: SentNotification[];
  complete(id: string, outcome: OzowOutcome): Promise<string>;
  paymentIds(): string[];
  /** Refunds of paid transactions (ozow-refunds.ts). */
  refunds: OzowRefundControl;
};

export function createFakeOzow(options: { sites?: OzowSite[] } = {}): FakeOzow {
  const sites = options.sites ?? [OZOW_TEST_SITE];
  const transactions = new Map<string, Transaction>();
  const notifications: SentNotification[] = [];
  let tamper: OzowTamper = 'none';
  let tamperLeft = 0;
  const refunds = fakeOzowRefunds({
    sites,
    paid(transactionId) {
      const t = [...transactions.values()].find((x) => x.transactionId === transactionId && x.record?.status === 'Complete');
      return (
        t && { site: t.site, transactionId, transactionReference: get(t.request, 'TransactionReference') ?? '', amount: t.record!.amount }
      );
    },
  });

  function takeTamper(): OzowTamper {
    if (tamperLeft <= 0) return 'none';
    tamperLeft -= 1;
    return tamper;
  }

  function result(t: Transaction, outcome: OzowOutcome, how: OzowTamper): Pairs {
    const r = (k: string) => get(t.request, k) ?? '';
    const amount = how === 'changed-amount' ? (Number(r('Amount')) - 1).toFixed(2) : r('Amount');
    const { status, message } = STATUS[outcome];
    t.record = { amount, status: how === 'status-mismatch' ? 'Pending' : status, statusMessage: message };
    const fields: Pairs = [
      ['SiteCode', how === 'other-site' ? 'OTHER00001' : t.site.siteCode],
      ['TransactionId', t.transactionId],
      ['TransactionReference', r('TransactionReference')],
      ['Amount', amount],
      ['Status', status],
      ...[1, 2, 3, 4, 5].map((i): [string, string] => [`Optional${i}`, r(`Optional${i}`)]),
      ['Customer', r('Customer')],
      ['CurrencyCode', r('CurrencyCode')],
      ['IsTest', r('IsTest').toLowerCase() || 'false'],
      ['StatusMessage', message],
    ];
    const hash = how === 'forged-hash' ? sha512(randomBytes(16).toString('hex')) : hashOf(fields, RESPONSE_ORDER, t.site.privateKey);
    return [...fields, ['Hash', hash]];
  }

  async function complete(id: string, outcome: OzowOutcome): Promise<string> {
    const t = transactions.get(id);
    if (!t) throw new Error('no such payment');
    if (t.finished) throw new Error('payment already finished');
    t.finished = outcome;
    const how = takeTamper();
    const fields = result(t, outcome, how);
    const notifyUrl = get(t.request, 'NotifyUrl');
    if (notifyUrl) {
      for (let i = 0; i < (how === 'duplicate' ? 2 : 1); i += 1)
        notifications.push({ url: notifyUrl, fields, ...(await postForm(notifyUrl, fields)) });
    }
    const target = get(t.request, STATUS[outcome].url) ?? get(t.request, 'CancelUrl');
    return target ? withQuery(target, fields) : '/';
  }

  function apiTransaction(t: Transaction) {
    return {
      transactionId: t.transactionId,
      merchantCode: t.site.siteCode,
      siteCode: t.site.siteCode,
      transactionReference: get(t.request, 'TransactionReference'),
      currencyCode: get(t.request, 'CurrencyCode'),
      amount: Number(t.record?.amount ?? get(t.request, 'Amount')),
      status: t.record?.status ?? 'Pending',
      statusMessage: t.record?.statusMessage ?? '',
      isTest: get(t.request, 'IsTest')?.toLowerCase() === 'true',
    };
  }

  const plugin: FastifyPluginAsync = async (app) => {
    acceptForms(app);
    const base = app.prefix;

    const start = async (fields: Pairs, reply: import('fastify').FastifyReply) => {
      const checked = requestError(fields, sites);
      if ('error' in checked) {
        return reply
          .code(400)
          .type('text/html')
          .send(page('Ozow sandbox', '#0b6e4f', `<h2>Payment request refused</h2><p class="error">${escapeHtml(checked.error)}</p>`));
      }
      const id = randomUUID();
      transactions.set(id, { id, request: fields, site: checked.site, transactionId: randomUUID() });
      return reply.redirect(`${base}/pay/${id}`, 303);
    };
    app.post('/', async (req, reply) => start(bodyPairs(req.body), reply));
    app.get('/', async (req, reply) => start(Object.entries(req.query as Record<string, string>), reply));

    app.get<{ Params: { id: string } }>('/pay/:id', async (req, reply) => {
      const t = transactions.get(req.params.id);
      if (!t)
        return reply
          .code(404)
          .type('text/html')
          .send(page('Ozow sandbox', '#0b6e4f', '<p class="error">This payment does not exist.</p>'));
      const r = (k: string) => escapeHtml(get(t.request, k) ?? '');
      const button = (outcome: OzowOutcome, label: string, primary = false) =>
        `<form method="post" action="${base}/pay/${t.id}/${outcome}"><button type="submit"${primary ? ' class="primary"' : ''}>${label}</button></form>`;
      const body = t.finished
        ? `<p>This payment is finished (${t.finished}).</p>`
        : `<p class="note">Paying ${escapeHtml(t.site.name ?? t.site.siteCode)} by instant EFT</p>
<div class="amount">R ${r('Amount')}</div>
<dl><dt>Reference</dt><dd>${r('BankReference')}</dd><dt>Customer</dt><dd>${r('Customer')}</dd><dt>Test</dt><dd>${r('IsTest') || 'false'}</dd></dl>
<div class="buttons">${button('pay', 'Pay now', true)}${button('fail', 'Fail payment')}${button('cancel', 'Cancel')}</div>
<p class="note">Sandbox: no bank is involved. Each button posts the result to the shop and returns you there.</p>`;
      reply.header('content-security-policy', gatewayPagePolicy(['SuccessUrl', 'CancelUrl', 'ErrorUrl'].map((k) => get(t.request, k))));
      return reply.type('text/html').send(page('Ozow sandbox', '#0b6e4f', body));
    });

    app.post<{ Params: { id: string; outcome: string } }>('/pay/:id/:outcome', async (req, reply) => {
      const { id, outcome } = req.params;
      if (outcome !== 'pay' && outcome !== 'fail' && outcome !== 'cancel') return reply.code(404).send('not found');
      const t = transactions.get(id);
      if (!t) return reply.code(404).send('This payment does not exist.');
      if (t.finished) return reply.redirect(`${base}/pay/${id}`, 303);
      return reply.redirect(await complete(id, outcome), 303);
    });

    const authorised = (apiKey: unknown, siteCode: unknown) => sites.find((s) => s.apiKey === apiKey && s.siteCode === siteCode);
    app.get('/GetTransaction', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      if (!authorised(req.headers.apikey, q.siteCode)) return reply.code(401).send({ errorMessage: 'Unauthorised' });
      const t = [...transactions.values()].find((x) => x.transactionId === q.transactionId && x.site.siteCode === q.siteCode);
      if (!t) return reply.code(404).send({ errorMessage: 'Transaction not found' });
      return apiTransaction(t);
    });
    app.get('/GetTransactionByReference', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      if (!authorised(req.headers.apikey, q.siteCode)) return reply.code(401).send({ errorMessage: 'Unauthorised' });
      return [...transactions.values()]
        .filter((x) => x.site.siteCode === q.siteCode && get(x.request, 'TransactionReference') === q.transactionReference)
        .map(apiTransaction);
    });

    app.post('/_fake/behaviour', async (req, reply) => {
      const b = req.body as { tamper?: string; times?: string | number } | Pairs;
      const t = Array.isArray(b) ? get(b, 'tamper') : b?.tamper;
      const n = Array.isArray(b) ? get(b, 'times') : b?.times;
      const allowed: OzowTamper[] = ['none', 'forged-hash', 'changed-amount', 'other-site', 'duplicate', 'status-mismatch'];
      if (!allowed.includes(t as OzowTamper)) return reply.code(400).send({ error: `tamper must be one of ${allowed.join(', ')}` });
      tamper = t as OzowTamper;
      tamperLeft = Number(n ?? 1);
      return { tamper, times: tamperLeft };
    });
    app.get('/_fake/notifications', async () => notifications);
    refunds.register(app);
  };

  return {
    plugin,
    setTamper(t, times = 1) {
      tamper = t;
      tamperLeft = times;
    },
    notifications,
    complete,
    paymentIds: () => [...transactions.keys()],
    refunds: refunds.control,
  };
}

/**
 * What the product is started with to take payments at the fake at `url` as `site`: the production
 * adapter pointed here, as a test site (the payer chooses the outcome on the fake's page, as on
 * Ozow's own test mode).
 */
export function ozowTestSiteEnv(url: string, site: OzowSite = OZOW_TEST_SITE): Record<string, string> {
  return {
    OZOW_SITE_CODE: site.siteCode,
    OZOW_PRIVATE_KEY: site.privateKey,
    OZOW_API_KEY: site.apiKey,
    OZOW_PAY_URL: `${url}/`,
    OZOW_API_URL: url,
    OZOW_IS_TEST: 'true',
  };
}

export type RunningFakeOzow = FakeOzow & { url: string; close(): Promise<void> };

export async function startFakeOzow(options: { sites?: OzowSite[] } = {}, port = 0): Promise<RunningFakeOzow> {
  const fake = createFakeOzow(options);
  const app: FastifyInstance = Fastify({ logger: false });
  await app.register(fake.plugin);
  await app.listen({ port, host: '127.0.0.1' });
  const { port: bound } = app.server.address() as AddressInfo;
  return { ...fake, url: `http://127.0.0.1:${bound}`, close: () => app.close() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeOzow({}, Number(process.argv[2] ?? 0));
  console.log(
    `fake Ozow at ${fake.url} (site TSTSTE0001, private key 215114531AFF7134A94C88CEEA48E, API key EB5758F2C3B4DF3FF4F2669D5FF5B)`,
  );
  console.log(
    `  ${Object.entries(ozowTestSiteEnv(fake.url))
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')}`,
  );
}
