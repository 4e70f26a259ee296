/**
 * The fake Ozow's Refund API (hub.ozow.com "Refunds integration" steps 1–4, "List refunds"; Ozow's
 * WooCommerce plugin; ADR 0127), on the same fake as the payments:
 *
 *   POST {base}/token                         form grant_type=password & SiteCode, header ApiKey → bearer token
 *   POST {base}/secure/refunds/submit         [{TransactionId, Amount, RefundReason, NotifyUrl, HashCheck}]
 *   GET  {base}/secure/refunds/getrefunds     ?RefundDate=yyyy/MM/dd[&Status=]: the site's refunds of that day
 *
 * A refund is refused per item (errors, no refundId) for a bad HashCheck, an unknown or unpaid
 * transaction, or an amount above what is left of the payment. An accepted refund is Pending (Ozow
 * pays refunds in batches from the merchant's float) until `settle` finishes it: the result is then
 * posted to its NotifyUrl as a form with a SHA-512 Hash, as Ozow does.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyPairs, get, postForm, type Pairs } from './gateway-fake-kit.ts';

type Site = { siteCode: string; privateKey: string; apiKey: string };
type Paid = { site: Site; transactionId: string; transactionReference: string; amount: string };

export type FakeOzowRefund = {
  id: string;
  transactionId: string;
  transactionReference: string;
  siteCode: string;
  amount: string;
  reason: string;
  notifyUrl: string;
  status: 'Pending' | 'Submitted' | 'Complete' | 'Failed' | 'Cancelled' | 'Returned';
  createdDate: string;
};

export type OzowRefundControl = {
  refunds: Map<string, FakeOzowRefund>;
  notifications: Array<{ url: string; fields: Pairs; status: number; error?: string }>;
  /** The batch is paid (Complete) or not (Failed, Returned…): the result goes to NotifyUrl. `forge`: a wrong Hash. */
  settle(refundId: string, status: FakeOzowRefund['status'], options?: { forge?: boolean; message?: string }): Promise<void>;
  /** The next submitted refund is made but its answer is lost (503). */
  loseNextAnswer(): void;
};

const sha512 = (s: string) => createHash('sha512').update(s.toLowerCase(), 'utf8').digest('hex');
const cents = (v: string) => Math.round(Number(v) * 100);
const NOTIFY_ORDER = ['RefundId', 'TransactionId', 'CurrencyCode', 'Amount', 'Status', 'BankName', 'AccountNumber', 'StatusMessage'];

