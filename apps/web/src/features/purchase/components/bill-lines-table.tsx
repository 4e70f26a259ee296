import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillLine } from '@mawingu/contracts/pricing/bill';
import { formatMoney } from '../../../lib/money.ts';
import classes from './purchase.module.css';

/** A bill's item, size and price rows, as the configurator and the renew page show them. */
export function BillLinesTable({ lines, currency, caption }: { lines: readonly BillLine[]; currency: string; caption: string }) {
  const { t } = useTranslation('purchase');
  return (
    <Table className={classes.billTable} verticalSpacing={6} fz="sm" withRowBorders={false} aria-label={caption}>
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
        {lines.map((line) => (
          <Table.Tr key={line.name} data-testid={`bill-line-${line.name.toLowerCase()}`}>
            <Table.Td fw={500}>{line.name}</Table.Td>
            <Table.Td>{t('configure.value', { value: line.count, unit: line.unit })}</Table.Td>
            <Table.Td className={classes.amount}>{formatMoney(line.amount, currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
