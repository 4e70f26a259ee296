import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { contactMessages, enquiries, newsletterSubscribers } from '../../../db/schema.ts';
import type { PersonalRows } from '../../identity/index.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What the site's content holds about an e-mail address of one company: the newsletter consent
 * (subscribed, unsubscribed), "Write to us" messages and business-unit enquiries sent from it.
 */
export async function contentPersonalData(db: Db, companyId: number, email: string): Promise<Record<string, PersonalRows>> {
  const address = email.toLowerCase();
  const [subscriptions, messages, sent] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.companyId, companyId), eq(newsletterSubscribers.email, address))),
    db
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.companyId, companyId), sql`lower(${contactMessages.email}) = ${address}`))
      .orderBy(asc(contactMessages.createdAt)),
    db
      .select()
      .from(enquiries)
      .where(and(eq(enquiries.companyId, companyId), sql`lower(${enquiries.email}) = ${address}`))
      .orderBy(asc(enquiries.createdAt)),
  ]);
  return {
    newsletter: subscriptions.map((s) => ({ email: s.email, subscribedAt: iso(s.subscribedAt), unsubscribedAt: iso(s.unsubscribedAt) })),
    contactMessages: messages.map((m) => ({ email: m.email, text: m.content, createdAt: iso(m.createdAt) })),
    enquiries: sent.map((e) => ({ name: e.name, email: e.email, about: e.productService, text: e.queryData, createdAt: iso(e.createdAt) })),
  };
}

/** Inside the caller's transaction: the address's subscription, messages and enquiries of this company are deleted. */
export async function eraseContentOf(tx: Db, companyId: number, email: string): Promise<void> {
  const address = email.toLowerCase();
  await tx
    .delete(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.companyId, companyId), eq(newsletterSubscribers.email, address)));
  await tx.delete(contactMessages).where(and(eq(contactMessages.companyId, companyId), sql`lower(${contactMessages.email}) = ${address}`));
  await tx.delete(enquiries).where(and(eq(enquiries.companyId, companyId), sql`lower(${enquiries.email}) = ${address}`));
}
