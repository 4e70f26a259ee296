import { Button, Text } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconExternalLink, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fetchOrderPaymentStatus } from '../../../api/payments/order-payment-status.ts';
import { paths } from '../../../app/paths.ts';
import { ResultPanel, ResultText } from '../components/result-panel.tsx';
import classes from '../components/payments.module.css';

type SuccessState = { orderId?: unknown } | null;

/** What the paid order sets going, by its kind (1 new, 2 clone or snapshot, 3 renew, 4 update, 5 multi-renew). */
const DONE_TEXTS = { 1: 'new', 2: 'snapshot', 3: 'renew', 4: 'update', 5: 'multiRenew' } as const;
const doneKeyOf = (kind: number, backupKind: string | null | undefined) =>
  kind === 2 && backupKind === 'clone' ? 'clone' : (DONE_TEXTS[kind as keyof typeof DONE_TEXTS] ?? 'new');

const orderIdOf = (value: unknown) => {
  const id = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
};

/**
 * /PurchaseSuccessful (spec section 2): "Your Purchase is successful !!", the order id, View
 * Purchase (the account's virtual machines) and View Invoice (/DownloadInvoice/{token} in a new
 * window). The address (or navigation state) only names the order: success, its id and the invoice
 * are shown only when the API says it is the viewer's own paid order. Anything else — no order,
 * someone else's, one not paid — is a neutral page that names no order.
 */
export default function PurchaseSuccessfulPage() {
  const { t } = useTranslation('payments');
  const [search] = useSearchParams();
  const state = useLocation().state as SuccessState;
  const orderId = orderIdOf(search.get('order') ?? state?.orderId);
  const query = useQuery({
    queryKey: ['payments', 'order-status', orderId],
    queryFn: () => fetchOrderPaymentStatus(orderId!),
    enabled: orderId !== null,
    staleTime: 0,
  });
  const account = (
    <Button component={Link} to={paths.customerProfile.getHref(2, 'tabs')}>
      {t('successful.viewPurchase')}
    </Button>
  );

  if (orderId !== null && (query.isPending || (query.isFetching && query.data?.status !== 200))) {
    return <ResultPanel busy title={t('successful.checkingTitle')} testId="purchase-checking" />;
  }
  const result = query.data?.status === 200 ? query.data.data : null;

  if (result?.transactionStatus === 'Pending') {
    return (
      <ResultPanel icon={IconClockHour4} color="blue" title={t('spec.paymentPending')} testId="purchase-pending" actions={account}>
        <ResultText>{t('status.pendingText')}</ResultText>
      </ResultPanel>
    );
  }
  if (result?.transactionStatus !== 'Complete') {
    return (
      <ResultPanel icon={IconReceipt} color="gray" title={t('successful.notFoundTitle')} testId="purchase-not-found" actions={account}>
        <ResultText>{t('successful.noOrder')}</ResultText>
      </ResultPanel>
    );
  }

  const invoiceToken = result.invoiceToken;
  return (
    <ResultPanel
      icon={IconCircleCheck}
      color="teal"
      title={t('spec.purchaseSuccessful')}
      testId="purchase-successful"
      actions={
        <>
          {account}
          {invoiceToken && (
            <Button
              component="a"
              href={paths.downloadInvoice.getHref(invoiceToken)}
              target="_blank"
              rel="noopener"
              variant="default"
              rightSection={<IconExternalLink size={16} aria-hidden />}
              aria-label={t('successful.viewInvoiceLabel')}
            >
              {t('successful.viewInvoice')}
            </Button>
          )}
        </>
      }
    >
      <Text fw={600} size="lg" className={classes.orderId}>
        {t('spec.yourOrderIdIs', { id: result.orderID })}
      </Text>
      <ResultText>{t(`successful.done.${doneKeyOf(result.kind, result.backupKind)}`)}</ResultText>
      {!invoiceToken && <ResultText>{t('successful.invoiceLater')}</ResultText>}
    </ResultPanel>
  );
}
