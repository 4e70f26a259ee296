import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What a signed unsubscribe link names: one subscription (a new subscription of the same address is another). */
export type SignedSubscription = { id: number; companyId: number; subscribedAt: Date };

const SIGNED = /^n(\d{1,12})-([0-9a-f]{64})$/;

/**
 * Unsubscribe links of the newsletters the console sends. The welcome mail's random token is stored
 * only as a hash (one per subscription), so a newsletter cannot reuse it; instead each newsletter mail
 * carries `n<subscriber id>-<HMAC>` with a key derived (HKDF) from the server's auth secret. The HMAC
 * covers the company, the subscriber and the moment of subscribing: it cannot be forged or moved to
 * another address, every newsletter's link keeps working until the address is unsubscribed (then it
 * is dead, like the welcome link), and a later re-subscription is not ended by an old mail's link.
 * The link has the welcome mail's form (`{site}/newsletter?token=…`), so the site's page serves both.
 */
export function createNewsletterLinks(serverSecret: Uint8Array) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'mawingu-newsletter', 'unsubscribe v1', 32));
  const signatureOf = (s: SignedSubscription) =>
    createHmac('sha256', key).update(`${s.companyId}.${s.id}.${s.subscribedAt.getTime()}`).digest();

  return {
    tokenFor(subscription: SignedSubscription): string {
      return `n${subscription.id}-${signatureOf(subscription).toString('hex')}`;
    },
    /** The subscriber id a signed token names, or null when the token is not of this form (e.g. a welcome token). */
    subscriberOf(token: string): number | null {
      const match = SIGNED.exec(token);
      return match ? Number(match[1]) : null;
    },
    /** True when the token was signed for exactly this subscription. */
    verify(token: string, subscription: SignedSubscription): boolean {
      const match = SIGNED.exec(token);
      if (!match || Number(match[1]) !== subscription.id) return false;
      return timingSafeEqual(Buffer.from(match[2]!, 'hex'), signatureOf(subscription));
    },
  };
}

export type NewsletterLinks = ReturnType<typeof createNewsletterLinks>;