export function fakeOzowRefunds(deps: { sites: Site[]; paid(transactionId: string): Paid | undefined }): {
  register(app: FastifyInstance): void;
  control: OzowRefundControl;
} {
  const tokens = new Map<string, Site>();
  const refunds = new Map<string, FakeOzowRefund>();
  const notifications: OzowRefundControl['notifications'] = [];
  let loseAnswer = false;
  const taken = (transactionId: string) =>
    [...refunds.values()]
      .filter((r) => r.transactionId === transactionId && !['Failed', 'Cancelled', 'Returned'].includes(r.status))
      .reduce((sum, r) => sum + cents(r.amount), 0);

  function siteOf(req: FastifyRequest, reply: FastifyReply): Site | undefined {
    const header = req.headers.authorization ?? '';
    const site = tokens.get(header.startsWith('Bearer ') ? header.slice(7) : '');
    if (!site) void reply.code(401).send({ message: 'Authorization has been denied for this request.' });
    return site;
  }

  function submitOne(site: Site, item: Record<string, unknown>) {
    const transactionId = String(item.TransactionId ?? item.transactionId ?? '');
    const amountValue = Number(item.Amount ?? item.amount);
    const reason = String(item.RefundReason ?? item.refundReason ?? '');
    const notifyUrl = String(item.NotifyUrl ?? item.notifyUrl ?? '');
    const hashCheck = String(item.HashCheck ?? item.hashCheck ?? '').toLowerCase();
    const answer = (errors: string[], refundId: string | null = null) => ({
      refundId,
      transactionId,
      refundAmount: Number.isFinite(amountValue) ? amountValue : 0,
      errors: errors.length ? errors : null,
    });
    if (!Number.isFinite(amountValue) || amountValue <= 0) return answer(['Amount must be greater than zero.']);
    const amount = amountValue.toFixed(2);
    if (hashCheck !== sha512(`${transactionId}${amount}${reason}${notifyUrl}${site.privateKey}`)) return answer(['Hash check failed.']);
    const paid = deps.paid(transactionId);
    if (!paid || paid.site.siteCode !== site.siteCode) return answer(['Transaction not found or not complete.']);
    if (reason.length > 500 || notifyUrl.length > 500) return answer(['RefundReason and NotifyUrl have at most 500 characters.']);
    if (cents(amount) > cents(paid.amount) - taken(transactionId))
      return answer(['The refund amount exceeds the amount available for refund on this transaction.']);
    const refund: FakeOzowRefund = {
      id: randomUUID(),
      transactionId,
      transactionReference: paid.transactionReference,
      siteCode: site.siteCode,
      amount,
      reason,
      notifyUrl,
      status: 'Pending',
      createdDate: new Date().toISOString(),
    };
    refunds.set(refund.id, refund);
    return answer([], refund.id);
  }

  const register = (app: FastifyInstance) => {
    app.post('/token', async (req, reply) => {
      const form = bodyPairs(req.body);
      const site = deps.sites.find((s) => s.apiKey === req.headers.apikey && s.siteCode === get(form, 'SiteCode'));
      if (!site || get(form, 'grant_type')?.toLowerCase() !== 'password')
        return reply.code(400).send({ error: 'invalid_grant', error_description: 'The ApiKey or SiteCode is incorrect.' });
      const token = randomUUID().replaceAll('-', '');
      tokens.set(token, site);
      return { access_token: token, token_type: 'bearer', expires_in: 86399 };
    });

    app.post('/secure/refunds/submit', async (req, reply) => {
      const site = siteOf(req, reply);
      if (!site) return reply;
      if (!Array.isArray(req.body)) return reply.code(400).send({ message: 'The request is invalid: an array of refunds is expected.' });
      const answers = (req.body as Array<Record<string, unknown>>).map((item) => submitOne(site, item ?? {}));
      if (loseAnswer) {
        loseAnswer = false;
        return reply.code(503).send({ message: 'Service Unavailable' });
      }
      return answers;
    });

    app.get('/secure/refunds/getrefunds', async (req, reply) => {
      const site = siteOf(req, reply);
      if (!site) return reply;
      const q = req.query as { RefundDate?: string; Status?: string };
      const day = (q.RefundDate ?? '').replaceAll('/', '-');
      return [...refunds.values()]
        .filter((r) => r.siteCode === site.siteCode && r.createdDate.startsWith(day) && (!q.Status || q.Status === r.status))
        .map((r) => ({
          id: r.id,
          createdDate: r.createdDate,
          createdDateUtc: r.createdDate,
          siteCode: r.siteCode,
          currencyCode: 'ZAR',
          amount: Number(r.amount),
          status: r.status,
          transactionReference: r.transactionReference,
          refundCompletedDate: r.status === 'Complete' ? new Date().toISOString() : null,
        }));
    });
  };

  async function settle(refundId: string, status: FakeOzowRefund['status'], options: { forge?: boolean; message?: string } = {}) {
    const refund = refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    refund.status = status;
    const site = deps.sites.find((s) => s.siteCode === refund.siteCode)!;
    const fields: Pairs = [
      ['RefundId', refund.id],
      ['TransactionId', refund.transactionId],
      ['CurrencyCode', 'ZAR'],
      ['Amount', refund.amount],
      ['Status', status],
      ['BankName', 'Test Bank'],
      ['AccountNumber', '******4411'],
      ['StatusMessage', options.message ?? (status === 'Complete' ? 'Refund paid' : `Refund ${status.toLowerCase()}`)],
    ];
    const hash = sha512(NOTIFY_ORDER.map((k) => get(fields, k) ?? '').join('') + (options.forge ? 'not-the-key' : site.privateKey));
    const signed: Pairs = [...fields, ['Hash', hash]];
    if (refund.notifyUrl) notifications.push({ url: refund.notifyUrl, fields: signed, ...(await postForm(refund.notifyUrl, signed)) });
  }

  return {
    register,
    control: {
      refunds,
      notifications,
      settle,
      loseNextAnswer: () => {
        loseAnswer = true;
      },
    },
  };
}
