import type { ReactNode } from 'react';
import { Card, Divider, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Bill } from '@mawingu/contracts/pricing/bill';
import { formatMoney } from '../../../lib/money.ts';
import classes from './purchase.module.css';
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
            <Table className={classes.billTable} verticalSpacing={6} fz="sm" withRowBorders={false} aria-label={t('bill.caption')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th c="dimmed" fw={500}>
                    {t('bill.item')}
                  </Table.Th>
                  <Table.Th c="dimmed" fw={500}>
                    {t('bill.size')}
                  </Table.Th>
                  <Table.Th c="dimmed" fw={500}>
                    {t('bill.price')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bill.lines.map((line) => (
                  <Table.Tr key={line.name} data-testid={`bill-line-${line.name.toLowerCase()}`}>
                    <Table.Td fw={500}>{line.name}</Table.Td>
                    <Table.Td>{t('configure.value', { value: line.count, unit: line.unit })}</Table.Td>
                    <Table.Td className={classes.amount}>{money(line.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Divider />
            <TotalsList
              rows={[
                { label: t('bill.subtotal'), value: money(bill.price), testId: 'bill-price' },
                { label: t('bill.tax', { percent: percentText(taxPercent) }), value: money(bill.tax), testId: 'bill-tax' },
                { label: t('bill.discount'), value: bill.discount === '0.00' ? money(bill.discount) : `−${money(bill.discount)}`, testId: 'bill-discount' },
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
