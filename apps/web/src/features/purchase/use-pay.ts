import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OrderDetail } from '@mawingu/contracts/purchase';
import { startPayment } from '../../api/purchase/start-payment.ts';
import { paths, type PurchaseKind } from '../../app/paths.ts';
import { assignLocation } from '../../lib/browser-location.ts';
import { storePendingPayment } from '../../lib/storage/pending-payment.ts';
import { postForm } from './post-form.ts';

export type PayError = { message: string; alreadyPaid: boolean };

/**
 * The Pay button: startPayment, keep the pending payment for the result page, then leave for the
 * gateway (form post or redirect) or, bypassed, go straight to /transaction-status/{kind}.
 */
export function usePay(order: OrderDetail | null, kind: PurchaseKind, gateway: string | null) {
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<PayError | null>(null);

  // Back from a gateway may restore this page from the back/forward cache with Pay still busy.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setPaying(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const pay = async () => {
    if (!order || paying) return;
    setPaying(true);
    setError(null);
    const result = await startPayment({ orderID: order.orderID, ...(gateway && { paymentGateway: gateway }) });
    if (!result.ok) {
      setPaying(false);
      setError({ message: result.reply.message, alreadyPaid: result.reply.status === 409 });
      return;
    }
    const { data } = result.reply;
    storePendingPayment({
      orderId: data.orderID,
      kind,
      reference: data.transactionReference,
      paymentMode: data.paymentMode,
      productId: order.productID,
    });
    const { start } = data;
    if (start.kind === 'form-post') postForm(start.action, start.fields);
    else if (start.kind === 'redirect') assignLocation(start.url);
    else void navigate(paths.transactionStatus.getHref(kind));
  };

  return { pay, paying, error };
}
