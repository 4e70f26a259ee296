import { Link } from 'react-router';
import { Alert, Button, Card, Group, ScrollArea, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { VatRateRow, VatReport } from '@mawingu/contracts/admin/vat-report';
import '@mantine/core/styles/Table.css';
import { formatMoney } from '../../../lib/money.ts';
import { adminHref } from '../shell/admin-nav.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { DayInput } from '../shell/day-input.tsx';
import { ExportCsvButton } from '../shell/export-csv-button.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { useUrlState } from '../shell/use-url-state.ts';
import { useCanManagePayments } from './payments-api.ts';
import { useVatReport, vatCreditNotesCsvUrl, vatInvoicesCsvUrl } from './vat-report-api.ts';

const KEYS = ['seller', 'from', 'to'] as const;

/** The first and last day of last month, as the VAT period an accountant usually asks for. */
function lastMonth(now = new Date()): { from: string; to: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

function RateTable({ title, rows, label }: { title: string; rows: VatRateRow[]; label: string }) {
  const { t } = useTranslation('adminPayments');
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('vat.none')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table fz="sm" striped aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vat.rate')}</Table.Th>
                <Table.Th ta="right">{t('vat.count')}</Table.Th>
                <Table.Th ta="right">{t('vat.net')}</Table.Th>
                <Table.Th ta="right">{t('vat.vat')}</Table.Th>
                <Table.Th ta="right">{t('vat.gross')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={`${r.currency}-${r.rate}`}>
                  <Table.Td>
                    {Number(r.rate)} % · {r.currency}
                  </Table.Td>
                  <Table.Td ta="right">{r.count}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.net, r.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.vat, r.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.gross, r.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Card>
  );
}

function Report({ report }: { report: VatReport }) {
  const { t } = useTranslation('adminPayments');
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('vat.seller', {
          name: report.seller.name,
          taxNumber: report.seller.taxNumber || t('vat.noTaxNumber'),
          timeZone: report.seller.timeZone,
        })}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <RateTable title={t('vat.invoices')} rows={report.invoices} label={t('vat.invoices')} />
        <RateTable title={t('vat.creditNotes')} rows={report.creditNotes} label={t('vat.creditNotes')} />
      </SimpleGrid>
      {report.totals.map((total) => (
        <Alert key={total.currency} variant="light" color="blue" title={t('vat.totalTitle', { currency: total.currency })}>
          <Text size="sm">
            {t('vat.total', {
              vat: formatMoney(total.vat, total.currency),
              net: formatMoney(total.net, total.currency),
              gross: formatMoney(total.gross, total.currency),
            })}
          </Text>
          {report.refunded
            .filter((r) => r.currency === total.currency)
            .map((r) => (
              <Text size="sm" key={r.currency}>
                {t('vat.refunded', { amount: formatMoney(r.amount, r.currency) })}
              </Text>
            ))}
        </Alert>
      ))}
    </Stack>
  );
}

/** /admin/c/:companyId/orders/vat-report — output VAT per seller and period, with the accountant's CSV files (issue 18, point 5). */
export default function VatReportPage() {
  const { t } = useTranslation('adminPayments');
  const companyId = useScopedCompanyId();
  const canRead = useCanManagePayments();
  const { values, set } = useUrlState(KEYS);
  const fallback = lastMonth();
  const period = { seller: values.seller || 'company', from: values.from || fallback.from, to: values.to || fallback.to };
  const query = useVatReport(companyId, period);

  return (
    <Stack gap="md" maw={1100}>
      <Group>
        <Button
          component={Link}
          to={adminHref(companyId, 'orders')}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} aria-hidden />}
        >
          {t('vat.back')}
        </Button>
      </Group>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2}>{t('vat.title')}</Title>
          <Text size="sm" c="gray.7">
            {t('vat.intro')}
          </Text>
        </div>
        {canRead && (
          <Group gap="xs">
            <ExportCsvButton url={vatInvoicesCsvUrl(companyId, period)} name="invoices" label={t('vat.exportInvoices')} />
            <ExportCsvButton url={vatCreditNotesCsvUrl(companyId, period)} name="credit-notes" label={t('vat.exportCreditNotes')} />
          </Group>
        )}
      </Group>
      {!canRead ? (
        <Alert color="gray" variant="light">
          {t('vat.notAllowed')}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('vat.sellerLabel')}
              data={query.data?.sellers ?? [{ value: 'company', label: t('vat.companySeries') }]}
              value={period.seller}
              onChange={(value) => set({ seller: value ?? '' })}
              allowDeselect={false}
            />
            <DayInput label={t('vat.from')} value={period.from} max={period.to} clearable={false} onChange={(day) => set({ from: day })} />
            <DayInput label={t('vat.to')} value={period.to} min={period.from} clearable={false} onChange={(day) => set({ to: day })} />
          </SimpleGrid>
          <QueryState area="adminPayments" query={query}>
            {(report) => <Report report={report} />}
          </QueryState>
        </>
      )}
    </Stack>
  );
}
