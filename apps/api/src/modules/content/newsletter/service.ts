import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Language } from '@mawingu/contracts/languages';
import { messages } from '@mawingu/contracts/messages';
import { DEFAULT_MAIL_TEXTS, fillMailText } from '@mawingu/contracts/mail-texts';
import type { Db } from '../../../db/client.ts';
import { newsletterSubscribers } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MailService } from '../../platform/index.ts';
import type { Tenant } from '../../tenant/index.ts';
import type { NewsletterLinks } from './links.ts';
import { newLinkToken, tokenHash } from '../../../integrations/secrets/link-token.ts';

/** The link in the welcome mail; the SPA's /newsletter page sends the token back. */
export const unsubscribeLink = (websiteUrl: string, token: string) => `${websiteUrl}/newsletter?token=${token}`;

/** Where a newsletter's List-Unsubscribe header points (RFC 8058 one-click): the API behind the mail's own link, same token. */
export const oneClickLink = (websiteUrl: string, token: string) =>
  `${websiteUrl}/api/newsLetter/oneClick?token=${encodeURIComponent(token)}`;

/** The welcome mail: the company's own text of it when edited (applied at delivery), else today's default. */
function welcomeMail(company: string, websiteUrl: string, token: string, language: Language) {
  const vars = { company, link: unsubscribeLink(websiteUrl, token) };
  const text = DEFAULT_MAIL_TEXTS[language]['newsletter-welcome'];
  return {
    subject: fillMailText(text.subject, vars),
    text: fillMailText(text.body, vars),
    language,
    template: { key: 'newsletter-welcome', vars },
    listUnsubscribe: oneClickLink(websiteUrl, token),
  };
}

/**
 * Newsletter subscriptions per company. The unsubscribe token is random (32 bytes), mailed once and
 * stored only as its SHA-256: a leaked table cannot unsubscribe anyone, and a used link is dead.
 */
export function createNewsletterService(db: Db, mail: MailService, links?: NewsletterLinks) {
  /** `language`: the site's, for the welcome mail. */
  async function subscribe(tenant: Tenant, emailID: string, language: Language): Promise<void> {
    // Addresses differ only by case in practice never; one row per mailbox.
    const email = emailID.toLowerCase();
    const token = newLinkToken();
    const hashed = tokenHash(token);
    // New address: insert. Unsubscribed address: subscribe again. Active address: nothing → 409.
    const [row] = await db
      .insert(newsletterSubscribers)
      .values({ companyId: tenant.id, email, unsubscribeTokenHash: hashed })
      .onConflictDoUpdate({
        target: [newsletterSubscribers.companyId, newsletterSubscribers.email],
        set: { unsubscribeTokenHash: hashed, subscribedAt: sql`now()`, unsubscribedAt: null },
        setWhere: isNotNull(newsletterSubscribers.unsubscribedAt),
      })
      .returning({ id: newsletterSubscribers.id });
    if (!row) throw AppError.conflict(messages.emailExists);

    try {
      await mail.enqueue({ companyId: tenant.id, to: email, ...welcomeMail(tenant.name, tenant.websiteUrl, token, language) });
    } catch (err) {
      // Without the mail there is no way to unsubscribe: leave the address unsubscribed so a retry works.
      await db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: sql`now()`, unsubscribeTokenHash: null })
        .where(eq(newsletterSubscribers.id, row.id));
      throw err;
    }
  }

  /** A newsletter's signed link (links.ts): ends that subscription if it is still the one signed for. */
  async function unsubscribeSigned(companyId: number, token: string, subscriberId: number): Promise<void> {
    const ended = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: newsletterSubscribers.id, subscribedAt: newsletterSubscribers.subscribedAt })
        .from(newsletterSubscribers)
        .where(
          and(
            eq(newsletterSubscribers.id, subscriberId),
            eq(newsletterSubscribers.companyId, companyId),
            isNull(newsletterSubscribers.unsubscribedAt),
          ),
        )
        .for('update');
      if (!row || !links!.verify(token, { id: row.id, companyId, subscribedAt: row.subscribedAt })) return false;
      await tx
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: sql`now()`, unsubscribeTokenHash: null })
        .where(eq(newsletterSubscribers.id, row.id));
      return true;
    });
    if (!ended) throw AppError.notFound(messages.unsubscribeLinkInvalid);
  }

  /** Ends the subscription the token belongs to, in this company only; the token then stops working. */
  async function unsubscribe(companyId: number, token: string): Promise<void> {
    const signedFor = links?.subscriberOf(token) ?? null;
    if (signedFor !== null) return unsubscribeSigned(companyId, token, signedFor);
    const [row] = await db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: sql`now()`, unsubscribeTokenHash: null })
      .where(
        and(
          eq(newsletterSubscribers.companyId, companyId),
          eq(newsletterSubscribers.unsubscribeTokenHash, tokenHash(token)),
          isNull(newsletterSubscribers.unsubscribedAt),
        ),
      )
      .returning({ id: newsletterSubscribers.id });
    if (!row) throw AppError.notFound(messages.unsubscribeLinkInvalid);
  }

  return { subscribe, unsubscribe };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
