import { Card, Group, ScrollArea, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { rateLine } from '@mawingu/contracts/pricing/rate-text';
import type { RenewalRow } from '@mawingu/contracts/vm-actions';
// Mantine's table CSS loads with this panel only (the shared set is in app/mantine-styles.ts).
import '@mantine/core/styles/Table.css';
import { useRenewals } from '../../../api/vms/vm-lists.ts';
import { VmName } from '../../../components/vm-name.tsx';
import { formatAmount, formatMoney } from '../../../lib/money.ts';
import { formatDay } from '../../../lib/format-day.ts';
import { ListStates } from './list-states.tsx';
import { Fact } from './row-card.tsx';
import classes from './vms.module.css';

const rowKey = (row: RenewalRow) => `${row.orderID}-${row.vmID}`;

/** Paid in another currency (PayPal's USD for rands): "Charged USD 35.18 at 1 ZAR = 0.063 USD", under the rand amount. */
function Charged({ row, mb }: { row: RenewalRow; mb?: string }) {
  const { t } = useTranslation('vms');
  if (!row.charged) return null;
  const amount = formatMoney(row.charged.amount, row.charged.currencyCode);
  return (
    <Text size="xs" c="gray.7" mb={mb} data-testid="renewal-charged">
      {row.charged.rate === null
        ? t('renewals.charged', { amount })
        : t('renewals.chargedAt', { amount, rate: rateLine(row.currencyCode, row.charged.currencyCode, row.charged.rate) })}
    </Text>
  );
}

function RenewalsTable({ rows }: { rows: RenewalRow[] }) {
  const { t, i18n } = useTranslation('vms');
  const day = (iso: string | null) => (iso ? formatDay(iso, i18n.language) : t('vm.notYet'));
  return (
    <ScrollArea type="auto">
      <Table fz="sm" verticalSpacing="sm" horizontalSpacing="sm" striped highlightOnHover aria-label={t('renewals.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('renewals.vmName')}</Table.Th>
            <Table.Th>{t('renewals.renewedOn')}</Table.Th>
            <Table.Th>{t('renewals.daysAdded')}</Table.Th>
            <Table.Th>{t('renewals.newEndDate')}</Table.Th>
            <Table.Th ta="right">{t('renewals.amount')}</Table.Th>
            <Table.Th>{t('renewals.order')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid="renewal-row">
              <Table.Td>
                <VmName vm={row} />
              </Table.Td>
              <Table.Td>{day(row.renewedOn)}</Table.Td>
              <Table.Td>{t('renewals.daysValue', { count: row.daysAdded })}</Table.Td>
              <Table.Td>{day(row.newEndDate)}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {row.currencyCode} {formatAmount(row.amount) ?? row.amount}
                <Charged row={row} />
              </Table.Td>
              <Table.Td>#{row.orderID}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function RenewalCards({ rows }: { rows: RenewalRow[] }) {
  const { t, i18n } = useTranslation('vms');
  const day = (iso: string | null) => (iso ? formatDay(iso, i18n.language) : t('vm.notYet'));
  return (
    <ul className={classes.list} aria-label={t('renewals.label')}>
      {rows.map((row) => (
        <li key={rowKey(row)}>
          <Card
            component="article"
            withBorder
            radius="md"
            padding="md"
            aria-labelledby={`renewal-${rowKey(row)}`}
            data-testid="renewal-row"
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="sm">
              <div style={{ minWidth: 0 }}>
                <Title order={3} size="h5" id={`renewal-${rowKey(row)}`}>
                  <VmName vm={row} size="md" />
                </Title>
                <Text size="xs" c="gray.7">
                  {t('renewals.order')} #{row.orderID}
                </Text>
              </div>
              <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                {row.currencyCode} {formatAmount(row.amount) ?? row.amount}
              </Text>
            </Group>
            <Charged row={row} mb="sm" />
            <dl className={classes.facts}>
              <Fact label={t('renewals.renewedOn')}>{day(row.renewedOn)}</Fact>
              <Fact label={t('renewals.daysAdded')}>{t('renewals.daysValue', { count: row.daysAdded })}</Fact>
              <Fact label={t('renewals.newEndDate')}>{day(row.newEndDate)}</Fact>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The Renewals tab (ours; the spec names the tab only): every paid renewal, newest first. A table on wide screens, cards on a phone. */
export function RenewalsPanel() {
  const { t } = useTranslation('vms');
  const renewals = useRenewals();
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  return (
    <ListStates query={renewals} failedTitle={t('renewals.loadFailed')} emptyIcon={IconRefresh} emptyText={t('renewals.emptyText')}>
      {(rows) => (wide ? <RenewalsTable rows={rows} /> : <RenewalCards rows={rows} />)}
    </ListStates>
  );
}
