import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { enquiries } from '../../../db/schema.ts';

/** A visitor's enquiry about a product service, as the catalogue's product-services page takes it. */
export type Enquiry = { companyId: number; name: string; email: string; productService: string; queryData: string };

/** Keeps an enquiry (content keeps them with contact messages, for the personal-data export); returns its id. */
export async function keepEnquiry(db: Db, enquiry: Enquiry): Promise<number> {
  const [row] = await db.insert(enquiries).values(enquiry).returning({ id: enquiries.id });
  return row!.id;
}

/** Removes an enquiry again: its mail could not be queued, so nobody would ever see it. */
export async function dropEnquiry(db: Db, id: number): Promise<void> {
  await db.delete(enquiries).where(eq(enquiries.id, id));
}
