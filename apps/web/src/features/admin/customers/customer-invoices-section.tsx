import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerDetail, CustomerInvoice } from '@mawingu/contracts/admin/customers';
import { formatDate } from '../../../lib/format-date.ts';
import { formatMoney } from '../../../lib/money.ts';
import { downloadFile } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';
import { OrderLink } from './customer-orders-section.tsx';
import { Empty, Newest, Rows } from './customer-rows.tsx';
import classes from './customers.module.css';

function OpenInvoice({ invoice }: { invoice: CustomerInvoice }) {
  const { t } = useTranslation('adminCustomers');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function open() {
    setBusy(true);
    setError(null);
    // Opened at once (in the click) so the browser does not take it for a pop-up; filled when the PDF is here.
    const win = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await downloadFile(invoice.pdfPath, inConsole));
      if (win) win.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      win?.close();
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconFileTypePdf size={14} aria-hidden />}
        loading={busy}
        onClick={() => void open()}
        aria-label={t('customer.invoices.openLabel', { number: invoice.number })}
      >
        {t('customer.invoices.open')}
      </Button>
      {error && (
        <Text className={classes.error} role="alert">
          {t('customer.invoices.openFailed', { message: error })}
        </Text>
      )}
    </Stack>
  );
}

export function Invoices({ detail, name, companyId }: { detail: CustomerDetail; name: string; companyId: number }) {
  const { t, i18n } = useTranslation('adminCustomers');
  if (detail.invoices.length === 0) return <Empty text={t('customer.noInvoices')} />;
  return (
    <>
      <Rows
        rows={detail.invoices}
        label={t('customer.invoices.tableLabel', { name })}
        title={(i) => `${t('customer.invoices.number')} ${i.number}`}
        columns={[
          {
            label: t('customer.invoices.number'),
            cell: (i) => (
              <Group gap={6} wrap="nowrap">
                <span>{i.number}</span>
                {i.proforma && (
                  <Badge size="xs" variant="outline" color="gray.7">
                    {t('customer.invoices.proforma')}
                  </Badge>
                )}
              </Group>
            ),
          },
          { label: t('customer.invoices.order'), cell: (i) => <OrderLink companyId={companyId} orderId={i.orderId} /> },
          { label: t('customer.invoices.mode'), cell: (i) => i.paymentMode },
          { label: t('customer.invoices.total'), cell: (i) => formatMoney(i.total, i.currency), numeric: true },
          { label: t('customer.invoices.issued'), cell: (i) => formatDate(i.issuedAt, i18n.language) },
          { label: t('customer.invoices.open'), cell: (i) => <OpenInvoice invoice={i} /> },
        ]}
      />
      <Newest shown={detail.invoices.length} total={detail.totals.invoices} />
    </>
  );
}
