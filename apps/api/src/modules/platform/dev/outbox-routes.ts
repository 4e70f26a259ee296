import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { outboxMails } from '../../../db/schema.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Development only: the mails the outbox transport kept, newest first, as a page (/dev/outbox) and
 * as JSON (/dev/outbox.json, used by end-to-end tests to read one-time codes).
 */
export function outboxRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    const latest = () => db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(200);

    app.get('/dev/outbox.json', async () => ({ status: 200, message: 'Success', data: await latest() }));

    app.get('/dev/outbox', async (_req, res) => {
      const rows = await latest();
      const items = rows
        .map(
          (
            m,
          ) => `<article><header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)} · ${m.createdAt.toISOString()}</span></header>
<pre>${escape(m.text)}</pre>${m.attachments.length ? `<p>Attachments: ${m.attachments.map((a) => escape(a.filename)).join(', ')}</p>` : ''}</article>`,
        )
        .join('\n');
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Outbox</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
article{border:1px solid #dee2e6;border-radius:8px;padding:1rem;margin:0 0 1rem}header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;justify-content:space-between}
span{color:#6c757d}pre{white-space:pre-wrap;background:#f8f9fa;padding:.75rem;border-radius:6px}</style></head>
<body><h1>Outbox</h1><p>Mail kept instead of sent because no SMTP_URL is configured (${rows.length} shown).</p>${items || '<p>No mail yet.</p>'}</body></html>`;
      return res.type('text/html; charset=utf-8').send(page);
    });
  };
}
