/**
 * A protocol-faithful fake of PayFast (reference: /work/shared/reference/protocols.md §1).
 *
 *   POST {base}/eng/process           the merchant's checkout form; signature checked like PayFast
 *   GET  {base}/eng/process/{id}      a plain page with Pay / Fail / Cancel buttons
 *   POST {base}/eng/process/{id}/pay  ITN COMPLETE to notify_url, then the browser goes to return_url
 *   POST {base}/eng/process/{id}/fail ITN FAILED, then cancel_url;  …/cancel: no ITN, cancel_url
 *   POST {base}/eng/query/validate    "VALID" only for the fields of an ITN this fake really sent
 *   POST {base}/_fake/behaviour       {"tamper": "..."} for the next ITN (tests); GET {base}/_fake/itns
 *   {base}/refunds/...                the Refunds API of api.payfast.co.za (payfast-refunds.ts)
 *
 * Tampering (for tests): forged-signature, changed-amount (really "charges" R1 less, so PayFast
 * itself would say VALID), other-merchant, duplicate (the same ITN twice), validate-invalid.
 *
 * Mounted by the product under /dev/sandbox/payfast when no PayFast credentials are set (not in
 * production). Standalone: `node --import tsx tools/fakes/payfast.ts [port]`.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { fakePayFastRefunds, type PayFastRefundControl } from './payfast-refunds.ts';
import { acceptForms, bodyPairs, encodeForm, escapeHtml, gatewayPagePolicy, get, page, postForm, type Pairs } from './gateway-fake-kit.ts';

export type PayFastMerchant = { merchantId: string; merchantKey: string; passphrase?: string; name?: string };
export type PayFastTamper = 'none' | 'forged-signature' | 'changed-amount' | 'other-merchant' | 'duplicate' | 'validate-invalid';
export type SentItn = { url: string; fields: Pairs; body: string; status: number; error?: string; validates: boolean };

/** PayFast's public sandbox merchant (PF-DOCS "Test transaction setup"). */
export const PAYFAST_SANDBOX_MERCHANT: PayFastMerchant = {
  merchantId: '10000100',
  merchantKey: '46f0cd694581a',
  passphrase: 'jt7NOE43FZPn',
  name: 'Test Merchant',
};

type Checkout = { id: string; fields: Pairs; merchant: PayFastMerchant; finished?: 'pay' | 'fail' | 'cancel'; pfPaymentId: string };

export type FakePayFast = {
  plugin: FastifyPluginAsync;
  /** Tamper with the next `times` ITNs. */
  setTamper(tamper: PayFastTamper, times?: number): void;
  itns: SentItn[];
  validations: Array<{ body: string; answer: 'VALID' | 'INVALID' }>;
  /** Acts as if the payer pressed a button (tests without a browser). Returns where the browser would go. */
  complete(checkoutId: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<string>;
  checkoutIds(): string[];
  /** Refunds of paid checkouts, by pf_payment_id (payfast-refunds.ts). */
  refunds: PayFastRefundControl;
  /** The pf_payment_id PayFast gave a checkout. */
  pfPaymentIdOf(checkoutId: string): string | undefined;
};

const CHECKOUT_ORDER = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'notify_method',
  'fica_idnumber',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'email_confirmation',
  'confirmation_address',
  'currency',
  'payment_method',
  'subscription_type',
  'billing_date',
  'recurring_amount',
  'frequency',
  'cycles',
  'subscription_notify_email',
  'subscription_notify_webhook',
  'subscription_notify_buyer',
];

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const withPassphrase = (s: string, p?: string) => (p?.trim() ? `${s}&passphrase=${encodeForm([['x', p.trim()]]).slice(2)}` : s);
const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

