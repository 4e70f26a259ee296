import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UsdTotals } from '@mawingu/contracts/pricing/currency';
import { formatMoney } from '../../../lib/money.ts';
import { TotalsList } from './totals-list.tsx';

/** The bill converted to USD for the PayPal-type gateway (spec: total, tax and payable in USD). */
export function UsdFigures({ usd, note }: { usd: UsdTotals; note: string }) {
  const { t } = useTranslation('purchase');
  const money = (amount: string) => formatMoney(amount, 'USD');
  return (
    <Paper withBorder radius="md" p="md" bg="blue.0" data-testid="usd-figures">
      <Text size="sm" fw={600} mb={6}>
        {t('gateway.usdTitle')}
      </Text>
      <TotalsList
        label={t('gateway.usdTitle')}
        rows={[
          { label: t('gateway.price'), value: money(usd.price) },
          { label: t('gateway.tax'), value: money(usd.tax) },
          ...(usd.discount !== '0.00' ? [{ label: t('gateway.discount'), value: `−${money(usd.discount)}` }] : []),
          { label: t('gateway.total'), value: money(usd.total), grand: true, testId: 'usd-total' },
        ]}
      />
      <Text size="xs" c="dimmed" mt="sm">
        {note}
      </Text>
    </Paper>
  );
}
