import { Button, Text } from '@mantine/core';
import { IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { ResultPanel, ResultText } from '../components/result-panel.tsx';
import classes from '../components/payments.module.css';

type SuccessState = { orderId?: unknown; invoiceToken?: unknown } | null;

const orderIdOf = (value: unknown) => {
  const id = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /PurchaseSuccessful (spec section 2): "Your Purchase is successful !!", the order id, View
 * Purchase (the account's virtual machines) and View Invoice (/DownloadInvoice/{token} in a new
 * window). The order and token come in the address (from the result page) or in the navigation state.
 */
export default function PurchaseSuccessfulPage() {
  const { t } = useTranslation('payments');
  const [search] = useSearchParams();
  const state = useLocation().state as SuccessState;
  const orderId = orderIdOf(search.get('order') ?? state?.orderId);
  const invoiceToken = search.get('invoice') ?? (typeof state?.invoiceToken === 'string' ? state.invoiceToken : null);

  return (
    <ResultPanel
      icon={IconCircleCheck}
      color="teal"
      title={t('spec.purchaseSuccessful')}
      testId="purchase-successful"
      actions={
        <>
          <Button component={Link} to={paths.customerProfile.getHref(2)}>
            {t('successful.viewPurchase')}
          </Button>
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
      {orderId !== null ? (
        <Text fw={600} size="lg" className={classes.orderId}>
          {t('spec.yourOrderIdIs', { id: orderId })}
        </Text>
      ) : (
        <ResultText>{t('successful.noOrder')}</ResultText>
      )}
      <ResultText>{t('successful.vmNote')}</ResultText>
      {orderId !== null && !invoiceToken && <ResultText>{t('successful.invoiceLater')}</ResultText>}
    </ResultPanel>
  );
}