/** PayFast signs the posted, non-blank fields in the order they were posted (signature and setup excluded). */
function checkoutSignature(fields: Pairs, passphrase?: string): string {
  const signed = fields
    .filter(([k, v]) => k !== 'signature' && k !== 'setup' && v.trim() !== '')
    .map(([k, v]): [string, string] => [k, v.trim()]);
  return md5(withPassphrase(encodeForm(signed), passphrase));
}

function itnSignature(fields: Pairs, passphrase?: string): string {
  return md5(withPassphrase(encodeForm(fields), passphrase));
}

function checkoutError(fields: Pairs, merchants: PayFastMerchant[]): { error: string } | { merchant: PayFastMerchant } {
  const merchant = merchants.find((m) => m.merchantId === get(fields, 'merchant_id'));
  if (!merchant) return { error: 'The supplied merchant_id is not valid.' };
  if (get(fields, 'merchant_key') !== merchant.merchantKey) return { error: 'The supplied merchant_key is not valid.' };
  const known = fields.filter(([k]) => k !== 'signature' && k !== 'setup').map(([k]) => k);
  const unknown = known.find((k) => !CHECKOUT_ORDER.includes(k));
  if (unknown) return { error: `Unknown field: ${unknown}.` };
  const positions = known.map((k) => CHECKOUT_ORDER.indexOf(k));
  if (positions.some((p, i) => i > 0 && p < positions[i - 1]!)) return { error: 'Fields must be posted in the documented order.' };
  const amount = get(fields, 'amount') ?? '';
  if (!/^\d+\.\d{2}$/.test(amount) || cents(amount) <= 0) return { error: 'The amount must be a positive number with two decimals.' };
  if (!get(fields, 'item_name')?.trim()) return { error: 'item_name is required.' };
  for (const url of ['return_url', 'cancel_url', 'notify_url']) {
    const v = get(fields, url);
    if (v && !/^https?:\/\//.test(v)) return { error: `${url} must be an absolute URL.` };
  }
  if (get(fields, 'signature') !== checkoutSignature(fields, merchant.passphrase)) {
    return { error: 'Generated signature does not match submitted signature.' };
  }
  return { merchant };
}

export function createFakePayFast(options: { merchants?: PayFastMerchant[] } = {}): FakePayFast {
  const merchants = options.merchants ?? [PAYFAST_SANDBOX_MERCHANT];
  const checkouts = new Map<string, Checkout>();
  const itns: SentItn[] = [];
  const validations: FakePayFast['validations'] = [];
  let tamper: PayFastTamper = 'none';
  let tamperLeft = 0;
  let nextPaymentId = 1_000_000 + Math.floor(Math.random() * 1_000_000);
  const refunds = fakePayFastRefunds({
    merchants,
    paymentOf(pfPaymentId) {
      const c = [...checkouts.values()].find((k) => k.pfPaymentId === pfPaymentId && k.finished === 'pay');
      return c && { merchant: c.merchant, cents: cents(get(c.fields, 'amount') ?? '0') };
    },
  });

  function takeTamper(): PayFastTamper {
    if (tamperLeft <= 0) return 'none';
    tamperLeft -= 1;
    return tamper;
  }

  function buildItn(c: Checkout, status: 'COMPLETE' | 'FAILED', how: PayFastTamper): Pairs {
    const f = (k: string) => get(c.fields, k) ?? '';
    const gross = cents(f('amount')) - (how === 'changed-amount' ? 100 : 0);
    const fee = -Math.round(gross * 0.035 + 200);
    const fields: Pairs = [
      ['m_payment_id', f('m_payment_id')],
      ['pf_payment_id', c.pfPaymentId],
      ['payment_status', status],
      ['item_name', f('item_name')],
      ['item_description', f('item_description')],
      ['amount_gross', money(gross)],
      ['amount_fee', money(fee)],
      ['amount_net', money(gross + fee)],
      ...[1, 2, 3, 4, 5].map((i): [string, string] => [`custom_str${i}`, f(`custom_str${i}`)]),
      ...[1, 2, 3, 4, 5].map((i): [string, string] => [`custom_int${i}`, f(`custom_int${i}`)]),
      ['name_first', f('name_first')],
      ['name_last', f('name_last')],
      ['email_address', f('email_address')],
      ['merchant_id', how === 'other-merchant' ? '10000999' : c.merchant.merchantId],
    ];
    return fields;
  }

  async function sendItn(c: Checkout, status: 'COMPLETE' | 'FAILED'): Promise<void> {
    const how = takeTamper();
    const fields = buildItn(c, status, how);
    const signature = how === 'forged-signature' ? md5(randomBytes(16).toString('hex')) : itnSignature(fields, c.merchant.passphrase);
    const signed: Pairs = [...fields, ['signature', signature]];
    const url = get(c.fields, 'notify_url');
    if (!url) return; // no notify_url: PayFast sends the ITN to the account's default, which a fake has not got
    const copies = how === 'duplicate' ? 2 : 1;
    for (let i = 0; i < copies; i += 1) {
      // Known as sent before it is posted: the merchant validates it while we wait for its answer.
      const sent: SentItn = {
        url,
        fields: signed,
        body: encodeForm(signed),
        status: 0,
        validates: how !== 'validate-invalid' && how !== 'forged-signature',
      };
      itns.push(sent);
      Object.assign(sent, await postForm(url, signed));
    }
  }

  async function complete(id: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<string> {
    const c = checkouts.get(id);
    if (!c) throw new Error('no such checkout');
    if (c.finished) throw new Error('checkout already finished');
    c.finished = outcome;
    if (outcome === 'pay') await sendItn(c, 'COMPLETE');
    if (outcome === 'fail') await sendItn(c, 'FAILED');
    return (outcome === 'pay' ? get(c.fields, 'return_url') : get(c.fields, 'cancel_url')) ?? '/';
  }

  /** PayFast confirms an ITN it sent when every posted field equals that ITN's (signature excluded). */
  function validate(posted: Pairs): 'VALID' | 'INVALID' {
    const same = (sent: SentItn) => {
      const fields = sent.fields.filter(([k]) => k !== 'signature');
      return fields.length === posted.length && fields.every(([k, v]) => get(posted, k) === v);
    };
    return itns.some((sent) => sent.validates && same(sent)) ? 'VALID' : 'INVALID';
  }

  const plugin: FastifyPluginAsync = async (app) => {
    acceptForms(app);

    app.post('/eng/process', async (req, reply) => {
      const fields = bodyPairs(req.body);
      const result = checkoutError(fields, merchants);
      if ('error' in result) {
        return reply
          .code(400)
          .type('text/html')
          .send(page('PayFast sandbox', '#e64c3c', `<h2>Unable to process payment</h2><p class="error">${escapeHtml(result.error)}</p>`));
      }
      const id = randomUUID();
      nextPaymentId += 1;
      checkouts.set(id, { id, fields, merchant: result.merchant, pfPaymentId: String(nextPaymentId) });
      return reply.redirect(`${app.prefix}/eng/process/${id}`, 303);
    });

    app.get<{ Params: { id: string } }>('/eng/process/:id', async (req, reply) => {
      const c = checkouts.get(req.params.id);
      if (!c)
        return reply
          .code(404)
          .type('text/html')
          .send(page('PayFast sandbox', '#e64c3c', '<p class="error">This payment does not exist.</p>'));
      const f = (k: string) => escapeHtml(get(c.fields, k) ?? '');
      const button = (outcome: string, label: string, primary = false) =>
        `<form method="post" action="${app.prefix}/eng/process/${c.id}/${outcome}"><button type="submit"${primary ? ' class="primary"' : ''}>${label}</button></form>`;
      const body = c.finished
        ? `<p>This payment is finished (${c.finished}).</p>`
        : `<p class="note">Paying ${escapeHtml(c.merchant.name ?? c.merchant.merchantId)}</p>
<div class="amount">R ${f('amount')}</div>
<dl><dt>Item</dt><dd>${f('item_name')}</dd><dt>Reference</dt><dd>${f('m_payment_id')}</dd><dt>Buyer</dt><dd>${f('email_address')}</dd></dl>
<div class="buttons">${button('pay', 'Pay now', true)}${button('fail', 'Fail payment')}${button('cancel', 'Cancel')}</div>
<p class="note">Sandbox: no money moves. Pay sends a COMPLETE ITN, Fail a FAILED one, Cancel none.</p>`;
      reply.header('content-security-policy', gatewayPagePolicy([get(c.fields, 'return_url'), get(c.fields, 'cancel_url')]));
      return reply.type('text/html').send(page('PayFast sandbox', '#e64c3c', body));
    });

    app.post<{ Params: { id: string; outcome: string } }>('/eng/process/:id/:outcome', async (req, reply) => {
      const { id, outcome } = req.params;
      if (outcome !== 'pay' && outcome !== 'fail' && outcome !== 'cancel') return reply.code(404).send('not found');
      const c = checkouts.get(id);
      if (!c) return reply.code(404).send('This payment does not exist.');
      if (c.finished) return reply.redirect(`${app.prefix}/eng/process/${id}`, 303);
      return reply.redirect(await complete(id, outcome), 303);
    });

    app.post('/eng/query/validate', async (req, reply) => {
      const posted = bodyPairs(req.body);
      const answer = validate(posted);
      validations.push({ body: encodeForm(posted), answer });
      return reply.type('text/plain').send(answer);
    });

    app.post('/_fake/behaviour', async (req, reply) => {
      const b = req.body as { tamper?: string; times?: string | number } | Pairs;
      const t = Array.isArray(b) ? get(b, 'tamper') : b?.tamper;
      const n = Array.isArray(b) ? get(b, 'times') : b?.times;
      const allowed: PayFastTamper[] = ['none', 'forged-signature', 'changed-amount', 'other-merchant', 'duplicate', 'validate-invalid'];
      if (!allowed.includes(t as PayFastTamper)) return reply.code(400).send({ error: `tamper must be one of ${allowed.join(', ')}` });
      tamper = t as PayFastTamper;
      tamperLeft = Number(n ?? 1);
      return { tamper, times: tamperLeft };
    });

    app.get('/_fake/itns', async () => itns);
    refunds.register(app);
  };

  return {
    plugin,
    setTamper(t, times = 1) {
      tamper = t;
      tamperLeft = times;
    },
    itns,
    validations,
    complete,
    checkoutIds: () => [...checkouts.keys()],
    refunds: refunds.control,
    pfPaymentIdOf: (id) => checkouts.get(id)?.pfPaymentId,
  };
}

export type RunningFakePayFast = FakePayFast & { url: string; close(): Promise<void> };

/** The fake on its own port (tests, or a standalone sandbox). */
export async function startFakePayFast(options: { merchants?: PayFastMerchant[] } = {}, port = 0): Promise<RunningFakePayFast> {
  const fake = createFakePayFast(options);
  const app: FastifyInstance = Fastify({ logger: false });
  await app.register(fake.plugin);
  await app.listen({ port, host: '127.0.0.1' });
  const { port: bound } = app.server.address() as AddressInfo;
  return { ...fake, url: `http://127.0.0.1:${bound}`, close: () => app.close() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakePayFast({}, Number(process.argv[2] ?? 0));
  console.log(`fake PayFast at ${fake.url} (merchant 10000100 / 46f0cd694581a, passphrase jt7NOE43FZPn)`);
  console.log(
    `  PAYFAST_BASE_URL=${fake.url} PAYFAST_MERCHANT_ID=10000100 PAYFAST_MERCHANT_KEY=46f0cd694581a PAYFAST_PASSPHRASE=jt7NOE43FZPn`,
  );
}
