import type { ReactNode } from 'react';
import { Divider, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UpdateBill } from '@mawingu/contracts/pricing/update';
import { formatMoney } from '../../../lib/money.ts';
import classes from '../components/purchase.module.css';
import { percentText, TotalsList } from '../components/totals-list.tsx';
import { BillFrame, BillNotes } from '../components/bill-frame.tsx';

/** Spec: item, available size, updated size and price, listing only the lines whose size changed. */
export function UpdateBillCard({
  bill,
  currency,
  taxPercent,
  days,
  notes,
  children,
}: {
  bill: UpdateBill;
  currency: string;
  taxPercent: string;
  days: number;
  notes: string[];
  children: ReactNode;
}) {
  const { t } = useTranslation('vmChanges');
  const money = (amount: string) => formatMoney(amount, currency);
  const size = (value: number, unit: string) => t('common.value', { value, unit });
  return (
    <BillFrame titleId="update-bill-title" title={t('update.billTitle')} forDays={t('update.billFor', { count: days })}>
      {bill.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('update.nothingChanged')}
        </Text>
      ) : (
        <Table className={classes.billTable} verticalSpacing={6} fz="sm" withRowBorders={false}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th c="dimmed" fw={500} pr={10}>
                {t('update.item')}
              </Table.Th>
              <Table.Th c="dimmed" fw={500} pr={10}>
                {t('update.available')}
              </Table.Th>
              <Table.Th c="dimmed" fw={500} pr={10}>
                {t('update.updated')}
              </Table.Th>
              <Table.Th c="dimmed" fw={500}>
                {t('common.price')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bill.lines.map((line) => (
              <Table.Tr key={line.name} data-testid={`bill-line-${line.name.toLowerCase()}`}>
                <Table.Td fw={500} pr={10}>
                  {line.name}
                </Table.Td>
                <Table.Td pr={10}>{size(line.fromCount, line.unit)}</Table.Td>
                <Table.Td pr={10}>
                  {size(line.toCount, line.unit)}{' '}
                  <Text span size="xs" c={line.difference > 0 ? 'teal.9' : 'dimmed'}>
                    ({line.difference > 0 ? '+' : ''}
                    {line.difference})
                  </Text>
                </Table.Td>
                <Table.Td className={classes.amount}>{money(line.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Divider />
      <TotalsList
        rows={[
          {
            label: t('update.subtotal'),
            value: money(bill.price),
            testId: 'bill-price',
          },
          {
            label: t('update.tax', { percent: percentText(taxPercent) }),
            value: money(bill.tax),
            testId: 'bill-tax',
          },
          {
            label: t('update.total'),
            value: money(bill.total),
            grand: true,
            testId: 'bill-total',
          },
        ]}
      />
      <BillNotes notes={notes} />
      {children}
    </BillFrame>
  );
}
