import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VmProductDetails } from '@mawingu/contracts/purchase';
import { formatMoney } from '../../../lib/money.ts';
import { slidersOf } from '../configurator.ts';
import classes from './purchase.module.css';

/** The product's specification: default size, range and unit price per 30 days (hidden for Node Weaver and Open Nebula). */
export function SpecificationTable({ details }: { details: VmProductDetails }) {
  const { t } = useTranslation('purchase');
  const currency = details.VMProductDetail.vm_currency;
  return (
    <Table verticalSpacing="xs" fz="sm" striped withRowBorders={false} aria-label={t('configure.specTable')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('configure.specItem')}</Table.Th>
          <Table.Th>{t('configure.specDefault')}</Table.Th>
          <Table.Th>{t('configure.specRange')}</Table.Th>
          <Table.Th ta="right">{t('configure.specUnitPrice')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {slidersOf(details).map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td fw={500}>{row.specificationName}</Table.Td>
            <Table.Td>
              {t('configure.value', {
                value: row.specificationCount,
                unit: row.specificationUnit,
              })}
            </Table.Td>
            <Table.Td>
              {t('configure.range', {
                min: row.minValue,
                max: row.maxValue,
                unit: row.specificationUnit,
              })}
            </Table.Td>
            <Table.Td className={classes.amount}>{row.costPerUnit === null ? '–' : formatMoney(row.costPerUnit, currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
