import { execFile } from 'node:child_process';
import type { Page } from 'playwright-core';

/** View Invoice opens the viewer in a new window; its address carries the invoice's token. */
export async function openInvoiceViewer(p: Page): Promise<{ viewer: Page; token: string }> {
  const [viewer] = await Promise.all([p.context().waitForEvent('page'), p.getByRole('link', { name: /View Invoice/ }).click()]);
  await viewer.waitForURL(/\/DownloadInvoice\//i);
  const token = decodeURIComponent(
    viewer
      .url()
      .split(/\/DownloadInvoice\//i)[1]!
      .split(/[?#]/)[0]!,
  );
  return { viewer, token };
}

/** The invoice PDF as text (pdftotext -layout), fetched with the page's session like the viewer does. */
export async function invoiceText(p: Page, port: number, site: string, token: string): Promise<string> {
  const session = await p.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null') as { token: string } | null);
  // Node cannot resolve *.mawingu.test: the call goes to loopback and names the site in Origin.
  const reply = await fetch(`http://localhost:${port}/api/invoice/pdf/${token}`, {
    headers: { authorization: session!.token, origin: site },
  });
  if (!reply.headers.get('content-type')?.includes('application/pdf')) throw new Error(`no PDF: ${reply.status} ${await reply.text()}`);
  const pdf = Buffer.from(await reply.arrayBuffer());
  return new Promise<string>((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-', '-'], { encoding: 'utf8' }, (error, out) =>
      error ? reject(error) : resolve(out),
    );
    child.stdin!.end(pdf);
  });
}
