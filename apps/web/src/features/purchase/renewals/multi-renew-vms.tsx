import { Card, Group, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { MultiRenewRow } from '@mawingu/contracts/renewals';
import { OsIcon, useOsLabel } from '../../../components/os-icon.tsx';
import { VmName } from '../../../components/vm-name.tsx';
import classes from '../components/purchase.module.css';

type VmsProps = { rows: MultiRenewRow[]; amountOf: (index: number) => string };

function Os({ row }: { row: MultiRenewRow }) {
  const osLabel = useOsLabel();
  return (
    <Group gap={6} wrap="nowrap">
      <OsIcon osType={row.producttype} size={18} decorative />
      <span>{osLabel(row.osType || row.producttype)}</span>
    </Group>
  );
}

/** The spec's seven columns, on the page's full width so Amount is never cut off. */
function VmsTable({ rows, amountOf }: VmsProps) {
  const { t } = useTranslation('renewals');
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" fz="sm" striped highlightOnHover aria-labelledby="vms-title" data-testid="multi-renew-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('multi.vmName')}</Table.Th>
            <Table.Th>{t('multi.vmOs')}</Table.Th>
            <Table.Th>{t('multi.processor')}</Table.Th>
            <Table.Th>{t('multi.memory')}</Table.Th>
            <Table.Th>{t('multi.disk')}</Table.Th>
            <Table.Th>{t('multi.daysExtended')}</Table.Th>
            <Table.Th ta="right">{t('multi.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={row.ID} data-testid="multi-renew-vm">
              <Table.Td miw={140}>
                <VmName vm={row} />
              </Table.Td>
              <Table.Td>
                <Os row={row} />
              </Table.Td>
              <Table.Td className={classes.amount} ta="left">
                {t('renew.value', { value: row.cpu_Count, unit: 'vCPU' })}
              </Table.Td>
              <Table.Td className={classes.amount} ta="left">
                {t('renew.value', { value: row.ram_Count, unit: row.ram_Unit })}
              </Table.Td>
              <Table.Td className={classes.amount} ta="left">
                {t('renew.value', { value: row.disk_Count, unit: row.disk_Unit })}
              </Table.Td>
              <Table.Td c={row.daysExtended > 0 ? 'red.8' : undefined}>{row.daysExtended}</Table.Td>
              <Table.Td ta="right" className={classes.amount} fw={600}>
                {amountOf(i)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: one card per VM with every column of the table as a labelled fact. */
function VmsCards({ rows, amountOf }: VmsProps) {
  const { t } = useTranslation('renewals');
  const facts = (row: MultiRenewRow): [string, string][] => [
    [t('multi.processor'), t('renew.value', { value: row.cpu_Count, unit: 'vCPU' })],
    [t('multi.memory'), t('renew.value', { value: row.ram_Count, unit: row.ram_Unit })],
    [t('multi.disk'), t('renew.value', { value: row.disk_Count, unit: row.disk_Unit })],
    [t('multi.daysExtended'), String(row.daysExtended)],
  ];
  return (
    <ul className={classes.vmCards} aria-labelledby="vms-title">
      {rows.map((row, i) => (
        <li key={row.ID}>
          <Card withBorder radius="md" padding="sm" data-testid="multi-renew-vm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <VmName vm={row} />
                <Text size="xs" c="gray.7" mt={4} component="div">
                  <Os row={row} />
                </Text>
              </div>
              <div style={{ textAlign: 'right' }}>
                <Text size="xs" c="gray.7">
                  {t('multi.amount')}
                </Text>
                <Text fw={700} size="sm" className={classes.amount}>
                  {amountOf(i)}
                </Text>
              </div>
            </Group>
            <dl className={classes.vmFacts}>
              {facts(row).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd data-late={label === t('multi.daysExtended') && row.daysExtended > 0 ? true : undefined}>{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The multi-renew page's VMs (spec: VM Name, VM OS, Processor, Memory, Disk, Days Extended, Amount): a table, cards on a phone. */
export function MultiRenewVms(props: VmsProps) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  return wide ? <VmsTable {...props} /> : <VmsCards {...props} />;
}
