import type { ReactNode } from 'react';
import { Divider, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Bill } from '@mawingu/contracts/pricing/bill';
import { formatMoney } from '../../../lib/money.ts';
import { BillLinesTable } from './bill-lines-table.tsx';
import { percentText, TotalsList } from './totals-list.tsx';
import { BillFrame, BillNotes } from './bill-frame.tsx';

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
    <BillFrame titleId="bill-title" title={t('bill.title')} forDays={t('bill.forDays', { count: days })}>
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
      <BillNotes notes={notes} />
      {children}
    </BillFrame>
  );
}
