import type { ReactNode } from 'react';
import { Card, Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Bill } from '@mawingu/contracts/pricing/bill';
import { formatMoney } from '../../../lib/money.ts';
import classes from './purchase.module.css';
import { BillLinesTable } from './bill-lines-table.tsx';
import { percentText, TotalsList } from './totals-list.tsx';

type BillCardProps = {
  bill: Bill | null;
  currency: string;
  taxPercent: string;
  days: number;
  notes: string[];
  children?: ReactNode;
};

/** Spec "Total Value": item, size and price per line, then price, tax (percent), discount and total. */
export function BillCard({ bill, currency, taxPercent, days, notes, children }: BillCardProps) {
  const { t } = useTranslation('purchase');
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <Card padding="lg" withBorder shadow="sm" radius="md" component="section" aria-labelledby="bill-title" data-testid="bill">
      <Stack gap="md">
        <div>
          <Title order={2} id="bill-title" className={classes.sectionTitle}>
            {t('bill.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('bill.forDays', { count: days })}
          </Text>
        </div>
        {bill ? (
          <>
            <BillLinesTable lines={bill.lines} currency={currency} caption={t('bill.caption')} />
            <Divider />
            <TotalsList
              rows={[
                { label: t('bill.subtotal'), value: money(bill.price), testId: 'bill-price' },
                { label: t('bill.tax', { percent: percentText(taxPercent) }), value: money(bill.tax), testId: 'bill-tax' },
                {
                  label: t('bill.discount'),
                  value: bill.discount === '0.00' ? money(bill.discount) : `−${money(bill.discount)}`,
                  testId: 'bill-discount',
                },
                { label: t('bill.total'), value: money(bill.total), grand: true, testId: 'bill-total' },
              ]}
            />
          </>
        ) : (
          <Text size="sm" c="red.8">
            {t('bill.unavailable')}
          </Text>
        )}
        {notes.length > 0 && (
          <Stack gap={2}>
            {notes.map((note) => (
              <Text key={note} size="xs" c="dimmed">
                {note}
              </Text>
            ))}
          </Stack>
        )}
        {children}
      </Stack>
    </Card>
  );
}
