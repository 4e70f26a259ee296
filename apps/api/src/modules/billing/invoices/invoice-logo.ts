import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { counted } from '../../../observability/counted-cache.ts';
import type { FileService } from '../../tenant/index.ts';
import { parseSvgLogo, type SvgLogo } from './svg-logo.ts';

/** A company logo ready for the PDF: PNG or JPEG bytes pdfkit embeds, or a simple SVG it draws. */
export type InvoiceLogo = { kind: 'raster'; bytes: Buffer } | { kind: 'svg'; logo: SvgLogo };

const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const FILE_PATH = /^\/api\/files\/([0-9a-f-]{36})$/i;

async function readAll(stream: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_LOGO_BYTES) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** What the bytes are, by their content (not the stored content type): PNG, JPEG, simple SVG or nothing usable. */
export function logoOf(bytes: Buffer): InvoiceLogo | null {
  const png = bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47;
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (png || jpeg) return { kind: 'raster', bytes };
  const text = bytes.toString('utf8', 0, Math.min(bytes.length, 200_000));
  if (!/<svg\b/i.test(text)) return null;
  const logo = parseSvgLogo(text);
  return logo ? { kind: 'svg', logo } : null;
}

/**
 * Loads a company's logo (its `logoPath`, a file of that company served at /api/files/{id}) for
 * invoices, cached per company and path for the catalogue's TTL. A logo elsewhere (another site)
 * is not fetched from the server: the invoice then shows the company name instead.
 */
export function createInvoiceLogos(files: FileService, cacheTtlMs: number) {
  const cache = new LRUCache<string, { logo: InvoiceLogo | null }>({ max: 200, ttl: Math.max(cacheTtlMs, 1) });

  async function load(companyId: number, logoPath: string): Promise<InvoiceLogo | null> {
    const id = FILE_PATH.exec(logoPath.trim())?.[1];
    if (!id) return null;
    const file = await files.openOfCompany(id, companyId);
    if (!file) return null;
    const bytes = await readAll(file.stream);
    return bytes ? logoOf(bytes) : null;
  }

  return async function logoOfCompany(companyId: number, logoPath: string | null): Promise<InvoiceLogo | null> {
    if (!logoPath) return null;
    const key = `${companyId}:${logoPath}`;
    const hit = cacheTtlMs > 0 ? counted('invoice-logos', cache.get(key)) : undefined;
    if (hit) return hit.logo;
    let logo: InvoiceLogo | null = null;
    try {
      logo = await load(companyId, logoPath);
    } catch {
      logo = null; // An unreadable logo never stops an invoice.
    }
    if (cacheTtlMs > 0) cache.set(key, { logo });
    return logo;
  };
}
