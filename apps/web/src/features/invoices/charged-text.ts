import { useTranslation } from 'react-i18next';
import type { ChargedPayment } from '@mawingu/contracts/invoices';
import { rateLine } from '@mawingu/contracts/pricing/rate-text';
import { formatMoney } from '../../lib/money.ts';

/** "USD 158.90 at 1 ZAR = 0.063 USD": what the gateway charged in another currency than the order's, and the rate it used. */
export function useChargedText(): (charged: ChargedPayment, orderCurrency: string) => string {
  const { t } = useTranslation('invoices');
  return (charged, orderCurrency) => {
    const amount = formatMoney(charged.amount, charged.currencyCode);
    return charged.rate === null
      ? amount
      : t('history.chargedAt', { amount, rate: rateLine(orderCurrency, charged.currencyCode, charged.rate) });
  };
}
