import { useEffect, useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4, IconPlayerStop, IconReceipt } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TransactionResult } from '@mawingu/contracts/payments';
import { paths } from '../../../app/paths.ts';
import { readPendingPayment } from '../../../lib/storage/pending-payment.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { ResultPanel, ResultText } from '../components/result-panel.tsx';
import { usePaymentsText } from '../payments-text.ts';
import { GATEWAY_LABELS, returnRequestOf } from '../return-request.ts';
import { settleCompletedPayment } from '../settle-payment.ts';
import { successfulHref } from '../successful-href.ts';
import { useTransactionResult } from '../use-transaction-result.ts';

/** The success view stays this long before the success page takes over (Continue goes at once). */
export const SUCCESS_VIEW_MS = 2500;

function BackToShopping({ productId, primary }: { productId: number | null; primary?: boolean }) {
  const { t } = useTranslation('payments');
  return productId !== null ? (
    <Button component={Link} to={paths.productDetails.getHref(productId)} variant={primary ? 'filled' : 'default'}>
      {t('status.backToProduct')}
    </Button>
  ) : (
    <Button component={Link} to={paths.marketplace.getHref()} variant={primary ? 'filled' : 'default'}>
      {t('status.marketplace')}
    </Button>
  );
}

function SuccessView({ result }: { result: TransactionResult }) {
  const { t } = useTranslation('payments');
  const specText = usePaymentsText();
  const navigate = useNavigate();
  const next = successfulHref(result.orderID, result.invoiceToken);

  useEffect(() => {
    settleCompletedPayment(result, (outcome) => {
      if (outcome.kind === 'uploaded') showSuccessToast(specText(outcome.message) || t('spec.licenceUploaded'));
      else
        showErrorToast(
          [outcome.message && specText(outcome.message), t('status.licenceUploadFailed', { id: result.orderID })].filter(Boolean).join(' '),
        );
    });
    const timer = setTimeout(() => void navigate(next, { replace: true }), SUCCESS_VIEW_MS);
    return () => clearTimeout(timer);
  }, [result, next, navigate, specText, t]);

  return (
    <ResultPanel
      icon={IconCircleCheck}
      color="teal"
      title={t('status.successTitle')}
      testId="payment-success"
      actions={
        <Button component={Link} to={next} replace>
          {t('status.continue')}
        </Button>
      }
    >
      <ResultText>{t('spec.yourOrderIdIs', { id: result.orderID })}</ResultText>
      <ResultText>{t('status.successText')}</ResultText>
    </ResultPanel>
  );
}

/**
 * The four result pages (/transaction-status/{kind}, -payfast/{kind}, -pesapal/{tranRef}/{kind},
 * -paypal/{tranRef}/{kind}): reads the gateway's return, posts it once to the transaction update
 * call for the purchase kind, and shows what the server found: Complete (then the success page),
 * Error (Failed), Cancelled, or Pending (asked again every 2 s for a minute, then Check again).
 */
export default function TransactionStatusPage() {
  const { t } = useTranslation('payments');
  const specText = usePaymentsText();
  const location = useLocation();
  // Read once: the success view clears it 10 s later, and the page must not change its question.
  const [pending] = useState(readPendingPayment);
  const { commingFrom, tranRef, option3 } = useParams();
  const request = useMemo(
    () =>
      returnRequestOf({
        pathname: location.pathname,
        search: new URLSearchParams(location.search),
        params: { commingFrom, tranRef, option3 },
        pending,
      }),
    [location.pathname, location.search, commingFrom, tranRef, option3, pending],
  );
  const { query, gaveUp, checkAgain } = useTransactionResult(request, `${location.key}:${location.pathname}${location.search}`);
  const reply = query.data;
  const result = reply?.status === 200 ? reply.data : null;
  const productId = result?.productID ?? pending?.productId ?? null;
  const account = (
    <Button component={Link} to={paths.customerProfile.getHref(2)} variant="default">
      {t('status.viewPurchases')}
    </Button>
  );

  // Nothing in the address and no payment of this browser's: nothing failed, there is just nothing to confirm.
  if (request === null) {
    return (
      <ResultPanel icon={IconReceipt} color="gray" title={t('status.nothingTitle')} testId="payment-nothing" actions={account}>
        <ResultText>{t('status.nothingToConfirm')}</ResultText>
      </ResultPanel>
    );
  }

  const checking = (
    <ResultPanel busy title={t('status.loadingTitle')} testId="payment-checking">
      <ResultText>{t('status.loadingText', { gateway: GATEWAY_LABELS[request.gateway] ?? t('status.gatewayFallback') })}</ResultText>
    </ResultPanel>
  );
  if (!reply || (query.isFetching && !result)) return checking;

  // Not the viewer's payment (another customer's reference, an unknown order): nothing of theirs failed.
  if (reply.status === 404) {
    return (
      <ResultPanel icon={IconReceipt} color="gray" title={t('status.nothingTitle')} testId="payment-nothing" actions={account}>
        {reply.message && <ResultText>{specText(reply.message)}</ResultText>}
        <ResultText>{t('status.nothingToConfirm')}</ResultText>
      </ResultPanel>
    );
  }

  if (!result) {
    const noResponse = reply.status === 0;
    return (
      <ResultPanel
        icon={IconCircleX}
        color="red"
        title={t('status.failedTitle')}
        testId="payment-failed"
        actions={
          <>
            {noResponse ? (
              <Button onClick={() => void query.refetch()}>{t('status.tryAgain')}</Button>
            ) : (
              <BackToShopping productId={productId} primary />
            )}
            {account}
          </>
        }
      >
        {noResponse ? (
          <ResultText>{t('status.noResponseText')}</ResultText>
        ) : (
          reply.message && <ResultText>{specText(reply.message)}</ResultText>
        )}
        {!noResponse && <ResultText>{t('status.failedText')}</ResultText>}
      </ResultPanel>
    );
  }

  switch (result.transactionStatus) {
    case 'Complete':
      return <SuccessView result={result} />;
    case 'Cancelled':
      return (
        <ResultPanel
          icon={IconPlayerStop}
          color="gray"
          title={t('status.cancelledTitle')}
          testId="payment-cancelled"
          actions={
            <>
              <BackToShopping productId={productId} primary />
              {account}
            </>
          }
        >
          <ResultText>{t('status.orderLabel', { id: result.orderID })}</ResultText>
          <ResultText>{t('status.cancelledText')}</ResultText>
        </ResultPanel>
      );
    case 'Pending':
      if (!gaveUp) return checking;
      return (
        <ResultPanel
          icon={IconClockHour4}
          color="blue"
          title={t('spec.paymentPending')}
          testId="payment-pending"
          actions={
            <>
              <Button onClick={checkAgain}>{t('status.checkAgain')}</Button>
              {account}
            </>
          }
        >
          <ResultText>{t('status.orderLabel', { id: result.orderID })}</ResultText>
          <ResultText>{t('status.pendingText')}</ResultText>
        </ResultPanel>
      );
    default:
      return (
        <ResultPanel
          icon={IconCircleX}
          color="red"
          title={t('status.failedTitle')}
          testId="payment-failed"
          actions={
            <>
              <BackToShopping productId={productId} primary />
              <Button component={Link} to={paths.customerProfile.getHref(1)} variant="default">
                {t('status.contactSupport')}
              </Button>
            </>
          }
        >
          <ResultText>{t('status.orderLabel', { id: result.orderID })}</ResultText>
          <ResultText>{t('status.failedText')}</ResultText>
          <ResultText>{t('status.refundNote')}</ResultText>
        </ResultPanel>
      );
  }
}
