import { timingSafeEqual } from 'node:crypto';

/** Compares two hex digests without leaking where they differ (case-insensitive, as gateways vary). */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}
