import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import { multipartBody } from '../../test/multipart.ts';
import { gatewayEvents } from '../db/schema.ts';
import { openBadInputWorld, type BadInputWorld, type Route } from './bad-input.test-helper.ts';

/** Issue 13 (point 7): NUL bytes in the gateways' notifications, malformed multipart on every upload. */
describe('bad input is a 4xx, never a 500: gateway notifications and uploads', () => {
  let t: TestContext;
  let pathOf: BadInputWorld['pathOf'];
  let send: BadInputWorld['send'];

  beforeAll(async () => {
    ({ t, pathOf, send } = await openBadInputWorld());
  });
  afterAll(() => t.close());

  describe('gateway notifications carrying a NUL', () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases: { gateway: string; request: InjectOptions; reply: number }[] = [
      {
        gateway: 'payfast',
        request: {
          method: 'POST',
          url: '/api/virtualMachine/notifyPayFastStatus',
          headers: form,
          payload: 'm_payment_id=MW-1%00x&pf_payment_id=1&payment_status=COMPLETE&amount_gross=10.00&item_name=VM\u0000&signature=0',
        },
        reply: 200,
      },
      {
        gateway: 'ozow',
        request: {
          method: 'POST',
          url: '/api/payments/ozow/notify',
          headers: form,
          payload: 'SiteCode=X&TransactionId=1&TransactionReference=MW-1\u0000x&Amount=10.00&Status=Complete&Hash=0',
        },
        reply: 200,
      },
      {
        gateway: 'pesapal',
        request: {
          method: 'GET',
          url: '/api/payments/pesapal/ipn?OrderTrackingId=t%00&OrderMerchantReference=MW-1%00x&OrderNotificationType=IPNCHANGE',
        },
        reply: 200,
      },
      {
        gateway: 'paypal',
        request: {
          method: 'POST',
          url: '/api/payments/paypal/webhook',
          payload: { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'ORDER\u0000X', custom_id: 'MW-1\u0000x' } },
        },
        reply: 200,
      },
    ];

    it.each(cases)('$gateway: answered as the protocol wants, kept with the NUL escaped', async ({ gateway, request, reply }) => {
      const before = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.gateway, gateway));
      const res = await t.app.inject(request);
      expect(res.statusCode, res.body).toBe(reply);
      const after = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.gateway, gateway));
      expect(after.length).toBe(before.length + 1);
      const kept = after.at(-1)!;
      expect(kept.outcome).toBe('refused');
      // Kept as the six characters \u0000 (JSON: \\u0000), never as the byte (JSON: \u0000).
      const stored = JSON.stringify(kept.payload);
      expect(stored).toContain('\\\\u0000');
      expect(stored.replaceAll('\\\\u0000', '')).not.toContain('\\u0000');
    });
  });

  describe('malformed multipart on every upload', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const uploads: { url: string; side: Route['side']; field: string; extra?: Record<string, string> }[] = [
      { url: '/api/profileSetting/updateProfileImage', side: 'customer', field: 'image' },
      { url: '/api/ticket/generateTicket', side: 'customer', field: 'attachments', extra: { issueType: 'Billing', description: 'Broken' } },
      { url: '/api/virtualMachine/uploadCustomerLicense', side: 'customer', field: 'image', extra: { orderID: '1' } },
      { url: '/api/admin/companies/:companyId/settings/logo', side: 'console', field: 'logo' },
      { url: '/api/admin/companies/:companyId/settings/video', side: 'console', field: 'video' },
      { url: '/api/admin/companies/:companyId/settings/documents/:document', side: 'console', field: 'file' },
      { url: '/api/admin/companies/:companyId/content/news/image', side: 'console', field: 'image' },
      { url: '/api/admin/companies/:companyId/catalogue/images', side: 'console', field: 'image' },
      {
        url: '/api/admin/companies/:companyId/tickets/:ticketId/responses',
        side: 'console',
        field: 'attachments',
        extra: { response: 'Done', status: 'Closed' },
      },
    ];
    type Variant = { name: string; payload: Buffer | string; headers: Record<string, string>; wellFormed?: boolean };
    const variants = (field: string, extra: Record<string, string> = {}): Variant[] => {
      const whole = multipartBody([
        ...Object.entries(extra).map(([name, data]) => ({ name, data })),
        { name: field, data: png, filename: 'x.png', contentType: 'image/png' },
      ]);
      const boundary = whole.headers['content-type']!.split('boundary=')[1]!;
      return [
        { name: 'truncated in the file', payload: whole.payload.subarray(0, whole.payload.length - 30), headers: whole.headers },
        { name: 'truncated in the headers', payload: whole.payload.subarray(0, 20), headers: whole.headers },
        { name: 'no boundary', payload: whole.payload, headers: { 'content-type': 'multipart/form-data' } },
        { name: 'another boundary', payload: whole.payload, headers: { 'content-type': 'multipart/form-data; boundary=----not-this-one' } },
        { name: 'empty body', payload: '', headers: whole.headers },
        {
          name: 'no closing boundary',
          payload: Buffer.concat([whole.payload.subarray(0, whole.payload.indexOf(`--${boundary}--`))]),
          headers: whole.headers,
        },
        { name: 'garbage', payload: Buffer.from('\u0000\u0001\u0002 not multipart at all \r\n\r\n--'), headers: whole.headers },
        { name: 'JSON instead', payload: JSON.stringify({ [field]: 'x' }), headers: { 'content-type': 'application/json' } },
        { name: 'plain text instead', payload: 'hello', headers: { 'content-type': 'text/plain' } },
        // Well-formed, with a NUL in the text fields and the file name: taken (the name cleaned) or refused, never a 500.
        {
          name: 'NUL in a text field',
          wellFormed: true,
          ...multipartBody([
            ...Object.entries(extra).map(([name, data]) => ({ name, data: `${data}\u0000` })),
            { name: field, data: png, filename: 'x\u0000.png', contentType: 'image/png' },
          ]),
        },
      ];
    };

    it.each(uploads)('$url: 4xx for each malformed body', async (upload) => {
      const route: Route = { method: 'POST', url: upload.url, side: upload.side };
      const failures: string[] = [];
      for (const variant of variants(upload.field, upload.extra)) {
        const res = await send(route, { url: pathOf(upload.url), payload: variant.payload, headers: variant.headers });
        if (res.status >= 500 || (res.status < 400 && !variant.wellFormed))
          failures.push(`${variant.name} → ${res.status} ${res.text.slice(0, 160)}`);
      }
      expect(failures).toEqual([]);
    });
  });
});
