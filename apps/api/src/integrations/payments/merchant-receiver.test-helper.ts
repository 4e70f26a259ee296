import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Stands in for our notify endpoint in adapter tests: records every raw POST body, answers 200. */
export type Received = { path: string; body: string; contentType: string | undefined; ip: string | undefined };
export type Receiver = { url: string; received: Received[]; close(): Promise<void> };

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', body, contentType: req.headers['content-type'], ip: req.socket.remoteAddress });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Posts a checkout form like a browser would; returns the status and Location without following it. */
export async function submitForm(action: string, fields: Array<[string, string]>, method: 'POST' | 'GET' = 'POST') {
  const body = new URLSearchParams(fields).toString();
  const res =
    method === 'POST'
      ? await fetch(action, { method, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
      : await fetch(`${action}?${body}`, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') ?? '', text: await res.text() };
}
