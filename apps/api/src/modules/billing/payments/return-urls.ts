import type { GatewayKey } from '@mawingu/contracts/purchase';

/** Where the payer's browser and the gateway's server come back to, per gateway. */
export type CheckoutUrls = {
  returnUrl: string;
  cancelUrl: string;
  errorUrl?: string;
  notifyUrl: string;
};

/**
 * The SPA's result pages rely on these exactly. `site` is the tenant's site origin (the browser
 * returns to the brand it paid on); `publicUrl` is where this server itself is reached (the
 * gateway's server calls it). `kind` is the order's purchase kind (commingFrom).
 */
export function checkoutUrls(gateway: GatewayKey, at: { site: string; publicUrl: string; reference: string; kind: number }): CheckoutUrls {
  const { site, publicUrl, reference, kind } = at;
  const ref = encodeURIComponent(reference);
  switch (gateway) {
    case 'payfast': {
      // PayFast's return carries nothing: the page finds the attempt by ?ref= and waits for the ITN.
      const returnUrl = `${site}/transaction-status-payfast/${kind}?ref=${ref}`;
      return {
        returnUrl,
        cancelUrl: `${returnUrl}&cancelled=1`,
        notifyUrl: `${publicUrl}/api/virtualMachine/notifyPayFastStatus`,
      };
    }
    case 'ozow': {
      // Ozow appends its (hashed) result fields to each of these.
      const page = `${site}/transaction-status/${kind}`;
      return {
        returnUrl: page,
        cancelUrl: page,
        errorUrl: page,
        notifyUrl: `${publicUrl}/api/payments/ozow/notify`,
      };
    }
    case 'pesapal': {
      const returnUrl = `${site}/transaction-status-pesapal/${ref}/${kind}`;
      return {
        returnUrl,
        cancelUrl: `${returnUrl}?cancelled=1`,
        notifyUrl: `${publicUrl}/api/payments/pesapal/ipn`,
      };
    }
    case 'paypal': {
      const returnUrl = `${site}/transaction-status-paypal/${ref}/${kind}`;
      // PayPal sends no server notification we rely on; its webhook route is only a hint.
      return {
        returnUrl,
        cancelUrl: `${returnUrl}?cancelled=1`,
        notifyUrl: `${publicUrl}/api/payments/paypal/webhook`,
      };
    }
  }
}
