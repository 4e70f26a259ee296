import { useEffect, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { IconArrowLeft, IconCircleX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { postTransactionUpdate, transactionCallOf } from '../../../api/payments/transaction-update.ts';
import { paths } from '../../../app/paths.ts';
import { readPendingPayment, type PendingPayment } from '../../../lib/storage/pending-payment.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { ResultPanel, ResultText } from '../components/result-panel.tsx';
import { usePaymentsText } from '../payments-text.ts';
import { GATEWAY_NAMES } from '../return-request.ts';

type FailedState = { message?: unknown; productId?: unknown } | null;

/** Spec section 4: a failed PayPal payment is reported as a cancelled transaction, once per visit. */
function useReportCancelledPaypal(pending: PendingPayment | null, visitKey: string) {
  const paypal = pending?.paymentMode === GATEWAY_NAMES.paypal ? pending : null;
  useQuery({
    queryKey: ['payments', 'report-cancelled', visitKey, paypal?.orderId ?? null] as const,
    queryFn: () =>
      postTransactionUpdate(transactionCallOf(paypal!.kind), {
        orderId: paypal!.orderId,
        TransactionReference: paypal!.reference,
        paymentMode: GATEWAY_NAMES.paypal,
        status: 'cancelled',
      }),
    enabled: paypal !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}

/**
 * /PurchaseFailed (spec section 2): "We can not process your request. payment gateway failure",
 * the server's own words as an error toast, and Back to the product. A PayPal payment that ends
 * here is reported as cancelled.
 */
export default function PurchaseFailedPage() {
  const { t } = useTranslation('payments');
  const specText = usePaymentsText();
  const location = useLocation();
  const state = location.state as FailedState;
  const [pending] = useState(readPendingPayment);
  const visitKey = `${location.key}:${location.pathname}${location.search}`;
  useReportCancelledPaypal(pending, visitKey);

  // The server's words come with the navigation (never from the address, where anyone could write them).
  const message = typeof state?.message === 'string' ? state.message : null;
  const toasted = useRef(false);
  useEffect(() => {
    if (!message || toasted.current) return;
    toasted.current = true;
    showErrorToast(specText(message));
  }, [message, specText]);

  const stateProduct = typeof state?.productId === 'number' ? state.productId : null;
  const productId = stateProduct ?? pending?.productId ?? null;

  return (
    <ResultPanel
      icon={IconCircleX}
      color="red"
      title={t('failed.pageTitle')}
      testId="purchase-failed"
      actions={
        <Button
          component={Link}
          to={productId !== null ? paths.productDetails.getHref(productId) : paths.marketplace.getHref()}
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {productId !== null ? t('failed.back') : t('failed.backToMarketplace')}
        </Button>
      }
    >
      <ResultText>{t('spec.purchaseFailed')}</ResultText>
      <ResultText>{t('failed.text')}</ResultText>
    </ResultPanel>
  );
}
